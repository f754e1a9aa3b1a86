/**
 * The request schemas of the contract, by `METHOD path` (the path as the server registers it,
 * without the API prefix; `:name` is a path parameter). The reference server validates with them
 * (server/http/openapi.ts adds each to its route as the route is registered; a route that declares a
 * schema part itself keeps it) and so does the demo backend (core/demo/backend.ts, through
 * `requestIssue`), so both refuse the same requests with the same messages.
 *
 * Bodies and query strings only: path parameters stay with the server (the demo's ids are not
 * uuids, and an id the demo does not know is its 404 anyway).
 */
import { FILTERABLE_AUDIT_COLUMNS, SORTABLE_AUDIT_COLUMNS } from '../api/audits';
import { DIRECTORY_REQUEST_SCHEMAS } from './requests-directory';
import { listQuerySchema, ROLE_SORT_FIELDS, USER_SORT_FIELDS } from './listQuery';
import { SIGNIN_REQUEST_SCHEMAS } from './requests-signin';
import { SSO_REQUEST_SCHEMAS } from './requests-sso';
import { SSO_LEGACY_REQUEST_SCHEMAS } from './requests-sso-legacy';
import { GROUP_REQUEST_SCHEMAS } from './requests-groups';
import { TOKEN_REQUEST_SCHEMAS } from './requests-tokens';
import { TEAM_REQUEST_SCHEMAS } from './requests-team';
import { MFA_REQUEST_SCHEMAS } from './requests-mfa';
import { HIERARCHY_REQUEST_SCHEMAS } from './requests-hierarchy';
import { SECURITY_REQUEST_SCHEMAS } from './requests-security';
import { PORTAL_REQUEST_SCHEMAS } from './requests-portal';
import { CONNECTIVITY_REQUEST_SCHEMAS } from './requests-connectivity';
import { BILLING_REQUEST_SCHEMAS } from './requests-billing';
import { FLAG_REQUEST_SCHEMAS } from './requests-flags';
import { WEBAUTHN_REQUEST_SCHEMAS } from './requests-webauthn';
import { SSO_SIGNIN_REQUEST_SCHEMAS } from './requests-sso-signin';
import * as s from './schemas';

export interface RequestSchema {
  body?: unknown;
  querystring?: unknown;
  /**
   * Brings the client SDK's spelling of a body to the one `body` describes, before validation, on
   * both backends (the server as a preValidation hook: server/http/openapi.ts; the demo in
   * checkRequest.ts `clientRequestBody`). `path`: the request's path.
   */
  clientBody?: (body: unknown, path: string) => unknown;
}

/** Passwordless types as the spec spells them, and as the client SDK's paths do (lower case). */
const PASSWORDLESS_TYPES = ['Code', 'MagicLink', 'SmsCode'] as const;
export const PASSWORDLESS_PATH_TYPES = ['code', 'magiclink', 'smscode'] as const;

/** An invite link lives at most a year (in minutes). */
export const INVITE_LINK_MAX_MINUTES = 525600;

/** Users v3 presets (spec 001 §3), and the client SDK's spelling of them (GetUsersFilterPreset). */
// NEVER_SIGNED_IN is ours (docs/contract.md): members who never signed in, whom INACTIVE leaves out.
const USER_PRESETS = ['INACTIVE', 'MFA_UNENROLLED', 'BREACHED_PASSWORDS', 'NEVER_SIGNED_IN'] as const;
export const CLIENT_USER_PRESETS: Record<string, (typeof USER_PRESETS)[number]> = {
  inactive: 'INACTIVE',
  'mfa-unenrolled': 'MFA_UNENROLLED',
  'breached-passwords': 'BREACHED_PASSWORDS',
  'never-signed-in': 'NEVER_SIGNED_IN',
};

const emailOnly = { body: s.strictObject({ email: s.email }, ['email']) };
const ssoPreLogin = { body: s.strictObject({ email: s.email, tenantId: s.optionalId }, ['email']) };
const passwordlessType = { type: 'string', enum: [...PASSWORDLESS_TYPES, ...PASSWORDLESS_PATH_TYPES] };
const linkWithPassword = {
  body: s.strictObject(
    { userId: s.userId, token: s.linkToken, password: { ...s.newPassword, type: ['string', 'null'] } },
    ['userId', 'token'],
  ),
};
/** `{ userId }` (the kit) or `{ email }` (the client SDK): one of the two. */
const memberNamed = {
  body: { ...s.strictObject({ userId: s.userId, email: s.email }), minProperties: 1, maxProperties: 1 },
};
const impersonatedId = { type: 'string', minLength: 1, maxLength: 100 };
const shortPhone = { type: 'string', minLength: 1, maxLength: 32 };
const inviteLink = {
  expiresInMinutes: { type: 'integer', minimum: 1, maximum: INVITE_LINK_MAX_MINUTES },
  shouldSendEmail: { type: 'boolean' },
};
const usersListQuery = {
  _filter: { type: 'string', maxLength: 254 },
  _sortBy: { type: 'string', enum: USER_SORT_FIELDS },
  _order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
  // Query values arrive as strings (no type coercion on this server): digits only.
  _offset: { type: 'string', pattern: '^[0-9]{1,6}$' },
  _limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
  _includeSubTenants: { type: 'string', enum: ['true', 'false'] },
  // The client's IGetUserQueryParams.ids: user ids separated by commas.
  ids: { type: 'string', pattern: s.ID_LIST_PATTERN },
};

const roleKey = { type: 'string', minLength: 1, maxLength: 100, pattern: s.KEY_PATTERN };
const roleName = { type: 'string', minLength: 1, maxLength: 100, pattern: s.NOT_BLANK_PATTERN };
const roleDescription = s.optionalText(500);

const AUTH = '/identity/resources/auth';
const USERS = '/identity/resources/users';
const PASSWORDLESS = `${AUTH}/v1/passwordless`;
const PHONE = `${USERS}/v1/phone`;
const INVITES = '/identity/resources/tenants/invites/v1';

/** The audit log's sort, search and per-column filters (spec 001 §3 "Audit entry"). */
const auditSortQuery = {
  sortBy: { type: 'string', enum: SORTABLE_AUDIT_COLUMNS },
  sortDirection: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] },
  filter: { type: 'string', maxLength: 200 },
  ...Object.fromEntries(
    FILTERABLE_AUDIT_COLUMNS.map((name) => [
      name,
      name === 'createdAt'
        ? { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }
        : { type: 'string', maxLength: 200 },
    ]),
  ),
};
/** The CSV export: the same filters from offset 0, and the columns to write (`properties`). */
const auditExport = {
  querystring: s.strictObject({
    ...auditSortQuery,
    offset: { type: 'string', pattern: '^0$' },
    outputFileName: { type: 'string', maxLength: 100 },
  }),
  body: s.strictObject({
    properties: {
      type: 'array',
      maxItems: 20,
      items: { type: 'object', properties: { name: { type: 'string', maxLength: 64 } }, required: ['name'] },
    },
  }),
};

export const REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  ...DIRECTORY_REQUEST_SCHEMAS,
  ...SSO_REQUEST_SCHEMAS,
  ...SSO_LEGACY_REQUEST_SCHEMAS,
  // Sign-in (server/routes/auth.ts)
  [`POST ${AUTH}/v1/user`]: {
    body: s.strictObject(
      {
        email: s.email,
        password: s.loginPassword,
        recaptchaToken: s.optionalToken,
        invitationToken: s.optionalToken,
      },
      ['email', 'password'],
    ),
  },
  [`POST ${AUTH}/v2/user/sso/prelogin`]: ssoPreLogin,
  [`POST ${AUTH}/v1/user/saml/prelogin`]: ssoPreLogin,

  // Sign-up and the token of another account (server/routes/users.ts)
  [`POST ${USERS}/v1/signUp`]: {
    body: s.strictObject(
      {
        email: s.email,
        password: s.newPassword,
        name: { ...s.personName, type: ['string', 'null'] },
        companyName: s.optionalText(100),
        phoneNumber: s.phoneNumber,
        metadata: s.metadata,
        invitationToken: s.optionalToken,
        recaptchaToken: s.optionalToken,
      },
      ['email', 'password'],
    ),
  },
  [`POST ${USERS}/v3/me/token`]: { body: s.strictObject({ tenantId: s.uuid }, ['tenantId']) },

  // Impersonation (server/routes/impersonation.ts): `userId` (the kit) or `impersonatedUserId` (the client SDK).
  'POST /identity/resources/impersonation/v1': {
    body: {
      ...s.strictObject({
        userId: impersonatedId,
        impersonatedUserId: impersonatedId,
        actorToken: { type: 'string', minLength: 1, maxLength: 8192 },
        redirectUrl: { type: 'string', maxLength: 2048 },
        tenantId: s.optionalId,
      }),
      oneOf: [{ required: ['userId'] }, { required: ['impersonatedUserId'] }],
    },
  },

  // Profile (server/routes/profile.ts)
  [`PUT ${USERS}/v2/me`]: {
    body: {
      ...s.strictObject({ name: s.personName, phoneNumber: s.phoneNumber, metadata: s.metadata }),
      minProperties: 1,
    },
  },

  // The users list (server/routes/team-users.ts)
  [`GET ${USERS}/v2`]: {
    querystring: { type: 'object', additionalProperties: false, properties: usersListQuery },
  },
  [`GET ${USERS}/v3`]: {
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

  // Account settings and metadata (server/routes/account-settings.ts)
  'PUT /tenants/resources/account-settings/v1': {
    body: {
      ...s.strictObject({
        name: s.personName,
        address: s.optionalText(200),
        website: { type: ['string', 'null'], maxLength: 200, pattern: '^(https?://[^\\s]+)?$' },
        timezone: { type: ['string', 'null'], maxLength: 64 },
        currency: { type: 'string', pattern: '^[A-Z]{3}$' },
      }),
      minProperties: 1,
    },
  },
  'GET /metadata': {
    querystring: s.strictObject({ entityName: { type: 'string', maxLength: 64 } }, ['entityName']),
  },

  // Passwords (server/routes/passwords.ts)
  // recaptchaToken: ours (the client SDK's forgotPassword sends none), for the captcha policy.
  [`POST ${USERS}/v1/passwords/reset`]: {
    body: s.strictObject({ email: s.email, recaptchaToken: s.optionalToken }, ['email']),
  },
  [`POST ${USERS}/v1/passwords/reset/verify`]: {
    body: s.strictObject({ userId: s.userId, token: s.linkToken, password: s.newPassword }, [
      'userId',
      'token',
      'password',
    ]),
  },
  [`POST ${USERS}/v1/passwords/change`]: {
    body: s.strictObject(
      { password: { type: 'string', minLength: 1, maxLength: 128 }, newPassword: s.newPassword },
      ['password', 'newPassword'],
    ),
  },

  // Activation (server/routes/activation.ts)
  [`GET ${USERS}/v1/activate/strategy`]: {
    querystring: s.strictObject({ userId: s.userId, token: s.linkToken }, ['userId', 'token']),
  },
  [`POST ${USERS}/v1/activate`]: linkWithPassword,
  [`POST ${USERS}/v1/activate/reset`]: emailOnly,

  // Passwordless sign-in and phone numbers (server/routes/passwordless.ts)
  [`POST ${PASSWORDLESS}/:type/prelogin`]: {
    body: s.strictObject(
      {
        email: s.email,
        type: passwordlessType,
        recaptchaToken: s.optionalToken,
        invitationToken: s.optionalToken,
      },
      ['email'],
    ),
  },
  [`POST ${PASSWORDLESS}/:type/postlogin`]: {
    body: s.strictObject(
      {
        token: s.linkToken,
        email: s.email,
        type: passwordlessType,
        recaptchaToken: s.optionalToken,
        invitationToken: s.optionalToken,
      },
      ['token'],
    ),
  },
  [`POST ${PHONE}/reset`]: emailOnly,
  [`POST ${PHONE}/reset/verify`]: {
    body: s.strictObject({ resetPhoneNumberToken: s.linkToken, code: s.code }, [
      'resetPhoneNumberToken',
      'code',
    ]),
  },
  [`PUT ${PHONE}/change`]: {
    body: s.strictObject({ changePhoneNumberToken: s.linkToken, phoneNumber: shortPhone }, [
      'changePhoneNumberToken',
      'phoneNumber',
    ]),
  },
  [`POST ${PHONE}`]: { body: s.strictObject({ phoneNumber: shortPhone }, ['phoneNumber']) },
  [`POST ${PHONE}/verify`]: {
    body: s.strictObject({ changePhoneId: s.linkToken, code: s.code }, ['changePhoneId', 'code']),
  },

  // Roles and permissions (server/routes/roles.ts). The client SDK's `addRole` sends `permissions`
  // (another name for `permissionIds`), `isDefault` and `level`.
  'GET /identity/resources/roles/v2': { querystring: listQuerySchema(ROLE_SORT_FIELDS) },
  'POST /identity/resources/roles/v1': {
    body: s.strictObject(
      {
        key: roleKey,
        name: roleName,
        description: roleDescription,
        permissionIds: s.uuidList,
        permissions: s.uuidList,
        isDefault: { type: 'boolean' },
        level: { type: 'integer', minimum: 0, maximum: 1000 },
      },
      ['key', 'name'],
    ),
  },
  'PATCH /identity/resources/roles/v1/:roleId': {
    body: {
      ...s.strictObject({ key: roleKey, name: roleName, description: roleDescription }),
      minProperties: 1,
    },
  },
  'PUT /identity/resources/roles/v1/:roleId/permissions': {
    body: s.strictObject({ permissionIds: s.uuidList }, ['permissionIds']),
  },
  'PUT /identity/resources/permissions/v1/:permissionId/roles': {
    body: s.strictObject({ roleIds: s.uuidList }, ['roleIds']),
  },

  // Invitations and invite links (server/routes/invitations.ts)
  [`POST ${USERS}/v2`]: {
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
  [`POST ${USERS}/v1/invitation/reset`]: memberNamed,
  [`POST ${USERS}/v1/invitation/reset/all`]: memberNamed,
  [`POST ${USERS}/v1/invitation/verify`]: {
    body: s.strictObject({ userId: s.userId, token: s.linkToken }, ['userId', 'token']),
  },
  [`POST ${USERS}/v1/invitation/accept`]: linkWithPassword,
  [`POST ${INVITES}/user`]: { body: s.strictObject(inviteLink) },
  [`PATCH ${INVITES}/user`]: { body: { ...s.strictObject(inviteLink), minProperties: 1 } },
  [`POST ${INVITES}/verify`]: { body: s.strictObject({ token: s.linkToken }, ['token']) },
  // The audit log (server/routes/audits.ts): the client's query, per-column filters as parameters
  // of their own (a day for createdAt, else text).
  'GET /audits': {
    querystring: s.strictObject({
      ...auditSortQuery,
      offset: { type: 'string', pattern: '^[0-9]{1,9}$' },
      count: { type: 'string', pattern: '^[0-9]{1,4}$' },
      // The client's optional virtual pagination: the same answer serves it.
      paginationMode: { type: 'string', enum: ['virtual'] },
    }),
  },
  'GET /audits/stats': {
    querystring: s.strictObject({ ...auditSortQuery, count: { type: 'string', pattern: '^[0-9]{1,4}$' } }),
  },
  'POST /audits/export/csv/v2': auditExport,
  'POST /audits/export/csv': auditExport,
  ...SIGNIN_REQUEST_SCHEMAS,

  // Moved from the route files (issue 13 item 5), one area a file.
  ...GROUP_REQUEST_SCHEMAS,
  ...TOKEN_REQUEST_SCHEMAS,
  ...TEAM_REQUEST_SCHEMAS,
  ...MFA_REQUEST_SCHEMAS,
  ...WEBAUTHN_REQUEST_SCHEMAS,
  ...HIERARCHY_REQUEST_SCHEMAS,
  ...SECURITY_REQUEST_SCHEMAS,
  ...PORTAL_REQUEST_SCHEMAS,
  ...CONNECTIVITY_REQUEST_SCHEMAS,
  ...BILLING_REQUEST_SCHEMAS,
  ...FLAG_REQUEST_SCHEMAS,
  ...SSO_SIGNIN_REQUEST_SCHEMAS,
};
