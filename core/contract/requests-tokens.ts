/**
 * API and access tokens' request schemas (server/routes/api-tokens.ts; the demo:
 * core/demo/teamAdmin.ts), by `METHOD path` as in core/contract/requests.ts. User and account
 * tokens share their fields; an account token also names its roles.
 */
import type { RequestSchema } from './requests';
import * as s from './schemas';

/** The longest expiry offered: ten years of days, in minutes (3650 × 1440). */
const MAX_EXPIRES_IN_MINUTES = 3650 * 1440;

const fields = {
  description: { type: 'string', minLength: 1, maxLength: 200, pattern: s.NOT_BLANK_PATTERN },
  expiresInMinutes: { type: ['integer', 'null'], minimum: 1, maximum: MAX_EXPIRES_IN_MINUTES },
};
const userToken = { body: s.strictObject(fields, ['description']) };
const tenantToken = { body: s.strictObject({ ...fields, roleIds: s.uuidList }, ['description']) };

export const TOKEN_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  'POST /identity/resources/users/api-tokens/v1': userToken,
  'POST /identity/resources/users/access-tokens/v1': userToken,
  'POST /identity/resources/tenants/api-tokens/v1': tenantToken,
  // The client SDK creates account tokens at v2 (auth.updateTenantApiTokensData): the same call.
  'POST /identity/resources/tenants/api-tokens/v2': tenantToken,
  'POST /identity/resources/tenants/access-tokens/v1': tenantToken,
  // Signing in with a token's client id and secret.
  'POST /identity/resources/auth/v1/api-token': {
    body: s.strictObject({ clientId: s.uuid, secret: { type: 'string', minLength: 1, maxLength: 200 } }, [
      'clientId',
      'secret',
    ]),
  },
};
