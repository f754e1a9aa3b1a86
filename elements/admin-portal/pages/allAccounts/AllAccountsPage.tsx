import { css } from '@emotion/react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../core/api/errors';
import type { AssignableRole } from '../../../../core/api/team';
import { canReadPage, hasPermission } from '../../../../core/portal/pages';
import { selectAuth } from '../../../../core/store/auth/authSlice';
import { createSubAccountsApi, type SubAccount, type SubAccountUser } from '../../../../core/tenants/api';
import { appendPage, subAccountRoleIds } from '../../../../core/tenants/rules';
import { en } from '../../../i18n/en';
import { enPortal } from '../../../i18n/en-portal';
import { refreshSession } from '../../../../core/store/auth/thunks';
import { useAppDispatch, useAppSelector, useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/SelectField';
import { LoadFailed, Page, sectionStyle, stackListStyle, toolbarStyle } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import { useSettled } from '../../../ui/useListPage';
import { useActions, useSubmit } from '../../../ui/useSubmit';
import { TextField } from '../../../ui/TextField';
import { focusRing, formStyle, mutedStyle } from '../../../ui/styles';
import type { PortalPageProps } from '../../shell/PortalShell';
import { NoPermission, portalApis } from '../common/adminParts';

const t = enPortal.portal.subAccounts;
/** The list of the root (or of a search) is stored under this key; a sub-account's children under its tenantId. */
const ROOT = '';

const listStyle = stackListStyle(4);
const nestedStyle = css(listStyle, {
  margin: '4px 0 0 20px',
  padding: '0 0 0 10px',
  borderLeft: '2px solid var(--ae-color-divider)',
});
const rowStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '8px',
  flexWrap: 'wrap',
  padding: '4px 0',
});
const toggleStyle = css({
  font: 'inherit',
  width: '1.8em',
  height: '1.8em',
  border: '1px solid var(--ae-color-border)',
  borderRadius: '4px',
  background: 'none',
  cursor: 'pointer',
  color: 'inherit',
  ...focusRing(1),
});

interface Branch {
  items: SubAccount[];
  next: string;
  status: 'loading' | 'ready' | 'error';
  error?: string;
}

/**
 * All accounts / sub-accounts (spec 001 §2 allAccounts, §3 Tenant, §7 hierarchy calls): the tree of
 * accounts below the active one, children loaded when a branch opens; a name search over the whole
 * tree; "load more" pages of 50 deduplicated by tenantId; each account's users with their roles
 * there and their access allowed or denied.
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
  const [branches, setBranches] = useState<Record<string, Branch>>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<{ kind: 'users'; account: SubAccount } | { kind: 'add' } | null>(null);
  const generation = useRef(0);

  const filter = useSettled(search.trim());

  /** Loads the first page of a branch, or its next page from `link`; later answers of an older search are dropped. */
  const load = useCallback(
    async (key: string, link?: string) => {
      const mine = generation.current;
      setBranches((b) => ({
        ...b,
        [key]: { items: b[key]?.items ?? [], next: b[key]?.next ?? '', status: 'loading' },
      }));
      try {
        const page = link
          ? await api.next(link)
          : await api.search(key === ROOT ? { filter } : { subTenantId: key });
        if (mine !== generation.current) return;
        setBranches((b) => ({
          ...b,
          [key]: {
            items: appendPage(link ? (b[key]?.items ?? []) : [], page.items),
            next: page._links.next,
            status: 'ready',
          },
        }));
      } catch (error) {
        if (mine !== generation.current) return;
        setBranches((b) => ({
          ...b,
          [key]: {
            items: b[key]?.items ?? [],
            next: b[key]?.next ?? '',
            status: 'error',
            error: errorMessage(error),
          },
        }));
      }
    },
    [api, filter],
  );

  useEffect(() => {
    if (!allowed) return;
    generation.current += 1;
    setBranches({});
    setExpanded(new Set());
    void load(ROOT);
  }, [allowed, load]);

  if (!allowed) {
    return <NoPermission title={enPortal.portal.pageTitles.allAccounts} titleId="ae-portal-accounts-title" />;
  }

  const toggle = (account: SubAccount) => {
    const open = !expanded.has(account.tenantId);
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(account.tenantId);
      else next.delete(account.tenantId);
      return next;
    });
    if (open && !branches[account.tenantId]) void load(account.tenantId);
  };

  const renderBranch = (key: string, depth: number) => {
    const branch = branches[key];
    if (!branch) return null;
    const searching = key === ROOT && filter !== '';
    return (
      <>
        {branch.items.length > 0 && (
          <ul css={depth === 0 ? listStyle : nestedStyle} part="accounts-list">
            {branch.items.map((account) => (
              <li key={account.tenantId} part="account-item">
                <div css={rowStyle}>
                  {!searching && account.numberOfChildren > 0 ? (
                    <button
                      type="button"
                      css={toggleStyle}
                      part="account-toggle"
                      aria-expanded={expanded.has(account.tenantId)}
                      aria-label={
                        expanded.has(account.tenantId) ? t.collapse(account.name) : t.expand(account.name)
                      }
                      onClick={() => toggle(account)}
                    >
                      {expanded.has(account.tenantId) ? '−' : '+'}
                    </button>
                  ) : (
                    <span style={{ width: '1.8em' }} aria-hidden="true" />
                  )}
                  <span part="account-name" style={{ fontWeight: 600 }}>
                    {account.name}
                  </span>
                  <span css={mutedStyle}>{t.users(account.numberOfUsers)}</span>
                  <Button
                    variant="link"
                    partName="account-users"
                    aria-label={t.open(account.name)}
                    onClick={() => setDialog({ kind: 'users', account })}
                  >
                    {enPortal.portal.pageTitles.users}
                  </Button>
                </div>
                {!searching && expanded.has(account.tenantId) && renderBranch(account.tenantId, depth + 1)}
              </li>
            ))}
          </ul>
        )}
        {branch.status === 'ready' && branch.items.length === 0 && depth === 0 && (
          <p part="accounts-empty">{filter ? t.noMatch : t.empty}</p>
        )}
        {branch.status === 'loading' && <Spinner label={en.common.loading} />}
        {branch.status === 'error' && (
          <LoadFailed text={`${t.loadFailed} ${branch.error ?? ''}`} onRetry={() => void load(key)} />
        )}
        {branch.status === 'ready' && branch.next && (
          <Button
            variant="secondary"
            partName="load-more"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => void load(key, branch.next)}
          >
            {t.loadMore}
          </Button>
        )}
      </>
    );
  };

  const known = Object.values(branches).flatMap((b) => b.items);
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
      </div>
      <div css={sectionStyle}>{renderBranch(ROOT, 0)}</div>
      {dialog?.kind === 'users' && (
        <AccountUsersDialog
          api={api}
          account={dialog.account}
          canWrite={canWrite}
          onClose={() => setDialog(null)}
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
            const key = parent === activeTenant?.tenantId ? ROOT : parent;
            generation.current += 1;
            void load(key);
            if (key !== ROOT) setExpanded((current) => new Set(current).add(key));
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

type Api = ReturnType<typeof createSubAccountsApi>;

function AddAccountDialog({
  api,
  parents,
  onClose,
  onCreated,
}: {
  api: Api;
  parents: Array<{ tenantId: string; name: string }>;
  onClose: () => void;
  onCreated: (account: SubAccount) => void;
}) {
  const [name, setName] = useState('');
  const [parent, setParent] = useState(parents[0]?.tenantId ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = useSubmit();
  const nameRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submit.busy) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setFieldError(t.nameRequired);
      return nameRef.current?.focus();
    }
    if (trimmed.length > 100) {
      setFieldError(enPortal.portal.tooLong(100));
      return nameRef.current?.focus();
    }
    setFieldError(null);
    await submit.run(async () => onCreated(await api.create({ name: trimmed, parentTenantId: parent })));
  }

  return (
    <Dialog title={t.addTitle} titleId="ae-add-account-title" onClose={onClose}>
      <form noValidate onSubmit={onSubmit} css={formStyle} part="form add-account">
        {submit.error && <Alert>{submit.error}</Alert>}
        <TextField
          ref={nameRef}
          label={t.name}
          value={name}
          required
          maxLength={100}
          error={fieldError}
          partName="account-name-input"
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField
          label={t.parent}
          value={parent}
          partName="account-parent"
          onChange={(event) => setParent(event.target.value)}
          options={parents
            .filter((p, i, all) => all.findIndex((q) => q.tenantId === p.tenantId) === i)
            .map((p) => ({ value: p.tenantId, label: p.name }))}
        />
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" partName="create-account" loading={submit.busy} loadingLabel={t.creating}>
            {t.create}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Adds a member of the caller's account to the sub-account (POST sub-tenants/v1/{id}/users: email,
 * roleIds, allowSubAccountAccess), with access allowed so they can switch into it.
 */
function AddAccountUserForm({
  roles,
  onAdd,
}: {
  roles: AssignableRole[];
  onAdd: (body: { email: string; roleIds: string[]; allowSubAccountAccess: boolean }) => Promise<void>;
}) {
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [added, setAdded] = useState<string | null>(null);
  const submit = useSubmit();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    setAdded(null);
    if (!address) {
      setFieldError(t.addUserEmailRequired);
      return;
    }
    void submit.run(async () => {
      await onAdd({ email: address, roleIds: roleId ? [roleId] : [], allowSubAccountAccess: true });
      setEmail('');
      setAdded(t.userAdded(address));
    });
  }
  return (
    <form css={formStyle} onSubmit={onSubmit} noValidate part="add-account-user">
      <strong>{t.addUserTitle}</strong>
      {submit.error && <Alert>{submit.error}</Alert>}
      <div css={rowStyle}>
        <div style={{ flex: '2 1 200px' }}>
          <TextField
            label={t.addUserEmail}
            type="email"
            autoComplete="off"
            partName="add-account-user-email"
            value={email}
            error={fieldError}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(undefined);
            }}
          />
        </div>
        <div style={{ flex: '1 1 140px' }}>
          <SelectField
            label={t.addUserRole}
            partName="add-account-user-role"
            value={roleId}
            options={[{ value: '', label: t.noRole }, ...roles.map((r) => ({ value: r.id, label: r.name }))]}
            onChange={(event) => setRoleId(event.target.value)}
          />
        </div>
      </div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, alignItems: 'center' }}>
        {added && (
          <span role="status" css={mutedStyle}>
            {added}
          </span>
        )}
        <Button
          type="submit"
          variant="secondary"
          partName="add-account-user-button"
          loading={submit.busy}
          loadingLabel={t.addingUser}
        >
          {t.addUser}
        </Button>
      </div>
    </form>
  );
}

type UsersLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: SubAccountUser[]; total: number };

/** A sub-account's users (10 a page), their role there and their access, changed one at a time. */
function AccountUsersDialog({
  api,
  account,
  canWrite,
  onClose,
}: {
  api: Api;
  account: SubAccount;
  canWrite: boolean;
  onClose: () => void;
}) {
  const app = useAuthApp();
  const [load, setLoad] = useState<UsersLoad>({ status: 'loading' });
  const [roles, setRoles] = useState<AssignableRole[]>([]);
  const changes = useActions();
  const { busy, error } = changes;

  const fetchPage = useCallback(
    async (offset: number) => {
      try {
        const page = await api.users(account.tenantId, offset);
        setLoad((current) => ({
          status: 'ready',
          // A member who joined between two pages could come twice: keep the first copy.
          items: [...(offset > 0 && current.status === 'ready' ? current.items : []), ...page.items].filter(
            (u, i, all) => all.findIndex((x) => x.id === u.id) === i,
          ),
          total: page._metadata.totalItems,
        }));
      } catch (failure) {
        setLoad({ status: 'error', message: errorMessage(failure) });
      }
    },
    [api, account.tenantId],
  );

  useEffect(() => {
    void fetchPage(0);
    if (canWrite)
      portalApis(app)
        .team.listRoles()
        .then(setRoles)
        .catch(() => setRoles([]));
  }, [app, canWrite, fetchPage]);

  const replace = (user: SubAccountUser) =>
    setLoad((current) =>
      current.status === 'ready'
        ? { ...current, items: current.items.map((u) => (u.id === user.id ? user : u)) }
        : current,
    );

  // Controls stay enabled while a change is saved (disabling them would drop the keyboard focus out
  // of the dialog); a second change of the same member waits for the first.
  async function change(user: SubAccountUser, action: () => Promise<SubAccountUser>) {
    if (busy === user.id) return;
    await changes.run(user.id, async () => replace(await action()));
  }

  return (
    <Dialog title={t.usersTitle(account.name)} titleId="ae-account-users-title" onClose={onClose}>
      {canWrite && (
        <AddAccountUserForm
          roles={roles}
          onAdd={async (body) => {
            await api.addUser(account.tenantId, body);
            await fetchPage(0);
          }}
        />
      )}
      {error && <Alert>{error}</Alert>}
      {load.status === 'loading' && <Spinner label={en.common.loading} />}
      {load.status === 'error' && <Alert>{`${t.loadFailed} ${load.message}`}</Alert>}
      {load.status === 'ready' && load.items.length === 0 && <p part="account-users-empty">{t.noUsers}</p>}
      {load.status === 'ready' && load.items.length > 0 && (
        <ul css={listStyle} part="account-users">
          {load.items.map((user) => {
            const roleId = user.roles[0]?.id ?? '';
            return (
              <li
                key={user.id}
                part="account-user"
                style={{ borderBottom: '1px solid var(--ae-color-divider)', paddingBottom: 8 }}
              >
                <div style={{ fontWeight: 600 }}>{user.name}</div>
                <div css={mutedStyle}>{user.email}</div>
                {canWrite ? (
                  <div css={rowStyle}>
                    <div style={{ flex: '1 1 160px' }}>
                      <SelectField
                        label={t.rolesOf(user.name)}
                        value={roleId}
                        partName="account-user-role"
                        aria-busy={busy === user.id || undefined}
                        options={[
                          { value: '', label: t.noRole },
                          ...roles.map((r) => ({ value: r.id, label: r.name })),
                          ...user.roles
                            .filter((r) => !roles.some((x) => x.id === r.id))
                            .map((r) => ({ value: r.id, label: r.name ?? r.key })),
                        ]}
                        onChange={(event) => {
                          const next = event.target.value ? [event.target.value] : [];
                          void change(user, async () => {
                            await api.setRoles(
                              account.tenantId,
                              user.id,
                              subAccountRoleIds(
                                user.roles.map((r) => r.id),
                                next,
                              ),
                            );
                            return {
                              ...user,
                              roles: roles
                                .filter((r) => next.includes(r.id))
                                .map((r) => ({ id: r.id, key: r.key, name: r.name })),
                            };
                          });
                        }}
                      />
                    </div>
                    {/* "Access" starts the name ("Access for Ada"); aria-checked is the state the text shows. */}
                    <Switch
                      checked={user.subAccountAccessAllowed}
                      stateText={user.subAccountAccessAllowed ? t.allowed : t.denied}
                      partName="account-user-access"
                      aria-busy={busy === user.id || undefined}
                      aria-label={t.accessFor(user.name)}
                      onClick={() =>
                        void change(user, async () => {
                          const answer = await api.setAccess(
                            account.tenantId,
                            user.id,
                            !user.subAccountAccessAllowed,
                          );
                          return { ...user, subAccountAccessAllowed: answer.allowAccess };
                        })
                      }
                    >
                      {t.access}
                    </Switch>
                  </div>
                ) : (
                  <div
                    css={mutedStyle}
                  >{`${user.roles.map((r) => r.name ?? r.key).join(', ') || t.noRole} · ${t.access}: ${user.subAccountAccessAllowed ? t.allowed : t.denied}`}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {load.status === 'ready' && load.items.length < load.total && (
        <Button
          variant="secondary"
          partName="load-more-users"
          onClick={() => void fetchPage(load.items.length)}
        >
          {t.loadMoreUsers}
        </Button>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="secondary" partName="close-dialog" onClick={onClose}>
          {t.close}
        </Button>
      </div>
    </Dialog>
  );
}
