// Response schemas of the SSO connections tenant administrators configure (issue 16,
// core/domain/sso-handlers.ts), by `METHOD path` without the API prefix (server/http/openapi.ts).
import { arr, bool, obj, str } from './common';

export const DOMAIN = obj({ id: str, domain: str, validated: bool }, ['id', 'domain', 'validated']);
export const GROUP = obj({ id: str, group: str, roleIds: arr(str) }, ['id', 'group', 'roleIds']);
export const ROLES = obj({ roleIds: arr(str) }, ['roleIds']);
export const CONFIGURATION = obj(
  {
    id: str,
    enabled: bool,
    type: str,
    generatedVerification: str,
    ssoEndpoint: str,
    publicCertificate: str,
    signRequest: bool,
    acsUrl: str,
    spEntityId: str,
    idpEntityId: str,
    metadataUrl: str,
    oidcClientId: str,
    oidcSecret: str,
    hasOidcSecret: bool,
    domains: arr(DOMAIN),
    roleIds: arr(str),
    groups: arr(GROUP),
    skipEmailDomainValidation: bool,
    createdAt: str,
    updatedAt: str,
  },
  [
    'id',
    'enabled',
    'type',
    'generatedVerification',
    'ssoEndpoint',
    'acsUrl',
    'spEntityId',
    'domains',
    'roleIds',
    'groups',
  ],
  'A tenant SSO connection (the client SDK ISSOConfiguration); oidcSecret is always empty',
);

// The client SDK's legacy single-connection calls (core/domain/sso-handlers.ts): ISamlConfiguration,
// ISamlVendorConfigResponse, ISamlRolesGroup, IOidcConfiguration.
export const SAML_CONFIGURATION = obj(
  {
    enabled: bool,
    type: str,
    domain: str,
    validated: bool,
    generatedVerification: str,
    ssoEndpoint: str,
    publicCertificate: str,
    signRequest: bool,
    acsUrl: str,
    spEntityId: str,
    isSamlActive: bool,
    oidcClientId: str,
    oidcSecret: str,
    createdAt: str,
    updatedAt: str,
  },
  ['enabled'],
  "The account's legacy SAML configuration (the client SDK ISamlConfiguration): its oldest SAML connection; `{ enabled: false }` when it has none",
);
export const ROLE_IDS = arr(str);
