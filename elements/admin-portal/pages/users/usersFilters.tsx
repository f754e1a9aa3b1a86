import { useEffect, useMemo, useState } from 'react';
import type { TeamUser, UserSortField } from '../../../../core/api/team';
import { hasPermission } from '../../../../core/portal/pages';
import { createSubAccountsApi } from '../../../../core/tenants/api';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { useAuthApp } from '../../../shared/AppContext';
import type { Column } from '../../../ui/DataTable';
import { SelectField } from '../../../ui/SelectField';
import type { UsersPreset } from '../../../../core/api/invitations';
import { tInvite } from './invitationTexts';

const t = portalAdmin.users;

/**
 * The users list's "Include users of sub-accounts" switch (`_includeSubTenants=true`, issue 28 item 6):
 * offered only to a caller who may read the sub-accounts (fe.account-hierarchy.read.subAccount) and
 * whose account has some (GET hierarchy/v1); the names of those accounts label each row's account.
 */
export function useSubAccountUsers(held: readonly string[]) {
  const app = useAuthApp();
  const mayRead = hasPermission(held, 'fe.account-hierarchy.read.subAccount');
  const [names, setNames] = useState<Map<string, string> | null>(null);
  const [included, setIncluded] = useState(false);
  useEffect(() => {
    if (!mayRead || !app.services.http) return;
    let live = true;
    createSubAccountsApi(app.services.http.withRequestSource('admin-portal'))
      .allBelow()
      .then((below) => live && setNames(new Map(below.map((a) => [a.tenantId, a.tenantName]))))
      .catch(() => live && setNames(null));
    return () => {
      live = false;
    };
  }, [app, mayRead]);
  const offered = mayRead && names !== null && names.size > 0;
  const column = useMemo<Column<TeamUser, UserSortField>>(
    () => ({
      id: 'account',
      header: t.accountColumn,
      part: 'user-account',
      cell: (user) => names?.get(user.tenantId) ?? t.ownAccount,
    }),
    [names],
  );
  return {
    offered,
    included: offered && included,
    setIncluded,
    /** The account column, shown while the switch is on. */
    column,
  };
}

/** The users list's filters: the preset, and the sub-accounts switch when offered; a change restarts the list. */
export function UsersFilters({
  preset,
  setPreset,
  sub,
  restart,
}: {
  preset: UsersPreset | '';
  setPreset: (preset: UsersPreset | '') => void;
  sub: ReturnType<typeof useSubAccountUsers>;
  restart: () => void;
}) {
  return (
    <>
      <PresetFilter
        value={preset}
        onChange={(next) => {
          setPreset(next);
          restart();
        }}
      />
      {sub.offered && (
        <SubAccountUsersToggle
          checked={sub.included}
          onChange={(on) => {
            sub.setIncluded(on);
            restart();
          }}
        />
      )}
    </>
  );
}

/** The preset filter (users v3 `_preset`). */
function PresetFilter({
  value,
  onChange,
}: {
  value: UsersPreset | '';
  onChange: (preset: UsersPreset | '') => void;
}) {
  return (
    <SelectField
      label={tInvite.presetLabel}
      partName="users-preset"
      value={value}
      options={[
        { value: '', label: tInvite.presets.all },
        { value: 'INACTIVE', label: tInvite.presets.INACTIVE },
        { value: 'MFA_UNENROLLED', label: tInvite.presets.MFA_UNENROLLED },
        { value: 'BREACHED_PASSWORDS', label: tInvite.presets.BREACHED_PASSWORDS },
        { value: 'NEVER_SIGNED_IN', label: tInvite.presets.NEVER_SIGNED_IN },
      ]}
      onChange={(event) => onChange(event.target.value as UsersPreset | '')}
    />
  );
}

/** The labelled switch itself. */
function SubAccountUsersToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label style={{ alignSelf: 'flex-end', padding: '6px 0' }}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        part="users-include-sub-accounts"
      />{' '}
      {t.includeSubAccounts}
    </label>
  );
}
