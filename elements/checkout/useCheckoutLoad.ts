import { useEffect, useState } from 'react';
import type { BillingApi } from '../../core/api/billing';
import { DEFAULT_BILLING_SWITCHES, offeredPlans } from '../../core/billing/vendorRules';
import { type Loaded, messageOf, t } from './checkoutParts';

/**
 * Loads what the checkout needs (plans, the subscription, its payment method, the payment
 * provider, the vendor's switches: a cheaper plan is not offered when the vendor forbids downgrades,
 * core/billing/vendorRules.ts) and picks the plan to show first: the one asked for, else the current one. A failure
 * of the provider's configuration is kept for the pay step; any other failure is `loadError`.
 */
export function useCheckoutLoad(
  api: BillingApi,
  initialPlan: string | null,
  changeCard: boolean,
  /** Called once the checkout is loaded; the same function on every render, or it loads again. */
  onLoaded: () => void,
) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [planId, setPlanId] = useState<string>('');
  useEffect(() => {
    let live = true;
    (async () => {
      const [allPlans, subscriptions, methods, vendor] = await Promise.all([
        api.plans(),
        api.subscriptions(),
        api.paymentMethods(),
        // Unreadable: every plan is offered (the server still refuses what the vendor forbade).
        Promise.resolve()
          .then(() => api.vendorConfiguration())
          .catch(() => []),
      ]);
      let provider: string | null = null;
      let publishableKey = '';
      let providerError: string | null = null;
      try {
        ({ name: provider, publishableKey } = await api.providerConfiguration());
      } catch (e) {
        providerError = messageOf(e);
      }
      const subscription = subscriptions[0];
      if (!subscription) throw new Error(t.subscriptionNotFound);
      const current = allPlans.find((p) => p.slug === subscription.plan.slug);
      const switches = { ...DEFAULT_BILLING_SWITCHES, ...vendor[0] };
      const plans = offeredPlans(allPlans, current?.id, subscription.status, switches);
      const method = methods.find((m) => m.isDefault) ?? methods[0] ?? null;
      if (!live) return;
      const wanted = changeCard
        ? undefined
        : plans.find((p) => p.id === initialPlan || p.slug === initialPlan);
      setPlanId((wanted ?? current ?? plans[0])?.id ?? '');
      setLoaded({ plans, subscription, method, provider, publishableKey, providerError });
      onLoaded();
    })().catch((e: unknown) => live && setLoadError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [api, initialPlan, changeCard, onLoaded]);
  return { loaded, setLoaded, loadError, planId, setPlanId };
}
