/**
 * Billing on the server (issue 17; spec 001 §3 "Billing", §4, §9): the ports assembled once
 * (core/domain/billing-ports.ts: the subscription rules' stores over its tables in PostgreSQL, and
 * how money moves) with the server's extras: the payment provider (server/billing/), which stays
 * behind its interface, and the receipt numbers' sequence (storage/billing.ts).
 * What the rules decide is written in core/domain/billing.ts and docs/billing.md.
 */
import type { BillingHandlerPorts } from '../../core/domain/billing-handlers';
import { billingPorts } from '../../core/domain/billing-ports';
import type { PaymentProvider } from '../../core/domain/billing-provider';
import { nextReceiptNumber } from '../storage/billing';
import type { Database } from '../storage/database';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';

/** What billing's use cases run with: the database and the provider (none: billing is off). */
export interface BillingDeps {
  db: Database;
  provider: PaymentProvider | null;
}

/** Billing's routes' ports on the server (core/domain/billing-handlers.ts) for one caller. */
export function billingHandlerPorts(
  { db, provider }: BillingDeps,
  call: Pick<BillingHandlerPorts, 'caller' | 'idempotencyKey'>,
) {
  return billingPorts(
    sqlTables(db),
    SERVER_ROW_CLOCK,
    {
      provider,
      receiptNumber: () => nextReceiptNumber(db),
    },
    call,
  );
}
