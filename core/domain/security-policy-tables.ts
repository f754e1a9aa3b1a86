/**
 * The security page's tables, as the server's schema has them (server/storage/schema/security-policies.ts):
 * `security_policies` (a row per kind and account, the vendor's with no account), an account's MFA
 * policy in `tenant_mfa_policies` (which also holds the remember-device settings the sign-in gate
 * reads, left to their defaults here), `ip_restriction_configs`/`ip_restrictions` and
 * `email_domain_configs`/`email_domain_restrictions`. Declared apart from their repositories
 * (core/domain/security-policy-storage.ts): demo mode's session and MFA checks read them on the
 * sign-in page, which loads no back-office code.
 */
import type { IpStrategy } from '../api/securityPolicies';
import type { DomainListType, PolicyKind } from './security-policies';
import { table } from './tables';

export interface PolicyRow {
  id: string;
  kind: PolicyKind;
  tenantId: string | null;
  settings: object;
  createdAt: string;
  updatedAt: string;
}
/** The policies by kind; a row with no account is the vendor's default. */
export const SECURITY_POLICIES = table<PolicyRow>('security_policies', {
  id: 'uuid',
  kind: 'text',
  tenantId: 'uuid',
  settings: 'jsonb',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
});

export interface MfaPolicyRow {
  id: string;
  tenantId: string;
  enforce: boolean;
  exceptSaml: boolean;
  createdAt: string;
  updatedAt: string;
}
export const MFA_POLICIES = table<MfaPolicyRow>('tenant_mfa_policies', {
  id: 'uuid',
  tenantId: 'uuid',
  enforce: 'bool',
  exceptSaml: 'bool',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
});

export interface IpRow {
  id: string;
  tenantId: string;
  ip: string;
  strategy: IpStrategy;
  isActive: boolean;
  description: string | null;
  createdAt: string;
  updatedAt: string;
  /** The insertion order: entries added in one millisecond are still newest first. */
  seq: number;
}
/** IP restrictions: an address or a CIDR range per row, in an allow or a block list. */
export const IP_RESTRICTIONS = table<IpRow>('ip_restrictions', {
  id: 'uuid',
  tenantId: 'uuid',
  ip: 'text',
  strategy: 'text',
  isActive: 'bool',
  description: 'text',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
  seq: 'serial',
});

interface IpConfigRow {
  tenantId: string;
  isActive: boolean;
  strategy: IpStrategy;
  updatedAt: string;
}
export const IP_CONFIGS = table<IpConfigRow>('ip_restriction_configs', {
  tenantId: 'uuid',
  isActive: 'bool',
  strategy: 'text',
  updatedAt: 'timestamptz',
});

export interface DomainRow {
  id: string;
  tenantId: string;
  domain: string;
  type: DomainListType;
  createdAt: string;
}
/** Email-domain restrictions: a domain per row, in an allow or a block list. */
export const EMAIL_DOMAINS = table<DomainRow>('email_domain_restrictions', {
  id: 'uuid',
  tenantId: 'uuid',
  domain: 'text',
  type: 'text',
  createdAt: 'timestamptz',
});

interface DomainConfigRow {
  tenantId: string;
  active: boolean;
  listType: DomainListType;
  blockPublicDomains: boolean;
  updatedAt: string;
}
export const DOMAIN_CONFIGS = table<DomainConfigRow>('email_domain_configs', {
  tenantId: 'uuid',
  active: 'bool',
  listType: 'text',
  blockPublicDomains: 'bool',
  updatedAt: 'timestamptz',
});
