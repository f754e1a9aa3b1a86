// Response schemas of the security page's calls (issue 15): policies, IP and email-domain
// restrictions, unlock; by `METHOD path` without the API prefix (server/http/openapi.ts).
import { AUDIT_SEVERITIES } from '../../../core/api/audits';
import {
  INSIGHT_CODES,
  RECOMMENDATION_CODES,
  SECURITY_CATEGORIES,
  SEVERITIES,
} from '../../../core/contract/securityCenter';
import { any, arr, bool, EMPTY, int, NO_BODY, obj, page, str } from './common';
import type { RouteSchemas } from './index';

const CONFIG = '/identity/resources/configurations/v1';
const IP = `${CONFIG}/restrictions/ip`;
const DOMAINS = '/identity/resources/configurations/restrictions/v1/email-domain';
const TIMES = { id: str, createdAt: str, updatedAt: str };

const MFA_POLICY = obj(
  { ...TIMES, enforceMFAType: { type: 'string', enum: ['DontForce', 'Force', 'ForceExceptSAML'] } },
  ['id', 'enforceMFAType'],
);
const LOCKOUT_POLICY = obj({ ...TIMES, enabled: bool, maxAttempts: int }, ['id', 'enabled', 'maxAttempts']);
const HISTORY_POLICY = obj({ ...TIMES, enabled: bool, historySize: int }, ['id', 'enabled', 'historySize']);
const TIMEOUT = obj({ isActive: bool, timeout: int }, ['isActive', 'timeout']);
const SESSION_POLICY = obj(
  {
    sessionTimeoutConfiguration: TIMEOUT,
    sessionIdleTimeoutConfiguration: TIMEOUT,
    sessionConcurrentConfiguration: obj({ isActive: bool, maxSessions: int }, ['isActive', 'maxSessions']),
  },
  ['sessionTimeoutConfiguration', 'sessionIdleTimeoutConfiguration', 'sessionConcurrentConfiguration'],
);
const STRATEGY = { type: 'string', enum: ['ALLOW', 'BLOCK'] } as const;
const IP_RESTRICTION = obj(
  { id: str, ip: str, strategy: STRATEGY, isActive: bool, description: str, createdAt: str, updatedAt: str },
  ['id', 'ip', 'strategy', 'isActive'],
);
const IP_CONFIG = obj({ isActive: bool, strategy: STRATEGY }, ['isActive', 'strategy']);
const VALID = obj({ valid: bool }, ['valid']);
const DOMAIN = obj({ id: str, domain: str, type: STRATEGY }, ['id', 'domain', 'type']);
const DOMAIN_CONFIG = obj({ active: bool, listType: STRATEGY, blockPublicDomains: bool }, [
  'active',
  'listType',
  'blockPublicDomains',
]);

const policy = (path: string, schema: unknown): RouteSchemas => ({
  [`GET ${CONFIG}/${path}`]: { response: { 200: schema } },
  [`GET ${CONFIG}/${path}/vendor`]: { response: { 200: schema } },
  [`POST ${CONFIG}/${path}`]: { response: { 200: schema } },
  [`PATCH ${CONFIG}/${path}`]: { response: { 200: schema } },
});

const AUDIT_RECORD = obj(
  {
    _id: str,
    createdAt: str,
    updatedAt: str,
    time: str,
    user: str,
    email: str,
    actorMail: str,
    ip: str,
    userAgent: str,
    severity: { type: 'string', enum: AUDIT_SEVERITIES },
    resource: str,
    action: str,
    description: str,
    json: arr(obj({ key: str, value: any }, ['key', 'value'])),
    tenantId: str,
    vendorId: str,
    __v: int,
  },
  ['_id', 'createdAt', 'email', 'ip', 'severity', 'action', 'description', 'json', 'tenantId', 'vendorId'],
);
const CSV = {
  description: 'The records as CSV (file audits.csv), streamed',
  content: { 'text/csv': { schema: { type: 'string' } } },
} as const;

const CENTRE_METADATA = obj(
  {
    totalUsers: int,
    mfa: obj({ enrolledUsersCount: int }),
    inactivity: obj({ staleUsersCount: int, neverSignedInUsersCount: int }),
    password: obj({
      breachedPasswordUsersCount: int,
      historyRecommendations: int,
      userLockoutRecommendation: int,
    }),
    sessions: obj({
      configuredSessionSettings: int,
      forceReloginRecommendation: int,
      concurrencyRecommendation: int,
      idleTimeoutRecommendation: int,
    }),
    restrictions: obj({ ipsCount: int, domainsCount: int }),
  },
  [],
  "The counts behind an item (the client SDK's BaseRecommendationMetadata)",
);
const CATEGORY = { type: 'string', enum: [...SECURITY_CATEGORIES] };
const RECOMMENDATION = obj(
  {
    code: { type: 'string', enum: [...RECOMMENDATION_CODES] },
    severity: { type: 'string', enum: [...SEVERITIES] },
    category: CATEGORY,
    metadata: CENTRE_METADATA,
    actions: arr(obj({ key: str }, ['key'])),
  },
  ['code', 'severity', 'category'],
);
const INSIGHT = obj(
  { code: { type: 'string', enum: [...INSIGHT_CODES] }, category: CATEGORY, metadata: CENTRE_METADATA },
  ['code', 'category'],
);

export const securitySchemas: RouteSchemas = {
  // The audit log (routes/audits.ts).
  'GET /audits': { response: { 200: obj({ data: arr(AUDIT_RECORD), total: int }, ['data', 'total']) } },
  'GET /audits/stats': {
    response: { 200: obj({ totalToday: int, severeThisWeek: int }, ['totalToday', 'severeThisWeek']) },
  },
  'POST /audits/export/csv/v2': { response: { 200: CSV } },
  'POST /audits/export/csv': { response: { 200: CSV } },
  [`GET ${CONFIG}`]: {
    response: {
      200: obj(
        {
          id: str,
          enforceMFAType: str,
          createdAt: str,
          updatedAt: str,
          allowOverrideEnforcePasswordHistory: bool,
          allowOverridePasswordComplexity: bool,
          allowOverridePasswordExpiration: bool,
          allowSignups: bool,
          apiTokensEnabled: bool,
          cookieSameSite: str,
          defaultRefreshTokenExpiration: int,
          defaultTokenExpiration: int,
          publicKey: str,
        },
        ['id', 'allowSignups', 'apiTokensEnabled'],
      ),
    },
  },
  ...policy('mfa-policy', MFA_POLICY),
  ...policy('lockout-policy', LOCKOUT_POLICY),
  ...policy('password-history-policy', HISTORY_POLICY),
  'GET /identity/resources/configurations/sessions/v1': { response: { 200: SESSION_POLICY } },
  'POST /identity/resources/configurations/sessions/v1': { response: { 201: EMPTY } },
  // The security centre (routes/security-center.ts; the client's security-center/interfaces.d.ts).
  'GET /security-center/resources/recommendations/v1': {
    response: {
      200: obj(
        {
          scoring: obj({ score: int }, ['score']),
          recommendations: obj({ items: arr(RECOMMENDATION) }, ['items']),
        },
        ['scoring', 'recommendations'],
      ),
    },
  },
  'GET /security-center/resources/insights/v1': {
    response: { 200: obj({ insights: obj({ items: arr(INSIGHT) }, ['items']) }, ['insights']) },
  },
  'POST /identity/resources/users/v1/passwords/breached/reset/bulk': {
    body: NO_BODY,
    response: { 200: obj({ sent: int, skipped: int }, ['sent', 'skipped']) },
  },
  'POST /identity/resources/users/v1/:userId/unlock': {
    body: NO_BODY,
    response: { 200: obj({ unlocked: bool }, ['unlocked']) },
  },
  [`GET ${IP}`]: { response: { 200: page(IP_RESTRICTION) } },
  [`GET ${IP}/config`]: { response: { 200: IP_CONFIG } },
  [`POST ${IP}/config`]: { response: { 200: IP_CONFIG } },
  [`POST ${IP}`]: { response: { 201: EMPTY } },
  [`POST ${IP}/bulk`]: { response: { 201: EMPTY } },
  [`DELETE ${IP}/:id`]: { response: { 200: EMPTY } },
  [`POST ${IP}/verify`]: { body: NO_BODY, response: { 200: VALID } },
  [`POST ${IP}/verify/allow`]: { body: NO_BODY, response: { 200: VALID } },
  [`GET ${DOMAINS}`]: { response: { 200: obj({ items: arr(DOMAIN) }, ['items']) } },
  [`GET ${DOMAINS}/config`]: { response: { 200: DOMAIN_CONFIG } },
  [`POST ${DOMAINS}/config`]: { response: { 200: DOMAIN_CONFIG } },
  [`POST ${DOMAINS}`]: { response: { 201: DOMAIN } },
  [`DELETE ${DOMAINS}/:id`]: { response: { 200: EMPTY } },
};
