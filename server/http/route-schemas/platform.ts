// Response schemas of configuration, account settings, metadata, entitlements, flags, sub-accounts,
// passwordless, MFA, passkeys, hosted login and federation, by `METHOD path` without the API prefix.
// Where an answer's fields are still settling (the gaps work of issue 13), the schema says "an
// object" and lists what is known; the contract suite checks what it lists.
import {
  any,
  arr,
  AUTH_RESPONSE,
  bool,
  ABSENT,
  EMPTY,
  HTML,
  int,
  num,
  NO_BODY,
  obj,
  page,
  str,
  strOrNull,
} from './common';
import type { RouteSchemas } from './index';

const AUTH = '/identity/resources/auth/v1';
const MFA = `${AUTH}/user/mfa`;
const ACCOUNT_MFA = '/identity/resources/users/v1/mfa';
const CONFIG = '/identity/resources/configurations/v1';
const SUB_USERS = '/identity/resources/sub-tenants/v1/:tenantId/users';
const SUB_USERS_V1 = '/identity/resources/sub-tenants/users/v1/:userId';
const OBJECT = obj({});
const FLAG = obj(
  { key: str, description: strOrNull, enabled: bool, tenantIds: arr(str), userIds: arr(str) },
  ['key', 'enabled'],
);
const STRATEGY = obj({ strategy: str, isActive: bool }, ['strategy']);
/** The client SDK's IAuthStrategiesConfig. */
const STRATEGIES = obj(
  { mainAuthStrategies: arr(obj({ strategy: str }, ['strategy'])), secondaryAuthStrategies: arr(STRATEGY) },
  ['mainAuthStrategies', 'secondaryAuthStrategies'],
);
const CAPTCHA_FIELDS = { id: str, siteKey: str, enabled: bool, createdAt: str, updatedAt: str };
/** The client SDK's ISecurityPolicyCaptcha; `{ enabled: false }` before any policy is saved. */
const CAPTCHA_PUBLIC = obj(CAPTCHA_FIELDS, ['enabled']);
const CAPTCHA_POLICY = obj(
  { ...CAPTCHA_FIELDS, minScore: num, ignoredEmails: arr(str), hasSecretKey: bool },
  ['enabled', 'siteKey', 'minScore', 'ignoredEmails', 'hasSecretKey'],
);
// The admin box's row carries `configuration` (the demo backend answers it without entityName);
// the audits row is the client's IAuditsMetadata: the columns as `properties`, and a `theme`; the
// saml row is its ISamlMetadata: `isActive` and `configuration` { acsUrl, spEntityId }.
const METADATA_ROWS = obj(
  {
    rows: arr(
      obj({
        entityName: str,
        configuration: any,
        id: str,
        createdAt: str,
        updatedAt: str,
        vendorId: str,
        properties: arr(any),
        theme: obj({ id: str, name: str, styles: any }),
        isActive: bool,
      }),
    ),
  },
  ['rows'],
);
const ACCOUNT_SETTINGS = obj(
  {
    tenantId: str,
    name: str,
    address: strOrNull,
    website: strOrNull,
    timezone: strOrNull,
    currency: strOrNull,
    dateFormat: strOrNull,
    timeFormat: strOrNull,
    logo: strOrNull,
    hasCustomLogin: bool,
  },
  ['tenantId', 'name'],
);
const SUB_ACCOUNT = obj({ tenantId: str, name: str, parentTenantId: strOrNull, createdAt: str }, [
  'tenantId',
]);
const HIERARCHY_NODE = obj({ tenantId: str, tenantName: str, createdAt: str, children: arr(any) }, [
  'tenantId',
]);
const SOCIAL_PROVIDER = obj({ type: str, clientId: strOrNull, redirectUrl: strOrNull, active: bool }, [
  'type',
]);
const OIDC_CONFIGURATION = obj(
  { issuer: str, authorization_endpoint: str, token_endpoint: str, jwks_uri: str },
  ['issuer', 'jwks_uri'],
);
const TOKEN_ANSWER = obj(
  { access_token: str, id_token: str, refresh_token: str, token_type: str, expires_in: int, scope: str },
  ['access_token', 'token_type'],
);
const FILE = { content: { '*/*': { schema: { type: 'string', format: 'binary' } } } };
const REDIRECT_302 = { 302: { description: 'A redirect: see the location header', type: 'null' } };

export const platformSchemas: RouteSchemas = {
  // Public configuration
  [`GET ${CONFIG}/public`]: {
    response: {
      200: obj(
        {
          allowSignups: bool,
          allowNotVerifiedUsersLogin: bool,
          apiTokensEnabled: bool,
          forcePermissions: bool,
          authStrategy: str,
          machineToMachineAuthStrategy: str,
          secondaryStrategies: arr(STRATEGY),
        },
        ['allowSignups', 'authStrategy'],
      ),
    },
  },
  [`GET ${CONFIG}/auth/strategies/public`]: {
    response: {
      200: obj(
        {
          mainAuthStrategies: arr(obj({ strategy: str }, ['strategy'])),
          secondaryAuthStrategies: arr(STRATEGY),
        },
        ['mainAuthStrategies'],
      ),
    },
  },
  [`GET ${CONFIG}/password`]: {
    response: {
      200: obj(
        {
          allowPassphrases: bool,
          minLength: int,
          maxLength: int,
          minPhraseLength: int,
          minOptionalTestsToPass: int,
        },
        ['minLength', 'maxLength'],
      ),
    },
  },
  [`GET ${CONFIG}/captcha-policy/public`]: { response: { 200: CAPTCHA_PUBLIC } },
  // Ours (routes/sign-in-methods.ts): the sign-in methods and the captcha policy, written.
  [`PUT ${CONFIG}/auth/strategies`]: { response: { 200: STRATEGIES } },
  [`DELETE ${CONFIG}/auth/strategies`]: { body: NO_BODY, response: { 200: STRATEGIES } },
  [`PUT ${CONFIG}/auth/strategies/vendor`]: { response: { 200: STRATEGIES } },
  [`GET ${CONFIG}/captcha-policy`]: { response: { 200: CAPTCHA_POLICY } },
  [`PUT ${CONFIG}/captcha-policy`]: { response: { 200: CAPTCHA_POLICY } },
  'GET /team/resources/sso/v2/configurations/public': {
    response: { 200: obj({ isActive: bool }, ['isActive']) },
  },
  'GET /vendors/public': {
    response: { 200: obj({ name: str, logo: str, icon: str, whiteLabelMode: bool }, ['whiteLabelMode']) },
  },
  [`GET ${CONFIG}/mfa-policy/allow-remember-device`]: { response: { 200: OBJECT } },
  [`GET ${CONFIG}/mfa/strategies`]: { response: { 200: obj({ strategies: arr(STRATEGY) }, ['strategies']) } },
  // Account settings, portal metadata
  'GET /tenants/resources/account-settings/v1': { response: { 200: ACCOUNT_SETTINGS } },
  'PUT /tenants/resources/account-settings/v1': { response: { 200: ACCOUNT_SETTINGS } },
  'GET /tenants/resources/account-settings/v1/public': {
    response: {
      200: obj({ tenantId: str, applicationUrl: str, loginUrl: str }, ['applicationUrl', 'loginUrl']),
    },
  },
  'GET /tenants/resources/account-settings/v1/custom-login': { response: { 200: OBJECT } },
  'PUT /tenants/resources/account-settings/v1/custom-login': { response: { 200: OBJECT } },
  'GET /metadata/admin-box': { response: { 200: METADATA_ROWS } },
  'GET /metadata': { response: { 200: METADATA_ROWS } },
  'POST /metadata': { response: { 200: METADATA_ROWS } },
  'POST /metadata/admin-box': { response: { 200: METADATA_ROWS } },
  // The demo backend does not know the browser's address: ip null.
  'GET /metadata/ipme': { response: { 200: obj({ ip: strOrNull }, ['ip']) } },
  'GET /metadata/ip/:ip': {
    response: {
      200: obj(
        { ip: str, latitude: { type: ['number', 'null'] }, longitude: { type: ['number', 'null'] } },
        ['ip'],
        'The address; its location is unknown to this server (null fields)',
      ),
    },
  },
  // Entitlements and feature flags
  'GET /entitlements/api/v2/user-entitlements': {
    response: {
      200: obj({ permissions: arr(str), features: OBJECT, permissionFeatures: OBJECT }, ['features']),
    },
  },
  'GET /entitlements/api/v1/user-entitlements': {
    response: { 200: obj({ permissions: OBJECT, features: OBJECT }, ['permissions']) },
  },
  'POST /flags/api/v1/evaluate': { response: { 200: OBJECT } },
  'GET /flags': { response: { 200: obj({}, [], 'Flag name -> "on" or "off"') } },
  'GET /flags/api/v1/flags': { response: { 200: obj({ items: arr(FLAG) }, ['items']) } },
  'PUT /flags/api/v1/flags/:key': { response: { 200: FLAG } },
  // Sub-accounts and hierarchy
  'GET /tenants/resources/hierarchy/v2': {
    response: { 200: obj({ items: arr(any), _links: obj({ next: str }) }, ['items']) },
  },
  'GET /tenants/resources/hierarchy/v2/metadata': {
    response: { 200: obj({ totalSubTenants: int }, ['totalSubTenants']) },
  },
  'POST /tenants/resources/sub-tenants/v1': { response: { 201: SUB_ACCOUNT, 200: SUB_ACCOUNT } },
  'PATCH /tenants/resources/sub-tenants/v1/:tenantId': {
    response: { 200: obj({ tenantId: str, name: str }, ['tenantId']) },
  },
  'DELETE /tenants/resources/sub-tenants/v1/:tenantId': { response: { 200: EMPTY } },
  [`GET ${SUB_USERS}`]: { response: { 200: page(any) } },
  [`POST ${SUB_USERS}`]: { response: { 201: EMPTY, 200: OBJECT } },
  [`DELETE ${SUB_USERS}/:userId`]: { response: { 200: EMPTY } },
  [`PUT ${SUB_USERS}/:userId/roles`]: { response: { 200: OBJECT } },
  [`PUT ${SUB_USERS}/:userId/access`]: { response: { 200: obj({ allowAccess: bool }, ['allowAccess']) } },
  'GET /tenants/resources/hierarchy/v1': { response: { 200: arr(any) } },
  'GET /tenants/resources/hierarchy/v1/tree': { response: { 200: HIERARCHY_NODE } },
  'GET /tenants/resources/hierarchy/v1/parents': { response: { 200: arr(any) } },
  'GET /tenants/resources/hierarchy/v1/parents/:tenantId': { response: { 200: arr(any) } },
  'PUT /team/resources/profile/me/image/v1': {
    body: {
      description:
        'multipart/form-data with one file: the picture (PNG, JPEG, WebP or GIF by its first bytes, at most 1 MB)',
    },
    response: {
      200: {
        description: "The picture's address (also the user's profilePictureUrl), as plain text",
        content: { 'text/plain': { schema: { type: 'string' } } },
      },
    },
  },
  'GET /team/resources/profile/images/v1/:id': {
    response: {
      200: {
        description: 'The picture, with its image type',
        content: {
          'image/png': { schema: { type: 'string', format: 'binary' } },
          'image/jpeg': { schema: { type: 'string', format: 'binary' } },
          'image/webp': { schema: { type: 'string', format: 'binary' } },
          'image/gif': { schema: { type: 'string', format: 'binary' } },
        },
      },
    },
  },
  'GET /identity/resources/sub-tenants/users/v1': {
    response: {
      200: obj(
        {
          items: arr(
            obj(
              {
                id: str,
                sub: str,
                email: str,
                name: str,
                tenantId: str,
                tenantIds: arr(str),
                tenants: arr(obj({ tenantId: str, roles: arr(any) }, ['tenantId', 'roles'])),
              },
              ['id', 'email', 'tenantId', 'tenantIds', 'tenants'],
            ),
          ),
          totalPages: int,
          _metadata: obj({ totalItems: int, totalPages: int }),
        },
        ['items', 'totalPages'],
      ),
    },
  },
  'POST /identity/resources/sub-tenants/users/v1': { response: { 201: EMPTY } },
  'DELETE /identity/resources/sub-tenants/users/v1': { response: { 200: EMPTY } },
  'POST /identity/resources/sub-tenants/users/v2/': { response: { 201: EMPTY } },
  [`PATCH ${SUB_USERS_V1}/roles`]: { response: { 200: obj({ subTenantsRoles: arr(any) }) } },
  [`POST ${SUB_USERS_V1}/roles`]: { response: { 200: obj({ subTenantsRoles: arr(any) }) } },
  [`DELETE ${SUB_USERS_V1}/roles`]: { response: { 200: obj({ subTenantsRoles: arr(any) }) } },
  [`PUT ${SUB_USERS_V1}/access`]: { response: { 200: obj({ allowAccess: bool }, ['allowAccess']) } },
  // Passwordless
  [`POST ${AUTH}/passwordless/:type/prelogin`]: { response: { 200: OBJECT } },
  [`POST ${AUTH}/passwordless/:type/postlogin`]: { response: { 200: AUTH_RESPONSE } },
  // MFA at sign-in
  [`POST ${MFA}/verify`]: { response: { 200: AUTH_RESPONSE } },
  [`POST ${MFA}/authenticator/:deviceId/verify`]: { response: { 200: AUTH_RESPONSE } },
  [`POST ${MFA}/authenticator/enroll`]: { response: { 200: obj({ qrCode: str }) } },
  [`POST ${MFA}/authenticator/enroll/verify`]: { response: { 200: AUTH_RESPONSE } },
  [`POST ${MFA}/recover`]: { response: { 200: AUTH_RESPONSE } },
  [`POST ${MFA}/sms/enroll`]: { response: { 200: OBJECT } },
  [`POST ${MFA}/sms/enroll/verify`]: { response: { 200: AUTH_RESPONSE } },
  [`POST ${MFA}/sms/:deviceId`]: { response: { 200: OBJECT } },
  [`POST ${MFA}/sms/:deviceId/verify`]: { response: { 200: AUTH_RESPONSE } },
  [`POST ${MFA}/emailcode/enroll`]: { response: { 200: OBJECT } },
  [`POST ${MFA}/emailcode/enroll/verify`]: { response: { 200: AUTH_RESPONSE } },
  [`POST ${MFA}/emailcode`]: { response: { 200: OBJECT } },
  [`POST ${MFA}/emailcode/verify`]: { response: { 200: AUTH_RESPONSE } },
  [`POST ${MFA}/webauthn/enroll`]: { response: { 200: OBJECT } },
  [`POST ${MFA}/webauthn/enroll/verify`]: { response: { 200: AUTH_RESPONSE } },
  [`POST ${MFA}/webauthn/:deviceId`]: { response: { 200: OBJECT } },
  [`POST ${MFA}/webauthn/:deviceId/verify`]: { response: { 200: AUTH_RESPONSE } },
  [`POST ${AUTH}/webauthn/prelogin`]: { response: { 200: OBJECT } },
  'POST /identity/resources/auth/v2/webauthn/postlogin': { response: { 200: AUTH_RESPONSE } },
  // The client SDK's passkey sign-in at v1 (the v2 handler).
  [`POST ${AUTH}/webauthn/postlogin`]: { response: { 200: AUTH_RESPONSE } },
  // The client SDK's authenticator-app paths of enrolment in the account (aliases of mfa/enroll).
  [`POST ${ACCOUNT_MFA}/authenticator/enroll`]: { body: NO_BODY, response: { 200: OBJECT } },
  [`POST ${ACCOUNT_MFA}/authenticator/enroll/verify`]: { response: { 200: OBJECT } },
  'GET /identity/resources/configurations/v1/auth/strategies': { response: { 200: STRATEGIES } },
  // MFA and passkeys in the account
  [`GET ${ACCOUNT_MFA}/devices`]: {
    response: {
      200: obj({ webauthn: arr(any), phones: arr(any), authenticators: arr(any), emails: arr(any) }, [
        'webauthn',
        'phones',
        'authenticators',
      ]),
    },
  },
  [`POST ${ACCOUNT_MFA}/enroll`]: { body: NO_BODY, response: { 200: OBJECT } },
  [`POST ${ACCOUNT_MFA}/enroll/verify`]: { response: { 200: OBJECT } },
  [`POST ${ACCOUNT_MFA}/recovery-codes`]: {
    response: {
      200: obj(
        { recoveryCode: str, recoveryCodes: arr(str) },
        ['recoveryCode', 'recoveryCodes'],
        'A new set of 10 single-use recovery codes, shown once; recoveryCode is the first of them',
      ),
    },
  },
  [`POST ${ACCOUNT_MFA}/disable`]: { response: { 200: OBJECT } },
  [`POST ${ACCOUNT_MFA}/authenticator/:deviceId/disable/verify`]: { response: { 200: OBJECT } },
  [`POST ${ACCOUNT_MFA}/sms/enroll`]: { response: { 200: OBJECT } },
  [`POST ${ACCOUNT_MFA}/sms/enroll/verify`]: { response: { 200: OBJECT } },
  [`POST ${ACCOUNT_MFA}/webauthn/enroll`]: { response: { 200: OBJECT } },
  [`POST ${ACCOUNT_MFA}/webauthn/enroll/verify`]: { response: { 200: OBJECT } },
  [`POST ${ACCOUNT_MFA}/sms/:deviceId/disable`]: {
    body: NO_BODY,
    response: { 200: obj({ otcToken: str, phoneNumber: str }, ['otcToken', 'phoneNumber']) },
  },
  [`POST ${ACCOUNT_MFA}/sms/:deviceId/disable/verify`]: { response: { 200: EMPTY } },
  [`POST ${ACCOUNT_MFA}/emailcode/:deviceId/disable`]: { body: NO_BODY, response: { 200: OBJECT } },
  [`POST ${ACCOUNT_MFA}/webauthn/:deviceId/disable`]: {
    body: NO_BODY,
    response: { 200: obj({ webauthnToken: str, options: OBJECT }, ['webauthnToken', 'options']) },
  },
  [`POST ${ACCOUNT_MFA}/webauthn/:deviceId/disable/verify`]: { response: { 200: EMPTY } },
  'POST /identity/resources/users/webauthn/v1/devices': { response: { 200: OBJECT } },
  'POST /identity/resources/users/webauthn/v1/devices/verify': { response: { 200: OBJECT } },
  'GET /identity/resources/users/webauthn/v1/devices': {
    response: { 200: obj({ devices: arr(any) }, ['devices']) },
  },
  'DELETE /identity/resources/users/webauthn/v1/devices/:deviceId': { response: { 200: EMPTY } },
  // Hosted login (OpenID Connect provider)
  'GET /.well-known/openid-configuration': { response: { 200: OIDC_CONFIGURATION } },
  'GET /oauth/authorize': { response: { ...REDIRECT_302, 200: HTML, '4XX': HTML } },
  'POST /oauth/token': { response: { 200: TOKEN_ANSWER } },
  'POST /oauth/authorize/silent': { response: { 200: OBJECT, 204: ABSENT } },
  'GET /oauth/logout': { response: { ...REDIRECT_302, 200: HTML, '4XX': HTML } },
  'GET /oauth/userinfo': { response: { 200: obj({ sub: str, email: str }, ['sub']) } },
  'GET /oauth/login': { response: { 200: HTML, '4XX': HTML } },
  // Social login and tenant SSO
  'GET /identity/resources/sso/v2': { response: { 200: arr(SOCIAL_PROVIDER) } },
  'GET /identity/resources/sso/v1': { response: { 200: arr(SOCIAL_PROVIDER) } },
  'GET /identity/resources/sso/v2/authenticated': { response: { 200: arr(SOCIAL_PROVIDER) } },
  'GET /identity/resources/sso/custom/v1': { response: { 200: obj({ providers: arr(any) }, ['providers']) } },
  [`POST ${AUTH}/user/sso/:provider/postlogin`]: { body: NO_BODY, response: { 200: AUTH_RESPONSE } },
  [`GET ${AUTH}/sso/oidc/:key/start`]: { response: { ...REDIRECT_302 } },
  [`POST ${AUTH}/user/oidc/postlogin`]: { response: { 200: AUTH_RESPONSE } },
  'POST /identity/resources/auth/v2/user/oidc/postlogin': { response: { 200: AUTH_RESPONSE } },
  [`GET ${AUTH}/sso/saml/:key/start`]: { response: { ...REDIRECT_302, 200: HTML } },
  [`GET ${AUTH}/sso/saml/:key/metadata`]: {
    response: { 200: { content: { 'application/samlmetadata+xml': { schema: { type: 'string' } } } } },
  },
  [`POST ${AUTH}/sso/saml/:key/acs`]: { response: { ...REDIRECT_302 } },
  [`POST ${AUTH}/user/saml/postlogin`]: { response: { 200: AUTH_RESPONSE } },
  // Only when the server serves the kit's files (staticRoot): the CDN bundles, the demo pages, and
  // the account pages that links in emails open.
  'GET /*': { response: { 200: FILE } },
  'GET /account/*': { response: { 200: HTML } },
  // Development mode only (devOutbox)
  // The page a person opens (the address printed at start), or JSON on request and with ?to=.
  'GET /dev/outbox': {
    response: {
      200: {
        content: {
          'application/json': { schema: obj({ messages: arr(any) }, ['messages']) },
          'text/html': { schema: { type: 'string' } },
        },
      },
    },
  },
  'PUT /dev/settings': { response: { 200: OBJECT } },
};
