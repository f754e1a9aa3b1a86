/**
 * Team members' request schemas (server/routes/team-members.ts; the demo: core/demo/backend.ts), by
 * `METHOD path` as in core/contract/requests.ts: the client SDK's users page (teams.*), users v3
 * roles and groups, and an admin ending a member's sessions.
 */
import { USER_SORT_FIELDS } from './listQuery';
import type { RequestSchema } from './requests';
import * as s from './schemas';

/** The ITeamUser fields the SDK's users page may send back with `PUT /team/resources/members/v1`. */
const TEAM_USER_FIELDS = [
  'email',
  'name',
  'phone',
  'profileImage',
  'profileImageUrl',
  'tenantId',
  'vendorId',
  'roles',
  'activatedForTenant',
  'createdAt',
  'customData',
  'lastLogin',
  'mfaEnabled',
  'tenants',
  'verified',
  'managedBy',
] as const;

/** Role ids to set; the SDK may send an empty string for "no role". */
const roleIdList = {
  type: 'array',
  maxItems: 50,
  uniqueItems: true,
  items: { type: 'string', anyOf: [s.uuid, { maxLength: 0 }] },
} as const;

/** `?ids=a,b` of users v3 roles and groups: 1 to 200 user ids (the route reads them). */
const idsQuery = {
  querystring: s.strictObject({ ids: { type: 'string', minLength: 1, maxLength: 8000 } }, ['ids']),
};

export const TEAM_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  // teams.loadUsers: `pageOffset` counting pages, `pageSize` 1 to 200.
  'GET /team/resources/members/v1': {
    querystring: s.strictObject({
      pageOffset: { type: 'string', pattern: '^[0-9]{1,6}$' },
      pageSize: { type: 'string', pattern: '^([1-9][0-9]?|1[0-9][0-9]|200)$' },
      sortBy: { type: 'string', enum: USER_SORT_FIELDS },
      sortDirection: { type: 'string', enum: ['asc', 'desc'] },
      searchValue: { type: 'string', maxLength: 100 },
    }),
  },
  'POST /team/resources/members/v1/:userId/resendActivationEmail': { body: s.strictObject({}) },
  'PUT /identity/resources/users/v1/:userId/roles': {
    body: s.strictObject({ roleIds: roleIdList }, ['roleIds']),
  },
  // teams.updateUser: the member's row with the new `roleIds`; the other known fields are ignored.
  'PUT /team/resources/members/v1': {
    body: s.strictObject(
      {
        id: s.uuid,
        roleIds: roleIdList,
        ...Object.fromEntries(TEAM_USER_FIELDS.map((field) => [field, {}])),
      },
      ['id'],
    ),
  },
  'GET /identity/resources/users/v3/roles': idsQuery,
  'GET /identity/resources/users/v3/groups': idsQuery,
  'POST /identity/resources/users/sessions/v1/revoke': {
    body: s.strictObject({ userId: s.uuid }, ['userId']),
  },
};
