/**
 * Billing's statements the storage port does not write (its repositories are written once over
 * the port: core/domain/billing-store.ts and billing-tables.ts): the next receipt number, from
 * the sequence `billing_receipt_numbers` (never one twice, whatever the account), and the tenant's
 * name, which the tenants' area keeps (the provider's customer and the invoice PDF name it).
 */
import type { Database } from './database';

/** The tenant's name (the customer's name at the provider when the caller gave none). */
export async function tenantName(db: Database, tenantId: string): Promise<string | undefined> {
  return (await db.query<{ name: string }>('SELECT name FROM tenants WHERE id = $1', [tenantId])).rows[0]
    ?.name;
}

/** The next receipt number: `R-1001` first, then on. */
export async function nextReceiptNumber(db: Database): Promise<string> {
  const { rows } = await db.query<{ n: string }>(`SELECT 'R-' || nextval('billing_receipt_numbers') AS n`);
  return rows[0]!.n;
}
