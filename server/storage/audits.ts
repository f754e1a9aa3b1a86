/**
 * The audit log's SQL the storage port does not say: the retention purge (the only DELETE the
 * table's append-only trigger lets through, by a setting of its own transaction) and the metadata's
 * date. Records are written by core/domain/audit.ts and read, the page, the export
 * and the stats, by core/domain/audit-log.ts, over the storage port.
 */
import { auditsEntity } from '../../core/domain/audit-log';
import type { Database } from './database';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Deletes the records older than `days` (the retention; server option `auditRetentionDays`), the
 * only DELETE the table's trigger lets through. Returns how many went.
 */
export async function purgeAudits(db: Database, days: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL audits.purge = 'on'`);
    const { rows } = await tx.query<{ n: string | number }>(
      `WITH gone AS (DELETE FROM audits WHERE created_at < now() - make_interval(days => $1) RETURNING 1)
       SELECT count(*) AS n FROM gone`,
      [days],
    );
    return Number(rows[0]?.n ?? 0);
  });
}

/** The audits entity of GET /metadata (core/domain/audit-log.ts), dated by the vendor's creation. */
export async function auditMetadata(db: Database) {
  const { rows } = await db.query<{ id: string; created_at: Date | string }>(
    'SELECT id, created_at FROM vendors ORDER BY created_at LIMIT 1',
  );
  const vendor = rows[0];
  return auditsEntity(vendor?.id ?? '', vendor ? iso(vendor.created_at) : new Date(0).toISOString());
}
