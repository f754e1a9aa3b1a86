import type { DemoDatabase } from '../demo/data';
import { FEATURE_FLAGS, type FlagRow } from '../domain/feature-flags';

/**
 * `db` with the vendor's flags `flags` stored as the server keeps them: rows of `feature_flags`,
 * on or off for everyone (demo mode's own values apply to the other keys).
 */
export function withDemoFlags<D extends DemoDatabase>(db: D, flags: Record<string, boolean>): D {
  const rows = ((db.tables ??= {})[FEATURE_FLAGS.name] ??= []);
  for (const [key, enabled] of Object.entries(flags)) {
    const row: FlagRow = { key, description: null, enabled, tenantIds: [], userIds: [] };
    rows.push(row);
  }
  return db;
}
