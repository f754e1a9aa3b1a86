/**
 * The catalogues the client SDK's entitlements call decides over (core/domain/host-info-handlers.ts):
 * every permission key and every feature the vendor defines.
 */
import type { Database } from './database';

export async function catalogueKeys(db: Database): Promise<{ permissions: string[]; features: string[] }> {
  const permissions = await db.query<{ key: string }>('SELECT key FROM permissions');
  const features = await db.query<{ key: string }>('SELECT key FROM features');
  return { permissions: permissions.rows.map((r) => r.key), features: features.rows.map((r) => r.key) };
}
