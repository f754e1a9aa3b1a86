// Response schemas of the security page's calls (issue 15): policies, IP and email-domain
// restrictions, unlock; by `METHOD path` without the API prefix (server/http/openapi.ts).
import { AUDIT_SEVERITIES } from '../../../core/contract/audits';
import {
  INSIGHT_CODES,
  RECOMMENDATION_CODES,
  SECURITY_CATEGORIES,
  SEVERITIES,
} from '../../../core/contract/securityCenter';
import { any, arr, bool, int, obj, str } from './common';

const TIMES = { id: str, createdAt: str, updatedAt: str };

export const MFA_POLICY = obj(
  { ...TIMES, enforceMFAType: { type: 'string', enum: ['DontForce', 'Force', 'ForceExceptSAML'] } },
  ['id', 'enforceMFAType'],
);
export const LOCKOUT_POLICY = obj({ ...TIMES, enabled: bool, maxAttempts: int }, [
  'id',
  'enabled',
  'maxAttempts',
]);
export const HISTORY_POLICY = obj({ ...TIMES, enabled: bool, historySize: int }, [
  'id',
  'enabled',
  'historySize',
]);
const TIMEOUT = obj({ isActive: bool, timeout: int }, ['isActive', 'timeout']);
export const SESSION_POLICY = obj(
  {
    sessionTimeoutConfiguration: TIMEOUT,
    sessionIdleTimeoutConfiguration: TIMEOUT,
    sessionConcurrentConfiguration: obj({ isActive: bool, maxSessions: int }, ['isActive', 'maxSessions']),
  },
  ['sessionTimeoutConfiguration', 'sessionIdleTimeoutConfiguration', 'sessionConcurrentConfiguration'],
);
const STRATEGY = { type: 'string', enum: ['ALLOW', 'BLOCK'] } as const;
export const IP_RESTRICTION = obj(
  { id: str, ip: str, strategy: STRATEGY, isActive: bool, description: str, createdAt: str, updatedAt: str },
  ['id', 'ip', 'strategy', 'isActive'],
);
export const IP_CONFIG = obj({ isActive: bool, strategy: STRATEGY }, ['isActive', 'strategy']);
export const VALID = obj({ valid: bool }, ['valid']);
export const DOMAIN = obj({ id: str, domain: str, type: STRATEGY }, ['id', 'domain', 'type']);
export const DOMAIN_CONFIG = obj({ active: bool, listType: STRATEGY, blockPublicDomains: bool }, [
  'active',
  'listType',
  'blockPublicDomains',
]);

export const AUDIT_RECORD = obj(
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
export const CSV = {
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
export const RECOMMENDATION = obj(
  {
    code: { type: 'string', enum: [...RECOMMENDATION_CODES] },
    severity: { type: 'string', enum: [...SEVERITIES] },
    category: CATEGORY,
    metadata: CENTRE_METADATA,
    actions: arr(obj({ key: str }, ['key'])),
  },
  ['code', 'severity', 'category'],
);
export const INSIGHT = obj(
  { code: { type: 'string', enum: [...INSIGHT_CODES] }, category: CATEGORY, metadata: CENTRE_METADATA },
  ['code', 'category'],
);
