import { useState } from 'react';
import type { TeamUser } from '../../../../core/api/team';
import { CustomDataField, customDataText, parseCustomData } from './CustomDataField';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { mutedStyle } from '../../../ui/styles';
import { useAuthApp } from '../../../shared/AppContext';
import { useChoice } from '../../../ui/CheckList';
import { ActionDialog } from '../../../ui/ConfirmDialog';
import { portalApis, RolesChoice, useAssignableRoles } from '../common/adminParts';

const t = enPortal.portal.users;
const m = portalAdmin.users;

interface UserDialogProps {
  user: TeamUser;
  onClose: () => void;
  onDone: () => void;
}

/** The member's groups here, with the roles each gives (the users list row's `groups`). */
function MemberGroups({ user }: { user: TeamUser }) {
  const groups = user.groups ?? [];
  return (
    <section part="user-detail-groups">
      <strong>{m.memberGroups}</strong>
      {groups.length ? (
        <ul>
          {groups.map((group) => (
            <li key={group.id}>
              {group.roles.length
                ? m.groupRoles(group.name, group.roles.map((role) => role.name ?? role.key).join(', '))
                : group.name}
            </li>
          ))}
        </ul>
      ) : (
        <p css={mutedStyle}>{m.memberGroupsNone}</p>
      )}
      {groups.length > 0 && <p css={mutedStyle}>{m.memberGroupsHint}</p>}
    </section>
  );
}

/** Choose the roles a user holds in this account; an empty choice is allowed (spec 001 §5). */
export function UserRolesDialog({ user, onClose, onDone }: UserDialogProps) {
  const app = useAuthApp();
  const { roles, error } = useAssignableRoles();
  const choice = useChoice(user.roles.map((r) => r.id));
  const [data, setData] = useState(() => customDataText(user.customData));
  const [dataError, setDataError] = useState<string | null>(null);
  return (
    <ActionDialog
      title={t.rolesTitle(user.name)}
      titleId="ae-user-roles-title"
      actionLabel={t.saveRoles}
      busyLabel={enPortal.portal.saving}
      error={dataError ?? error}
      disabled={roles === null}
      onClose={onClose}
      onAction={async () => {
        const customData = parseCustomData(data);
        setDataError(customData ? null : m.customDataInvalid);
        if (!customData) return;
        const team = portalApis(app).team;
        if (JSON.stringify(customData) !== JSON.stringify(user.customData ?? {}))
          await team.setCustomData(user.id, customData);
        await team.setUserRoles(
          user.id,
          user.roles.map((r) => r.id),
          [...choice.chosen],
        );
        onDone();
      }}
    >
      {(busy) => (
        <>
          <RolesChoice roles={roles} choice={choice} disabled={busy} legend={t.rolesLegend} />
          <MemberGroups user={user} />
          <CustomDataField value={data} onChange={setData} disabled={busy} />
        </>
      )}
    </ActionDialog>
  );
}
