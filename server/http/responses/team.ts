/** Success answers of the team routes (core/contract/routes/team.ts), for OpenAPI. */
import * as routes from '../../../core/contract/routes/team';
import {
  EMPTY,
  MEMBER,
  NO_BODY,
  TEAM_MEMBER,
  any,
  arr,
  bool,
  int,
  obj,
  page,
  str,
  strOrNull,
} from '../route-schemas/common';
import { INVITE_LINK, LINKS, TEAM_ROLE_LIST } from '../route-schemas/identity';
import type { ResponseTable } from './index';

export const TEAM_RESPONSES: ResponseTable = [
  [
    routes.postUsersInvitationVerify,
    {
      200: obj({ name: str, tenantId: str, shouldSetPassword: bool, email: str }, [
        'tenantId',
        'shouldSetPassword',
      ]),
    },
  ],
  [routes.postUsersInvitationAccept, { 200: obj({ tenantId: str, name: str }, ['tenantId']) }],
  [
    routes.postTenantsInvitesVerify,
    { 200: { type: 'string', description: "The invite link's account name, a JSON string" } },
  ],
  [routes.getTeamRoles, { 200: TEAM_ROLE_LIST }],
  [
    routes.getTeamMembers,
    {
      200: obj({ items: arr(TEAM_MEMBER), totalItems: int, totalPages: int }, ['items', 'totalItems']),
    },
  ],
  [
    routes.getTeamStatsMembers,
    { 200: obj({ totalItems: int, addedThisWeek: int, superAdmins: int }, ['totalItems']) },
  ],
  [routes.postTeamMembersByUserIdResendActivationEmail, { 200: EMPTY }],
  [routes.getUsersV2, { 200: page(MEMBER) }],
  [routes.getUsersV3, { 200: page(MEMBER) }],
  [routes.putUsersByUserIdRoles, { 200: obj({ roleIds: arr(str) }) }],
  [routes.deleteUsersByUserId, { 200: EMPTY }],
  [routes.putTeamMembers, { 200: obj({ ...TEAM_MEMBER.properties, roleIds: arr(str) }, ['id', 'tenants']) }],
  [routes.deleteTeamMembersByUserId, { 200: EMPTY }],
  [
    routes.getUsersByUserId,
    {
      200: obj(
        {
          id: str,
          name: str,
          email: str,
          deletedAt: strOrNull,
          metadata: any,
          tenantId: str,
          vendorId: str,
          createdAt: str,
          updatedAt: str,
        },
        ['id', 'email'],
      ),
    },
  ],
  [routes.getUsersRoles, { 200: LINKS('roleIds') }],
  [routes.getUsersGroups, { 200: LINKS('groupIds') }],
  [routes.postUsersByUserIdUnlock, { 200: obj({ unlocked: bool }, ['unlocked']) }],
  [routes.postUsers, { 201: MEMBER, 200: MEMBER }],
  [routes.postUsersInvitationReset, { 200: EMPTY }],
  [routes.postUsersInvitationResetAll, { 200: obj({ tenantIds: arr(str) }, ['tenantIds']) }],
  [
    routes.getTenantsInvitesConfiguration,
    {
      200: obj(
        {
          defaultExpiresInMinutes: int,
          maxExpiresInMinutes: int,
          tenantInvitationsAllowed: bool,
          emailsEnabled: bool,
        },
        ['defaultExpiresInMinutes', 'maxExpiresInMinutes'],
      ),
    },
  ],
  [
    routes.getTenantsInvitesUser,
    { 200: { ...INVITE_LINK(), required: [], description: '`{}` while the account has no link' } },
  ],
  [routes.postTenantsInvitesUser, { 200: INVITE_LINK(), 201: INVITE_LINK() }],
  [routes.patchTenantsInvitesUser, { 200: INVITE_LINK() }],
  [routes.deleteTenantsInvitesUser, { 200: EMPTY }],
];

/** Bodies of calls that read none, documented. */
export const TEAM_BODIES: ResponseTable = [[routes.postUsersByUserIdUnlock, NO_BODY]];
