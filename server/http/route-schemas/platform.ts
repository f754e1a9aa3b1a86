// Response schemas of configuration, account settings, metadata, entitlements, flags, sub-accounts,
// passwordless, MFA, passkeys, hosted login and federation, by `METHOD path` without the API prefix.
// Where an answer's fields are still settling (the gaps work of issue 13), the schema says "an
// object" and lists what is known; the contract suite checks what it lists.
import { any, arr, bool, int, num, obj, str, strOrNull } from './common';

export const OBJECT = obj({});
export const FLAG = obj(
  { key: str, description: strOrNull, enabled: bool, tenantIds: arr(str), userIds: arr(str) },
  ['key', 'enabled'],
);
export const STRATEGY = obj({ strategy: str, isActive: bool }, ['strategy']);
/** The client SDK's IAuthStrategiesConfig. */
export const STRATEGIES = obj(
  { mainAuthStrategies: arr(obj({ strategy: str }, ['strategy'])), secondaryAuthStrategies: arr(STRATEGY) },
  ['mainAuthStrategies', 'secondaryAuthStrategies'],
);
const CAPTCHA_FIELDS = { id: str, siteKey: str, enabled: bool, createdAt: str, updatedAt: str };
/** The client SDK's ISecurityPolicyCaptcha; `{ enabled: false }` before any policy is saved. */
export const CAPTCHA_PUBLIC = obj(CAPTCHA_FIELDS, ['enabled']);
export const CAPTCHA_POLICY = obj(
  { ...CAPTCHA_FIELDS, minScore: num, ignoredEmails: arr(str), hasSecretKey: bool },
  ['enabled', 'siteKey', 'minScore', 'ignoredEmails', 'hasSecretKey'],
);
// The admin box's row carries `configuration` (the demo backend answers it without entityName);
// the audits row is the client's IAuditsMetadata: the columns as `properties`, and a `theme`; the
// saml row is its ISamlMetadata: `isActive` and `configuration` { acsUrl, spEntityId }.
export const METADATA_ROWS = obj(
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
export const ACCOUNT_SETTINGS = obj(
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
    metadata: str,
    locale: strOrNull,
    hasCustomLogin: bool,
  },
  ['tenantId', 'name'],
);
export const SUB_ACCOUNT = obj(
  { tenantId: str, name: str, parentTenantId: strOrNull, createdAt: str, tenantType: strOrNull },
  ['tenantId'],
);
export const HIERARCHY_NODE = obj({ tenantId: str, tenantName: str, createdAt: str, children: arr(any) }, [
  'tenantId',
]);
export const SOCIAL_PROVIDER = obj({ type: str, clientId: strOrNull, redirectUrl: strOrNull, active: bool }, [
  'type',
]);
export const OIDC_CONFIGURATION = obj(
  { issuer: str, authorization_endpoint: str, token_endpoint: str, jwks_uri: str },
  ['issuer', 'jwks_uri'],
);
export const TOKEN_ANSWER = obj(
  { access_token: str, id_token: str, refresh_token: str, token_type: str, expires_in: int, scope: str },
  ['access_token', 'token_type'],
);
export const FILE = { content: { '*/*': { schema: { type: 'string', format: 'binary' } } } };
export const REDIRECT_302 = { 302: { description: 'A redirect: see the location header', type: 'null' } };
