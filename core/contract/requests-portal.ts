/**
 * The portal configuration's and hosted login's request schemas, by `METHOD path` as in
 * core/contract/requests.ts: the vendor's admin-box metadata and an account's custom login
 * (server/routes/portal-config.ts; the demo: core/demo/subAccounts.ts, custom login), and the
 * OAuth token and silent-authorize calls (server/routes/oauth.ts) and social sign-in's post-login
 * (server/routes/social.ts) (the demo: core/demo/hostedLogin.ts).
 */
import { LOGIN_ALIAS_PATTERN } from '../tenants/rules';
import type { RequestSchema } from './requests';
import * as s from './schemas';

export const PORTAL_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  // The admin box's settings as flattened path / value actions (spec 001 §7).
  'POST /metadata': {
    body: s.strictObject(
      {
        entityName: { type: 'string', enum: ['adminBox'] },
        actions: {
          type: 'array',
          minItems: 1,
          maxItems: 100,
          items: s.strictObject(
            {
              path: { type: 'string', minLength: 1, maxLength: 200 },
              value: { type: ['string', 'null'], maxLength: 20 },
            },
            ['path', 'value'],
          ),
        },
      },
      ['entityName', 'actions'],
    ),
  },
  // The client SDK's updateAdminBoxMetadata: the same settings, `type` the path and `payload` the value.
  'POST /metadata/admin-box': {
    body: s.strictObject(
      {
        actions: {
          type: 'array',
          maxItems: 100,
          items: s.strictObject(
            {
              type: { type: 'string', minLength: 1, maxLength: 200 },
              payload: { type: ['string', 'null'], maxLength: 20 },
            },
            ['type', 'payload'],
          ),
        },
      },
      ['actions'],
    ),
  },
  'PUT /tenants/resources/account-settings/v1/custom-login': {
    body: s.strictObject(
      {
        enabled: { type: 'boolean' },
        loginAlias: { type: ['string', 'null'], maxLength: 40, pattern: LOGIN_ALIAS_PATTERN.source },
      },
      ['enabled', 'loginAlias'],
    ),
  },
  // Hosted login (OAuth): the client SDK may leave out grant_type and client_id; the route decides.
  'POST /oauth/token': {
    body: s.strictObject({
      grant_type: { type: 'string', maxLength: 50 },
      client_id: { type: 'string', maxLength: 100 },
      code: { type: 'string', maxLength: 200 },
      redirect_uri: { type: 'string', maxLength: 2000 },
      code_verifier: { type: 'string', maxLength: 200 },
      refresh_token: { type: 'string', maxLength: 200 },
      scope: { type: 'string', maxLength: 500 },
    }),
  },
  // Social sign-in's return (server/routes/social.ts): the provider's code, in the query.
  'POST /identity/resources/auth/v1/user/sso/:provider/postlogin': {
    querystring: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'redirectUri'],
      properties: {
        code: { type: 'string', minLength: 1, maxLength: 2048 },
        redirectUri: { type: 'string', minLength: 1, maxLength: 2048 },
        code_verifier: { type: 'string', minLength: 43, maxLength: 128, pattern: '^[A-Za-z0-9._~-]+$' },
        state: { type: 'string', maxLength: 2048 },
        id_token: { type: 'string', maxLength: 8192 },
      },
    },
  },
  // The client SDK's silentOAuthRefreshToken posts no body.
  'POST /oauth/authorize/silent': {
    body: {
      ...s.strictObject({
        client_id: { type: 'string', maxLength: 100 },
        nonce: { type: 'string', minLength: 1, maxLength: 500 },
      }),
      type: ['object', 'null'],
    },
  },
};
