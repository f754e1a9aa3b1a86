import { css } from '@emotion/react';
import { useState } from 'react';
import {
  canCancel,
  canRenew,
  clientStatus,
  createBillingApi,
  downloadInvoicePdf,
  formatMoney,
  type BillingAddress,
  type Invoice,
  type PaymentMethod,
} from '../../../../core/api/billing';
import { errorMessage } from '../../../../core/api/errors';
import { enBilling } from '../../../i18n/en-billing';
import { useAuthApp } from '../../../shared/AppContext';
import { CheckoutFlow } from '../../../checkout/CheckoutFlow';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ConfirmDialog, FormDialog } from '../../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../../ui/DataTable';
import { formatDate } from '../../../ui/formatDate';
import { InlineStatus } from '../../../ui/InlineStatus';
import { LoadStatus, Page, Section, readableWidthStyle } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { useListPage } from '../../../ui/useListPage';
import { mutedStyle } from '../../../ui/styles';
import { useSubmit } from '../../../ui/useSubmit';
import { useLoad } from '../../../ui/useListPage';
import { usePageApi, usePermissions } from '../common/adminParts';

const t = enBilling.subscriptions;
const INVOICE_PAGE_SIZE = 10;
const READ = 'fe.subscriptions.read';
const WRITE = 'fe.subscriptions.write';

const factsStyle = css({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: '6px 16px',
  margin: 0,
  dt: { color: 'var(--ae-color-text-muted)' },
  // A long billing email or address wraps inside the card rather than running past it.
  dd: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
});
const actionsStyle = css({ display: 'flex', gap: '8px', flexWrap: 'wrap' });
const TONES = {
  ACTIVE: 'success',
  TRIALING: 'warning',
  CANCELED: 'neutral',
  INCOMPLETE: 'warning',
  EXPIRED: 'danger',
} as const;

type AddressKey = keyof BillingAddress;
const ADDRESS_FIELDS: Array<[AddressKey, string, string]> = [
  ['addressLine1', t.line1, 'address-line1'],
  ['addressLine2', t.line2, 'address-line2'],
  ['city', t.city, 'address-level2'],
  ['state', t.state, 'address-level1'],
  ['postalCode', t.postalCode, 'postal-code'],
  ['country', t.country, 'country'],
];

/**
 * Subscriptions (spec 001 §2 "billing (plan, invoices, payment method, checkout)", §4, §9): the plan,
 * its status, period and trial end; cancel and renew with a confirmation (spec 001 §4 rules);
 * invoices (amount / 100 with two decimals, default currency usd) with their PDF; the payment
 * method and its billing details; "Change plan" opens the checkout.
 */
export default function SubscriptionsPage() {
  const app = useAuthApp();
  const { can } = usePermissions();
  const readable = can(READ);
  const writable = can(WRITE);
  const api = usePageApi(createBillingApi);
  const { load, reload } = useLoad(
    () => Promise.all([api.subscriptions(), api.plans(), api.paymentMethods()]),
    [api],
    readable,
  );
  const invoices = useListPage<Invoice>({
    fetch: async (query) => {
      const all = await api.invoices();
      const start = query.page * query.pageSize;
      return {
        items: all.slice(start, start + query.pageSize),
        totalItems: all.length,
        totalPages: Math.max(1, Math.ceil(all.length / query.pageSize)),
      };
    },
    deps: [api],
    pageSize: INVOICE_PAGE_SIZE,
    enabled: readable,
  });
  const [dialog, setDialog] = useState<'cancel' | 'renew' | 'checkout' | 'card' | 'details' | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
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

  const [subscriptions, plans, methods] = load.data;
  const subscription = subscriptions[0];
  const plan = plans.find((p) => p.slug === subscription?.plan.slug);
  const method: PaymentMethod | undefined = methods.find((m) => m.isDefault) ?? methods[0];
  const status = subscription ? clientStatus(subscription.status) : null;

  const columns: Array<Column<Invoice>> = [
    { id: 'date', header: t.date, nowrap: true, cell: (row) => formatDate(row.paymentDate, '') },
    { id: 'receipt', header: t.receipt, nowrap: true, cell: (row) => row.receiptNumber },
    {
      id: 'amount',
      header: t.amount,
      nowrap: true,
      align: 'end',
      part: 'invoice-amount',
      cell: (row) => formatMoney(row.totalAmount, row.currency),
    },
    {
      id: 'paid',
      header: t.status,
      cell: (row) => <Badge tone={row.paid ? 'success' : 'warning'}>{row.paid ? t.paid : t.due}</Badge>,
    },
    {
      id: 'pdf',
      header: t.pdf,
      cell: (row) => (
        <Button
          variant="link"
          partName="invoice-pdf"
          aria-label={t.download(row.receiptNumber)}
          onClick={() => {
            setDownloadError(null);
            downloadInvoicePdf(app, row).catch((e: unknown) => setDownloadError(errorMessage(e)));
          }}
        >
          {t.pdf}
        </Button>
      ),
    },
  ];

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
      <Section titleId="ae-subscription-plan" title={t.plan} partName="subscription-plan">
        {!subscription ? (
          <Alert>{t.renewNotFound}</Alert>
        ) : (
          <>
            <dl css={[factsStyle, readableWidthStyle]}>
              <dt>{t.plan}</dt>
              <dd part="plan-name">
                {plan?.name ?? subscription.plan.slug}
                {plan && ` · ${formatMoney(plan.price.amount, plan.price.currency)} / month`}
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
            {writable && (
              <div css={actionsStyle}>
                {canCancel(subscription) && (
                  <Button
                    variant="secondary"
                    partName="cancel-subscription"
                    onClick={() => setDialog('cancel')}
                  >
                    {t.cancel}
                  </Button>
                )}
                {canRenew(subscription) && (
                  <Button
                    variant="secondary"
                    partName="renew-subscription"
                    onClick={() => setDialog('renew')}
                  >
                    {t.renew}
                  </Button>
                )}
              </div>
            )}
          </>
        )}
      </Section>

      <Section titleId="ae-subscription-invoices" title={t.invoices} partName="subscription-invoices">
        {downloadError && <Alert>{downloadError}</Alert>}
        <DataTable
          caption={t.invoices}
          columns={columns}
          load={invoices.load}
          rowKey={(row) => row.id}
          rowLabel={(row) => row.receiptNumber}
          rowPart="invoice-row"
          tablePart="invoice-table"
          empty={<p css={mutedStyle}>{t.noInvoices}</p>}
          failedText={t.loadFailed}
          onRetry={invoices.reload}
          pagination={{
            label: t.invoices,
            page: invoices.page,
            pageSize: invoices.pageSize,
            onPage: invoices.setPage,
          }}
        />
      </Section>

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
                <Button variant="secondary" partName="change-card" onClick={() => setDialog('card')}>
                  {t.changeCard}
                </Button>
              )}
            <Button variant="secondary" partName="edit-billing-details" onClick={() => setDialog('details')}>
              {t.editDetails}
            </Button>
          </div>
        )}
      </Section>

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

function BillingDetailsDialog({
  method,
  onClose,
  onSave,
}: {
  method: PaymentMethod;
  onClose: () => void;
  onSave: (details: { email?: string; address: BillingAddress }) => Promise<void>;
}) {
  const [email, setEmail] = useState(method.billingDetails?.email ?? '');
  const [address, setAddress] = useState<BillingAddress>(method.billingDetails?.address ?? {});
  const submit = useSubmit();
  return (
    <FormDialog
      title={t.billingDetails}
      titleId="ae-billing-details-title"
      busy={submit.busy}
      error={submit.error}
      onClose={onClose}
      submitLabel={t.save}
      busyLabel={enBilling.checkout.paying}
      partName="billing-details-dialog"
      onSubmit={() =>
        void submit.run(() =>
          onSave({
            ...(email.trim() ? { email: email.trim() } : {}),
            address: Object.fromEntries(
              Object.entries(address).filter(([, value]) => typeof value === 'string' && value.trim()),
            ),
          }),
        )
      }
    >
      <TextField
        label={t.email}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {ADDRESS_FIELDS.map(([key, label, autoComplete]) => (
        <TextField
          key={key}
          label={label}
          optional
          autoComplete={autoComplete}
          maxLength={key === 'country' ? 2 : 200}
          value={address[key] ?? ''}
          onChange={(event) => setAddress({ ...address, [key]: event.target.value })}
        />
      ))}
    </FormDialog>
  );
}
