import { useRef, useState, type FormEvent } from 'react';
import { clientStatus, type BillingApi, type Plan, type SetupIntent } from '../../core/api/billing';
import { CARD_MESSAGES } from '../../core/billing/cards';
import {
  type CheckoutStatus,
  type Loaded,
  type Step,
  fieldOf,
  messageOf,
  randomKey,
  t,
} from './checkoutParts';
import { confirmTypedCard } from './confirmTypedCard';
import type { CardInput } from './useCardInput';
import { useStripeCard } from './useStripeCard';

/**
 * The checkout's steps and calls: the plan step's choice, the pay step (the saved card, a card
 * confirmed by Stripe.js, or the development provider's card with its 3-D Secure step), then done.
 * A trialing subscription that already has a payment method is only marked active, with no call.
 * Every failure shows the catalogue's message (a card field's under that field) and keeps what was
 * entered; one idempotency key per plan and payment method.
 */
export function useCheckoutPayment({
  api,
  changeCard,
  onChanged,
  nonce,
  loaded,
  setLoaded,
  plan,
  cardInput,
  moveFocus,
}: {
  api: BillingApi;
  changeCard: boolean;
  onChanged?: () => Promise<void> | void;
  nonce?: string;
  loaded: Loaded | null;
  setLoaded: (loaded: Loaded) => void;
  plan: Plan | undefined;
  cardInput: CardInput;
  moveFocus: () => void;
}) {
  const [step, setStep] = useState<Step>(changeCard ? 'pay' : 'plan');
  const [useSaved, setUseSaved] = useState(!changeCard);
  const [newCard, setNewCard] = useState<{ brand: string; last4: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CheckoutStatus>('cancel');
  const setup = useRef<SetupIntent | null>(null);
  const idempotency = useRef({ for: '', key: '' });
  const go = (next: Step) => {
    setStep(next);
    moveFocus();
  };
  // With the Stripe provider a new card is typed into Stripe's own card element (docs/billing.md).
  const collectsWithStripe =
    step === 'pay' &&
    loaded?.provider === 'Stripe' &&
    !!loaded.publishableKey &&
    !(loaded.method && useSaved);
  const stripe = useStripeCard(collectsWithStripe, loaded, nonce, setError);
  // Changing the card always collects one, also on a free plan.
  const free = !!plan && plan.price.amount === 0 && !changeCard;

  async function finish(paymentMethodId: string) {
    const wanted = `${plan!.id}:${paymentMethodId}`;
    if (idempotency.current.for !== wanted) idempotency.current = { for: wanted, key: randomKey() };
    await api.update(loaded!.subscription.id, { paymentMethodId, planId: plan!.id }, idempotency.current.key);
    if (changeCard) {
      const saved = (await api.paymentMethods()).find((m) => m.id === paymentMethodId);
      setNewCard({ brand: saved?.brand ?? '', last4: saved?.last4 ?? '' });
    }
    await onChanged?.();
    setResult('success');
    go('done');
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      const message = messageOf(e);
      const field = fieldOf(message);
      if (field) cardInput.setFieldErrors({ [field]: message });
      else setError(message);
      setResult('error');
      moveFocus();
    } finally {
      setBusy(false);
    }
  }

  function onPlanChosen(event: FormEvent) {
    event.preventDefault();
    const { subscription } = loaded!;
    // Spec 001 §4: a trialing subscription with a payment method is only marked active, no call.
    if (
      clientStatus(subscription.status) === 'TRIALING' &&
      subscription.paymentMethodId &&
      plan!.slug === subscription.plan.slug
    ) {
      setLoaded({ ...loaded!, subscription: { ...subscription, status: 'active' } });
      setResult('success');
      go('done');
      return;
    }
    go('pay');
  }

  /** Stripe.js confirms the card with Stripe (3-D Secure included); our server only sees ids. */
  async function payWithStripe() {
    const mounted = stripe.stripeCard.current;
    if (!mounted) throw new Error(t.stripeUnavailable);
    setup.current ??= await api.setupIntent();
    const confirmed = await mounted.stripe.confirmCardSetup(setup.current.setupIntentSecret, {
      payment_method: {
        card: mounted.card,
        billing_details: { name: cardInput.card.name.trim() || undefined },
      },
    });
    if (confirmed.error) throw new Error(confirmed.error.message ?? CARD_MESSAGES.declined);
    const saved = setup.current;
    setup.current = null;
    return finish(saved.paymentMethodId);
  }

  /** The development provider: the card typed here, checked here first, then by the server. */
  const payWithTypedCard = () =>
    confirmTypedCard({
      api,
      cardInput,
      setup,
      onInvalid: () => {
        setResult('error');
        moveFocus();
      },
      onAuthenticate: () => go('authenticate'),
      finish,
    });

  function onPay(event: FormEvent) {
    event.preventDefault();
    const { method } = loaded!;
    void run(async () => {
      if (free) return finish(useSaved && method ? method.id : '');
      if (useSaved && method) return finish(method.id);
      if (loaded!.providerError) throw new Error(loaded!.providerError);
      if (loaded!.provider === 'Stripe') return payWithStripe();
      if (loaded!.provider !== 'development') throw new Error(t.stripeUnavailable);
      return payWithTypedCard();
    });
  }

  function onAuthenticate(approve: boolean) {
    void run(async () => {
      const current = setup.current!;
      setup.current = null;
      go('pay');
      const confirmed = await api.authenticateCard(current, approve);
      await finish(confirmed.paymentMethodId);
    });
  }

  return {
    step,
    go,
    useSaved,
    setUseSaved,
    newCard,
    error,
    busy,
    result,
    free,
    collectsWithStripe,
    stripeHost: stripe.stripeHost,
    stripeError: stripe.stripeError,
    onPlanChosen,
    onPay,
    onAuthenticate,
  };
}

export type CheckoutPayment = ReturnType<typeof useCheckoutPayment>;
