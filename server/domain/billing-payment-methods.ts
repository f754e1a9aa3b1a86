/**
 * The tenant's saved cards on the server (issue 17): the `cards` port of
 * core/domain/billing-handlers.ts over the cards' store written once (core/domain/billing-tables.ts)
 * and the payment provider (the setup intent, billing details). Part of domain/billing.ts
 * (docs/billing.md).
 */
import { randomBytes } from 'node:crypto';
import type { BillingHandlerPorts } from '../../core/domain/billing-handlers';
import type { cardStore } from '../../core/domain/billing-tables';
import type { BillingDeps } from './billing';
import { ensureCustomer } from './billing-customers';

export function cardsPort(
  deps: BillingDeps,
  store: ReturnType<typeof cardStore>,
): BillingHandlerPorts['cards'] {
  return {
    confirmed: store.confirmed,
    async updateDetails(tenantId, found, details) {
      if (deps.provider) await deps.provider.updateBillingDetails(found.externalId, details);
      await store.updateDetails(tenantId, found, details);
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
    recordCard: store.recordCard,
    setup: store.setup,
    finish: store.finish,
  };
}
