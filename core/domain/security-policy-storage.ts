/**
 * Where the security page's policies and restrictions are kept (the repositories of
 * core/domain/security-policies.ts), written once over the storage port (core/domain/tables.ts):
 * the server's over PostgreSQL, demo mode's over the page's storage; the tables are declared in
 * core/domain/security-policy-tables.ts.
 */
import type { IpRestriction } from '../api/securityPolicies';
import { enforceMfaTypeOf } from './mfa-gate';
import type {
  DomainRestrictionRepository,
  IpRestrictionRepository,
  PolicyKind,
  PolicyRepository,
  PolicySettings,
  SecurityPolicyPorts,
  StoredPolicy,
} from './security-policies';
import {
  DOMAIN_CONFIGS,
  EMAIL_DOMAINS,
  IP_CONFIGS,
  IP_RESTRICTIONS,
  MFA_POLICIES,
  SECURITY_POLICIES,
  type DomainRow,
  type IpRow,
  type MfaPolicyRow,
  type PolicyRow,
} from './security-policy-tables';
import { saveRow, stamp, type RowClock, type Tables } from './tables';

const stored = <K extends PolicyKind>(row: PolicyRow): StoredPolicy<K> => ({
  id: row.id,
  settings: row.settings as Partial<PolicySettings[K]>,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const storedMfa = <K extends PolicyKind>(row: MfaPolicyRow) =>
  ({
    id: row.id,
    settings: { enforceMFAType: enforceMfaTypeOf(row.enforce, row.exceptSaml) },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }) as unknown as StoredPolicy<K>;

function policyRepository(tables: Tables, { now, newId }: RowClock): PolicyRepository {
  const policies = tables.of(SECURITY_POLICIES);
  return {
    // A read reads: the vendor's row is written (with the built-in default) only the first time a
    // never-saved policy is asked for, so it has an id from then on.
    async vendor<K extends PolicyKind>(kind: K, settings: PolicySettings[K]) {
      const vendorRow = { kind, tenantId: null };
      const found = await policies.row(vendorRow);
      if (found) return stored<K>(found);
      return tables.transaction(async (tx) => {
        await tx.lock(`security_policies:vendor:${kind}`);
        const row = await tx.of(SECURITY_POLICIES).row(vendorRow);
        const at = stamp(now());
        const made = { id: newId(), ...vendorRow, settings, createdAt: at, updatedAt: at };
        return stored<K>(row ?? (await tx.of(SECURITY_POLICIES).insert(made)));
      });
    },
    async ofAccount<K extends PolicyKind>(kind: K, tenantId: string) {
      if (kind === 'mfa') {
        const row = await tables.of(MFA_POLICIES).row({ tenantId });
        return row ? storedMfa<K>(row) : null;
      }
      const row = await policies.row({ kind, tenantId });
      return row ? stored<K>(row) : null;
    },
    async saveForAccount<K extends PolicyKind>(kind: K, tenantId: string, settings: PolicySettings[K]) {
      const at = stamp(now());
      const created = { id: newId(), tenantId, createdAt: at, updatedAt: at };
      if (kind === 'mfa') {
        const { enforceMFAType } = settings as PolicySettings['mfa'];
        const mfa = {
          enforce: enforceMFAType !== 'DontForce',
          exceptSaml: enforceMFAType === 'ForceExceptSAML',
        };
        const row = await saveRow(tables, MFA_POLICIES, { tenantId }, { ...mfa, updatedAt: at }, () => ({
          ...created,
          ...mfa,
        }));
        return storedMfa<K>(row);
      }
      const changes = { settings: settings as object, updatedAt: at };
      const row = await saveRow(tables, SECURITY_POLICIES, { kind, tenantId }, changes, () => ({
        ...created,
        ...changes,
        kind,
      }));
      return stored<K>(row);
    },
  };
}

const ipDto = ({ id, ip, strategy, isActive, description, createdAt, updatedAt }: IpRow): IpRestriction => ({
  id,
  ip,
  strategy,
  isActive,
  ...(description ? { description } : {}),
  createdAt,
  updatedAt,
});

function ipRestrictionRepository(tables: Tables, { now, newId }: RowClock): IpRestrictionRepository {
  const entries = tables.of(IP_RESTRICTIONS);
  return {
    async config(tenantId) {
      const row = await tables.of(IP_CONFIGS).row({ tenantId });
      return row ? { isActive: row.isActive, strategy: row.strategy } : null;
    },
    async saveConfig(tenantId, config) {
      const changes = { isActive: config.isActive, strategy: config.strategy, updatedAt: stamp(now()) };
      await saveRow(tables, IP_CONFIGS, { tenantId }, changes, () => ({ tenantId, ...changes }));
    },
    async page(tenantId, { offset, limit, strategy }) {
      const where = { tenantId, ...(strategy ? { strategy } : {}) };
      const [rows, total] = await Promise.all([
        entries.rows({
          where,
          orderBy: [
            { by: 'createdAt', desc: true },
            { by: 'seq', desc: true },
          ],
          offset,
          limit,
        }),
        entries.count({ where }),
      ]);
      return { items: rows.map(ipDto), total };
    },
    // An entry of the same address and strategy is updated (keeping its place and creation time).
    async upsert(tenantId, given) {
      await tables.transaction(async (tx) => {
        const at = stamp(now());
        for (const { ip, strategy, isActive, description } of given)
          await saveRow(
            tx,
            IP_RESTRICTIONS,
            { tenantId, ip, strategy },
            { isActive, description, updatedAt: at },
            () => ({
              ...{ id: newId(), tenantId, ip, strategy, isActive, description },
              ...{ createdAt: at, updatedAt: at },
            }),
          );
      });
    },
    remove: async (tenantId, id) => (await entries.remove({ tenantId, id })).length > 0,
    activeIps: async (tenantId, strategy) =>
      (await entries.rows({ where: { tenantId, strategy, isActive: true } })).map((row) => row.ip),
  };
}

function emailDomainRepository(tables: Tables, { now, newId }: RowClock): DomainRestrictionRepository {
  const domains = tables.of(EMAIL_DOMAINS);
  const restriction = ({ id, domain, type }: DomainRow) => ({ id, domain, type });
  return {
    async config(tenantId) {
      const row = await tables.of(DOMAIN_CONFIGS).row({ tenantId });
      return row
        ? { active: row.active, listType: row.listType, blockPublicDomains: row.blockPublicDomains }
        : null;
    },
    async saveConfig(tenantId, config) {
      const changes = { ...config, updatedAt: stamp(now()) };
      await saveRow(tables, DOMAIN_CONFIGS, { tenantId }, changes, () => ({ tenantId, ...changes }));
    },
    list: async (tenantId) => (await domains.rows({ where: { tenantId } })).map(restriction),
    // The entry already there when the domain is listed.
    add: async (tenantId, domain, type) =>
      restriction(
        await saveRow(tables, EMAIL_DOMAINS, { tenantId, domain, type }, {}, () => ({
          ...{ id: newId(), tenantId, domain, type },
          createdAt: stamp(now()),
        })),
      ),
    remove: async (tenantId, id) => (await domains.remove({ tenantId, id })).length > 0,
  };
}

/** The security policies' repositories over `tables` (cheap: build them per call or transaction). */
export function securityPolicyRepositories(
  tables: Tables,
  clock: RowClock,
): Omit<SecurityPolicyPorts, 'emit'> {
  return {
    policies: policyRepository(tables, clock),
    ipRestrictions: ipRestrictionRepository(tables, clock),
    emailDomains: emailDomainRepository(tables, clock),
  };
}

/**
 * The security policies' rules' ports (core/domain/security-policies.ts): the repositories over
 * `tables`, and `emit`, how the account's webhooks are sent (the server's outbox; demo mode sends none).
 */
export const securityPolicyPortsOver = (
  tables: Tables,
  clock: RowClock,
  emit: SecurityPolicyPorts['emit'],
): SecurityPolicyPorts => ({ ...securityPolicyRepositories(tables, clock), emit });
