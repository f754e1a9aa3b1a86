import { css } from '@emotion/react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import {
  clientStatus,
  featuresLost,
  formatMoney,
  type BillingApi,
  type PaymentMethod,
  type Plan,
  type SetupIntent,
  type Subscription,
} from '../../core/api/billing';
import { ApiError } from '../../core/api/errors';
import {
  caretAfterDigits,
  digitsBeforeCaret,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from '../../core/billing/cardInput';
import { CARD_MESSAGES, checkCard } from '../../core/billing/cards';
import { enBilling } from '../i18n/en-billing';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { TextField } from '../ui/TextField';
import { formStyle, mutedStyle } from '../ui/styles';
import { mountStripeCard } from './stripeCard';

const t = enBilling.checkout;

export type CheckoutStatus = 'success' | 'error' | 'cancel';

const planListStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '8px',
  border: 0,
  margin: 0,
  padding: 0,
  // A fieldset is as wide as its widest content by default: here it takes the dialog's width.
  minInlineSize: 0,
});
const planStyle = css({
  display: 'flex',
  gap: '10px',
  alignItems: 'flex-start',
  padding: '10px 12px',
  border: '1px solid var(--ae-color-divider)',
  borderRadius: 'var(--ae-radius)',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'var(--ae-color-primary)' },
  '& input': { marginTop: '4px' },
});
/** Expiry and CVC side by side, each free to shrink below its input's natural width. */
const rowStyle = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: '12px',
});
const statusStyle = css({ margin: 0, color: 'var(--ae-color-success-text)' });
const downgradeStyle = css({
  padding: '10px 12px',
  borderRadius: 'var(--ae-radius)',
  background: 'var(--ae-color-warning-surface)',
  color: 'var(--ae-color-warning-text)',
  '& ul': { margin: '4px 0 0', paddingInlineStart: '20px' },
});

interface Loaded {
  plans: Plan[];
  subscription: Subscription;
  method: PaymentMethod | null;
  /** 'development' collects the card here; Stripe needs Stripe.js (not in this version). */
  provider: string | null;
  publishableKey: string;
  providerError: string | null;
}

type Step = 'plan' | 'pay' | 'authenticate' | 'done';

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : String(error);

/** Which card field a card message belongs to (the server answers the card step with these). */
function fieldOf(message: string): 'number' | 'expiry' | 'cvc' | null {
  if (message === CARD_MESSAGES.numberInvalid) return 'number';
  if (message === CARD_MESSAGES.expiryInvalid || message === CARD_MESSAGES.expired) return 'expiry';
  if (message === CARD_MESSAGES.cvcInvalid) return 'cvc';
  return null;
}

const randomKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16)).join('');

/**
 * The checkout (spec 001 §4 "Checkout"): choose or confirm the plan, enter the card, confirm. A
 * trialing subscription that already has a payment method is only marked active here, with no call;
 * otherwise the subscription is updated with the payment method and the plan, then billing info,
 * payment method and invoices reload (`onChanged`), then the state is confirmed. Every failure
 * shows the catalogue's message and keeps what was entered.
 */
export function CheckoutFlow({
  api,
  initialPlan,
  onClose,
  onChanged,
  nonce,
  changeCard = false,
}: {
  api: BillingApi;
  /**
   * The subscriptions page's "Change card": a new card for the current plan, no plan step; the
   * update keeps the plan, so the server switches the card and charges nothing.
   */
  changeCard?: boolean;
  /** The nonce a strict CSP gives Stripe.js's script tag. */
  nonce?: string;
  /** A plan id or slug to preselect (the element's plan-id). */
  initialPlan: string | null;
  onClose: (status: CheckoutStatus) => void;
  /** Reloads what the page around shows (subscription, payment method, invoices). */
  onChanged?: () => Promise<void> | void;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>(changeCard ? 'pay' : 'plan');
  const [planId, setPlanId] = useState<string>('');
  const [useSaved, setUseSaved] = useState(!changeCard);
  const [newCard, setNewCard] = useState<{ brand: string; last4: string } | null>(null);
  const [card, setCard] = useState({ name: '', number: '', expiry: '', cvc: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'number' | 'expiry' | 'cvc', string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CheckoutStatus>('cancel');
  const setup = useRef<SetupIntent | null>(null);
  const stripeHost = useRef<HTMLDivElement>(null);
  const stripeCard = useRef<Awaited<ReturnType<typeof mountStripeCard>> | null>(null);
  const [stripeError, setStripeError] = useState<string | null>(null);
  const idempotency = useRef({ for: '', key: '' });
  const caret = useRef<{ input: HTMLInputElement; at: number } | null>(null);
  useLayoutEffect(() => {
    const pending = caret.current;
    caret.current = null;
    // Only in the field being typed in (inside a shadow root, its root knows the focused element).
    if (pending && (pending.input.getRootNode() as Document | ShadowRoot).activeElement === pending.input)
      pending.input.setSelectionRange(pending.at, pending.at);
  });
  // Where the caret goes after the plans load, a step changes or a try fails: the first field in
  // error, else the chosen plan, else the step's first control (never lost to the page's body).
  const content = useRef<HTMLDivElement>(null);
  const [focusTick, setFocusTick] = useState(0);
  const moveFocus = () => setFocusTick((n) => n + 1);
  useEffect(() => {
    if (focusTick === 0) return;
    const root = content.current;
    const target = ['[aria-invalid="true"]', 'input:checked', 'input:not([disabled]), button:not([disabled])']
      .map((selector) => root?.querySelector<HTMLElement>(selector))
      .find(Boolean);
    target?.focus();
  }, [focusTick]);
  const go = (next: Step) => {
    setStep(next);
    moveFocus();
  };

  useEffect(() => {
    let live = true;
    (async () => {
      const [plans, subscriptions, methods] = await Promise.all([
        api.plans(),
        api.subscriptions(),
        api.paymentMethods(),
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
      const method = methods.find((m) => m.isDefault) ?? methods[0] ?? null;
      if (!live) return;
      const wanted = changeCard
        ? undefined
        : plans.find((p) => p.id === initialPlan || p.slug === initialPlan);
      const current = plans.find((p) => p.slug === subscription.plan.slug);
      setPlanId((wanted ?? current ?? plans[0])?.id ?? '');
      setLoaded({ plans, subscription, method, provider, publishableKey, providerError });
      moveFocus();
    })().catch((e: unknown) => live && setLoadError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [api, initialPlan, changeCard]);

  // With the Stripe provider a new card is typed into Stripe's own card element (docs/billing.md).
  const collectsWithStripe =
    step === 'pay' &&
    loaded?.provider === 'Stripe' &&
    !!loaded.publishableKey &&
    !(loaded.method && useSaved);
  useEffect(() => {
    if (!collectsWithStripe || !stripeHost.current) return undefined;
    let mounted: Awaited<ReturnType<typeof mountStripeCard>> | null = null;
    let live = true;
    mountStripeCard(stripeHost.current, loaded!.publishableKey, setStripeError, nonce).then(
      (card) => {
        mounted = card;
        if (live) stripeCard.current = card;
        else card.card.destroy();
      },
      (e: unknown) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
      mounted?.card.destroy();
      stripeCard.current = null;
    };
  }, [collectsWithStripe, loaded, nonce]);

  const close = () => onClose(result);
  const plan = loaded?.plans.find((p) => p.id === planId);

  if (!loaded || !plan) {
    return (
      <Dialog
        title={changeCard ? t.changeCardTitle : t.title}
        titleId="ae-checkout-title"
        onClose={() => onClose(loadError ? 'error' : 'cancel')}
      >
        {loadError ? <Alert>{loadError}</Alert> : <p css={mutedStyle}>{t.loading}</p>}
      </Dialog>
    );
  }
  const { subscription, method } = loaded;
  const price = formatMoney(plan.price.amount, plan.price.currency);
  // Spec-free but fair: a cheaper plan says what it takes away before the customer confirms.
  const lost = featuresLost(
    loaded.plans.find((p) => p.slug === subscription.plan.slug),
    plan,
  ).map((key) => t.featureNames[key] ?? key);
  // Changing the card always collects one, also on a free plan.
  const free = plan.price.amount === 0 && !changeCard;

  async function finish(paymentMethodId: string) {
    const wanted = `${plan!.id}:${paymentMethodId}`;
    if (idempotency.current.for !== wanted) idempotency.current = { for: wanted, key: randomKey() };
    await api.update(subscription.id, { paymentMethodId, planId: plan!.id }, idempotency.current.key);
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
      if (field) setFieldErrors({ [field]: message });
      else setError(message);
      setResult('error');
      moveFocus();
    } finally {
      setBusy(false);
    }
  }

  function onPlanChosen(event: FormEvent) {
    event.preventDefault();
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

  function onPay(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      if (free) return finish(useSaved && method ? method.id : '');
      if (useSaved && method) return finish(method.id);
      if (loaded!.providerError) throw new Error(loaded!.providerError);
      if (loaded!.provider === 'Stripe') {
        const stripe = stripeCard.current;
        if (!stripe) throw new Error(t.stripeUnavailable);
        setup.current ??= await api.setupIntent();
        // Stripe.js confirms the card with Stripe (3-D Secure included); our server only sees ids.
        const confirmed = await stripe.stripe.confirmCardSetup(setup.current.setupIntentSecret, {
          payment_method: { card: stripe.card, billing_details: { name: card.name.trim() || undefined } },
        });
        if (confirmed.error) throw new Error(confirmed.error.message ?? CARD_MESSAGES.declined);
        const saved = setup.current;
        setup.current = null;
        return finish(saved.paymentMethodId);
      }
      if (loaded!.provider !== 'development') throw new Error(t.stripeUnavailable);
      const details = {
        number: card.number.replace(/\s/g, ''),
        ...parseExpiry(card.expiry),
        cvc: card.cvc.trim(),
      };
      // The same checks as the processor's, before anything is sent (the server checks again).
      const checked = checkCard(details);
      const fields: typeof fieldErrors = {};
      if (!checked.ok && checked.field !== 'card') fields[checked.field] = checked.message;
      setFieldErrors(fields);
      if (Object.keys(fields).length) {
        setResult('error');
        moveFocus();
        return;
      }
      setup.current ??= await api.setupIntent();
      const confirmed = await api
        .confirmCard(setup.current, { ...details, name: card.name.trim() })
        .catch((e) => {
          // A declined card ends this setup: the next try starts another.
          setup.current = null;
          throw e;
        });
      if (confirmed.status === 'requires_confirmation') {
        go('authenticate');
        return;
      }
      setup.current = null;
      await finish(confirmed.paymentMethodId);
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

  // The number and the expiry are formatted as typed or pasted; the caret stays after the digit it
  // followed (set once React has written the formatted value).
  const cardField = (key: 'name' | 'number' | 'expiry' | 'cvc') => ({
    value: card[key],
    onChange: (event: { target: HTMLInputElement }) => {
      const input = event.target;
      const format = key === 'number' ? formatCardNumber : key === 'expiry' ? formatExpiry : null;
      const value = format ? format(input.value) : input.value;
      if (format && input.selectionStart !== null)
        caret.current = {
          input,
          at: caretAfterDigits(value, digitsBeforeCaret(input.value, input.selectionStart)),
        };
      setCard({ ...card, [key]: value });
      if (key !== 'name') setFieldErrors({ ...fieldErrors, [key]: undefined });
    },
  });

  return (
    <Dialog
      title={changeCard ? t.changeCardTitle : t.title}
      titleId="ae-checkout-title"
      size="medium"
      busy={busy}
      onClose={close}
    >
      <div ref={content} css={{ display: 'contents' }}>
        {error && <Alert>{error}</Alert>}
        {step === 'plan' && (
          <form css={formStyle} onSubmit={onPlanChosen} noValidate>
            <fieldset css={planListStyle}>
              <legend>{t.choosePlan}</legend>
              {loaded.plans.map((p) => (
                <label key={p.id} css={planStyle} part="plan">
                  <input
                    type="radio"
                    name="plan"
                    value={p.id}
                    checked={p.id === planId}
                    onChange={() => setPlanId(p.id)}
                  />
                  <span>
                    <strong>{p.name}</strong> · {t.perMonth(formatMoney(p.price.amount, p.price.currency))}
                    {p.slug === subscription.plan.slug && ` · ${t.current}`}
                    <br />
                    <span css={mutedStyle}>{p.description}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <DialogFooter>
              <Button variant="secondary" partName="close-button" onClick={close}>
                {t.cancel}
              </Button>
              <Button type="submit" partName="continue-button">
                {t.continue}
              </Button>
            </DialogFooter>
          </form>
        )}
        {step === 'pay' && (
          <form css={formStyle} onSubmit={onPay} noValidate>
            <p>
              {changeCard
                ? t.changeCardSummary(plan.name)
                : free
                  ? t.freeSummary(plan.name)
                  : t.summary(plan.name, price)}
            </p>
            {lost.length > 0 && (
              <div
                css={downgradeStyle}
                part="downgrade-notice"
                role="note"
                aria-labelledby="ae-downgrade-title"
              >
                <strong id="ae-downgrade-title">{t.downgradeTitle(plan.name)}</strong>
                <p>{t.downgradeLoses}</p>
                <ul>
                  {lost.map((name) => (
                    <li key={name}>{name}</li>
                  ))}
                </ul>
              </div>
            )}
            {!free && method && useSaved && (
              <>
                <p>{t.savedCard(method.brand ?? '', method.last4 ?? '')}</p>
                <Button variant="link" onClick={() => setUseSaved(false)}>
                  {t.otherCard}
                </Button>
              </>
            )}
            {!free && !(method && useSaved) && (
              <fieldset css={[planListStyle, { gap: '12px' }]}>
                <legend>{t.card}</legend>
                {loaded.provider === 'development' && <p css={mutedStyle}>{t.testCards}</p>}
                <TextField
                  label={t.cardName}
                  autoComplete="cc-name"
                  partName="card-name-input"
                  {...cardField('name')}
                />
                {collectsWithStripe ? (
                  <div>
                    <div ref={stripeHost} part="stripe-card" role="group" aria-label={t.card} />
                    {stripeError && <Alert>{stripeError}</Alert>}
                  </div>
                ) : (
                  <>
                    <TextField
                      label={t.cardNumber}
                      inputMode="numeric"
                      autoComplete="cc-number"
                      partName="card-number-input"
                      error={fieldErrors.number}
                      {...cardField('number')}
                    />
                    <div css={rowStyle}>
                      <TextField
                        label={t.expiry}
                        autoComplete="cc-exp"
                        placeholder="MM / YY"
                        inputMode="numeric"
                        partName="card-expiry-input"
                        error={fieldErrors.expiry}
                        {...cardField('expiry')}
                      />
                      <TextField
                        label={t.cvc}
                        inputMode="numeric"
                        autoComplete="cc-csc"
                        partName="card-cvc-input"
                        error={fieldErrors.cvc}
                        {...cardField('cvc')}
                      />
                    </div>
                  </>
                )}
              </fieldset>
            )}
            <DialogFooter>
              {changeCard ? (
                <Button variant="secondary" partName="close-button" onClick={close} disabled={busy}>
                  {t.cancel}
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => go('plan')} disabled={busy}>
                  {t.back}
                </Button>
              )}
              <Button type="submit" partName="pay-button" loading={busy} loadingLabel={t.paying}>
                {changeCard ? t.saveCard : free ? t.confirmFree : t.confirm}
              </Button>
            </DialogFooter>
          </form>
        )}
        {step === 'authenticate' && (
          <>
            <p>
              <strong>{t.authenticateTitle}</strong>
            </p>
            <p>{t.authenticate}</p>
            <DialogFooter>
              <Button variant="secondary" onClick={() => onAuthenticate(false)} disabled={busy}>
                {t.decline}
              </Button>
              <Button partName="approve-button" onClick={() => onAuthenticate(true)} loading={busy}>
                {t.approve}
              </Button>
            </DialogFooter>
          </>
        )}
        {step === 'done' && (
          <>
            <p role="status" css={statusStyle} part="status">
              {changeCard && newCard ? t.cardChanged(newCard.brand, newCard.last4) : t.done(plan.name)}
            </p>
            <DialogFooter>
              <Button partName="close-button" onClick={close}>
                {t.close}
              </Button>
            </DialogFooter>
          </>
        )}
      </div>
    </Dialog>
  );
}
