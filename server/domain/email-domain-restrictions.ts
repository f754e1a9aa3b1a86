/**
 * Email-domain restrictions of an account (issue 15, spec 001 §3): allow or block lists of email
 * domains and the account's config (active, listType, blockPublicDomains). While active, they decide
 * who may join the account: invitations, invite-link sign-up and joining, and SSO just-in-time
 * membership (a listed domain also covers its subdomains). Public providers (gmail.com, outlook.com
 * …) come from the maintained `email-providers` list.
 */
import publicProviders from 'email-providers';
import type { Database } from '../storage/database';

export type DomainListType = 'ALLOW' | 'BLOCK';
interface DomainConfig {
  active: boolean;
  listType: DomainListType;
  blockPublicDomains: boolean;
}

export const DOMAIN_NOT_ALLOWED = 'Email addresses of this domain cannot join this account.';
const PUBLIC = new Set<string>(publicProviders);

/** A domain name as stored: lower case, no trailing dot; null when it is not one. */
export function parseDomain(value: string): string | null {
  const domain = value.trim().toLowerCase().replace(/\.$/, '');
  return /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain) ? domain : null;
}

export async function domainConfig(db: Database, tenantId: string): Promise<DomainConfig> {
  const { rows } = await db.query<{
    active: boolean;
    list_type: DomainListType;
    block_public_domains: boolean;
  }>('SELECT active, list_type, block_public_domains FROM email_domain_configs WHERE tenant_id = $1', [
    tenantId,
  ]);
  const row = rows[0];
  return {
    active: row?.active ?? false,
    listType: row?.list_type ?? 'ALLOW',
    blockPublicDomains: row?.block_public_domains ?? false,
  };
}

export async function saveDomainConfig(
  db: Database,
  tenantId: string,
  changes: { active: boolean; blockPublicDomains?: boolean; type?: DomainListType },
): Promise<DomainConfig> {
  const current = await domainConfig(db, tenantId);
  const next: DomainConfig = {
    active: changes.active,
    listType: changes.type ?? current.listType,
    blockPublicDomains: changes.blockPublicDomains ?? current.blockPublicDomains,
  };
  await db.query(
    `INSERT INTO email_domain_configs (tenant_id, active, list_type, block_public_domains) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id) DO UPDATE SET active = $2, list_type = $3, block_public_domains = $4, updated_at = now()`,
    [tenantId, next.active, next.listType, next.blockPublicDomains],
  );
  return next;
}

export async function listDomainRestrictions(db: Database, tenantId: string) {
  const { rows } = await db.query<{ id: string; domain: string; type: DomainListType }>(
    'SELECT id, domain, type FROM email_domain_restrictions WHERE tenant_id = $1 ORDER BY domain, type',
    [tenantId],
  );
  return rows;
}

export async function addDomainRestriction(
  db: Database,
  tenantId: string,
  domain: string,
  type: DomainListType,
) {
  const { rows } = await db.query<{ id: string; domain: string; type: DomainListType }>(
    `INSERT INTO email_domain_restrictions (tenant_id, domain, type) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, domain, type) DO UPDATE SET domain = EXCLUDED.domain
     RETURNING id, domain, type`,
    [tenantId, domain, type],
  );
  return rows[0]!;
}

export async function deleteDomainRestriction(db: Database, tenantId: string, id: string): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM email_domain_restrictions WHERE tenant_id = $1 AND id = $2 RETURNING id',
    [tenantId, id],
  );
  return rows.length > 0;
}

/** Whether `domain` is `listed` or a subdomain of it. */
const covers = (listed: string, domain: string) => domain === listed || domain.endsWith(`.${listed}`);

/** Whether `email` may join `tenantId` under its email-domain restrictions. */
export async function emailDomainAllowed(db: Database, tenantId: string, email: string): Promise<boolean> {
  const config = await domainConfig(db, tenantId);
  if (!config.active) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (config.blockPublicDomains && PUBLIC.has(domain)) return false;
  const listed = (await listDomainRestrictions(db, tenantId)).filter((r) => r.type === config.listType);
  const onList = listed.some((r) => covers(r.domain, domain));
  return config.listType === 'ALLOW' ? onList : !onList;
}
