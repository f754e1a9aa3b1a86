import { useState } from 'react';
import { createBillingApi, type PaymentMethod } from '../../../../core/api/billing';
import { DEFAULT_BILLING_SWITCHES } from '../../../../core/billing/vendorRules';
import { enBilling } from '../../../i18n/en-billing';
import { useAuthApp } from '../../../shared/AppContext';
import { CheckoutFlow } from '../../../checkout/CheckoutFlow';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDate } from '../../../ui/formatDate';
import { InlineStatus } from '../../../ui/InlineStatus';
import { LoadStatus, Page } from '../../../ui/Page';
import { usePageApi, usePermissions } from '../common/adminParts';
import { BillingDetailsDialog } from './BillingDetailsDialog';
import { InvoicesSection } from './InvoicesSection';
import { PaymentSection } from './PaymentSection';
import { PlanSection } from './PlanSection';
import { t } from './subscriptionParts';
import { useSubscriptionsLoad } from './useSubscriptionsLoad';

const READ = 'fe.subscriptions.read';
const WRITE = 'fe.subscriptions.write';

/**
 * Subscriptions (spec 001 §2 "billing (plan, invoices, payment method, checkout)", §4, §9): the plan,
 * its status, period and trial end; cancel (when the vendor allows it) and renew with a confirmation
 * (spec 001 §4 rules); the checkout offers no cheaper plan when the vendor forbids downgrades;
 * invoices (amount / 100 with two decimals, default currency usd) with their PDF; the payment
 * method and its billing details; "Change plan" opens the checkout.
 */
export default function SubscriptionsPage() {
  const app = useAuthApp();
  const { can } = usePermissions();
  const readable = can(READ);
  const writable = can(WRITE);
  const api = usePageApi(createBillingApi);
  const { load, reload, invoices } = useSubscriptionsLoad(api, readable);
  const [dialog, setDialog] = useState<'cancel' | 'renew' | 'checkout' | 'card' | 'details' | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const reloadAll = async () => {
    reload();
    invoices.reload();
  };

  if (!readable)
    return (
      <Page title={t.title} titleId="ae-subscriptions-title">
        <Alert>{t.notAuthorized}</Alert>
      </Page>
    );
  if (load.status !== 'ready')
    return (
      <Page title={t.title} titleId="ae-subscriptions-title" description={t.description}>
        <LoadStatus load={load} failedText={t.loadFailed} onRetry={reload} />
      </Page>
    );

  const [subscriptions, plans, methods, vendor] = load.data;
  const switches = { ...DEFAULT_BILLING_SWITCHES, ...vendor[0] };
  const subscription = subscriptions[0];
  const plan = plans.find((p) => p.slug === subscription?.plan.slug);
  const method: PaymentMethod | undefined = methods.find((m) => m.isDefault) ?? methods[0];

  return (
    <Page
      title={t.title}
      titleId="ae-subscriptions-title"
      description={t.description}
      actions={
        writable && subscription && !subscription.externallyManaged ? (
          <Button partName="change-plan" onClick={() => setDialog('checkout')}>
            {t.changePlan}
          </Button>
        ) : undefined
      }
    >
      {note && (
        <InlineStatus partName="billing-status" onDismiss={() => setNote(null)}>
          {note}
        </InlineStatus>
      )}
      <PlanSection
        subscription={subscription}
        plan={plan}
        writable={writable}
        switches={switches}
        onCancel={() => setDialog('cancel')}
        onRenew={() => setDialog('renew')}
      />

      <InvoicesSection invoices={invoices} />

      <PaymentSection
        subscription={subscription}
        method={method}
        writable={writable}
        onChangeCard={() => setDialog('card')}
        onEditDetails={() => setDialog('details')}
      />

      {dialog === 'cancel' && subscription && (
        <ConfirmDialog
          title={t.cancelTitle}
          titleId="ae-cancel-subscription-title"
          body={t.cancelBody(formatDate(subscription.currentPeriodEnd, ''))}
          confirmLabel={t.cancelConfirm}
          busyLabel={enBilling.checkout.paying}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await api.cancel(subscription.id);
            setDialog(null);
            await reloadAll();
          }}
        />
      )}
      {dialog === 'renew' && subscription && (
        <ConfirmDialog
          title={t.renewTitle}
          titleId="ae-renew-subscription-title"
          body={t.renewBody}
          confirmLabel={t.renewConfirm}
          busyLabel={enBilling.checkout.paying}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await api.renew(subscription.id);
            setDialog(null);
            await reloadAll();
          }}
        />
      )}
      {dialog === 'card' && (
        <CheckoutFlow
          api={api}
          changeCard
          initialPlan={null}
          nonce={app.settings.nonce}
          onChanged={reloadAll}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'checkout' && (
        <CheckoutFlow
          api={api}
          initialPlan={null}
          nonce={app.settings.nonce}
          onChanged={reloadAll}
          onClose={(result) => {
            setDialog(null);
            app.bus.emit('checkout:close', { status: result });
          }}
        />
      )}
      {dialog === 'details' && method && (
        <BillingDetailsDialog
          method={method}
          onClose={() => setDialog(null)}
          onSave={async (details) => {
            await api.updateBillingDetails(method.id, details);
            setDialog(null);
            setNote(t.saved);
            await reloadAll();
          }}
        />
      )}
    </Page>
  );
}
