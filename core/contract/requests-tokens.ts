/**
 * API and access tokens' request schemas (server/routes/api-tokens.ts; the demo:
 * core/demo/teamAdmin.ts), by `METHOD path` as in core/contract/requests.ts. User and account
 * tokens share their fields; an account token also names its roles.
 */
import * as s from './schemas';

/** The longest expiry a token may have: ten years, in days (the portal's form) and minutes (the contract). */
export const MAX_TOKEN_EXPIRY_DAYS = 3650;
const MAX_EXPIRES_IN_MINUTES = MAX_TOKEN_EXPIRY_DAYS * 1440;
/** The longest description a token may have. */
export const MAX_TOKEN_DESCRIPTION = 200;

const fields = {
  description: {
    type: 'string',
    minLength: 1,
    maxLength: MAX_TOKEN_DESCRIPTION,
    pattern: s.NOT_BLANK_PATTERN,
  },
  expiresInMinutes: { type: ['integer', 'null'], minimum: 1, maximum: MAX_EXPIRES_IN_MINUTES },
};
export const userToken = { body: s.strictObject(fields, ['description']) };
export const tenantToken = { body: s.strictObject({ ...fields, roleIds: s.uuidList }, ['description']) };
/** Editing a token (PATCH .../:id): the description, and an account token's roles; at least one. */
export const userTokenEdit = { body: s.strictObject({ description: fields.description }, ['description']) };
export const tenantTokenEdit = {
  body: { ...s.strictObject({ description: fields.description, roleIds: s.uuidList }), minProperties: 1 },
};
