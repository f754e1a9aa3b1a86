/** Routes: team. */
import * as s from '../schemas';
import {
  CLIENT_USER_PRESETS,
  USER_PRESETS,
  inviteLink,
  linkWithPassword,
  memberNamed,
  usersListQuery,
} from '../requests';
import { TEAM_USER_FIELDS, idsQuery, roleIdList } from '../requests-team';
import { USER_SORT_FIELDS } from '../listQuery';
import { audit, perm, pub } from './descriptor';
import type { RouteDescriptor } from './descriptor';

export const postUsersInvitationVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/invitation/verify',
  access: pub('invitation link'),
  request: {
    body: s.strictObject({ userId: s.userId, token: s.linkToken }, ['userId', 'token']),
  },
};

export const postUsersInvitationAccept: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/invitation/accept',
  access: pub('invitation link'),
  request: linkWithPassword,
  audit: audit('users', 'Invitation accepted', 'Info', { signIn: 'invitation' }),
};

export const postTenantsInvitesVerify: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/tenants/invites/v1/verify',
  access: pub('invite link'),
  request: { body: s.strictObject({ token: s.linkToken }, ['token']) },
};

export const getTeamRoles: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/roles/v1',
  access: perm('fe.secure.read.roles', 'account'),
};

export const getTeamMembers: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/members/v1',
  access: perm('fe.secure.read.users', 'account'),
  request: {
    querystring: s.strictObject({
      pageOffset: { type: 'string', pattern: '^[0-9]{1,6}$' },
      pageSize: { type: 'string', pattern: '^([1-9][0-9]?|1[0-9][0-9]|200)$' },
      sortBy: { type: 'string', enum: USER_SORT_FIELDS },
      sortDirection: { type: 'string', enum: ['asc', 'desc'] },
      searchValue: { type: 'string', maxLength: 100 },
    }),
  },
};

export const getTeamStatsMembers: RouteDescriptor = {
  method: 'GET',
  path: '/team/resources/stats/v1/members',
  access: perm('fe.secure.read.users', 'account'),
};

export const postTeamMembersByUserIdResendActivationEmail: RouteDescriptor = {
  method: 'POST',
  path: '/team/resources/members/v1/:userId/resendActivationEmail',
  access: perm('fe.secure.write.users', 'resource'),
  request: { body: s.strictObject({}) },
  audit: audit('users', 'Activation email resent', 'Info'),
  demo: 'demo teammates are active from the start (the sample data has no member waiting for activation)',
};

export const getUsersV2: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/v2',
  access: perm('fe.secure.read.users', 'account'),
  request: {
    querystring: { type: 'object', additionalProperties: false, properties: usersListQuery },
  },
};

export const getUsersV3: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/v3',
  access: perm('fe.secure.read.users', 'account'),
  request: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        ...usersListQuery,
        _tenantId: { type: 'string', pattern: s.LOOSE_ID_PATTERN },
        _preset: { type: 'string', enum: [...USER_PRESETS, ...Object.keys(CLIENT_USER_PRESETS)] },
        _maxInactiveSeconds: { type: 'string', pattern: '^[0-9]{1,10}$' },
        _presetParams: { type: 'string', maxLength: 200 },
        _email: { type: 'string', maxLength: 254 },
      },
    },
  },
};

export const putUsersByUserIdRoles: RouteDescriptor = {
  method: 'PUT',
  path: '/identity/resources/users/v1/:userId/roles',
  access: perm('fe.secure.write.users', 'resource'),
  request: {
    body: s.strictObject({ roleIds: roleIdList }, ['roleIds']),
  },
  audit: audit('users', 'User roles changed', 'Medium'),
};

export const deleteUsersByUserId: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/users/v1/:userId',
  access: perm('fe.secure.delete.users', 'resource'),
  audit: audit('users', 'User removed', 'High'),
};

export const putTeamMembers: RouteDescriptor = {
  method: 'PUT',
  path: '/team/resources/members/v1',
  access: perm('fe.secure.write.users', 'resource'),
  request: {
    body: s.strictObject(
      {
        id: s.uuid,
        roleIds: roleIdList,
        ...Object.fromEntries(TEAM_USER_FIELDS.map((field) => [field, {}])),
        // Stored (core/domain/custom-data.ts): an object, or null to clear it.
        customData: { type: ['object', 'null'] },
      },
      ['id'],
    ),
  },
  audit: audit('users', 'User roles changed', 'Medium', { idName: 'user' }),
};

export const deleteTeamMembersByUserId: RouteDescriptor = {
  method: 'DELETE',
  path: '/team/resources/members/v1/:userId',
  access: perm('fe.secure.delete.users', 'resource'),
  audit: audit('users', 'User removed', 'High'),
};

export const getUsersByUserId: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/v1/:userId',
  access: perm('fe.secure.read.users', 'resource'),
};

export const getUsersRoles: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/v3/roles',
  access: perm('fe.secure.read.users', 'account'),
  request: idsQuery,
};

export const getUsersGroups: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/users/v3/groups',
  access: perm('fe.secure.read.users', 'account'),
  request: idsQuery,
};

export const postUsersByUserIdUnlock: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/:userId/unlock',
  access: perm('fe.secure.write.users', 'resource'),
  audit: audit('users', 'User unlocked', 'Medium'),
};

export const postUsers: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v2',
  access: perm('fe.secure.write.users', 'account'),
  request: {
    body: s.strictObject(
      {
        email: s.email,
        name: { ...s.personName, type: ['string', 'null'] },
        phoneNumber: s.phoneNumber,
        roleIds: { type: 'array', maxItems: 50, items: s.uuid },
        // Spec 001 §7: "sent with provider local"; other providers come from SSO and SCIM, not from an invitation.
        provider: { type: 'string', enum: ['local'] },
        skipInviteEmail: { type: 'boolean' },
      },
      ['email'],
    ),
  },
  audit: audit('users', 'User invited', 'Info'),
};

export const postUsersInvitationReset: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/invitation/reset',
  access: perm('fe.secure.write.users', 'resource', {
    publicWith: {
      field: 'email',
      why: "the client SDK's public resend from a sign-in page (auth.resendInvitationEmail)",
    },
  }),
  request: memberNamed,
  audit: audit('users', 'Invitation resent', 'Info'),
};

export const postUsersInvitationResetAll: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/users/v1/invitation/reset/all',
  access: perm('fe.secure.write.users', 'resource'),
  request: memberNamed,
  audit: audit('users', 'Invitations resent', 'Info'),
};

export const getTenantsInvitesConfiguration: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/tenants/invites/v1/configuration',
  access: perm('fe.secure.read.users', 'account'),
};

export const getTenantsInvitesUser: RouteDescriptor = {
  method: 'GET',
  path: '/identity/resources/tenants/invites/v1/user',
  access: perm('fe.secure.read.users', 'account'),
};

export const postTenantsInvitesUser: RouteDescriptor = {
  method: 'POST',
  path: '/identity/resources/tenants/invites/v1/user',
  access: perm('fe.secure.write.users', 'account'),
  request: { body: s.strictObject(inviteLink) },
  audit: audit('users', 'Invite link created', 'Medium'),
};

export const patchTenantsInvitesUser: RouteDescriptor = {
  method: 'PATCH',
  path: '/identity/resources/tenants/invites/v1/user',
  access: perm('fe.secure.write.users', 'account'),
  request: { body: { ...s.strictObject(inviteLink), minProperties: 1 } },
  audit: audit('users', 'Invite link changed', 'Medium'),
};

export const deleteTenantsInvitesUser: RouteDescriptor = {
  method: 'DELETE',
  path: '/identity/resources/tenants/invites/v1/user',
  access: perm('fe.secure.write.users', 'account'),
  audit: audit('users', 'Invite link deleted', 'Medium'),
};
