import { useEffect, useState, type FormEvent } from 'react';
import {
  createApiTokensApi,
  expiryFromDays,
  MAX_TOKEN_EXPIRY_DAYS,
  type ApiToken,
  type ApiTokenKind,
  type ApiTokensApi,
  type CreatedApiToken,
} from '../../../../core/portal/apiTokensApi';
import type { AssignableRole } from '../../../../core/api/team';
import { createTokenThenReveal, prependToken } from '../../../../core/portal/apiTokenCreation';
import type { PortalPageId } from '../../../../core/portal/pages';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { CopyField } from '../../../ui/CopyField';
import { DataTable, type Column } from '../../../ui/DataTable';
import { Dialog, DialogFooter } from '../../../ui/Dialog';
import { DialogActions } from '../../../ui/ConfirmDialog';
import { formatDate } from '../../../ui/formatDate';
import { Page } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { formStyle } from '../../../ui/styles';
import { listData, useListPage } from '../../../ui/useListPage';
import { useSubmit } from '../../../ui/useSubmit';
import { fieldsetStyle, NoPermission, portalApis, usePageApi, usePermissions } from '../common/adminParts';

const t = portalAdmin.apiTokens;
const a = portalAdmin.common;
const PAGE: Record<ApiTokenKind, { page: PortalPageId; resource: string; intro: string }> = {
  personal: { page: 'personalApiTokens', resource: 'userApiTokens', intro: t.introPersonal },
  tenant: { page: 'apiTokens', resource: 'tenantApiTokens', intro: t.introTenant },
};

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Personal or tenant API tokens (spec 001 §2, §4, §5, §7): the list, the add dialog (expiry in
 * days, sent in minutes, empty for never), the success dialog that shows the secret once (and the
 * client id of legacy tokens), and the delete dialog.
 */
export function ApiTokensPage({ kind }: { kind: ApiTokenKind }) {
  const { page, resource, intro } = PAGE[kind];
  const api = usePageApi((http) => createApiTokensApi(http, kind));
  const { can, canRead } = usePermissions();
  const allowed = canRead(page);
  const canWrite = can(`fe.secure.write.${resource}`);
  const canDelete = can(`fe.secure.delete.${resource}`);
  const tokens = useListPage<ApiToken>({
    fetch: () => api.list().then(listData),
    deps: [api],
    enabled: allowed,
  });
  const [dialog, setDialog] = useState<
    { kind: 'add' } | { kind: 'created'; token: CreatedApiToken } | { kind: 'delete'; token: ApiToken } | null
  >(null);
  const [roles, setRoles] = useState<AssignableRole[]>([]);
  const app = useAuthApp();
  const titleId = `ae-portal-${page}-title`;
  const title = enPortal.portal.pageTitles[page];

  // Tenant tokens show and take roles; the names come from the roles the account offers.
  useEffect(() => {
    if (kind !== 'tenant' || !allowed) return;
    portalApis(app)
      .team.listRoles()
      .then(setRoles)
      .catch(() => setRoles([]));
  }, [app, kind, allowed]);

  if (!allowed) return <NoPermission title={title} titleId={titleId} />;
  const roleName = new Map(roles.map((r) => [r.id, r.name]));

  const columns: Array<Column<ApiToken>> = [
    { id: 'description', header: t.columns.description, cell: (token) => token.description },
    {
      id: 'clientId',
      header: t.columns.clientId,
      cell: (token) => <code>{token.clientId ?? token.id}</code>,
    },
    ...(kind === 'tenant'
      ? [
          {
            id: 'roles',
            header: t.columns.roles,
            cell: (token: ApiToken) =>
              (token.roleIds ?? []).map((id) => roleName.get(id) ?? id).join(', ') || a.none,
          },
        ]
      : []),
    {
      id: 'createdAt',
      header: t.columns.createdAt,
      nowrap: true,
      cell: (x) => formatDate(x.createdAt, a.never),
    },
    { id: 'expires', header: t.columns.expires, nowrap: true, cell: (x) => formatDate(x.expires, t.never) },
    {
      id: 'lastUsed',
      header: t.columns.lastUsed,
      nowrap: true,
      cell: (x) => formatDate(x.lastUsedAt, a.never),
    },
  ];

  return (
    <Page
      title={title}
      titleId={titleId}
      description={intro}
      actions={
        canWrite && (
          <Button partName="add-token" onClick={() => setDialog({ kind: 'add' })}>
            {t.add}
          </Button>
        )
      }
    >
      <DataTable
        caption={title}
        columns={columns}
        load={tokens.load}
        rowKey={(token) => token.id}
        rowLabel={(token) => token.description}
        rowActions={
          canDelete
            ? (token) => [
                {
                  label: a.delete,
                  ariaLabel: t.deleteOf(token.description),
                  part: 'delete-token',
                  danger: true,
                  onSelect: () => setDialog({ kind: 'delete', token }),
                },
              ]
            : undefined
        }
        tablePart="tokens-table"
        rowPart="token-row"
        empty={<p>{t.empty}</p>}
        failedText={t.loadFailed}
        onRetry={tokens.reload}
        total={{ text: t.total, part: 'tokens-total' }}
      />

      {dialog?.kind === 'add' && (
        <AddTokenDialog
          api={api}
          kind={kind}
          roles={roles}
          onClose={() => setDialog(null)}
          onCreated={(created) => {
            tokens.update((data) => listData(prependToken(data.items, created)));
            setDialog({ kind: 'created', token: created });
          }}
          onCloseAfterCreate={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'created' && (
        <TokenCreatedDialog token={dialog.token} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t.deleteTitle}
          titleId="ae-delete-token-title"
          body={t.deleteBody(dialog.token.description)}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await api.remove(dialog.token.id);
            setDialog(null);
            tokens.reload();
          }}
        />
      )}
    </Page>
  );
}

/** Description, expiry in days, and (tenant tokens) roles. */
function AddTokenDialog({
  api,
  kind,
  roles,
  onClose,
  onCreated,
  onCloseAfterCreate,
}: {
  api: ApiTokensApi;
  kind: ApiTokenKind;
  roles: AssignableRole[];
  onClose: () => void;
  onCreated: (token: CreatedApiToken) => void;
  onCloseAfterCreate: () => void;
}) {
  const [description, setDescription] = useState('');
  const [days, setDays] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<{ description?: string; days?: string }>({});
  const submit = useSubmit();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!description.trim()) found.description = t.descriptionRequired;
    else if (description.trim().length > 200) found.description = t.tooLong(200);
    const expiry = expiryFromDays(days);
    if (!expiry.ok)
      found.days = expiry.error === 'tooLong' ? t.expiryTooLong(MAX_TOKEN_EXPIRY_DAYS) : t.expiryInvalid;
    setErrors(found);
    if (!expiry.ok || Object.keys(found).length) return;
    void submit.run(async () => {
      await createTokenThenReveal({
        create: () =>
          api.create({ description, expiresInMinutes: expiry.expiresInMinutes, roleIds: [...chosen] }),
        closeDialog: onCloseAfterCreate,
        wait,
        reveal: onCreated,
      });
    });
  }

  return (
    <Dialog title={t.addTitle} titleId="ae-add-token-title" busy={submit.busy} onClose={onClose}>
      <form css={formStyle} onSubmit={onSubmit} noValidate>
        {submit.error && <Alert>{submit.error}</Alert>}
        <TextField
          label={t.description}
          value={description}
          maxLength={400}
          partName="token-description"
          error={errors.description}
          autoComplete="off"
          onChange={(e) => setDescription(e.target.value)}
        />
        <TextField
          label={t.expiry}
          value={days}
          inputMode="numeric"
          maxLength={10}
          partName="token-expiry"
          hint={t.expiryHint}
          error={errors.days}
          onChange={(e) => setDays(e.target.value)}
        />
        {kind === 'tenant' && (
          <fieldset css={fieldsetStyle} part="roles-choice">
            <legend>{t.rolesLegend}</legend>
            {roles.map((role) => (
              <label key={role.id}>
                <input
                  type="checkbox"
                  checked={chosen.has(role.id)}
                  disabled={submit.busy}
                  onChange={() =>
                    setChosen((c) => {
                      const n = new Set(c);
                      if (n.has(role.id)) n.delete(role.id);
                      else n.add(role.id);
                      return n;
                    })
                  }
                />{' '}
                {role.name}
              </label>
            ))}
          </fieldset>
        )}
        <DialogActions onCancel={onClose} busy={submit.busy} busyLabel={t.creating}>
          {t.create}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Shows the secret once (and the client id of legacy tokens), with copy buttons. */
function TokenCreatedDialog({ token, onClose }: { token: CreatedApiToken; onClose: () => void }) {
  return (
    <Dialog title={t.successTitle} titleId="ae-token-created-title" size="medium" onClose={onClose}>
      <p>{t.successBody}</p>
      {token.clientId && (
        <CopyField
          label={t.clientId}
          value={token.clientId}
          copyLabel={t.copyClientId}
          partName="token-client-id"
        />
      )}
      <CopyField label={t.secret} value={token.secret} copyLabel={t.copySecret} partName="token-secret" />
      <DialogFooter>
        <Button partName="done-button" onClick={onClose}>
          {t.done}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
