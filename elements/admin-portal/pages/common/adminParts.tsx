/**
 * Pieces the roles, groups and API-token pages share: the page's API module over the portal's
 * client, a load state with retry, the no-permission card, tables, a pager, and a confirmation
 * dialog. Everything here is in those pages' chunks, never in the sign-in page.
 */
import { css } from '@emotion/react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { HttpClient } from '../../../../core/api/http';
import { errorMessage } from '../../../../core/api/errors';
import { canReadPage, hasPermission, type PortalPageId } from '../../../../core/portal/pages';
import { selectUser } from '../../../../core/store/auth/authSlice';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { useAppSelector, useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { mutedStyle } from '../../../ui/styles';

const a = portalAdmin.common;

export const tableStyle = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '0.95em',
  'th, td': {
    textAlign: 'left',
    padding: '8px 6px',
    borderBottom: '1px solid #d0d7de',
    verticalAlign: 'top',
  },
  th: { fontWeight: 600, whiteSpace: 'nowrap' },
});
export const actionsStyle = css({
  display: 'flex',
  gap: '8px',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
});
export const rowActionsStyle = css({ display: 'inline-flex', gap: '8px', flexWrap: 'wrap' });
export const toolbarStyle = css({
  display: 'flex',
  gap: '12px',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
});
export const fieldsetStyle = css({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '6px',
  legend: { fontWeight: 600, marginBottom: '4px', padding: 0 },
});
export const scrollAreaStyle = css({
  maxHeight: '45vh',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
});
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
const pagerStyle = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '8px',
  flexWrap: 'wrap',
});

export const formatDate = (iso: string | null | undefined) =>
  iso ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso)) : a.never;

/** The signed-in user's permission keys and helpers over them. */
export function usePermissions() {
  const me = useAppSelector(selectUser);
  const held = useMemo(() => me?.permissions.map((p) => p.key) ?? [], [me]);
  return {
    me,
    held,
    can: (permission: string) => hasPermission(held, permission),
    canRead: (page: PortalPageId) => canReadPage(page, held),
  };
}

/** An API module of a page, over the portal's client (request source admin-portal). */
export function usePageApi<T>(factory: (http: HttpClient) => T): T {
  const app = useAuthApp();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the factory is a module-level function of the page; a new client only with a new app
  return useMemo(() => factory(app.services.api.portalHttp), [app]);
}

export type Load<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * Loads with `fetcher` whenever `deps` or a reload change; the last data stays on screen while
 * a reload runs. `reload()` is what every mutation calls (spec 001 §4 "Group mutations reload groups").
 */
export function useLoad<T>(fetcher: () => Promise<T>, deps: unknown[], enabled = true) {
  const [load, setLoad] = useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    setLoad((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    fetcher()
      .then((data) => {
        if (live) setLoad({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        if (live) setLoad({ status: 'error', message: errorMessage(error) });
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what the fetcher reads in deps (the fetcher itself is new each render)
  }, [...deps, attempt, enabled]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, setLoad, reload };
}

export function NoPermission({ title, titleId }: { title: string; titleId: string }) {
  return (
    <Card title={title} titleId={titleId}>
      <p css={mutedStyle} role="status">
        {enPortal.portal.noPermission}
      </p>
    </Card>
  );
}

/** Loading and error states of a list; the children render only when data is ready. */
export function LoadState<T>({
  load,
  failedText,
  onRetry,
  children,
}: {
  load: Load<T>;
  failedText: string;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (load.status === 'loading') return <Spinner label={en.common.loading} />;
  if (load.status === 'error') {
    return (
      <div>
        <Alert>{`${failedText} ${load.message}`}</Alert>
        <Button variant="secondary" onClick={onRetry}>
          {enPortal.portal.retry}
        </Button>
      </div>
    );
  }
  return <>{children(load.data)}</>;
}

export function Pager({
  label,
  page,
  pages,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} css={pagerStyle}>
      <Button
        variant="secondary"
        partName="previous-page"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        {a.previous}
      </Button>
      <span part="page-indicator">{a.page(page + 1, pages)}</span>
      <Button
        variant="secondary"
        partName="next-page"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      >
        {a.next}
      </Button>
    </nav>
  );
}

/** The state of a dialog's submit: busy while the call runs, its error shown in the dialog. */
export function useSubmit() {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const run = useCallback(async (action: () => Promise<void>) => {
    setState({ busy: true, error: null });
    try {
      await action();
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  }, []);
  return { ...state, run, setError: (error: string | null) => setState({ busy: false, error }) };
}

/** A delete confirmation: loading while the call runs, then closed (spec 001 §2 dialog states). */
export function ConfirmDeleteDialog({
  title,
  titleId,
  body,
  onClose,
  onConfirm,
}: {
  title: string;
  titleId: string;
  body: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const submit = useSubmit();
  return (
    <Dialog title={title} titleId={titleId} onClose={submit.busy ? () => {} : onClose}>
      {submit.error && <Alert>{submit.error}</Alert>}
      <p>{body}</p>
      <div css={actionsStyle}>
        <Button variant="secondary" onClick={onClose} disabled={submit.busy}>
          {a.cancel}
        </Button>
        <Button
          partName="confirm-button"
          loading={submit.busy}
          loadingLabel={a.deleting}
          onClick={() => submit.run(onConfirm)}
        >
          {a.delete}
        </Button>
      </div>
    </Dialog>
  );
}
