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
import { FILTERABLE_AUDIT_COLUMNS, SORTABLE_AUDIT_COLUMNS } from './audits';
import { USER_SORT_FIELDS } from './listQuery';
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
export const USER_PRESETS = ['INACTIVE', 'MFA_UNENROLLED', 'BREACHED_PASSWORDS', 'NEVER_SIGNED_IN'] as const;
export const CLIENT_USER_PRESETS: Record<string, (typeof USER_PRESETS)[number]> = {
  inactive: 'INACTIVE',
  'mfa-unenrolled': 'MFA_UNENROLLED',
  'breached-passwords': 'BREACHED_PASSWORDS',
  'never-signed-in': 'NEVER_SIGNED_IN',
};

export const emailOnly = { body: s.strictObject({ email: s.email }, ['email']) };
export const ssoPreLogin = { body: s.strictObject({ email: s.email, tenantId: s.optionalId }, ['email']) };
export const passwordlessType = { type: 'string', enum: [...PASSWORDLESS_TYPES, ...PASSWORDLESS_PATH_TYPES] };
export const linkWithPassword = {
  body: s.strictObject(
    { userId: s.userId, token: s.linkToken, password: { ...s.newPassword, type: ['string', 'null'] } },
    ['userId', 'token'],
  ),
};
/** `{ userId }` (the kit) or `{ email }` (the client SDK): one of the two. */
export const memberNamed = {
  body: { ...s.strictObject({ userId: s.userId, email: s.email }), minProperties: 1, maxProperties: 1 },
};
export const impersonatedId = { type: 'string', minLength: 1, maxLength: 100 };
export const shortPhone = { type: 'string', minLength: 1, maxLength: 32 };
export const inviteLink = {
  expiresInMinutes: { type: 'integer', minimum: 1, maximum: INVITE_LINK_MAX_MINUTES },
  shouldSendEmail: { type: 'boolean' },
};
export const usersListQuery = {
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

export const roleKey = { type: 'string', minLength: 1, maxLength: 100, pattern: s.KEY_PATTERN };
export const roleName = { type: 'string', minLength: 1, maxLength: 100, pattern: s.NOT_BLANK_PATTERN };
export const roleDescription = s.optionalText(500);

/** The audit log's sort, search and per-column filters (spec 001 §3 "Audit entry"). */
export const auditSortQuery = {
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
export const auditExport = {
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
