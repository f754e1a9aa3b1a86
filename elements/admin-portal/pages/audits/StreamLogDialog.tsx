import { css } from '@emotion/react';
import { useState } from 'react';
import type {
  AuditStreamAttempt,
  AuditStreamDeliveries,
  AuditStreamDto,
} from '../../../../core/contract/auditStreams';
import { auditStreams as t } from '../../../i18n/auditStreams.en';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { formatDateTime } from '../../../ui/formatDate';
import { TextField } from '../../../ui/TextField';
import { DataTable, type Column } from '../../../ui/DataTable';
import { useListPage } from '../../../ui/useListPage';
import { useSubmit } from '../../../ui/useSubmit';
import type { AuditStreamsApi } from './auditStreamsApi';

const PAGE = 20;
const bodyStyle = css({
  margin: '4px 0 0',
  maxWidth: '40em',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: '0.85em',
});

const COLUMNS: Array<Column<AuditStreamAttempt>> = [
  { id: 'time', header: t.logColumns.time, nowrap: true, cell: (item) => formatDateTime(item.createdAt, '') },
  {
    id: 'event',
    header: t.logColumns.event,
    cell: (item) => (
      <>
        <code>{item.eventId}</code>
        {item.body && (
          <details>
            <summary>{t.body}</summary>
            <pre css={bodyStyle}>{item.body}</pre>
          </details>
        )}
      </>
    ),
  },
  { id: 'attempt', header: t.logColumns.attempt, cell: (item) => item.attempt },
  {
    id: 'result',
    header: t.logColumns.result,
    cell: (item) =>
      !item.sent ? (
        <Badge>{t.notSent}</Badge>
      ) : item.ok ? (
        <Badge tone="success">{t.delivered(item.status)}</Badge>
      ) : (
        <Badge tone="danger" title={item.response}>
          {t.failedWith(item.status)}
        </Badge>
      ),
  },
];

/** A stream's delivery log: the counts, then each attempt newest first, 20 to a page (the webhooks' log table). */
export function StreamLogDialog({
  api,
  stream,
  onClose,
}: {
  api: AuditStreamsApi;
  stream: AuditStreamDto;
  onClose: () => void;
}) {
  const [counts, setCounts] = useState<AuditStreamDeliveries | null>(null);
  const log = useListPage<AuditStreamAttempt>({
    fetch: ({ page }) =>
      api.deliveries(stream.id, page * PAGE, PAGE).then((answer) => {
        setCounts(answer);
        return {
          items: answer.items,
          totalItems: answer.total,
          totalPages: Math.max(1, Math.ceil(answer.total / PAGE)),
        };
      }),
    deps: [api, stream.id],
    pageSize: PAGE,
  });
  return (
    <Dialog
      title={t.logTitle(stream.name)}
      titleId="ae-audit-stream-log-title"
      size="large"
      onClose={onClose}
    >
      {counts && (
        <p part="audit-stream-counts">{t.counts(counts.pending, counts.delivered, counts.failed)}</p>
      )}
      {counts?.items.some((item) => !item.sent) && <p part="audit-stream-demo-note">{t.demoNote}</p>}
      <DataTable
        caption={t.logTitle(stream.name)}
        columns={COLUMNS}
        load={log.load}
        rowKey={(item) => item.id}
        rowLabel={(item) => `${item.eventId} ${formatDateTime(item.createdAt, '')}`}
        tablePart="audit-stream-log"
        rowPart="audit-stream-attempt"
        empty={<p>{t.logEmpty}</p>}
        failedText={t.loadFailed}
        onRetry={log.reload}
        pagination={{ label: t.logTitle(stream.name), page: log.page, pageSize: PAGE, onPage: log.setPage }}
      />
      <DialogFooter>
        <Button partName="done-button" onClick={onClose}>
          {t.close}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

/** Back-fill from a date: the server queues the account's events from then (the oldest first). */
export function BackfillDialog({
  api,
  stream,
  now = Date.now,
  onClose,
}: {
  api: AuditStreamsApi;
  stream: AuditStreamDto;
  now?: () => number;
  onClose: () => void;
}) {
  const [from, setFrom] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [queued, setQueued] = useState<number | null>(null);
  const submit = useSubmit();
  function onSubmit() {
    const day = Date.parse(from);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || Number.isNaN(day) || day > now()) {
      setFieldError(t.fromInvalid);
      return;
    }
    void submit.run(async () => {
      setQueued((await api.backfill(stream.id, from)).queued);
    });
  }
  return (
    <FormDialog
      title={t.backfillTitle(stream.name)}
      titleId="ae-audit-stream-backfill-title"
      busy={submit.busy}
      error={submit.error}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t.backfill}
      busyLabel={t.backfilling}
      partName="audit-stream-backfill-dialog"
    >
      <p>{t.backfillBody}</p>
      <TextField
        label={t.from}
        type="date"
        partName="audit-stream-from"
        value={from}
        error={fieldError}
        onChange={(event) => {
          setFrom(event.target.value);
          setFieldError(null);
        }}
      />
      {queued !== null && (
        <div role="status" part="audit-stream-queued">
          {t.queued(queued)}
        </div>
      )}
    </FormDialog>
  );
}
