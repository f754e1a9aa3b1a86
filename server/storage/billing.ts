/**
 * Billing's statement the storage port does not write (its repositories are written once over
 * the port: core/domain/billing-store.ts and billing-tables.ts): the next receipt number, from
 * the sequence `billing_receipt_numbers` (never one twice, whatever the account).
 */
import type { Database } from './database';

/** The next receipt number: `R-1001` first, then on. */
export async function nextReceiptNumber(db: Database): Promise<string> {
  const { rows } = await db.query<{ n: string }>(`SELECT 'R-' || nextval('billing_receipt_numbers') AS n`);
  return rows[0]!.n;
}
