/**
 * Demo mode's security policies: the rules of core/domain/security-policies.ts (the server's own)
 * over repositories kept per account in the page's storage. The password sign-in applies the
 * lockout policy (core/demo/signIn.ts, the server's rule: server/domain/security-policies.ts); demo
 * mode knows no client address, which the rules read as "no address": refused while an IP config is
 * active, as on the server.
 */
import type { IpConfig, IpRestriction } from '../api/securityPolicies';
import {
  type DomainConfig,
  type DomainRestriction,
  type PolicyKind,
  type PolicySettings,
  type SecurityPolicyPorts,
  type StoredPolicy,
} from '../domain/security-policies';
import {
  SECURITY_POLICY_HANDLERS,
  type SecurityPolicyHandlerPorts,
} from '../domain/security-policy-handlers';
import { insert, isoNow, page, remove, upsert, withId, type DemoClock } from './rows';
import { demoHandlers } from './shared';
import { DEMO_VENDOR_CREATED_AT, DEMO_VENDOR_ID } from './data';

type Policies = { [K in PolicyKind]?: StoredPolicy<K> };

/** An account's security settings as the demo stores them: the rules' records (core/domain/security-policies.ts). */
export interface DemoSecurityPolicies {
  domainConfig?: DomainConfig;
  domains?: DomainRestriction[];
  policies?: Policies;
  ipConfig?: IpConfig;
  ips?: IpRestriction[];
}

/** The vendor's global policy as demo mode has it (the server's answer, GET configurations/v1, but the rules' parts). */
const GLOBAL_POLICY = {
  id: DEMO_VENDOR_ID,
  allowSignups: true,
  apiTokensEnabled: true,
  cookieSameSite: 'LAX',
  defaultRefreshTokenExpiration: 2_592_000,
  defaultTokenExpiration: 86_400,
  publicKey: '',
};

/** The rules' ports over one account's stored settings (`newId` names new rows; `stamp` is now: writers give both). */
export function demoSecurityPolicyPorts(
  mine: DemoSecurityPolicies,
  tenantId: string,
  stamp = '',
  newId = (prefix: string) => prefix,
): SecurityPolicyPorts {
  const ownId = (kind: PolicyKind) => `${kind}-policy-${tenantId}`;
  return {
    policies: {
      vendor: async (kind, settings) => ({
        id: `vendor-${kind}-policy`,
        settings,
        createdAt: DEMO_VENDOR_CREATED_AT,
        updatedAt: DEMO_VENDOR_CREATED_AT,
      }),
      ofAccount: async <K extends PolicyKind>(kind: K) => (mine.policies?.[kind] as StoredPolicy<K>) ?? null,
      async saveForAccount<K extends PolicyKind>(kind: K, _tenantId: string, settings: PolicySettings[K]) {
        const { id = ownId(kind), createdAt = stamp } = mine.policies?.[kind] ?? {};
        const saved: StoredPolicy<K> = { id, settings, createdAt, updatedAt: stamp };
        (mine.policies ??= {})[kind] = saved as Policies[K];
        return saved;
      },
    },
    ipRestrictions: {
      config: async () => mine.ipConfig ?? null,
      saveConfig: async (_tenantId, config) => void (mine.ipConfig = config),
      page: async (_tenantId, { offset, limit, strategy }) =>
        page(
          (mine.ips ?? []).filter((e) => !strategy || e.strategy === strategy),
          offset,
          limit,
        ),
      // Newest first (the server's order); an entry of the same address and strategy is replaced.
      async upsert(_tenantId, entries) {
        for (const { ip, strategy, isActive, description } of entries) {
          const same = (e: IpRestriction) => e.ip === ip && e.strategy === strategy;
          const old = (mine.ips ??= []).find(same);
          const kept = { id: old?.id ?? newId('ip'), createdAt: old?.createdAt ?? stamp, updatedAt: stamp };
          const row = { ...kept, ip, strategy, isActive, ...(description ? { description } : {}) };
          if (old) upsert(mine.ips, same, row);
          else mine.ips.unshift(row);
        }
      },
      remove: async (_tenantId, given) => remove(mine.ips ?? [], withId(given)),
      activeIps: async (_tenantId, strategy) =>
        (mine.ips ?? []).filter((e) => e.isActive && e.strategy === strategy).map((e) => e.ip),
    },
    emailDomains: {
      config: async () => mine.domainConfig ?? null,
      saveConfig: async (_tenantId, config) => void (mine.domainConfig = config),
      list: async () => mine.domains ?? [],
      add: async (_tenantId, domain, type) =>
        (mine.domains ??= []).find((d) => d.domain === domain && d.type === type) ??
        insert(mine.domains, { id: newId('domain'), domain, type }),
      remove: async (_tenantId, given) => remove(mine.domains ?? [], withId(given)),
    },
    // Demo mode sends no webhooks.
    emit: async () => {},
  };
}

/** The security page's routes (core/domain/security-policy-handlers.ts) over the caller's account's settings. */
export function demoSecurityPolicyRoutes(clock: DemoClock) {
  return demoHandlers(SECURITY_POLICY_HANDLERS, (db, user): SecurityPolicyHandlerPorts => ({
    ...demoSecurityPolicyPorts(
      ((db.securityPolicies ??= {})[user.tenantId] ??= {}),
      user.tenantId,
      isoNow(clock.now),
      (prefix) => `${prefix}-${clock.random()}`,
    ),
    globalPolicy: async () => GLOBAL_POLICY,
  }));
}
