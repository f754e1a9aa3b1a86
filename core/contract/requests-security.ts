/**
 * Security policies' request schemas (server/routes/security-policies.ts; the demo:
 * core/demo/securityPolicies.ts), by `METHOD path` as in core/contract/requests.ts: the MFA,
 * lockout, password-history and session policies, IP and email-domain restrictions. Limits:
 * core/api/securityPolicies.ts POLICY_LIMITS, one table for the server, the demo and the page.
 */
import { ENFORCE_MFA_TYPES, POLICY_LIMITS } from '../api/securityPolicies';
import type { RequestSchema } from './requests';
import * as s from './schemas';

const BASE = '/identity/resources/configurations/v1';
const IP = `${BASE}/restrictions/ip`;
const DOMAINS = '/identity/resources/configurations/restrictions/v1/email-domain';

/** The id the client echoes back on PATCH (spec 001 §5); not trusted to choose the row. */
const policyId = { type: 'string', maxLength: 100 } as const;
const int = ({ min, max }: { min: number; max: number }) =>
  ({ type: 'integer', minimum: min, maximum: max }) as const;
const timeout = (limit: { min: number; max: number }) =>
  s.strictObject({ isActive: { type: 'boolean' }, timeout: int(limit) }, ['isActive', 'timeout']);
const listType = { type: 'string', enum: ['ALLOW', 'BLOCK'] } as const;

const mfaPolicy = {
  body: s.strictObject({ id: policyId, enforceMFAType: { type: 'string', enum: [...ENFORCE_MFA_TYPES] } }, [
    'enforceMFAType',
  ]),
};
const lockoutPolicy = {
  body: s.strictObject(
    { id: policyId, enabled: { type: 'boolean' }, maxAttempts: int(POLICY_LIMITS.maxAttempts) },
    ['enabled', 'maxAttempts'],
  ),
};
const historyPolicy = {
  body: s.strictObject(
    { id: policyId, enabled: { type: 'boolean' }, historySize: int(POLICY_LIMITS.historySize) },
    ['enabled', 'historySize'],
  ),
};
const ipEntry = s.strictObject(
  {
    ip: { type: 'string', minLength: 1, maxLength: 64 },
    strategy: listType,
    isActive: { type: 'boolean' },
    description: { type: ['string', 'null'], maxLength: 200 },
  },
  ['ip'],
);

export const SECURITY_REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  [`POST ${BASE}/mfa-policy`]: mfaPolicy,
  [`PATCH ${BASE}/mfa-policy`]: mfaPolicy,
  [`POST ${BASE}/lockout-policy`]: lockoutPolicy,
  [`PATCH ${BASE}/lockout-policy`]: lockoutPolicy,
  [`POST ${BASE}/password-history-policy`]: historyPolicy,
  [`PATCH ${BASE}/password-history-policy`]: historyPolicy,
  'POST /identity/resources/configurations/sessions/v1': {
    body: {
      ...s.strictObject({
        sessionTimeoutConfiguration: timeout(POLICY_LIMITS.reloginSeconds),
        sessionIdleTimeoutConfiguration: timeout(POLICY_LIMITS.idleTimeoutSeconds),
        sessionConcurrentConfiguration: s.strictObject(
          { isActive: { type: 'boolean' }, maxSessions: int(POLICY_LIMITS.maxSessions) },
          ['isActive', 'maxSessions'],
        ),
      }),
      minProperties: 1,
    },
  },
  // `_offset` is a page index, as on the other lists; spec 001 §9: "default query _limit 10, offset
  // 0, filter ALLOW"; an empty filter lists both.
  [`GET ${IP}`]: {
    querystring: s.strictObject({
      _offset: { type: 'string', pattern: '^[0-9]{1,6}$' },
      _limit: { type: 'string', pattern: '^([1-9][0-9]?|100)$' },
      _filter: { type: 'string', enum: ['ALLOW', 'BLOCK', ''] },
    }),
  },
  [`POST ${IP}/config`]: {
    body: s.strictObject({ isActive: { type: 'boolean' }, strategy: listType }, ['isActive']),
  },
  [`POST ${IP}`]: { body: ipEntry },
  [`POST ${IP}/bulk`]: {
    body: s.strictObject({ ips: { type: 'array', minItems: 1, maxItems: 100, items: ipEntry } }, ['ips']),
  },
  [`POST ${DOMAINS}/config`]: {
    body: s.strictObject(
      { active: { type: 'boolean' }, blockPublicDomains: { type: 'boolean' }, type: listType },
      ['active'],
    ),
  },
  [`POST ${DOMAINS}`]: {
    body: s.strictObject({ domain: { type: 'string', minLength: 1, maxLength: 253 }, type: listType }, [
      'domain',
      'type',
    ]),
  },
};
