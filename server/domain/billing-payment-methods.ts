/**
 * The tenant's saved cards on the server (issue 17): the `cards` port of
 * core/domain/billing-handlers.ts over `billing_payment_methods` (SQL: storage/billing-records.ts)
 * and the payment provider (the setup intent, billing details, a card the provider confirmed).
 * Part of domain/billing.ts (docs/billing.md).
 */
import { randomBytes } from 'node:crypto';
import type { BillingHandlerPorts } from '../../core/domain/billing-handlers';
import { cardOfRow, paymentMethodStore } from '../storage/billing-records';
import type { BillingDeps } from './billing';
import { ensureCustomer } from './billing-customers';

export function cardsPort(deps: BillingDeps): BillingHandlerPorts['cards'] {
  const store = paymentMethodStore(deps.db);
  return {
    confirmed: async (tenantId) => (await store.confirmed(tenantId)).map(cardOfRow),
    async updateDetails(tenantId, found, details) {
      if (deps.provider) await deps.provider.updateBillingDetails(found.externalId, details);
      await store.updateDetails(tenantId, found.id, details);
    },
    async startSetup(tenantId, contact) {
      const provider = deps.provider!;
      const customerId = await ensureCustomer(deps.db, provider, tenantId, contact);
      const intent = await provider.createSetupIntent(
        customerId,
        `setup:${tenantId}:${randomBytes(8).toString('hex')}`,
      );
      const paymentMethodId = await store.insertPending(tenantId, intent.id, contact);
      return { id: intent.id, paymentMethodId, setupIntentSecret: intent.clientSecret };
    },
    recordCard: (tenantId, setupId, fields, status) => store.recordCard(tenantId, setupId, fields, status),
    async setup(tenantId, setupId) {
      const row = await store.setup(tenantId, setupId);
      return row && { id: row.id, status: row.setup_status };
    },
    finish: (id, approve) => store.finish(id, approve),
  };
}
