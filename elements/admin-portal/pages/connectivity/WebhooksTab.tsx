import { useState } from 'react';
import { type Webhook } from '../../../../core/api/connectivity';
import { portalConnectivity as t } from '../../../i18n/portalConnectivity.en';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { SecretDialog } from '../../../ui/CopyField';
import { ListTable, type Column } from '../../../ui/DataTable';
import { listData, useListPage } from '../../../ui/useListPage';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { LogsDialog } from './LogsDialog';
import { WebhookDialog } from './WebhookDialog';
import { type TabProps, eventName, rowStyle } from './connectivityParts';

export function WebhooksTab({ api, categories, canWrite }: TabProps) {
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
