import { css } from '@emotion/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  createApiTokensApi,
  expiryFromDays,
  MAX_TOKEN_EXPIRY_DAYS,
  type ApiToken,
  type ApiTokenKind,
  type ApiTokensApi,
  type CreatedApiToken,
} from '../../../../core/portal/apiTokensApi';
import { errorMessage } from '../../../../core/api/errors';
import type { AssignableRole } from '../../../../core/api/team';
import { createTokenThenReveal, prependToken } from '../../../../core/portal/apiTokenCreation';
import type { PortalPageId } from '../../../../core/portal/pages';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { useAuthApp } from '../../../shared/AppContext';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { formStyle, mutedStyle } from '../../../ui/styles';
import {
  actionsStyle,
  ConfirmDeleteDialog,
  fieldsetStyle,
  formatDate,
  LoadState,
  NoPermission,
  tableStyle,
  toolbarStyle,
  useLoad,
  usePageApi,
  usePermissions,
  useSubmit,
  visuallyHidden,
} from '../common/adminParts';

const t = portalAdmin.apiTokens;
const a = portalAdmin.common;
const secretStyle = css({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' });
const copyRowStyle = css({
  display: 'flex',
  gap: '8px',
  alignItems: 'flex-end',
  '& > :first-of-type': { flex: 1 },
});

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
  const tokens = useLoad(() => api.list(), [api], allowed);
  const [dialog, setDialog] = useState<
    { kind: 'add' } | { kind: 'created'; token: CreatedApiToken } | { kind: 'delete'; token: ApiToken } | null
  >(null);
  const [roles, setRoles] = useState<AssignableRole[]>([]);
  const app = useAuthApp();
  const captionId = useId();
  const titleId = `ae-portal-${page}-title`;
  const title = enPortal.portal.pageTitles[page];

  // Tenant tokens show and take roles; the names come from the roles the account offers.
  useEffect(() => {
    if (kind !== 'tenant' || !allowed) return;
    app.services.api.team
      .listRoles()
      .then(setRoles)
      .catch(() => setRoles([]));
  }, [app, kind, allowed]);

  if (!allowed) return <NoPermission title={title} titleId={titleId} />;
  const roleName = new Map(roles.map((r) => [r.id, r.name]));

  return (
    <Card title={title} titleId={titleId}>
      <div css={toolbarStyle}>
        <p css={mutedStyle}>{intro}</p>
        {canWrite && (
          <Button partName="add-token" onClick={() => setDialog({ kind: 'add' })}>
            {t.add}
          </Button>
        )}
      </div>
      <LoadState load={tokens.load} failedText={t.loadFailed} onRetry={tokens.reload}>
        {(list) => (
          <>
            <p css={mutedStyle} role="status" part="tokens-total">
              {t.total(list.length)}
            </p>
            {list.length === 0 ? (
              <p>{t.empty}</p>
            ) : (
              <div style={{ overflowX: 'auto' }}>
                <table css={tableStyle} part="tokens-table" aria-describedby={captionId}>
                  <caption id={captionId} style={visuallyHidden}>
                    {title}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t.columns.description}</th>
                      <th scope="col">{t.columns.clientId}</th>
                      {kind === 'tenant' && <th scope="col">{t.columns.roles}</th>}
                      <th scope="col">{t.columns.createdAt}</th>
                      <th scope="col">{t.columns.expires}</th>
                      <th scope="col">{t.columns.lastUsed}</th>
                      {canDelete && <th scope="col">{a.actions}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((token) => (
                      <tr key={token.id} part="token-row">
                        <td>{token.description}</td>
                        <td>
                          <code>{token.clientId ?? token.id}</code>
                        </td>
                        {kind === 'tenant' && (
                          <td>
                            {(token.roleIds ?? []).map((id) => roleName.get(id) ?? id).join(', ') || a.none}
                          </td>
                        )}
                        <td>{formatDate(token.createdAt)}</td>
                        <td>{token.expires ? formatDate(token.expires) : t.never}</td>
                        <td>{formatDate(token.lastUsedAt)}</td>
                        {canDelete && (
                          <td>
                            <Button
                              variant="link"
                              partName="delete-token"
                              aria-label={t.deleteOf(token.description)}
                              onClick={() => setDialog({ kind: 'delete', token })}
                            >
                              {a.delete}
                            </Button>
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </LoadState>

      {dialog?.kind === 'add' && (
        <AddTokenDialog
          api={api}
          kind={kind}
          roles={roles}
          onClose={() => setDialog(null)}
          onCreated={(created) => {
            tokens.setLoad((load) =>
              load.status === 'ready' ? { status: 'ready', data: prependToken(load.data, created) } : load,
            );
            setDialog({ kind: 'created', token: created });
          }}
          onCloseAfterCreate={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'created' && (
        <TokenCreatedDialog token={dialog.token} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
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
    </Card>
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
    <Dialog title={t.addTitle} titleId="ae-add-token-title" onClose={submit.busy ? () => {} : onClose}>
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
        <div css={actionsStyle}>
          <Button variant="secondary" onClick={onClose} disabled={submit.busy}>
            {a.cancel}
          </Button>
          <Button type="submit" partName="confirm-button" loading={submit.busy} loadingLabel={t.creating}>
            {t.create}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Shows the secret once (and the client id of legacy tokens), with copy buttons. */
function TokenCreatedDialog({ token, onClose }: { token: CreatedApiToken; onClose: () => void }) {
  const [note, setNote] = useState<string | null>(null);
  const copy = (value: string) => {
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(value))
      .then(
        () => setNote(t.copied),
        (error: unknown) => setNote(`${t.copyFailed} ${errorMessage(error)}`.trim()),
      );
  };
  return (
    <Dialog title={t.successTitle} titleId="ae-token-created-title" onClose={onClose}>
      <p>{t.successBody}</p>
      {token.clientId && (
        <div css={copyRowStyle}>
          <TextField
            label={t.clientId}
            value={token.clientId}
            readOnly
            partName="token-client-id"
            css={secretStyle}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="secondary" aria-label={t.copyClientId} onClick={() => copy(token.clientId!)}>
            {t.copy}
          </Button>
        </div>
      )}
      <div css={copyRowStyle}>
        <TextField
          label={t.secret}
          value={token.secret}
          readOnly
          partName="token-secret"
          css={secretStyle}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" aria-label={t.copySecret} onClick={() => copy(token.secret)}>
          {t.copy}
        </Button>
      </div>
      <p css={mutedStyle} role="status">
        {note ?? ''}
      </p>
      <div css={actionsStyle}>
        <Button partName="done-button" onClick={onClose}>
          {t.done}
        </Button>
      </div>
    </Dialog>
  );
}
