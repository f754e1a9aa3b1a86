import { useState } from 'react';
import {
  WEBHOOK_LOGS_PAGE_SIZE,
  WEBHOOK_RETRY_SUCCESS,
  type ConnectivityApi,
  type Webhook,
  type WebhookLog,
} from '../../../../core/api/connectivity';
import { portalConnectivity as t } from '../../../i18n/portalConnectivity.en';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { DataTable, type Column } from '../../../ui/DataTable';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { formatDate } from '../../../ui/formatDate';
import { InlineStatus } from '../../../ui/InlineStatus';
import { useListPage } from '../../../ui/useListPage';

export function LogsDialog({
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
