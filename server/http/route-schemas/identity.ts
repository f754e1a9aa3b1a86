// Response schemas (and the bodies of bodiless calls) of sign-in, users, sessions, team, roles,
// permissions, groups and API tokens, by `METHOD path` without the API prefix (server/http/openapi.ts).
import {
  ACCESS_TOKEN,
  ACCESS_TOKENS,
  API_TOKEN,
  arr,
  AUTH_RESPONSE,
  bool,
  ABSENT,
  EMPTY,
  GROUP,
  int,
  ME,
  MEMBER,
  TEAM_MEMBER,
  NO_BODY,
  num,
  obj,
  page,
  PERMISSION,
  PERMISSION_REF,
  ROLE,
  ROLE_REF,
  SESSION,
  str,
  strOrNull,
  TENANT,
  any,
} from './common';
import type { RouteSchemas } from './index';

const AUTH = '/identity/resources/auth';
const USERS = '/identity/resources/users';

const SIGN_UP = obj(
  { shouldActivate: bool, userId: str, tenantId: str, user: any, authResponse: AUTH_RESPONSE },
  ['shouldActivate'],
);
const ROLE_LIST = arr(
  obj({ id: str, key: str, name: str, description: strOrNull, isDefault: bool }, ['id', 'key']),
);
/** ITeamUserRole: `description` a string. */
const TEAM_ROLE_LIST = arr(
  obj({ id: str, key: str, name: str, description: str, isDefault: bool, permissions: arr(str) }, [
    'id',
    'key',
    'description',
  ]),
);
const LINKS = (field: string) =>
  arr(obj({ vendorId: str, tenantId: str, userId: str, [field]: arr(str) }, ['userId', field]));
const JWK_SET = obj({ keys: arr(obj({ kty: str, kid: str, alg: str, use: str }, ['kty', 'kid'])) }, ['keys']);

export const identitySchemas: RouteSchemas = {
  'GET /.well-known/jwks.json': { response: { 200: JWK_SET } },
  // Sign-in, refresh, sign-out, SSO pre-login
  [`POST ${AUTH}/v1/user`]: { response: { 200: AUTH_RESPONSE } },
  // 204: no session, for a caller that sent `Prefer: quiet-absence` (http/quiet-absence.ts).
  [`POST ${AUTH}/v1/user/token/refresh`]: { body: NO_BODY, response: { 200: AUTH_RESPONSE, 204: ABSENT } },
  [`POST ${AUTH}/v1/logout`]: { body: NO_BODY, response: { 200: EMPTY } },
  [`POST ${AUTH}/v2/user/sso/prelogin`]: {
    response: { 200: obj({ address: str, idpType: str }, ['address']), 204: ABSENT },
  },
  [`POST ${AUTH}/v1/user/saml/prelogin`]: {
    response: { 200: obj({ address: str, idpType: str }, ['address']), 204: ABSENT },
  },
  [`POST ${AUTH}/v1/api-token`]: { response: { 200: AUTH_RESPONSE } },
  // Users: sign-up, me, tenants
  [`GET ${USERS}/v1/passwords/config`]: {
    response: { 200: obj({ minLength: int, maxLength: int }, ['minLength']) },
  },
  [`POST ${USERS}/v1/signUp`]: { response: { 200: SIGN_UP } },
  [`GET ${USERS}/v2/me`]: { response: { 200: ME } },
  [`PUT ${USERS}/v2/me`]: { response: { 200: ME } },
  [`GET ${USERS}/v2/me/tenants`]: { response: { 200: arr(TENANT) } },
  [`GET ${USERS}/v3/me/tenants`]: {
    response: { 200: obj({ tenants: arr(TENANT), activeTenant: TENANT }, ['tenants']) },
  },
  [`PUT ${USERS}/v1/tenant`]: { response: { 200: obj({ tenantId: str }, ['tenantId']) } },
  [`GET ${USERS}/v1/me/authorization`]: {
    response: {
      200: obj({ roles: arr(ROLE_REF), permissions: arr(PERMISSION_REF) }, ['roles', 'permissions']),
    },
  },
  // Sessions
  [`GET ${USERS}/sessions/v1/me`]: { response: { 200: arr(SESSION) } },
  [`GET ${USERS}/sessions/v1/me/current`]: { response: { 200: SESSION } },
  [`DELETE ${USERS}/sessions/v1/me/all`]: { response: { 200: EMPTY } },
  [`DELETE ${USERS}/sessions/v1/me/:id`]: { response: { 200: EMPTY } },
  [`POST ${USERS}/sessions/v1/revoke`]: { response: { 200: obj({ revoked: int }) } },
  // Users lists and members
  [`GET ${USERS}/v2`]: { response: { 200: page(MEMBER) } },
  [`GET ${USERS}/v3`]: { response: { 200: page(MEMBER) } },
  [`GET ${USERS}/v3/roles`]: { response: { 200: LINKS('roleIds') } },
  [`GET ${USERS}/v3/groups`]: { response: { 200: LINKS('groupIds') } },
  [`GET ${USERS}/v1/:userId`]: {
    response: {
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
  },
  [`DELETE ${USERS}/v1/:userId`]: { response: { 200: EMPTY } },
  'DELETE /team/resources/members/v1/:userId': { response: { 200: EMPTY } },
  // The client SDK's users page: members v1, their stats, the activation resend.
  'GET /team/resources/members/v1': {
    response: {
      200: obj({ items: arr(TEAM_MEMBER), totalItems: int, totalPages: int }, ['items', 'totalItems']),
    },
  },
  'GET /team/resources/stats/v1/members': {
    response: { 200: obj({ totalItems: int, addedThisWeek: int, superAdmins: int }, ['totalItems']) },
  },
  'POST /team/resources/members/v1/:userId/resendActivationEmail': { response: { 200: EMPTY } },
  // users.GetUserJwt: a token of the caller's session for another of their accounts.
  'POST /identity/resources/users/v3/me/token': { response: { 200: AUTH_RESPONSE } },
  [`PUT ${USERS}/v1/:userId/roles`]: { response: { 200: obj({ roleIds: arr(str) }) } },
  'PUT /team/resources/members/v1': {
    response: { 200: obj({ ...TEAM_MEMBER.properties, roleIds: arr(str) }, ['id', 'tenants']) },
  },
  [`POST ${USERS}/v2`]: { response: { 201: MEMBER, 200: MEMBER } },
  'POST /identity/resources/tenants/users/v1/count': { response: { 200: any } },
  // Roles and permissions
  'GET /identity/resources/roles/v1': { response: { 200: ROLE_LIST } },
  'GET /team/resources/roles/v1': { response: { 200: TEAM_ROLE_LIST } },
  'GET /identity/resources/roles/v2': { response: { 200: page(ROLE) } },
  'POST /identity/resources/roles/v1': { response: { 200: ROLE, 201: ROLE } },
  'PATCH /identity/resources/roles/v1/:roleId': { response: { 200: ROLE } },
  'DELETE /identity/resources/roles/v1/:roleId': { response: { 200: EMPTY } },
  'PUT /identity/resources/roles/v1/:roleId/permissions': { response: { 200: ROLE } },
  'GET /identity/resources/permissions/v1': { response: { 200: arr(PERMISSION) } },
  'GET /identity/resources/permissions/v1/categories': {
    response: {
      200: arr(
        obj({ id: str, key: str, name: str, description: strOrNull, permissionIds: arr(str) }, ['id']),
      ),
    },
  },
  'PUT /identity/resources/permissions/v1/:permissionId/roles': { response: { 200: PERMISSION } },
  // Groups
  // Paged when a list parameter is given (the kit), else every group (the client SDK's getGroups).
  'GET /identity/resources/groups/v1': { response: { 200: { anyOf: [page(GROUP), arr(GROUP)] } } },
  'POST /identity/resources/groups/v1': { response: { 201: GROUP, 200: GROUP } },
  'GET /identity/resources/groups/v1/config': {
    response: { 200: obj({ enabled: bool, rolesEnabled: bool }, ['enabled', 'rolesEnabled']) },
  },
  'POST /identity/resources/groups/v1/config': {
    response: { 200: obj({ enabled: bool, rolesEnabled: bool }, ['enabled', 'rolesEnabled']) },
  },
  'POST /identity/resources/groups/v1/bulkGet': { response: { 200: arr(GROUP) } },
  'GET /identity/resources/groups/v1/:id': { response: { 200: GROUP } },
  'PATCH /identity/resources/groups/v1/:id': { response: { 200: GROUP } },
  'DELETE /identity/resources/groups/v1/:id': { response: { 200: EMPTY } },
  'POST /identity/resources/groups/v1/:id/roles': { response: { 200: GROUP } },
  'POST /identity/resources/groups/v1/:id/users': { response: { 200: GROUP } },
  'DELETE /identity/resources/groups/v1/:id/roles': { response: { 200: GROUP } },
  'DELETE /identity/resources/groups/v1/:id/users': { response: { 200: GROUP } },
  // API tokens
  [`GET ${USERS}/api-tokens/v1`]: { response: { 200: arr(API_TOKEN) } },
  [`POST ${USERS}/api-tokens/v1`]: { response: { 200: API_TOKEN, 201: API_TOKEN } },
  [`DELETE ${USERS}/api-tokens/v1/:id`]: { response: { 200: EMPTY } },
  'GET /identity/resources/tenants/api-tokens/v1': { response: { 200: arr(API_TOKEN) } },
  'POST /identity/resources/tenants/api-tokens/v1': { response: { 200: API_TOKEN, 201: API_TOKEN } },
  'POST /identity/resources/tenants/api-tokens/v2': { response: { 200: API_TOKEN, 201: API_TOKEN } },
  'DELETE /identity/resources/tenants/api-tokens/v1/:id': { response: { 200: EMPTY } },
  [`GET ${USERS}/access-tokens/v1`]: { response: { 200: ACCESS_TOKENS } },
  [`POST ${USERS}/access-tokens/v1`]: { response: { 201: ACCESS_TOKEN } },
  [`DELETE ${USERS}/access-tokens/v1/:id`]: { response: { 200: EMPTY } },
  'GET /identity/resources/tenants/access-tokens/v1': { response: { 200: ACCESS_TOKENS } },
  'POST /identity/resources/tenants/access-tokens/v1': { response: { 201: ACCESS_TOKEN } },
  'DELETE /identity/resources/tenants/access-tokens/v1/:id': { response: { 200: EMPTY } },
  // Recovery, activation, password change, phone
  [`POST ${USERS}/v1/passwords/reset`]: { response: { 200: EMPTY } },
  [`POST ${USERS}/v1/passwords/reset/verify`]: { response: { 200: EMPTY } },
  [`POST ${USERS}/v1/passwords/change`]: { response: { 200: EMPTY } },
  [`GET ${USERS}/v1/activate/strategy`]: {
    response: { 200: obj({ shouldSetPassword: bool }, ['shouldSetPassword']) },
  },
  [`POST ${USERS}/v1/activate`]: { response: { 200: AUTH_RESPONSE } },
  [`POST ${USERS}/v1/activate/reset`]: { response: { 200: EMPTY } },
  [`POST ${USERS}/v1/phone`]: { response: { 200: obj({ changePhoneId: str }, ['changePhoneId']) } },
  [`POST ${USERS}/v1/phone/verify`]: { response: { 200: EMPTY } },
  [`POST ${USERS}/v1/phone/reset`]: { response: { 200: any } },
  [`POST ${USERS}/v1/phone/reset/verify`]: { response: { 200: any } },
  [`PUT ${USERS}/v1/phone/change`]: { response: { 200: any } },
  // Invitations and invite links
  [`POST ${USERS}/v1/invitation/reset`]: { response: { 200: EMPTY } },
  [`POST ${USERS}/v1/invitation/reset/all`]: {
    response: { 200: obj({ tenantIds: arr(str) }, ['tenantIds']) },
  },
  [`POST ${USERS}/v1/invitation/verify`]: {
    response: {
      200: obj({ name: str, tenantId: str, shouldSetPassword: bool, email: str }, [
        'tenantId',
        'shouldSetPassword',
      ]),
    },
  },
  [`POST ${USERS}/v1/invitation/accept`]: {
    response: { 200: obj({ tenantId: str, name: str }, ['tenantId']) },
  },
  'GET /identity/resources/tenants/invites/v1/configuration': {
    response: {
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
  },
  'GET /identity/resources/tenants/invites/v1/user': {
    response: { 200: { ...INVITE_LINK(), required: [], description: '`{}` while the account has no link' } },
  },
  'POST /identity/resources/tenants/invites/v1/user': {
    response: { 200: INVITE_LINK(), 201: INVITE_LINK() },
  },
  'PATCH /identity/resources/tenants/invites/v1/user': { response: { 200: INVITE_LINK() } },
  'DELETE /identity/resources/tenants/invites/v1/user': { response: { 200: EMPTY } },
  'POST /identity/resources/tenants/invites/v1/verify': {
    response: { 200: { type: 'string', description: "The invite link's account name, a JSON string" } },
  },
  // Impersonation
  'POST /identity/resources/impersonation/v1': { response: { 200: AUTH_RESPONSE } },
};

function INVITE_LINK() {
  return obj(
    {
      id: str,
      tenantId: str,
      vendorId: str,
      expiresInMinutes: num,
      expiresAt: str,
      expires: str,
      shouldSendEmail: bool,
      expired: bool,
      createdAt: str,
      updatedAt: str,
      token: str,
      link: str,
    },
    ['id'],
  );
}
