/**
 * Team members' request schemas (server/routes/team-members.ts; the demo: core/demo/backend.ts), by
 * `METHOD path` as in core/contract/requests.ts: the client SDK's users page (teams.*), users v3
 * roles and groups, and an admin ending a member's sessions.
 */
import * as s from './schemas';

/** The ITeamUser fields the SDK's users page may send back with `PUT /team/resources/members/v1`. */
export const TEAM_USER_FIELDS = [
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
export const roleIdList = {
  type: 'array',
  maxItems: 50,
  uniqueItems: true,
  items: { type: 'string', anyOf: [s.uuid, { maxLength: 0 }] },
} as const;

/** `?ids=a,b` of users v3 roles and groups: 1 to 200 user ids (the route reads them). */
export const idsQuery = {
  querystring: s.strictObject({ ids: { type: 'string', minLength: 1, maxLength: 8000 } }, ['ids']),
};
