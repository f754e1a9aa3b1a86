import { canCancel, canRenew, clientStatus } from '../../../../core/api/billing';
import { enBilling } from '../../../i18n/en-billing';
import { formatMoney } from '../../../i18n/formatMoney';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { formatDate } from '../../../ui/formatDate';
import { Section, readableWidthStyle } from '../../../ui/Page';
import { mutedStyle } from '../../../ui/styles';
import { TONES, actionsStyle, factsStyle, t } from './subscriptionParts';
import type { Plan, Subscription } from '../../../../core/api/billing';
import { cancellationRefusal, type VendorBillingSwitches } from '../../../../core/billing/vendorRules';

/**
 * The plan: its name and price, status, period and trial end, with cancel (when the vendor's switch
 * allows it) and renew for a writer; a trial that ended on a kept plan (retain_trial) says so.
 */
export function PlanSection({
  subscription,
  plan,
  writable,
  switches,
  onCancel,
  onRenew,
}: {
  switches: Pick<VendorBillingSwitches, 'allowPlanCancellation'>;
  subscription: Subscription | undefined;
  plan: Plan | undefined;
  writable: boolean;
  onCancel: () => void;
  onRenew: () => void;
}) {
  const status = subscription ? clientStatus(subscription.status) : null;
  return (
    <Section titleId="ae-subscription-plan" title={t.plan} partName="subscription-plan">
      {!subscription ? (
        <Alert>{t.renewNotFound}</Alert>
      ) : (
        <>
          <dl css={[factsStyle, readableWidthStyle]}>
            <dt>{t.plan}</dt>
            <dd part="plan-name">
              {plan?.name ?? subscription.plan.slug}
              {plan &&
                ` · ${enBilling.checkout.perMonth(formatMoney(plan.price.amount, plan.price.currency))}`}
            </dd>
            <dt>{t.status}</dt>
            <dd>
              <Badge tone={TONES[status!]} partName="subscription-status">
                {t.statuses[status!]}
              </Badge>
              {subscription.cancellation && <span css={mutedStyle}> · {t.cancellation}</span>}
            </dd>
            <dt>{t.period}</dt>
            <dd>
              {formatDate(subscription.currentPeriodStart, '')} –{' '}
              {formatDate(subscription.currentPeriodEnd, '')}
            </dd>
            {subscription.trialEnd && clientStatus(subscription.status) === 'TRIALING' && (
              <>
                <dt>{t.trialEnd}</dt>
                <dd>{formatDate(subscription.trialEnd, '')}</dd>
              </>
            )}
          </dl>
          {subscription.externallyManaged && <p css={mutedStyle}>{t.externallyManaged}</p>}
          {subscription.status === 'trialEnded' && (
            <p part="trial-ended" css={mutedStyle}>
              {t.trialEndedKept}
            </p>
          )}
          {writable && (
            <div css={actionsStyle}>
              {canCancel(subscription) &&
                !cancellationRefusal(switches, { status: subscription.status, cancelled: false }) && (
                  <Button variant="secondary" partName="cancel-subscription" onClick={onCancel}>
                    {t.cancel}
                  </Button>
                )}
              {canRenew(subscription) && (
                <Button variant="secondary" partName="renew-subscription" onClick={onRenew}>
                  {t.renew}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </Section>
  );
}
