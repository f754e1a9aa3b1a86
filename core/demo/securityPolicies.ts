/**
 * Demo mode's security policies: the rules of core/domain/security-policies.ts (the server's own)
 * over repositories kept per account in the page's storage. The password sign-in applies the
 * lockout policy (core/demo/signIn.ts, the server's rule: server/domain/security-policies.ts); demo
 * mode knows no client address, which the rules read as "no address": refused while an IP config is
 * active, as on the server.
 */
import type {
  IpConfig,
  IpRestriction,
  LockoutPolicy,
  MfaPolicy,
  PasswordHistoryPolicy,
  SessionPolicy,
} from '../api/securityPolicies';
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
import { isoNow, page, remove, withId, type DemoClock } from './rows';
import { demoHandlers } from './shared';

const VENDOR_CREATED = '2024-01-01T00:00:00.000Z';

type Stored = (MfaPolicy | LockoutPolicy | PasswordHistoryPolicy) & { id: string };

/** An account's security settings as the demo stores them (the shape predates the shared rules). */
export interface DemoSecurityPolicies {
  domainConfig?: DomainConfig;
  domains?: DomainRestriction[];
  policies?: Partial<Record<Exclude<PolicyKind, 'sessions'>, Stored>>;
  sessions?: SessionPolicy;
  ipConfig?: IpConfig;
  ips?: IpRestriction[];
}

/** The vendor's global policy as demo mode has it (the server's answer, GET configurations/v1). */
const GLOBAL_POLICY = {
  id: 'demo-vendor',
  allowOverrideEnforcePasswordHistory: true,
  allowOverridePasswordComplexity: false,
  allowOverridePasswordExpiration: false,
  allowSignups: true,
  apiTokensEnabled: true,
  cookieSameSite: 'LAX',
  defaultRefreshTokenExpiration: 2_592_000,
  defaultTokenExpiration: 86_400,
  publicKey: '',
};

/** The rules' ports over one account's stored settings (`id` names new rows; `stamp` is now). */
export function demoSecurityPolicyPorts(
  mine: DemoSecurityPolicies,
  tenantId: string,
  stamp: string,
  id: (prefix: string) => string,
): SecurityPolicyPorts {
  const ownId = (kind: PolicyKind) => `${kind}-policy-${tenantId}`;
  const stored = (kind: PolicyKind): Stored | undefined =>
    kind === 'sessions'
      ? mine.sessions && ({ ...mine.sessions, id: ownId(kind) } as unknown as Stored)
      : mine.policies?.[kind];
  const read = <K extends PolicyKind>({ id, createdAt = stamp, updatedAt = stamp, ...settings }: Stored) =>
    ({ id, settings, createdAt, updatedAt }) as unknown as StoredPolicy<K>;
  return {
    policies: {
      vendor: async (kind, settings) => ({
        id: `vendor-${kind}-policy`,
        settings,
        createdAt: VENDOR_CREATED,
        updatedAt: VENDOR_CREATED,
      }),
      async ofAccount<K extends PolicyKind>(kind: K) {
        const own = stored(kind);
        return own ? read<K>(own) : null;
      },
      async saveForAccount<K extends PolicyKind>(kind: K, _tenantId: string, settings: PolicySettings[K]) {
        const existing = stored(kind);
        if (kind === 'sessions') mine.sessions = settings as SessionPolicy;
        else
          mine.policies = {
            ...mine.policies,
            [kind]: {
              ...settings,
              id: existing?.id ?? ownId(kind),
              createdAt: existing?.createdAt ?? stamp,
              updatedAt: stamp,
            },
          };
        return read<K>(stored(kind)!);
      },
    },
    ipRestrictions: {
      config: async () => mine.ipConfig ?? null,
      saveConfig: async (_tenantId, config) => void (mine.ipConfig = config),
      page: async (_tenantId, { offset, limit, strategy }) =>
        page(
          (mine.ips ?? []).filter((entry) => !strategy || entry.strategy === strategy),
          offset,
          limit,
        ),
      async upsert(_tenantId, entries) {
        const ips = (mine.ips ??= []);
        for (const { ip, strategy, isActive, description } of entries) {
          const fields = { isActive, ...(description ? { description } : {}), updatedAt: stamp };
          const existing = ips.find((e) => e.ip === ip && e.strategy === strategy);
          if (!existing) ips.unshift({ id: id('ip'), ip, strategy, createdAt: stamp, ...fields });
          else {
            delete existing.description;
            Object.assign(existing, fields);
          }
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
      async add(_tenantId, domain, type) {
        const domains = (mine.domains ??= []);
        const existing = domains.find((d) => d.domain === domain && d.type === type);
        if (existing) return existing;
        domains.push({ id: id('domain'), domain, type });
        return domains.at(-1)!;
      },
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
