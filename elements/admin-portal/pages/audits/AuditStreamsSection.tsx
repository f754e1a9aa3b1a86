import { useState } from 'react';
import type { AuditStreamDto } from '../../../../core/contract/auditStreams';
import { auditStreams as t } from '../../../i18n/auditStreams.en';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { SecretDialog } from '../../../ui/CopyField';
import { formatDateTime } from '../../../ui/formatDate';
import { LoadStatus, Section } from '../../../ui/Page';
import { RowActions } from '../../../ui/RowActions';
import { visuallyHiddenStyle } from '../../../ui/Skeleton';
import { actionsCellStyle, regionStyle, tableStyle } from '../../../ui/dataTableStyles';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useLoad } from '../../../ui/useListPage';
import { useActions } from '../../../ui/useSubmit';
import { usePageApi } from '../common/adminParts';
import { AddStreamDialog } from './AddStreamDialog';
import { createAuditStreamsApi } from './auditStreamsApi';
import { BackfillDialog, StreamLogDialog } from './StreamLogDialog';

const TITLE_ID = 'ae-audit-streams-title';

type Open =
  | { kind: 'add' }
  | { kind: 'secret'; secret: string }
  | { kind: 'log' | 'backfill'; stream: AuditStreamDto }
  | null;

/**
 * The audit log page's streams (issue 28 item 16): the account's streams with their state (and
 * since when one fails), adding one (its signing secret shown once), pausing and resuming, the
 * delivery log, a back-fill from a date, and deleting. Same permission as the page: reading the
 * audit log (docs/contract.md "Audit streams").
 */
export function AuditStreamsSection() {
  const api = usePageApi(createAuditStreamsApi);
  const streams = useLoad(() => api.list(), [api]);
  const [open, setOpen] = useState<Open>(null);
  const actions = useActions();
  const remove = useConfirmAction<AuditStreamDto>({
    run: (stream) => api.remove(stream.id),
    done: streams.reload,
    title: t.removeTitle,
    titleId: 'ae-audit-stream-remove-title',
    body: (stream) => t.removeBody(stream.name),
    confirmLabel: t.remove,
    busyLabel: t.removing,
    menu: {
      label: t.remove,
      ariaLabel: (stream) => `${t.remove} ${stream.name}`,
      part: 'audit-stream-delete',
    },
  });
  const toggle = (stream: AuditStreamDto) =>
    void actions.run(stream.id, async () => {
      await (stream.state === 'active' ? api.pause(stream.id) : api.resume(stream.id));
      streams.reload();
    });
  const items = streams.load.status === 'ready' ? streams.load.data : null;

  return (
    <Section titleId={TITLE_ID} title={t.title} intro={t.intro} partName="audit-streams">
      <div>
        <Button variant="secondary" partName="audit-stream-add" onClick={() => setOpen({ kind: 'add' })}>
          {t.add}
        </Button>
      </div>
      {actions.error && <Alert>{actions.error}</Alert>}
      <LoadStatus load={streams.load} failedText={t.loadFailed} onRetry={streams.reload} />
      {items && items.length === 0 && <p part="audit-streams-empty">{t.empty}</p>}
      {items && items.length > 0 && (
        <div css={regionStyle} role="region" aria-label={t.list} tabIndex={0}>
          <table css={tableStyle} part="audit-streams-table">
            <caption css={visuallyHiddenStyle}>{t.title}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.name}</th>
                <th scope="col">{t.columns.url}</th>
                <th scope="col">{t.columns.format}</th>
                <th scope="col">{t.columns.state}</th>
                <th scope="col" css={actionsCellStyle}>
                  <span css={visuallyHiddenStyle}>{t.actionsColumn}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((stream) => (
                <tr key={stream.id} part="audit-stream-row">
                  <th scope="row">{stream.name}</th>
                  <td>
                    <code>{stream.url}</code>
                  </td>
                  <td>{t.formats[stream.format] ?? stream.format}</td>
                  <td>
                    <Badge tone={stream.state === 'active' ? 'success' : 'neutral'}>
                      {t.states[stream.state]}
                    </Badge>{' '}
                    {stream.failingSince && (
                      <Badge tone="danger">{t.failing(formatDateTime(stream.failingSince, ''))}</Badge>
                    )}
                  </td>
                  <td css={actionsCellStyle}>
                    <RowActions
                      label={t.actions(stream.name)}
                      actions={[
                        {
                          label: stream.state === 'active' ? t.pause : t.resume,
                          ariaLabel: `${stream.state === 'active' ? t.pause : t.resume} ${stream.name}`,
                          part: stream.state === 'active' ? 'audit-stream-pause' : 'audit-stream-resume',
                          busy: actions.busy === stream.id,
                          onSelect: () => toggle(stream),
                        },
                        {
                          label: t.log,
                          ariaLabel: `${t.log} ${stream.name}`,
                          part: 'audit-stream-log',
                          onSelect: () => setOpen({ kind: 'log', stream }),
                        },
                        {
                          label: t.backfill,
                          ariaLabel: `${t.backfill} ${stream.name}`,
                          part: 'audit-stream-backfill',
                          onSelect: () => setOpen({ kind: 'backfill', stream }),
                        },
                        remove.rowAction(stream),
                      ]}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open?.kind === 'add' && (
        <AddStreamDialog
          api={api}
          onClose={() => setOpen(null)}
          onAdded={(created) => {
            streams.reload();
            setOpen({ kind: 'secret', secret: created.signingSecret });
          }}
        />
      )}
      {open?.kind === 'secret' && (
        <SecretDialog
          title={t.secretTitle}
          titleId="ae-audit-stream-secret-title"
          body={t.secretBody}
          fields={[
            { label: t.secret, value: open.secret, copyLabel: t.copySecret, partName: 'audit-stream-secret' },
          ]}
          doneLabel={t.done}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'log' && (
        <StreamLogDialog api={api} stream={open.stream} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'backfill' && (
        <BackfillDialog api={api} stream={open.stream} onClose={() => setOpen(null)} />
      )}
      {remove.dialog}
    </Section>
  );
}
