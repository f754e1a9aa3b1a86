import { useState } from 'react';
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
import { useChoice } from '../../../ui/CheckList';
import { FormDialog } from '../../../ui/ConfirmDialog';
import { SecretDialog } from '../../../ui/CopyField';
import { ListTable, type Column } from '../../../ui/DataTable';
import { formatDate } from '../../../ui/formatDate';
import { Page } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useFormFields } from '../../../ui/useFormFields';
import { listData, useListPage } from '../../../ui/useListPage';
import { useSubmit } from '../../../ui/useSubmit';
import { descriptionProblem, TokenDescriptionField, TokenRolesChoice } from './tokenFormParts';
import { NoPermission, useAssignableRoles, usePageApi, usePermissions } from '../common/adminParts';
import { EditTokenDialog } from './EditTokenDialog';

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
    { kind: 'add' } | { kind: 'created'; token: CreatedApiToken } | { kind: 'edit'; token: ApiToken } | null
  >(null);
  const remove = useConfirmAction<ApiToken>({
    run: (token) => api.remove(token.id),
    done: tokens.reload,
    title: t.deleteTitle,
    titleId: 'ae-delete-token-title',
    body: (token) => t.deleteBody(token.description),
    menu: { label: a.delete, ariaLabel: (token) => t.deleteOf(token.description), part: 'delete-token' },
  });
  // Tenant tokens show and take roles; the names come from the roles the account offers.
  const roles = useAssignableRoles(kind === 'tenant' && allowed).roles ?? [];
  const titleId = `ae-portal-${page}-title`;
  const title = enPortal.portal.pageTitles[page];

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
      add={canWrite && { label: t.add, part: 'add-token', onClick: () => setDialog({ kind: 'add' }) }}
    >
      <ListTable
        list={tokens}
        texts={{ empty: t.empty, loadFailed: t.loadFailed, total: t.total }}
        totalPart="tokens-total"
        caption={title}
        columns={columns}
        rowKey={(token) => token.id}
        rowLabel={(token) => token.description}
        rowActions={
          canWrite || canDelete
            ? (token) => [
                ...(canWrite
                  ? [
                      {
                        label: t.edit,
                        ariaLabel: t.editOf(token.description),
                        part: 'edit-token',
                        onSelect: () => setDialog({ kind: 'edit', token }),
                      },
                    ]
                  : []),
                ...(canDelete ? [remove.rowAction(token)] : []),
              ]
            : undefined
        }
        tablePart="tokens-table"
        rowPart="token-row"
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
        <SecretDialog
          title={t.successTitle}
          titleId="ae-token-created-title"
          body={t.successBody}
          fields={[
            !!dialog.token.clientId && {
              label: t.clientId,
              value: dialog.token.clientId,
              copyLabel: t.copyClientId,
              partName: 'token-client-id',
            },
            {
              label: t.secret,
              value: dialog.token.secret,
              copyLabel: t.copySecret,
              partName: 'token-secret',
            },
          ]}
          doneLabel={t.done}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditTokenDialog
          api={api}
          kind={kind}
          roles={roles}
          token={dialog.token}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            tokens.update((data) => listData(data.items.map((x) => (x.id === saved.id ? saved : x))));
            setDialog(null);
          }}
        />
      )}
      {remove.dialog}
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
  const form = useFormFields({ description: '', days: '' });
  const choice = useChoice([]);
  const submit = useSubmit();
  const { description, days } = form.values;

  function onSubmit() {
    const expiry = expiryFromDays(days);
    const valid = form.check({
      description: descriptionProblem(description),
      days: expiry.ok
        ? null
        : expiry.error === 'tooLong'
          ? t.expiryTooLong(MAX_TOKEN_EXPIRY_DAYS)
          : t.expiryInvalid,
    });
    if (!valid || !expiry.ok) return;
    void submit.run(async () => {
      await createTokenThenReveal({
        create: () =>
          api.create({ description, expiresInMinutes: expiry.expiresInMinutes, roleIds: [...choice.chosen] }),
        closeDialog: onCloseAfterCreate,
        wait,
        reveal: onCreated,
      });
    });
  }

  return (
    <FormDialog
      title={t.addTitle}
      titleId="ae-add-token-title"
      busy={submit.busy}
      error={form.banner(submit.error)}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t.create}
      busyLabel={t.creating}
    >
      <TokenDescriptionField form={form} />
      <TextField
        label={t.expiry}
        inputMode="numeric"
        maxLength={10}
        partName="token-expiry"
        hint={t.expiryHint}
        {...form.field('days')}
      />
      <TokenRolesChoice kind={kind} roles={roles} choice={choice} busy={submit.busy} />
    </FormDialog>
  );
}
