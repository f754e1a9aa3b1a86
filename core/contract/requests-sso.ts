/**
 * Request schemas of the SSO connections tenant administrators configure (issue 16; server
 * routes/sso-config.ts, the demo's core/demo/ssoConfig.ts), on the client SDK's multi-SSO calls.
 * `acsUrl`, `spEntityId` and `generatedVerification` are the server's: accepted (the client may
 * send a connection back whole) and ignored. `idpEntityId` is ours: the SAML identity provider's
 * entity ID when it is entered by hand.
 */
import type { RequestSchema } from './requests';
import * as s from './schemas';

const BASE = '/team/resources/sso/v1/configurations';
export const SSO_PROVIDER_TYPES = ['saml', 'okta', 'azure', 'google', 'oidc'] as const;

const url = { type: 'string', maxLength: 2048 } as const;
const roleIds = { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 } } as const;
const configuration = s.strictObject({
  enabled: { type: 'boolean' },
  type: { type: 'string', enum: SSO_PROVIDER_TYPES },
  ssoEndpoint: url,
  publicCertificate: { type: 'string', maxLength: 20000 },
  signRequest: { type: 'boolean' },
  oidcClientId: { type: 'string', maxLength: 500 },
  oidcSecret: { type: 'string', maxLength: 2000 },
  idpEntityId: { type: 'string', maxLength: 1024 },
  roleIds,
  skipEmailDomainValidation: { type: 'boolean' },
  acsUrl: url,
  spEntityId: url,
  generatedVerification: { type: 'string', maxLength: 200 },
});
const metadata = {
  body: s.strictObject({ metadata: { type: 'string', minLength: 1, maxLength: 500000 } }, ['metadata']),
};
const metadataUrl = {
  body: s.strictObject(
    {
      url: { type: 'string', minLength: 1, maxLength: 2048 },
      configMetadata: {
        type: 'object',
        maxProperties: 50,
        additionalProperties: { type: 'string', maxLength: 1000 },
      },
    },
    ['url'],
  ),
};
const group = { type: 'string', minLength: 1, maxLength: 256, pattern: '\\S' } as const;

export const SSO_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  [`POST ${BASE}`]: { body: configuration },
  [`PATCH ${BASE}/:id`]: { body: configuration },
  [`POST ${BASE}/metadata`]: metadata,
  [`PUT ${BASE}/:id/metadata`]: metadata,
  [`POST ${BASE}/metadata-url`]: metadataUrl,
  [`PUT ${BASE}/:id/metadata-url`]: metadataUrl,
  [`POST ${BASE}/:id/domains`]: {
    body: s.strictObject({ domain: { type: 'string', minLength: 1, maxLength: 253 } }, ['domain']),
  },
  [`PUT ${BASE}/:id/roles`]: { body: s.strictObject({ roleIds }, ['roleIds']) },
  [`POST ${BASE}/:id/groups`]: { body: s.strictObject({ group, roleIds }, ['group']) },
  [`PATCH ${BASE}/:id/groups/:groupId`]: { body: s.strictObject({ group, roleIds }) },
};
