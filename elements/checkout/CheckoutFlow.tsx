import type { BillingApi } from '../../core/api/billing';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { mutedStyle } from '../ui/styles';
import { type CheckoutStatus, statusStyle, t } from './checkoutParts';
import { PayStep } from './PayStep';
import { PlanStep } from './PlanStep';
import { useCardInput } from './useCardInput';
import { useCheckoutLoad } from './useCheckoutLoad';
import { useCheckoutPayment } from './useCheckoutPayment';
import { useStepFocus } from './useStepFocus';

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
  const { content, moveFocus } = useStepFocus();
  const { loaded, setLoaded, loadError, planId, setPlanId } = useCheckoutLoad(
    api,
    initialPlan,
    changeCard,
    moveFocus,
  );
  const plan = loaded?.plans.find((p) => p.id === planId);
  const cardInput = useCardInput();
  const payment = useCheckoutPayment({
    api,
    changeCard,
    onChanged,
    nonce,
    loaded,
    setLoaded,
    plan,
    cardInput,
    moveFocus,
  });
  const { step, busy } = payment;
  const close = () => onClose(payment.result);

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

  return (
    <Dialog
      title={changeCard ? t.changeCardTitle : t.title}
      titleId="ae-checkout-title"
      size="medium"
      busy={busy}
      onClose={close}
    >
      <div ref={content} css={{ display: 'contents' }}>
        {payment.error && <Alert>{payment.error}</Alert>}
        {step === 'plan' && (
          <PlanStep
            plans={loaded.plans}
            planId={planId}
            currentSlug={loaded.subscription.plan.slug}
            onChoose={setPlanId}
            onSubmit={payment.onPlanChosen}
            onCancel={close}
          />
        )}
        {step === 'pay' && (
          <PayStep
            loaded={loaded}
            plan={plan}
            changeCard={changeCard}
            cardInput={cardInput}
            payment={payment}
            onCancel={close}
          />
        )}
        {step === 'authenticate' && (
          <>
            <p>
              <strong>{t.authenticateTitle}</strong>
            </p>
            <p>{t.authenticate}</p>
            <DialogFooter>
              <Button variant="secondary" onClick={() => payment.onAuthenticate(false)} disabled={busy}>
                {t.decline}
              </Button>
              <Button partName="approve-button" onClick={() => payment.onAuthenticate(true)} loading={busy}>
                {t.approve}
              </Button>
            </DialogFooter>
          </>
        )}
        {step === 'done' && (
          <>
            <p role="status" css={statusStyle} part="status">
              {changeCard && payment.newCard
                ? t.cardChanged(payment.newCard.brand, payment.newCard.last4)
                : t.done(plan.name)}
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
