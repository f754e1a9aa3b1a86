/**
 * Email-domain restrictions where the server enforces them: who may join an account by
 * invitation, invite-link sign-up and joining, SCIM and SSO just-in-time membership. The rule is
 * core/domain/security-policies.ts; public providers (gmail.com, outlook.com …) come from the
 * maintained `email-providers` list.
 */
import publicProviders from 'email-providers';
import { emailDomainAllowed as allowed } from '../../core/domain/security-policies';
import type { Database } from '../storage/database';
import { securityPolicyRepositories } from '../storage/security-policies';

export const DOMAIN_NOT_ALLOWED = 'Email addresses of this domain cannot join this account.';
const PUBLIC = new Set<string>(publicProviders);

/** Whether `email` may join `tenantId` under its email-domain restrictions. */
export const emailDomainAllowed = (db: Database, tenantId: string, email: string) =>
  allowed(securityPolicyRepositories(db), tenantId, email, (domain) => PUBLIC.has(domain));
