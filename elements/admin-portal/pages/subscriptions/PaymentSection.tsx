import { clientStatus, type PaymentMethod } from '../../../../core/api/billing';
import { Button } from '../../../ui/Button';
import { Section, readableWidthStyle } from '../../../ui/Page';
import { mutedStyle } from '../../../ui/styles';
import { ADDRESS_FIELDS, actionsStyle, factsStyle, t } from './subscriptionParts';
import type { Subscription } from '../../../../core/api/billing';

/** The payment method and its billing details, with change card and edit details for a writer. */
export function PaymentSection({
  subscription,
  method,
  writable,
  onChangeCard,
  onEditDetails,
}: {
  subscription: Subscription | undefined;
  method: PaymentMethod | undefined;
  writable: boolean;
  onChangeCard: () => void;
  onEditDetails: () => void;
}) {
  return (
    <Section titleId="ae-subscription-payment" title={t.paymentMethod} partName="subscription-payment">
      {method ? (
        <dl css={[factsStyle, readableWidthStyle]}>
          <dt>{t.paymentMethod}</dt>
          <dd part="payment-card">
            {t.card(method.brand ?? '', method.last4 ?? '', method.expMonth ?? 0, method.expYear ?? 0)}
          </dd>
          <dt>{t.billingDetails}</dt>
          <dd part="billing-details">
            {[
              method.billingDetails?.name,
              method.billingDetails?.email,
              ...ADDRESS_FIELDS.map(([key]) => method.billingDetails?.address?.[key]),
            ]
              .filter(Boolean)
              .join(', ')}
          </dd>
        </dl>
      ) : (
        <p css={mutedStyle}>{t.noPaymentMethod}</p>
      )}
      {method && writable && (
        <div css={actionsStyle}>
          {subscription &&
            clientStatus(subscription.status) === 'ACTIVE' &&
            !subscription.externallyManaged && (
              <Button variant="secondary" partName="change-card" onClick={onChangeCard}>
                {t.changeCard}
              </Button>
            )}
          <Button variant="secondary" partName="edit-billing-details" onClick={onEditDetails}>
            {t.editDetails}
          </Button>
        </div>
      )}
    </Section>
  );
}
