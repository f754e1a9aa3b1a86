/**
 * Request schemas of the SSO connections tenant administrators configure (issue 16; the handlers:
 * core/domain/sso-handlers.ts, both backends'), on the client SDK's multi-SSO calls.
 * `acsUrl`, `spEntityId` and `generatedVerification` are the server's: accepted (the client may
 * send a connection back whole) and ignored. `idpEntityId` is ours: the SAML identity provider's
 * entity ID when it is entered by hand.
 */
import * as s from './schemas';

export const SSO_PROVIDER_TYPES = ['saml', 'okta', 'azure', 'google', 'oidc'] as const;

const url = { type: 'string', maxLength: 2048 } as const;
export const roleIds = { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 } } as const;
export const configuration = s.strictObject({
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
export const metadata = {
  body: s.strictObject({ metadata: { type: 'string', minLength: 1, maxLength: 500000 } }, ['metadata']),
};
export const metadataUrl = {
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
export const group = { type: 'string', minLength: 1, maxLength: 256, pattern: '\\S' } as const;
