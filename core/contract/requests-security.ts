/**
 * Security policies' request schemas (their handlers: core/domain/security-policy-handlers.ts), by `METHOD path` as in core/contract/requests.ts: the MFA,
 * lockout, password-history and session policies, IP and email-domain restrictions. Limits:
 * core/api/securityPolicies.ts POLICY_LIMITS, one table for the server, the demo and the page.
 */
import { ENFORCE_MFA_TYPES, POLICY_LIMITS } from '../api/securityPolicies';
import * as s from './schemas';

/** The id the client echoes back on PATCH (spec 001 §5); not trusted to choose the row. */
const policyId = { type: 'string', maxLength: 100 } as const;
export const int = ({ min, max }: { min: number; max: number }) =>
  ({ type: 'integer', minimum: min, maximum: max }) as const;
export const timeout = (limit: { min: number; max: number }) =>
  s.strictObject({ isActive: { type: 'boolean' }, timeout: int(limit) }, ['isActive', 'timeout']);
export const listType = { type: 'string', enum: ['ALLOW', 'BLOCK'] } as const;

export const mfaPolicy = {
  body: s.strictObject({ id: policyId, enforceMFAType: { type: 'string', enum: [...ENFORCE_MFA_TYPES] } }, [
    'enforceMFAType',
  ]),
};
export const lockoutPolicy = {
  body: s.strictObject(
    { id: policyId, enabled: { type: 'boolean' }, maxAttempts: int(POLICY_LIMITS.maxAttempts) },
    ['enabled', 'maxAttempts'],
  ),
};
export const historyPolicy = {
  body: s.strictObject(
    { id: policyId, enabled: { type: 'boolean' }, historySize: int(POLICY_LIMITS.historySize) },
    ['enabled', 'historySize'],
  ),
};
export const ipEntry = s.strictObject(
  {
    ip: { type: 'string', minLength: 1, maxLength: 64 },
    strategy: listType,
    isActive: { type: 'boolean' },
    description: { type: ['string', 'null'], maxLength: 200 },
  },
  ['ip'],
);
