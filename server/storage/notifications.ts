/** The vendor's id, for the notifications entity of GET /metadata (core/domain/notifications.ts). */
import type { Database } from './database';

/** The vendor's id ('' before the seed made one). */
export async function vendorIdOf(db: Database): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM vendors ORDER BY created_at LIMIT 1');
  return rows[0]?.id ?? '';
}
