import { featuresLost, type Plan } from '../../core/api/billing';
import { formatMoney } from '../i18n/formatMoney';
import { Button } from '../ui/Button';
import { DialogFooter } from '../ui/Dialog';
import { formStyle } from '../ui/styles';
import { CardFields } from './CardFields';
import { type Loaded, downgradeStyle, t } from './checkoutParts';
import type { CardInput } from './useCardInput';
import type { CheckoutPayment } from './useCheckoutPayment';

/**
 * The pay step: what is bought, what a cheaper plan takes away, then the saved card (with a way to
 * another) or a new card; free plans need no card unless the card itself is being changed.
 */
export function PayStep({
  loaded,
  plan,
  changeCard,
  cardInput,
  payment,
  onCancel,
}: {
  loaded: Loaded;
  plan: Plan;
  changeCard: boolean;
  cardInput: CardInput;
  payment: CheckoutPayment;
  onCancel: () => void;
}) {
  const { subscription, method } = loaded;
  const { free, useSaved, busy } = payment;
  const price = formatMoney(plan.price.amount, plan.price.currency);
  // Spec-free but fair: a cheaper plan says what it takes away before the customer confirms.
  const lost = featuresLost(
    loaded.plans.find((p) => p.slug === subscription.plan.slug),
    plan,
  ).map((key) => t.featureNames[key] ?? key);
  return (
    <form css={formStyle} onSubmit={payment.onPay} noValidate>
      <p>
        {changeCard
          ? t.changeCardSummary(plan.name)
          : free
            ? t.freeSummary(plan.name)
            : t.summary(plan.name, price)}
      </p>
      {lost.length > 0 && (
        <div css={downgradeStyle} part="downgrade-notice" role="note" aria-labelledby="ae-downgrade-title">
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
          <Button variant="link" onClick={() => payment.setUseSaved(false)}>
            {t.otherCard}
          </Button>
        </>
      )}
      {!free && !(method && useSaved) && (
        <CardFields provider={loaded.provider} cardInput={cardInput} payment={payment} />
      )}
      <DialogFooter>
        {changeCard ? (
          <Button variant="secondary" partName="close-button" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => payment.go('plan')} disabled={busy}>
            {t.back}
          </Button>
        )}
        <Button type="submit" partName="pay-button" loading={busy} loadingLabel={t.paying}>
          {changeCard ? t.saveCard : free ? t.confirmFree : t.confirm}
        </Button>
      </DialogFooter>
    </form>
  );
}
