// Response schemas of the SSO connections tenant administrators configure (issue 16,
// routes/sso-config.ts), by `METHOD path` without the API prefix (server/http/openapi.ts).
import { arr, bool, EMPTY, NO_BODY, obj, str } from './common';
import type { RouteSchemas } from './index';

const BASE = '/team/resources/sso/v1/configurations';
const DOMAIN = obj({ id: str, domain: str, validated: bool }, ['id', 'domain', 'validated']);
const GROUP = obj({ id: str, group: str, roleIds: arr(str) }, ['id', 'group', 'roleIds']);
const ROLES = obj({ roleIds: arr(str) }, ['roleIds']);
const CONFIGURATION = obj(
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

// The client SDK's legacy single-connection calls (routes/sso-legacy.ts): ISamlConfiguration,
// ISamlVendorConfigResponse, ISamlRolesGroup, IOidcConfiguration.
const V1 = '/team/resources/sso/v1';
const LEGACY = `${V1}/saml/configurations`;
const LEGACY_GROUPS = '/team/resources/sso/v2/saml/configurations/groups';
const SAML_CONFIGURATION = obj(
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
const ROLE_IDS = arr(str);

export const ssoSchemas: RouteSchemas = {
  [`GET ${LEGACY}`]: { response: { 200: SAML_CONFIGURATION } },
  [`POST ${LEGACY}`]: { response: { 200: SAML_CONFIGURATION } },
  [`GET ${LEGACY}/vendor-config`]: {
    response: { 200: obj({ acsUrl: str, spEntityId: str }, ['acsUrl', 'spEntityId']) },
  },
  [`PUT ${LEGACY}/metadata`]: { response: { 200: SAML_CONFIGURATION } },
  [`PUT ${V1}/saml/validations/domain`]: { body: NO_BODY, response: { 200: SAML_CONFIGURATION } },
  [`GET ${LEGACY}/roles/default`]: { response: { 200: ROLE_IDS } },
  [`POST ${LEGACY}/roles/default`]: { response: { 200: ROLE_IDS } },
  [`GET ${LEGACY_GROUPS}`]: { response: { 200: arr(GROUP) } },
  [`POST ${LEGACY_GROUPS}`]: { response: { 201: GROUP } },
  [`PATCH ${LEGACY_GROUPS}/:id`]: { response: { 200: GROUP } },
  [`DELETE ${LEGACY_GROUPS}/:id`]: { response: { 200: EMPTY } },
  [`GET ${V1}/oidc/configurations`]: {
    response: { 200: obj({ active: bool, redirectUri: str }, ['active', 'redirectUri']) },
  },

  [`GET ${BASE}`]: { response: { 200: arr(CONFIGURATION) } },
  [`POST ${BASE}`]: { response: { 201: CONFIGURATION } },
  [`PATCH ${BASE}/:id`]: { response: { 200: CONFIGURATION } },
  [`DELETE ${BASE}/:id`]: { response: { 200: EMPTY } },
  [`POST ${BASE}/metadata`]: { response: { 201: CONFIGURATION } },
  [`PUT ${BASE}/:id/metadata`]: { response: { 200: CONFIGURATION } },
  [`POST ${BASE}/metadata-url`]: { response: { 201: CONFIGURATION } },
  [`PUT ${BASE}/:id/metadata-url`]: { response: { 200: CONFIGURATION } },
  [`POST ${BASE}/:id/domains`]: { response: { 201: DOMAIN } },
  [`DELETE ${BASE}/:id/domains/:domainId`]: { response: { 200: EMPTY } },
  [`PUT ${BASE}/:id/domains/:domainId/validate`]: { body: NO_BODY, response: { 200: DOMAIN } },
  [`GET ${BASE}/:id/roles`]: { response: { 200: ROLES } },
  [`PUT ${BASE}/:id/roles`]: { response: { 200: ROLES } },
  [`GET ${BASE}/:id/groups`]: { response: { 200: arr(GROUP) } },
  [`POST ${BASE}/:id/groups`]: { response: { 201: GROUP } },
  [`PATCH ${BASE}/:id/groups/:groupId`]: { response: { 200: GROUP } },
  [`DELETE ${BASE}/:id/groups/:groupId`]: { response: { 200: EMPTY } },
};
