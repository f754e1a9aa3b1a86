import { Alert } from '../ui/Alert';
import { TextField } from '../ui/TextField';
import { mutedStyle } from '../ui/styles';
import { planListStyle, rowStyle, t } from './checkoutParts';
import type { CardInput } from './useCardInput';
import type { CheckoutPayment } from './useCheckoutPayment';

/**
 * A new card: the name, then Stripe's card element (the Stripe provider) or the number, expiry and
 * CVC typed here (the development provider, which lists its test cards).
 */
export function CardFields({
  provider,
  cardInput,
  payment,
}: {
  provider: string | null;
  cardInput: CardInput;
  payment: CheckoutPayment;
}) {
  const { cardField, fieldErrors } = cardInput;
  return (
    <fieldset css={[planListStyle, { gap: '12px' }]}>
      <legend>{t.card}</legend>
      {provider === 'development' && <p css={mutedStyle}>{t.testCards}</p>}
      <TextField
        label={t.cardName}
        autoComplete="cc-name"
        partName="card-name-input"
        {...cardField('name')}
      />
      {payment.collectsWithStripe ? (
        <div>
          <div ref={payment.stripeHost} part="stripe-card" role="group" aria-label={t.card} />
          {payment.stripeError && <Alert>{payment.stripeError}</Alert>}
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
  );
}
