import type { TeamUser, UserSortField } from '../../../../core/api/team';
import { enPortal } from '../../../i18n/en-portal';
import { portalAdmin } from '../../../i18n/portalAdmin.en';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { MANAGED_BY_SCIM, SCIM_DEACTIVATED, SCIM_MANAGED_USER } from '../../../../core/portal/scimManaged';
import { type Column } from '../../../ui/DataTable';
import { formatDate } from '../../../ui/formatDate';
import { tInvite } from './invitationTexts';
import type { RowAction } from '../../../ui/RowActions';
import type { ResendKind } from './useUserCalls';

const t = enPortal.portal.users;

const statusOf = (user: TeamUser): [string, BadgeTone] =>
  user.managedBy === 'scim2' && user.active === false
    ? [SCIM_DEACTIVATED, 'neutral']
    : user.isLocked
      ? [t.locked, 'danger']
      : user.invitationPending
        ? [tInvite.invitationPending, 'warning']
        : user.verified
          ? [t.active, 'success']
          : [t.pendingActivation, 'neutral'];

/** The users table's columns; `meId` marks the signed-in user's own row. */
export function userColumns(meId: string | undefined): Array<Column<TeamUser, UserSortField>> {
  return [
    {
      id: 'name',
      header: t.columns.name,
      sortBy: 'name',
      cell: (user) =>
        user.managedBy === 'scim2' ? (
          <>
            {`${user.name}${user.id === meId ? ` ${t.you}` : ''}`}{' '}
            <Badge partName="managed-by-scim" title={SCIM_MANAGED_USER}>
              {MANAGED_BY_SCIM}
            </Badge>
          </>
        ) : (
          `${user.name}${user.id === meId ? ` ${t.you}` : ''}`
        ),
    },
    { id: 'email', header: t.columns.email, sortBy: 'email', nowrap: true, cell: (user) => user.email },
    {
      id: 'roles',
      header: t.columns.roles,
      cell: (user) => user.roles.map((role) => role.name ?? role.key).join(', ') || '—',
    },
    {
      id: 'groups',
      header: portalAdmin.users.groupsColumn,
      part: 'user-groups',
      cell: (user) => user.groups?.map((group) => group.name).join(', ') || '—',
    },
    {
      id: 'status',
      header: t.columns.status,
      part: 'user-status',
      nowrap: true,
      cell: (user) => {
        const [text, tone] = statusOf(user);
        return <Badge tone={tone}>{text}</Badge>;
      },
    },
    {
      id: 'provider',
      header: tInvite.columns.provider,
      sortBy: 'provider',
      part: 'user-provider',
      cell: (u) => u.provider,
    },
    {
      id: 'locked',
      header: tInvite.columns.locked,
      sortBy: 'isLocked',
      part: 'user-locked',
      cell: (u) => (u.isLocked ? tInvite.yes : tInvite.no),
    },
    {
      id: 'createdAt',
      header: t.columns.createdAt,
      sortBy: 'createdAt',
      nowrap: true,
      cell: (u) => formatDate(u.createdAt, t.never),
    },
    {
      id: 'lastLogin',
      header: t.columns.lastLogin,
      nowrap: true,
      cell: (u) => formatDate(u.lastLogin, t.never),
    },
  ];
}

/** What a user row's menu offers, by the admin's permissions and the user's state. */
export function userRowActions(
  user: TeamUser,
  ctx: {
    meId: string | undefined;
    canChangeRoles: boolean;
    canInvite: boolean;
    canRemove: boolean;
    /** Holds fe.secure.write.impersonate (the server checks again, and refuses oneself). */
    canImpersonate: boolean;
    resending: string | null;
    changeRoles: () => void;
    resend: (kind: ResendKind) => void;
    unlock: () => void;
    signOut: () => void;
    impersonate: () => void;
    remove: () => RowAction;
  },
) {
  // The signed-in user has no actions on their own row (nor impersonates themself).
  return user.id === ctx.meId
    ? []
    : [
        ctx.canChangeRoles && {
          label: t.changeRoles,
          ariaLabel: t.changeRolesOf(user.name),
          part: 'change-roles',
          onSelect: ctx.changeRoles,
        },
        ctx.canInvite &&
          !!user.invitationPending && {
            label: tInvite.resendInvitation,
            ariaLabel: tInvite.resendInvitationOf(user.name),
            part: 'resend-invitation',
            busy: ctx.resending === `invitation:${user.id}`,
            onSelect: () => ctx.resend('invitation'),
          },
        ctx.canInvite &&
          !!user.invitationPending && {
            label: tInvite.resendAllTenants,
            ariaLabel: tInvite.resendAllTenantsOf(user.name),
            part: 'resend-invitation-all',
            busy: ctx.resending === `all:${user.id}`,
            onSelect: () => ctx.resend('all'),
          },
        ctx.canInvite &&
          !user.invitationPending &&
          !user.verified && {
            label: tInvite.resendActivation,
            ariaLabel: tInvite.resendActivationOf(user.name),
            part: 'resend-activation',
            busy: ctx.resending === `activation:${user.id}`,
            onSelect: () => ctx.resend('activation'),
          },
        ctx.canChangeRoles &&
          !!user.isLocked && {
            label: t.unlock,
            ariaLabel: t.unlockUser(user.name),
            part: 'unlock-user',
            busy: ctx.resending === `unlock:${user.id}`,
            onSelect: ctx.unlock,
          },
        ctx.canChangeRoles &&
          !user.invitationPending && {
            label: t.signOut,
            ariaLabel: t.signOutUser(user.name),
            part: 'sign-out-user',
            onSelect: ctx.signOut,
          },
        // Only an activated member can be impersonated (the server refuses the others).
        ctx.canImpersonate &&
          !!user.verified &&
          !user.invitationPending && {
            label: portalAdmin.users.impersonate,
            ariaLabel: portalAdmin.users.impersonateUser(user.name),
            part: 'impersonate-user',
            onSelect: ctx.impersonate,
          },
        // A member the directory provisions is removed there (the server refuses it here too).
        ctx.canRemove && user.managedBy !== 'scim2' && ctx.remove(),
      ];
}
