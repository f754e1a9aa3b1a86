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
import { col, nullable, table, type RowOf } from './tables';

/** The policies by kind; a row with no account is the vendor's default. */
export const SECURITY_POLICIES = table('security_policies', {
  id: col.uuid,
  kind: col.text<PolicyKind>(),
  tenantId: nullable(col.uuid),
  settings: col.jsonb<object>(),
  createdAt: col.timestamptz,
  updatedAt: col.timestamptz,
});
export type PolicyRow = RowOf<typeof SECURITY_POLICIES>;

export const MFA_POLICIES = table('tenant_mfa_policies', {
  id: col.uuid,
  tenantId: col.uuid,
  enforce: col.bool,
  exceptSaml: col.bool,
  createdAt: col.timestamptz,
  updatedAt: col.timestamptz,
});
export type MfaPolicyRow = RowOf<typeof MFA_POLICIES>;

/** IP restrictions: an address or a CIDR range per row, in an allow or a block list. */
export const IP_RESTRICTIONS = table('ip_restrictions', {
  id: col.uuid,
  tenantId: col.uuid,
  ip: col.text(),
  strategy: col.text<IpStrategy>(),
  isActive: col.bool,
  description: nullable(col.text()),
  createdAt: col.timestamptz,
  updatedAt: col.timestamptz,
  /** The insertion order: entries added in one millisecond are still newest first. */
  seq: col.serial,
});
export type IpRow = RowOf<typeof IP_RESTRICTIONS>;

export const IP_CONFIGS = table('ip_restriction_configs', {
  tenantId: col.uuid,
  isActive: col.bool,
  strategy: col.text<IpStrategy>(),
  updatedAt: col.timestamptz,
});

/** Email-domain restrictions: a domain per row, in an allow or a block list. */
export const EMAIL_DOMAINS = table('email_domain_restrictions', {
  id: col.uuid,
  tenantId: col.uuid,
  domain: col.text(),
  type: col.text<DomainListType>(),
  createdAt: col.timestamptz,
});
export type DomainRow = RowOf<typeof EMAIL_DOMAINS>;

export const DOMAIN_CONFIGS = table('email_domain_configs', {
  tenantId: col.uuid,
  active: col.bool,
  listType: col.text<DomainListType>(),
  blockPublicDomains: col.bool,
  updatedAt: col.timestamptz,
});
