import type { AssignableRole } from '../../../../core/api/team';
import { type SubAccountUser } from '../../../../core/tenants/api';
import { subAccountRoleIds } from '../../../../core/tenants/rules';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { Switch } from '../../../ui/Switch';
import { mutedStyle } from '../../../ui/styles';
import { type Api, rowStyle, t } from './accountsParts';

/** One member of a sub-account: their role there and their access, as controls for a writer. */
export function AccountUserItem({
  api,
  tenantId,
  user,
  roles,
  canWrite,
  busy,
  onChange,
  onRemove,
}: {
  api: Api;
  tenantId: string;
  user: SubAccountUser;
  roles: AssignableRole[];
  canWrite: boolean;
  busy: boolean;
  onChange: (action: () => Promise<SubAccountUser>) => void;
  /** Asks to remove the member from the account (a writer only). */
  onRemove: (button: HTMLElement) => void;
}) {
  const roleId = user.roles[0]?.id ?? '';
  return (
    <li part="account-user" style={{ borderBottom: '1px solid var(--ae-color-divider)', paddingBottom: 8 }}>
      <div style={{ fontWeight: 600 }}>{user.name}</div>
      <div css={mutedStyle}>{user.email}</div>
      {canWrite ? (
        <div css={rowStyle}>
          <div style={{ flex: '1 1 160px' }}>
            <SelectField
              label={t.rolesOf(user.name)}
              value={roleId}
              partName="account-user-role"
              aria-busy={busy || undefined}
              options={[
                { value: '', label: t.noRole },
                ...roles.map((r) => ({ value: r.id, label: r.name })),
                ...user.roles
                  .filter((r) => !roles.some((x) => x.id === r.id))
                  .map((r) => ({ value: r.id, label: r.name ?? r.key })),
              ]}
              onChange={(event) => {
                const next = event.target.value ? [event.target.value] : [];
                onChange(async () => {
                  await api.setRoles(
                    tenantId,
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
            aria-busy={busy || undefined}
            aria-label={t.accessFor(user.name)}
            onClick={() =>
              onChange(async () => {
                const answer = await api.setAccess(tenantId, user.id, !user.subAccountAccessAllowed);
                return { ...user, subAccountAccessAllowed: answer.allowAccess };
              })
            }
          >
            {t.access}
          </Switch>
          <Button
            variant="link"
            partName="account-user-remove"
            aria-label={portalAdmin.subAccounts.removeOf(user.name)}
            onClick={(event) => onRemove(event.currentTarget)}
          >
            {portalAdmin.subAccounts.remove}
          </Button>
        </div>
      ) : (
        <div
          css={mutedStyle}
        >{`${user.roles.map((r) => r.name ?? r.key).join(', ') || t.noRole} · ${t.access}: ${user.subAccountAccessAllowed ? t.allowed : t.denied}`}</div>
      )}
    </li>
  );
}
