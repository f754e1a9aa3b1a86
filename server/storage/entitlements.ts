/**
 * The catalogues the client SDK's entitlements call decides over (core/domain/host-info-handlers.ts).
 */
import type { Database } from './database';

/** The keys of the permission catalogue and of the vendor's features. */
export async function catalogueKeys(db: Database): Promise<{ permissions: string[]; features: string[] }> {
  const permissions = await db.query<{ key: string }>('SELECT key FROM permissions');
  const features = await db.query<{ key: string }>('SELECT key FROM features');
  return { permissions: permissions.rows.map((r) => r.key), features: features.rows.map((r) => r.key) };
}
