import { css } from '@emotion/react';
import { useState } from 'react';
import type { AuditStreamDto } from '../../../../core/contract/auditStreams';
import { auditStreams as t } from '../../../i18n/auditStreams.en';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { formatDateTime } from '../../../ui/formatDate';
import { LoadStatus } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { regionStyle, tableStyle } from '../../../ui/dataTableStyles';
import { useLoad } from '../../../ui/useListPage';
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

/** A stream's delivery log: the counts, then each attempt newest first (20 more at a time). */
export function StreamLogDialog({
  api,
  stream,
  onClose,
}: {
  api: AuditStreamsApi;
  stream: AuditStreamDto;
  onClose: () => void;
}) {
  const [count, setCount] = useState(PAGE);
  const log = useLoad(() => api.deliveries(stream.id, 0, count), [api, stream.id, count]);
  const data = log.load.status === 'ready' ? log.load.data : null;
  return (
    <Dialog
      title={t.logTitle(stream.name)}
      titleId="ae-audit-stream-log-title"
      size="large"
      onClose={onClose}
    >
      <LoadStatus load={log.load} failedText={t.loadFailed} onRetry={log.reload} />
      {data && (
        <>
          <p part="audit-stream-counts">{t.counts(data.pending, data.delivered, data.failed)}</p>
          {data.items.some((item) => !item.sent) && <p part="audit-stream-demo-note">{t.demoNote}</p>}
          {data.items.length === 0 ? (
            <p>{t.logEmpty}</p>
          ) : (
            <div css={regionStyle} role="region" aria-labelledby="ae-audit-stream-log-title" tabIndex={0}>
              <table css={tableStyle} part="audit-stream-log">
                <thead>
                  <tr>
                    <th scope="col">{t.logColumns.time}</th>
                    <th scope="col">{t.logColumns.event}</th>
                    <th scope="col">{t.logColumns.attempt}</th>
                    <th scope="col">{t.logColumns.result}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={item.id} part="audit-stream-attempt">
                      <td>{formatDateTime(item.createdAt, '')}</td>
                      <td>
                        <code>{item.eventId}</code>
                        {item.body && (
                          <details>
                            <summary>{t.body}</summary>
                            <pre css={bodyStyle}>{item.body}</pre>
                          </details>
                        )}
                      </td>
                      <td>{item.attempt}</td>
                      <td>
                        {!item.sent ? (
                          <Badge>{t.notSent}</Badge>
                        ) : item.ok ? (
                          <Badge tone="success">{t.delivered(item.status)}</Badge>
                        ) : (
                          <Badge tone="danger" title={item.response}>
                            {t.failedWith(item.status)}
                          </Badge>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <DialogFooter>
        {data && data.total > data.items.length && (
          <Button variant="secondary" onClick={() => setCount((n) => n + PAGE)}>
            {t.more}
          </Button>
        )}
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
