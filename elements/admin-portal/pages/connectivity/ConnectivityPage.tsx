import { useState } from 'react';
import {
  createConnectivityApi,
  WEBHOOK_LOGS_PAGE_SIZE,
  WEBHOOK_RETRY_SUCCESS,
  WEBHOOK_TEST_SUCCESS,
  type ConnectivityApi,
  type EmailSmsConfig,
  type EventCategory,
  type SlackChannel,
  type SlackConfiguration,
  type Webhook,
  type WebhookLog,
  type WebhookSave,
} from '../../../../core/api/connectivity';
import { planEmailSms, planSlack } from '../../../../core/portal/connectivityRules';
import { enPortal } from '../../../i18n/en-portal';
import { portalConnectivity as t } from '../../../i18n/portalConnectivity.en';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { SecretDialog } from '../../../ui/CopyField';
import { DataTable, ListTable, type Column } from '../../../ui/DataTable';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { formatDate } from '../../../ui/formatDate';
import { InlineStatus, SaveButton } from '../../../ui/InlineStatus';
import { Page } from '../../../ui/Page';
import { Skeleton } from '../../../ui/Skeleton';
import { Tabs } from '../../../ui/Tabs';
import { TextField } from '../../../ui/TextField';
import { formStyle, mutedStyle } from '../../../ui/styles';
import { listData, useListPage, useLoad } from '../../../ui/useListPage';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useFormFields } from '../../../ui/useFormFields';
import { useSubmit } from '../../../ui/useSubmit';
import type { PortalPageProps } from '../../shell/PortalShell';
import { fieldsetStyle, useChoice } from '../../../ui/CheckList';
import { NoPermission, scrollAreaStyle, usePageApi, usePermissions } from '../common/adminParts';

type Tab = 'webhooks' | 'email' | 'sms' | 'slack';
const TABS: Tab[] = ['webhooks', 'email', 'sms', 'slack'];
const rowStyle = { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' } as const;
const eventRowStyle = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '6px',
  padding: '10px 0',
  borderBottom: '1px solid var(--ae-color-divider)',
} as const;

/**
 * Connectivity (spec 001 §2 "connectivity settings (slack, email, sms, webhook, logs, test, retry)",
 * the webhooks page): webhooks with their events, the secret shown once, logs 10 a page, test and
 * retry; email, SMS and Slack per event. Save rules: core/portal/connectivityRules.ts.
 */
export default function ConnectivityPage(_props: PortalPageProps) {
  const api = usePageApi(createConnectivityApi);
  const { can, canRead } = usePermissions();
  const allowed = canRead('webhooks');
  const canWrite = can('fe.connectivity.write.webhooks');
  const [tab, setTab] = useState<Tab>('webhooks');
  // Spec 001 §8 "Connectivity load failures are swallowed silently": an empty catalogue.
  const catalogue = useLoad(() => api.categories().catch(() => [] as EventCategory[]), [api], allowed);
  const titleId = 'ae-portal-webhooks-title';
  const title = enPortal.portal.pageTitles.webhooks;
  if (!allowed) return <NoPermission title={title} titleId={titleId} />;
  const categories = catalogue.load.status === 'ready' ? catalogue.load.data : null;

  return (
    <Page title={title} titleId={titleId} description={t.intro}>
      {!canWrite && (
        <p css={mutedStyle} role="note">
          {t.readOnly}
        </p>
      )}
      <Tabs
        label={t.tabsLabel}
        idPrefix="ae-connectivity-tab"
        tabs={TABS.map((value) => ({ value, label: t.tabs[value] }))}
        selected={tab}
        onSelect={setTab}
      />
      <div
        role="tabpanel"
        id={`ae-connectivity-tab-${tab}-panel`}
        aria-labelledby={`ae-connectivity-tab-${tab}`}
      >
        {!categories ? (
          <Skeleton label={t.loading} lines={4} />
        ) : tab === 'webhooks' ? (
          <WebhooksTab api={api} categories={categories} canWrite={canWrite} />
        ) : tab === 'slack' ? (
          <SlackTab api={api} categories={categories} canWrite={canWrite} />
        ) : (
          <EmailSmsTab key={tab} api={api} channel={tab} categories={categories} canWrite={canWrite} />
        )}
      </div>
    </Page>
  );
}

interface TabProps {
  api: ConnectivityApi;
  categories: EventCategory[];
  canWrite: boolean;
}

const eventName = (categories: EventCategory[], key: string) =>
  categories.flatMap((c) => c.events ?? []).find((e) => e.key === key)?.displayName ?? key;

// ------------------------------------------------------------------------------------ webhooks

function WebhooksTab({ api, categories, canWrite }: TabProps) {
  const list = useListPage<Webhook>({
    fetch: () => api.webhooks().then(listData),
    deps: [api],
  });
  const [dialog, setDialog] = useState<
    | { kind: 'edit'; webhook: Webhook | null }
    | { kind: 'secret'; secret: string }
    | { kind: 'logs'; webhook: Webhook }
    | null
  >(null);
  const remove = useConfirmAction<Webhook>({
    run: (w) => api.deleteWebhook(w._id),
    done: list.reload,
    title: t.deleteTitle,
    titleId: 'ae-delete-webhook-title',
    body: (w) => t.deleteBody(w.displayName),
    menu: { label: t.delete, ariaLabel: (w) => t.deleteOf(w.displayName), part: 'delete-webhook' },
  });

  const columns: Array<Column<Webhook>> = [
    { id: 'name', header: t.columns.name, cell: (w) => w.displayName },
    { id: 'url', header: t.columns.url, cell: (w) => <code>{w.url}</code> },
    {
      id: 'events',
      header: t.columns.events,
      cell: (w) => w.eventKeys.map((k) => eventName(categories, k)).join(', ') || t.noEvents,
    },
    {
      id: 'status',
      header: t.columns.status,
      cell: (w) => (
        <Badge tone={w.isActive ? 'success' : 'neutral'} partName="webhook-status">
          {w.isActive ? t.active : t.inactive}
        </Badge>
      ),
    },
    { id: 'invocations', header: t.columns.invocations, align: 'end', cell: (w) => String(w.invocations) },
  ];

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '12px', paddingTop: '12px' }}>
      {canWrite && (
        <div css={rowStyle}>
          <Button partName="add-webhook" onClick={() => setDialog({ kind: 'edit', webhook: null })}>
            {t.addWebhook}
          </Button>
        </div>
      )}
      <ListTable
        list={list}
        texts={{ empty: t.emptyWebhooks, loadFailed: t.loadFailed }}
        caption={t.webhooksCaption}
        columns={columns}
        rowKey={(w) => w._id}
        rowLabel={(w) => w.displayName}
        rowActions={(w) => [
          {
            label: t.logs,
            ariaLabel: t.logsOf(w.displayName),
            part: 'webhook-logs',
            onSelect: () => setDialog({ kind: 'logs', webhook: w }),
          },
          canWrite && {
            label: t.edit,
            ariaLabel: t.editOf(w.displayName),
            part: 'edit-webhook',
            onSelect: () => setDialog({ kind: 'edit', webhook: w }),
          },
          canWrite && remove.rowAction(w),
        ]}
        tablePart="webhooks-table"
        rowPart="webhook-row"
      />
      {dialog?.kind === 'edit' && (
        <WebhookDialog
          api={api}
          categories={categories}
          webhook={dialog.webhook}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            list.reload();
            setDialog(saved.secret ? { kind: 'secret', secret: saved.secret } : null);
          }}
        />
      )}
      {dialog?.kind === 'secret' && (
        <SecretDialog
          title={t.secretTitle}
          titleId="ae-webhook-secret-title"
          body={t.secretBody}
          fields={[
            { label: t.secret, value: dialog.secret, copyLabel: t.copySecret, partName: 'webhook-secret' },
          ]}
          doneLabel={t.done}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'logs' && (
        <LogsDialog api={api} webhook={dialog.webhook} canWrite={canWrite} onClose={() => setDialog(null)} />
      )}
      {remove.dialog}
    </div>
  );
}

function WebhookDialog({
  api,
  categories,
  webhook,
  onClose,
  onSaved,
}: {
  api: ConnectivityApi;
  categories: EventCategory[];
  webhook: Webhook | null;
  onClose: () => void;
  onSaved: (saved: Webhook) => void;
}) {
  const form = useFormFields({
    displayName: webhook?.displayName ?? '',
    description: webhook?.description ?? '',
    url: webhook?.url ?? '',
    secret: '',
  });
  const values = form.values;
  const [isActive, setActive] = useState(webhook?.isActive ?? true);
  const events = useChoice(webhook?.eventKeys ?? []);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);
  const submit = useSubmit();
  const testing = useSubmit();
  const urlError = () => (/^https?:\/\/\S+$/i.test(values.url.trim()) ? null : t.urlInvalid);

  function onSubmit() {
    const eventsMissing = events.chosen.size ? null : t.eventsRequired;
    setEventsError(eventsMissing);
    const valid = form.check({
      displayName: values.displayName.trim() ? null : t.nameRequired,
      url: urlError(),
    });
    if (!valid || eventsMissing) return;
    const data: WebhookSave = {
      ...(webhook ? { _id: webhook._id } : {}),
      displayName: values.displayName.trim(),
      description: values.description,
      url: values.url.trim(),
      secret: values.secret.trim() || null,
      eventKeys: [...events.chosen],
      isActive,
    };
    void submit.run(async () => onSaved(await api.saveWebhook(data)));
  }

  function onTest() {
    const problem = urlError();
    if (problem) return void form.check({ ...form.errors, url: problem });
    setTestResult(null);
    void testing.run(async () => {
      try {
        const result = await api.test({ url: values.url.trim(), secret: values.secret.trim() || null });
        // Spec 001 §4 "Webhook test succeeds on 200 or 201."
        const ok = (WEBHOOK_TEST_SUCCESS as readonly number[]).includes(result.statusCode);
        setTestResult({
          ok,
          message: ok ? t.testOk(result.statusCode) : t.testFailed(result.statusCode, result.body),
        });
      } catch (error) {
        // Spec 001 §8 "Webhook test failure yields a failed status with the message."
        setTestResult({ ok: false, message: error instanceof Error ? error.message : String(error) });
      }
    });
  }

  return (
    <FormDialog
      title={webhook ? t.editTitle : t.addTitle}
      titleId="ae-webhook-dialog-title"
      size="medium"
      busy={submit.busy}
      error={form.banner(submit.error)}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t.save}
      busyLabel={t.saving}
    >
      <TextField label={t.name} maxLength={200} partName="webhook-name" {...form.field('displayName')} />
      <TextField label={t.url} type="url" maxLength={2000} partName="webhook-url" {...form.field('url')} />
      <TextField
        label={t.description}
        maxLength={1000}
        partName="webhook-description"
        {...form.field('description')}
      />
      <TextField
        label={webhook ? t.newSecret : t.secretOptional}
        maxLength={200}
        partName="webhook-secret-input"
        hint={webhook ? t.newSecretHint : t.secretHint}
        autoComplete="off"
        {...form.field('secret')}
      />
      <label>
        <input type="checkbox" checked={isActive} onChange={(e) => setActive(e.target.checked)} />{' '}
        {t.activeLabel}
      </label>
      <fieldset
        css={fieldsetStyle}
        part="webhook-events"
        aria-describedby={eventsError ? 'ae-webhook-events-error' : undefined}
      >
        <legend>{t.eventsLegend}</legend>
        <div css={scrollAreaStyle}>
          {categories.map((category) => (
            <div key={category.id} role="group" aria-label={category.name}>
              <strong>{category.name}</strong>
              {(category.events ?? []).map((e) => (
                <label key={e.key} css={{ display: 'block' }}>
                  <input
                    type="checkbox"
                    checked={events.chosen.has(e.key)}
                    onChange={() => events.toggle(e.key)}
                  />{' '}
                  {e.displayName}
                </label>
              ))}
            </div>
          ))}
        </div>
        {eventsError && (
          <p id="ae-webhook-events-error" css={{ color: 'var(--ae-color-danger)', margin: 0 }}>
            {eventsError}
          </p>
        )}
      </fieldset>
      <div css={rowStyle}>
        <Button variant="secondary" partName="test-webhook" disabled={testing.busy} onClick={onTest}>
          {testing.busy ? t.testing : t.test}
        </Button>
        {testResult && (
          <InlineStatus
            partName={testResult.ok ? 'test-success' : 'test-failed'}
            onDismiss={() => setTestResult(null)}
            timeoutMs={15000}
          >
            {testResult.message}
          </InlineStatus>
        )}
      </div>
    </FormDialog>
  );
}

function LogsDialog({
  api,
  webhook,
  canWrite,
  onClose,
}: {
  api: ConnectivityApi;
  webhook: Webhook;
  canWrite: boolean;
  onClose: () => void;
}) {
  const logs = useListPage<WebhookLog>({
    fetch: ({ page }) =>
      api.logs(webhook._id, page * WEBHOOK_LOGS_PAGE_SIZE, WEBHOOK_LOGS_PAGE_SIZE).then((r) => ({
        items: r.rows,
        totalItems: r.count,
        totalPages: Math.max(1, Math.ceil(r.count / WEBHOOK_LOGS_PAGE_SIZE)),
      })),
    deps: [api, webhook._id],
    pageSize: WEBHOOK_LOGS_PAGE_SIZE,
  });
  const [status, setStatus] = useState<string | null>(null);
  const columns: Array<Column<WebhookLog>> = [
    { id: 'createdAt', header: t.columns.time, nowrap: true, cell: (l) => formatDate(l.createdAt, '') },
    {
      id: 'statusCode',
      header: t.columns.statusCode,
      cell: (l) => (
        <Badge tone={/^2/.test(l.statusCode) ? 'success' : 'danger'} partName="log-status">
          {l.statusCode === '0' ? t.unreachable : l.statusCode}
        </Badge>
      ),
    },
    { id: 'event', header: t.columns.event, cell: (l) => l.eventKey },
    {
      id: 'response',
      header: t.columns.response,
      cell: (l) => <code>{(l.response ?? '').slice(0, 200)}</code>,
    },
  ];
  return (
    <Dialog
      title={t.logsTitle(webhook.displayName)}
      titleId="ae-webhook-logs-title"
      size="large"
      onClose={onClose}
    >
      {status && (
        <InlineStatus partName="retry-status" onDismiss={() => setStatus(null)}>
          {status}
        </InlineStatus>
      )}
      <DataTable
        caption={t.logsCaption}
        columns={columns}
        load={logs.load}
        rowKey={(l) => l.id}
        rowLabel={(l) => `${l.eventKey} ${formatDate(l.createdAt, '')}`}
        rowActions={
          canWrite
            ? (l) => [
                {
                  label: t.retry,
                  ariaLabel: t.retryOf(formatDate(l.createdAt, '')),
                  part: 'retry-log',
                  onSelect: () => {
                    void api.retry(l.id).then(
                      // Spec 001 §4 "Webhook retry succeeds only on status 202."
                      (r) =>
                        setStatus(r.statusCode === WEBHOOK_RETRY_SUCCESS ? t.retryQueued : t.retryFailed),
                      (error: unknown) => setStatus(error instanceof Error ? error.message : t.retryFailed),
                    );
                  },
                },
              ]
            : undefined
        }
        tablePart="logs-table"
        rowPart="log-row"
        empty={<p>{t.emptyLogs}</p>}
        failedText={t.loadFailed}
        onRetry={logs.reload}
        pagination={{
          label: t.logsPages,
          page: logs.page,
          pageSize: WEBHOOK_LOGS_PAGE_SIZE,
          onPage: logs.setPage,
        }}
      />
      <DialogFooter>
        <Button partName="close-logs" onClick={onClose}>
          {t.done}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

// ------------------------------------------------------------------------------ email and SMS

function EmailSmsTab({ api, channel, categories, canWrite }: TabProps & { channel: 'email' | 'sms' }) {
  const calls = channel === 'email' ? api.emails : api.sms;
  const saved = useLoad(() => calls.list().catch(() => [] as EmailSmsConfig[]), [api, channel]);
  if (saved.load.status !== 'ready') return <Skeleton label={t.loading} lines={4} />;
  const configs = saved.load.data;
  return (
    <div css={{ paddingTop: '12px' }}>
      <p css={mutedStyle}>{channel === 'email' ? t.emailIntro : t.smsIntro}</p>
      {categories
        .flatMap((c) => c.events ?? [])
        .map((event) => (
          <EmailSmsRow
            key={event.key}
            channel={channel}
            eventKey={event.key}
            label={event.displayName}
            saved={configs.find((c) => c.eventKey === event.key)}
            canWrite={canWrite}
            onSave={async (text, enabled, config) => {
              for (const step of planEmailSms(config, text, enabled)) {
                if (step.op === 'create')
                  await calls.create({
                    eventKey: event.key,
                    enabled: step.enabled,
                    subscriptions: [{ name: event.displayName, enabled: true, recipients: step.recipients }],
                  });
                else if (step.op === 'update')
                  await calls.putSubscription(event.key, step.id, {
                    name: event.displayName,
                    enabled: true,
                    recipients: step.recipients,
                  });
                else if (step.op === 'delete') await calls.remove(event.key);
                else await calls.setEnabled(event.key, step.enabled);
              }
              saved.reload();
            }}
          />
        ))}
    </div>
  );
}

function EmailSmsRow({
  channel,
  eventKey,
  label,
  saved,
  canWrite,
  onSave,
}: {
  channel: 'email' | 'sms';
  eventKey: string;
  label: string;
  saved: EmailSmsConfig | undefined;
  canWrite: boolean;
  onSave: (text: string, enabled: boolean, saved: EmailSmsConfig | undefined) => Promise<void>;
}) {
  const [text, setText] = useState(saved?.subscriptions.flatMap((s) => s.recipients).join(', ') ?? '');
  const [enabled, setEnabled] = useState(saved?.enabled ?? true);
  const [done, setDone] = useState(false);
  const submit = useSubmit();
  return (
    <form
      css={eventRowStyle}
      part={`${channel}-event`}
      data-event={eventKey}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit.run(async () => {
          await onSave(text, enabled, saved);
          setDone(true);
        });
      }}
    >
      {submit.error && <Alert>{submit.error}</Alert>}
      <TextField
        label={t.recipientsOf(label, channel)}
        value={text}
        maxLength={2000}
        partName={`${channel}-recipients`}
        hint={channel === 'email' ? t.emailHint : t.smsHint}
        disabled={!canWrite}
        onChange={(e) => setText(e.target.value)}
      />
      <div css={rowStyle}>
        <label>
          <input
            type="checkbox"
            checked={enabled}
            disabled={!canWrite}
            onChange={(e) => setEnabled(e.target.checked)}
          />{' '}
          {t.enabled}
        </label>
        {canWrite && (
          <SaveButton
            variant="secondary"
            partName={`save-${channel}`}
            saving={submit.busy}
            saved={done && t.saved}
            onDismiss={() => setDone(false)}
            label={t.saveOf(label)}
          >
            {t.save}
          </SaveButton>
        )}
      </div>
    </form>
  );
}

// ------------------------------------------------------------------------------------ Slack

function SlackTab({ api, categories, canWrite }: TabProps) {
  const data = useLoad(
    () =>
      Promise.all([
        api.slackChannels().catch(() => [] as SlackChannel[]),
        api.slack().catch(() => ({ id: '', slackSubscriptions: [] }) as SlackConfiguration),
      ]),
    [api],
  );
  const [adding, setAdding] = useState(false);
  if (data.load.status !== 'ready') return <Skeleton label={t.loading} lines={4} />;
  const [channels, config] = data.load.data;
  const subscription = config.slackSubscriptions[0];
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '12px', paddingTop: '12px' }}>
      <p css={mutedStyle}>{t.slackIntro}</p>
      <ul part="slack-channels" aria-label={t.channelsLabel} css={{ margin: 0, paddingInlineStart: '20px' }}>
        {channels.map((channel) => (
          <li key={channel.id}>
            <span css={rowStyle}>
              {channel.name}
              {canWrite && (
                <Button
                  variant="link"
                  partName="delete-channel"
                  aria-label={t.deleteChannelOf(channel.name)}
                  onClick={() => void api.deleteSlackChannel(channel.id).then(data.reload)}
                >
                  {t.delete}
                </Button>
              )}
            </span>
          </li>
        ))}
        {!channels.length && <li>{t.noChannels}</li>}
      </ul>
      {canWrite && (
        <div>
          <Button variant="secondary" partName="add-channel" onClick={() => setAdding(true)}>
            {t.addChannel}
          </Button>
        </div>
      )}
      {channels.length > 0 && (
        <SlackEventsForm
          key={subscription?.id ?? 'new'}
          categories={categories}
          channels={channels}
          saved={subscription}
          canWrite={canWrite}
          onSave={async (chosen) => {
            const step = planSlack(subscription, chosen);
            if (step.op === 'save') await api.saveSlackSubscription(step.subscription);
            if (step.op === 'delete') await api.deleteSlackSubscription(step.id);
            data.reload();
          }}
        />
      )}
      {adding && (
        <AddChannelDialog
          api={api}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            data.reload();
          }}
        />
      )}
    </div>
  );
}

function SlackEventsForm({
  categories,
  channels,
  saved,
  canWrite,
  onSave,
}: {
  categories: EventCategory[];
  channels: SlackChannel[];
  saved: SlackConfiguration['slackSubscriptions'][number] | undefined;
  canWrite: boolean;
  onSave: (chosen: Record<string, string[]>) => Promise<void>;
}) {
  const [chosen, setChosen] = useState<Record<string, string[]>>(() =>
    Object.fromEntries((saved?.slackEvents ?? []).map((e) => [e.eventKey, e.channelIds])),
  );
  const [done, setDone] = useState(false);
  const submit = useSubmit();
  return (
    <form
      css={formStyle}
      part="slack-events"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit.run(async () => {
          await onSave(chosen);
          setDone(true);
        });
      }}
    >
      {submit.error && <Alert>{submit.error}</Alert>}
      {categories
        .flatMap((c) => c.events ?? [])
        .map((event) => (
          <fieldset key={event.key} css={fieldsetStyle} data-event={event.key}>
            <legend>{event.displayName}</legend>
            <div css={rowStyle}>
              {channels.map((channel) => (
                <label key={channel.id}>
                  <input
                    type="checkbox"
                    disabled={!canWrite}
                    checked={(chosen[event.key] ?? []).includes(channel.id)}
                    onChange={() =>
                      setChosen((current) => {
                        const list = current[event.key] ?? [];
                        return {
                          ...current,
                          [event.key]: list.includes(channel.id)
                            ? list.filter((id) => id !== channel.id)
                            : [...list, channel.id],
                        };
                      })
                    }
                  />{' '}
                  {channel.name}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      {canWrite && (
        <div css={rowStyle}>
          <SaveButton
            partName="save-slack"
            saving={submit.busy}
            saved={done && t.saved}
            onDismiss={() => setDone(false)}
          >
            {t.save}
          </SaveButton>
        </div>
      )}
    </form>
  );
}

function AddChannelDialog({
  api,
  onClose,
  onAdded,
}: {
  api: ConnectivityApi;
  onClose: () => void;
  onAdded: () => void;
}) {
  const form = useFormFields({ name: '', url: '' });
  const name = form.values.name.trim();
  const url = form.values.url.trim();
  const submit = useSubmit();
  function onSubmit() {
    const valid = form.check({
      name: name ? null : t.nameRequired,
      url: /^https?:\/\/\S+$/i.test(url) ? null : t.urlInvalid,
    });
    if (!valid) return;
    void submit.run(async () => {
      await api.addSlackChannel({ name, url });
      onAdded();
    });
  }
  return (
    <FormDialog
      title={t.addChannelTitle}
      titleId="ae-add-channel-title"
      busy={submit.busy}
      error={form.banner(submit.error)}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t.addChannel}
      busyLabel={t.saving}
    >
      <TextField label={t.channelName} maxLength={100} partName="channel-name" {...form.field('name')} />
      <TextField
        label={t.channelUrl}
        type="url"
        maxLength={2000}
        partName="channel-url"
        hint={t.channelUrlHint}
        {...form.field('url')}
      />
    </FormDialog>
  );
}
