/**
 * Request schemas of the client SDK's legacy single-connection SSO calls (the handlers:
 * core/domain/sso-handlers.ts, both backends'): the client's IUpdateSamlConfiguration,
 * IUpdateSamlVendorMetadata, IUpdateSamlRoles, ICreateSamlGroup and IUpdateSamlGroup. The legacy
 * configuration is SAML (types saml, okta, azure, google); `acsUrl`, `spEntityId`, `isSamlActive`,
 * `oidcClientId` and `oidcSecret` are fields of the client's type that the server answers itself:
 * accepted (the client may send a configuration back whole) and ignored.
 */
import { SSO_PROVIDER_TYPES } from './requests-sso';

/** The legacy configuration's types: the SAML ones (OIDC connections are the multi-SSO calls'). */
export const LEGACY_SAML_TYPES = SSO_PROVIDER_TYPES.filter((t) => t !== 'oidc');

export const url = { type: 'string', maxLength: 2048 } as const;
export const roleIds = { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 } } as const;
export const group = { type: 'string', minLength: 1, maxLength: 256, pattern: '\\S' } as const;
