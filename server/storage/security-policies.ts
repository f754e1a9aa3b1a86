/**
 * The security policies' repositories over PostgreSQL (the ports of core/domain/security-policies.ts):
 * `security_policies` (a row per kind and account, the vendor's with no account), the accounts'
 * MFA policies in `tenant_mfa_policies` (which also hold the remember-device settings the sign-in
 * gate reads), `ip_restriction_configs`/`ip_restrictions`, and
 * `email_domain_configs`/`email_domain_restrictions`. SQL only: the rules are the domain's.
 */
import type { IpRestriction, IpStrategy } from '../../core/api/securityPolicies';
import { enforceMfaTypeOf } from '../../core/domain/mfa-gate';
import type {
  DomainListType,
  DomainRestrictionRepository,
  IpRestrictionRepository,
  PolicyKind,
  PolicyRepository,
  PolicySettings,
  SecurityPolicyPorts,
  StoredPolicy,
} from '../../core/domain/security-policies';
import type { Database } from './database';

interface PolicyRow {
  id: string;
  settings: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}
const COLUMNS = 'id, settings, created_at, updated_at';
const stored = <K extends PolicyKind>(row: PolicyRow): StoredPolicy<K> => ({
  id: row.id,
  settings: row.settings as Partial<PolicySettings[K]>,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

interface MfaRow {
  id: string;
  enforce: boolean;
  except_saml: boolean;
  created_at: Date;
  updated_at: Date;
}
const MFA_COLUMNS = 'id, enforce, except_saml, created_at, updated_at';
const storedMfa = (row: MfaRow): StoredPolicy<'mfa'> => ({
  id: row.id,
  settings: { enforceMFAType: enforceMfaTypeOf(row.enforce, row.except_saml) },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function policyRepository(db: Database): PolicyRepository {
  return {
    // A read reads: the vendor's row is written (with the built-in default) only the first time a
    // never-saved policy is asked for, so it has an id from then on.
    async vendor<K extends PolicyKind>(kind: K, settings: PolicySettings[K]) {
      const select = () =>
        db.query<PolicyRow>(
          `SELECT ${COLUMNS} FROM security_policies WHERE kind = $1 AND tenant_id IS NULL`,
          [kind],
        );
      const { rows } = await select();
      if (rows[0]) return stored<K>(rows[0]);
      await db.query(
        `INSERT INTO security_policies (kind, tenant_id, settings) VALUES ($1, NULL, $2)
         ON CONFLICT (kind) WHERE tenant_id IS NULL DO NOTHING`,
        [kind, JSON.stringify(settings)],
      );
      return stored<K>((await select()).rows[0]!);
    },
    async ofAccount<K extends PolicyKind>(kind: K, tenantId: string) {
      if (kind === 'mfa') {
        const { rows } = await db.query<MfaRow>(
          `SELECT ${MFA_COLUMNS} FROM tenant_mfa_policies WHERE tenant_id = $1`,
          [tenantId],
        );
        return rows[0] ? (storedMfa(rows[0]) as StoredPolicy<K>) : null;
      }
      const { rows } = await db.query<PolicyRow>(
        `SELECT ${COLUMNS} FROM security_policies WHERE kind = $1 AND tenant_id = $2`,
        [kind, tenantId],
      );
      return rows[0] ? stored<K>(rows[0]) : null;
    },
    async saveForAccount<K extends PolicyKind>(kind: K, tenantId: string, settings: PolicySettings[K]) {
      if (kind === 'mfa') {
        const { enforceMFAType } = settings as PolicySettings['mfa'];
        const { rows } = await db.query<MfaRow>(
          `INSERT INTO tenant_mfa_policies (tenant_id, enforce, except_saml) VALUES ($1, $2, $3)
           ON CONFLICT (tenant_id) DO UPDATE SET enforce = $2, except_saml = $3, updated_at = now()
           RETURNING ${MFA_COLUMNS}`,
          [tenantId, enforceMFAType !== 'DontForce', enforceMFAType === 'ForceExceptSAML'],
        );
        return storedMfa(rows[0]!) as StoredPolicy<K>;
      }
      const { rows } = await db.query<PolicyRow>(
        `INSERT INTO security_policies (kind, tenant_id, settings) VALUES ($1, $2, $3)
         ON CONFLICT (kind, tenant_id) WHERE tenant_id IS NOT NULL
           DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()
         RETURNING ${COLUMNS}`,
        [kind, tenantId, JSON.stringify(settings)],
      );
      return stored<K>(rows[0]!);
    },
  };
}

interface IpRow {
  id: string;
  ip: string;
  strategy: IpStrategy;
  is_active: boolean;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}
const ipDto = (row: IpRow): IpRestriction => ({
  id: row.id,
  ip: row.ip,
  strategy: row.strategy,
  isActive: row.is_active,
  ...(row.description ? { description: row.description } : {}),
  // The client reads ISO strings; JSON writes a Date as one.
  createdAt: row.created_at as unknown as string,
  updatedAt: row.updated_at as unknown as string,
});

function ipRestrictionRepository(db: Database): IpRestrictionRepository {
  return {
    async config(tenantId) {
      const { rows } = await db.query<{ is_active: boolean; strategy: IpStrategy }>(
        'SELECT is_active, strategy FROM ip_restriction_configs WHERE tenant_id = $1',
        [tenantId],
      );
      return rows[0] ? { isActive: rows[0].is_active, strategy: rows[0].strategy } : null;
    },
    async saveConfig(tenantId, config) {
      await db.query(
        `INSERT INTO ip_restriction_configs (tenant_id, is_active, strategy) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id) DO UPDATE SET is_active = $2, strategy = $3, updated_at = now()`,
        [tenantId, config.isActive, config.strategy],
      );
    },
    async page(tenantId, { offset, limit, strategy }) {
      const params: unknown[] = [tenantId];
      const where = strategy ? `AND strategy = $${params.push(strategy)}` : '';
      const total = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ip_restrictions WHERE tenant_id = $1 ${where}`,
        params,
      );
      const { rows } = await db.query<IpRow>(
        `SELECT * FROM ip_restrictions WHERE tenant_id = $1 ${where}
          ORDER BY created_at DESC, seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      );
      return { items: rows.map(ipDto), total: total.rows[0]?.n ?? 0 };
    },
    async upsert(tenantId, entries) {
      await db.transaction(async (tx) => {
        for (const entry of entries)
          await tx.query(
            `INSERT INTO ip_restrictions (tenant_id, ip, strategy, is_active, description) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (tenant_id, ip, strategy)
               DO UPDATE SET is_active = EXCLUDED.is_active, description = EXCLUDED.description, updated_at = now()`,
            [tenantId, entry.ip, entry.strategy, entry.isActive, entry.description],
          );
      });
    },
    async remove(tenantId, id) {
      const { rows } = await db.query(
        'DELETE FROM ip_restrictions WHERE tenant_id = $1 AND id = $2 RETURNING id',
        [tenantId, id],
      );
      return rows.length > 0;
    },
    async activeIps(tenantId, strategy) {
      const { rows } = await db.query<{ ip: string }>(
        'SELECT ip FROM ip_restrictions WHERE tenant_id = $1 AND strategy = $2 AND is_active',
        [tenantId, strategy],
      );
      return rows.map((row) => row.ip);
    },
  };
}

function emailDomainRepository(db: Database): DomainRestrictionRepository {
  return {
    async config(tenantId) {
      const { rows } = await db.query<{
        active: boolean;
        list_type: DomainListType;
        block_public_domains: boolean;
      }>('SELECT active, list_type, block_public_domains FROM email_domain_configs WHERE tenant_id = $1', [
        tenantId,
      ]);
      const row = rows[0];
      return row
        ? { active: row.active, listType: row.list_type, blockPublicDomains: row.block_public_domains }
        : null;
    },
    async saveConfig(tenantId, config) {
      await db.query(
        `INSERT INTO email_domain_configs (tenant_id, active, list_type, block_public_domains) VALUES ($1, $2, $3, $4)
         ON CONFLICT (tenant_id) DO UPDATE SET active = $2, list_type = $3, block_public_domains = $4, updated_at = now()`,
        [tenantId, config.active, config.listType, config.blockPublicDomains],
      );
    },
    async list(tenantId) {
      const { rows } = await db.query<{ id: string; domain: string; type: DomainListType }>(
        'SELECT id, domain, type FROM email_domain_restrictions WHERE tenant_id = $1',
        [tenantId],
      );
      return rows;
    },
    async add(tenantId, domain, type) {
      const { rows } = await db.query<{ id: string; domain: string; type: DomainListType }>(
        `INSERT INTO email_domain_restrictions (tenant_id, domain, type) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id, domain, type) DO UPDATE SET domain = EXCLUDED.domain
         RETURNING id, domain, type`,
        [tenantId, domain, type],
      );
      return rows[0]!;
    },
    async remove(tenantId, id) {
      const { rows } = await db.query(
        'DELETE FROM email_domain_restrictions WHERE tenant_id = $1 AND id = $2 RETURNING id',
        [tenantId, id],
      );
      return rows.length > 0;
    },
  };
}

/** The security policies' repositories over `db` (cheap: build them per call or transaction). */
export function securityPolicyRepositories(db: Database): Omit<SecurityPolicyPorts, 'emit'> {
  return {
    policies: policyRepository(db),
    ipRestrictions: ipRestrictionRepository(db),
    emailDomains: emailDomainRepository(db),
  };
}
