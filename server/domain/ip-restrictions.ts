/**
 * IP restrictions where the server enforces them: at sign-in (the session's account), at refresh
 * and on every authenticated call (app.ts's session guard), with the client address Fastify reads:
 * the socket's, or with the server's `trustProxy` setting the X-Forwarded-For hop it trusts
 * (docs/admin-portal.md). The rule and the address matching are core/domain/security-policies.ts.
 */
import { ipAllowed as allowed } from '../../core/domain/security-policies';
import type { Database } from '../storage/database';
import { securityPolicyRepositories } from '../storage/security-policies';

/** Whether `ip` may reach `tenantId` under its IP restrictions. */
export const ipAllowed = (db: Database, tenantId: string | null, ip: string | undefined) =>
  allowed(securityPolicyRepositories(db), tenantId, ip);
