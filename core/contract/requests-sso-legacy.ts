/**
 * Request schemas of the client SDK's legacy single-connection SSO calls (server
 * routes/sso-legacy.ts, the demo's core/demo/ssoLegacy.ts): the client's IUpdateSamlConfiguration,
 * IUpdateSamlVendorMetadata, IUpdateSamlRoles, ICreateSamlGroup and IUpdateSamlGroup. The legacy
 * configuration is SAML (types saml, okta, azure, google); `acsUrl`, `spEntityId`, `isSamlActive`,
 * `oidcClientId` and `oidcSecret` are fields of the client's type that the server answers itself:
 * accepted (the client may send a configuration back whole) and ignored.
 */
import type { RequestSchema } from './requests';
import { SSO_PROVIDER_TYPES } from './requests-sso';
import * as s from './schemas';

const SAML = '/team/resources/sso/v1/saml/configurations';
const GROUPS = '/team/resources/sso/v2/saml/configurations/groups';
/** The legacy configuration's types: the SAML ones (OIDC connections are the multi-SSO calls'). */
const LEGACY_SAML_TYPES = SSO_PROVIDER_TYPES.filter((t) => t !== 'oidc');

const url = { type: 'string', maxLength: 2048 } as const;
const roleIds = { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 } } as const;
const group = { type: 'string', minLength: 1, maxLength: 256, pattern: '\\S' } as const;

export const SSO_LEGACY_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  [`POST ${SAML}`]: {
    body: s.strictObject({
      enabled: { type: 'boolean' },
      domain: { type: 'string', minLength: 1, maxLength: 253 },
      type: { type: 'string', enum: LEGACY_SAML_TYPES },
      ssoEndpoint: url,
      publicCertificate: { type: 'string', maxLength: 20000 },
      signRequest: { type: 'boolean' },
      acsUrl: url,
      spEntityId: url,
      isSamlActive: { type: 'boolean' },
      oidcClientId: { type: 'string', maxLength: 500 },
      oidcSecret: { type: 'string', maxLength: 2000 },
    }),
  },
  [`PUT ${SAML}/metadata`]: {
    body: s.strictObject({ metadata: { type: 'string', minLength: 1, maxLength: 500000 } }, ['metadata']),
  },
  [`POST ${SAML}/roles/default`]: { body: s.strictObject({ roleIds }, ['roleIds']) },
  [`POST ${GROUPS}`]: { body: s.strictObject({ group, roleIds }, ['group']) },
  [`PATCH ${GROUPS}/:id`]: { body: s.strictObject({ group, roleIds }) },
};
