import { useEffect, useMemo, useRef, useState } from 'react';
import { canReadPage, hasPermission } from '../../../../core/portal/pages';
import { selectAuth } from '../../../../core/store/auth/authSlice';
import { createSubAccountsApi, type SubAccount, type SubAccountSort } from '../../../../core/tenants/api';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { refreshSession } from '../../../../core/store/auth/thunks';
import { useAppDispatch, useAppSelector, useAuthApp } from '../../../shared/AppContext';
import { Button } from '../../../ui/Button';
import { Page, sectionStyle, toolbarStyle } from '../../../ui/Page';
import { useSettled } from '../../../ui/useListPage';
import { TextField } from '../../../ui/TextField';
import type { PortalPageProps } from '../../shell/PortalShell';
import { NoPermission } from '../common/adminParts';
import { AccountBranch } from './AccountBranch';
import { DeleteAccountDialog, RenameAccountDialog } from './AccountDialogs';
import { AccountUsersDialog } from './AccountUsersDialog';
import { useAccountTree } from './useAccountTree';
import { AddAccountDialog } from './AddAccountDialog';
import { AccountSort } from './AccountSort';
import { ROOT, t } from './accountsParts';

const m = portalAdmin.subAccounts;

type DialogState = { kind: 'users' | 'rename' | 'delete'; account: SubAccount } | { kind: 'add' } | null;

/**
 * All accounts / sub-accounts (spec 001 §2 allAccounts, §3 Tenant, §7 hierarchy calls): the tree of
 * accounts below the active one, children loaded when a branch opens; a name search over the whole
 * tree; a sort (name, date created, id; spec 001 §3 "Tenant sort fields"); "load more" pages of 50
 * deduplicated by tenantId; each account's users with their roles there and their access allowed or
 * denied; a writer renames and deletes accounts (the delete asked first; focus then goes to the
 * status line that says so).
 */
export default function AllAccountsPage(_props: PortalPageProps) {
  const app = useAuthApp();
  const dispatch = useAppDispatch();
  const { user: me, activeTenant } = useAppSelector(selectAuth);
  const held = me?.permissions.map((p) => p.key) ?? [];
  const allowed = canReadPage('allAccounts', held);
  const canWrite = hasPermission(held, 'fe.account-hierarchy.write.subAccount');
  const api = useMemo(
    () => createSubAccountsApi((app.services.http ?? fail()).withRequestSource('admin-portal')),
    [app],
  );
  const [search, setSearch] = useState('');
  const [sortBy, setSortBy] = useState<SubAccountSort['sortBy']>('name');
  const [order, setOrder] = useState<SubAccountSort['order']>('ASC');
  const sort = useMemo(() => ({ sortBy, order }), [sortBy, order]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [notice, setNotice] = useState<{ text: string; focus: boolean } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const filter = useSettled(search.trim());
  const tree = useAccountTree(api, filter, allowed, sort);

  // After the dialog closed (its clean-up gave focus back to a button that may be gone): the notice.
  useEffect(() => {
    if (!dialog && notice?.focus) noticeRef.current?.focus();
  }, [dialog, notice]);

  if (!allowed) {
    return <NoPermission title={enPortal.portal.pageTitles.allAccounts} titleId="ae-portal-accounts-title" />;
  }

  const known = Object.values(tree.branches).flatMap((b) => b.items);
  const branchOf = (account: SubAccount) =>
    filter || !account.parentTenantId || account.parentTenantId === activeTenant?.tenantId
      ? ROOT
      : account.parentTenantId;
  const done = (text: string, account: SubAccount, focus: boolean) => {
    setDialog(null);
    setNotice({ text, focus });
    tree.reload(branchOf(account));
  };
  return (
    <Page
      title={enPortal.portal.pageTitles.allAccounts}
      titleId="ae-portal-accounts-title"
      description={t.intro}
      actions={
        canWrite && (
          <Button partName="add-account" onClick={() => setDialog({ kind: 'add' })}>
            {t.add}
          </Button>
        )
      }
    >
      <div css={toolbarStyle}>
        <TextField
          label={t.search}
          type="search"
          value={search}
          maxLength={100}
          partName="accounts-search"
          onChange={(event) => setSearch(event.target.value)}
        />
        <AccountSort sortBy={sortBy} order={order} onSortBy={setSortBy} onOrder={setOrder} />
      </div>
      {notice && (
        <p role="status" tabIndex={-1} ref={noticeRef} part="accounts-notice">
          {notice.text}
        </p>
      )}
      <div css={sectionStyle}>
        <AccountBranch
          tree={tree}
          branchKey={ROOT}
          depth={0}
          filter={filter}
          onOpenUsers={(account) => setDialog({ kind: 'users', account })}
          onManage={canWrite ? (kind, account) => setDialog({ kind, account }) : undefined}
        />
      </div>
      {dialog?.kind === 'users' && (
        <AccountUsersDialog
          api={api}
          account={dialog.account}
          canWrite={canWrite}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <RenameAccountDialog
          api={api}
          account={dialog.account}
          onClose={() => setDialog(null)}
          onRenamed={(name) => done(m.renamed(name), dialog.account, false)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteAccountDialog
          api={api}
          account={dialog.account}
          onClose={() => setDialog(null)}
          onDeleted={() => done(m.deleted(dialog.account.name), dialog.account, true)}
        />
      )}
      {dialog?.kind === 'add' && (
        <AddAccountDialog
          api={api}
          parents={[{ tenantId: activeTenant?.tenantId ?? '', name: activeTenant?.name ?? '' }, ...known]}
          onClose={() => setDialog(null)}
          onCreated={(account) => {
            setDialog(null);
            const parent = account.parentTenantId ?? '';
            tree.reload(parent === activeTenant?.tenantId ? ROOT : parent);
            // The creator is a member of the new account: reload the session so the tenant switcher lists it.
            void dispatch(refreshSession());
          }}
        />
      )}
    </Page>
  );
}

function fail(): never {
  throw new Error('The portal needs the app HTTP client');
}
