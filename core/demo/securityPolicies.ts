/**
 * Demo mode's security policies: the rules of core/domain/security-policies.ts (the server's own)
 * over repositories kept per account in the page's storage. Demo mode has one browser session and
 * sample users, so it stores the policies but does not enforce them at sign-in (the server does:
 * server/domain/security-policies.ts); it knows no client address, which the rules read as "no
 * address": refused while an IP config is active, as on the server.
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
  const fieldsOf = (policy: Stored) => {
    const { id: _id, createdAt: _created, updatedAt: _updated, ...settings } = policy;
    return settings;
  };
  return {
    policies: {
      async vendor(kind, settings) {
        return {
          id: `vendor-${kind}-policy`,
          settings,
          createdAt: VENDOR_CREATED,
          updatedAt: VENDOR_CREATED,
        };
      },
      async ofAccount<K extends PolicyKind>(kind: K) {
        if (kind === 'sessions')
          return mine.sessions
            ? ({
                id: `sessions-policy-${tenantId}`,
                settings: mine.sessions,
                createdAt: stamp,
                updatedAt: stamp,
              } as unknown as StoredPolicy<K>)
            : null;
        const own = mine.policies?.[kind as Exclude<PolicyKind, 'sessions'>];
        if (!own) return null;
        return {
          id: own.id,
          settings: fieldsOf(own),
          createdAt: own.createdAt ?? stamp,
          updatedAt: own.updatedAt ?? stamp,
        } as unknown as StoredPolicy<K>;
      },
      async saveForAccount<K extends PolicyKind>(kind: K, _tenantId: string, settings: PolicySettings[K]) {
        if (kind === 'sessions') {
          mine.sessions = settings as SessionPolicy;
          return { id: `sessions-policy-${tenantId}`, settings, createdAt: stamp, updatedAt: stamp };
        }
        const key = kind as Exclude<PolicyKind, 'sessions'>;
        const existing = mine.policies?.[key];
        const saved = {
          ...settings,
          id: existing?.id ?? `${kind}-policy-${tenantId}`,
          createdAt: existing?.createdAt ?? stamp,
          updatedAt: stamp,
        } as Stored;
        mine.policies = { ...mine.policies, [key]: saved };
        return { id: saved.id, settings, createdAt: saved.createdAt!, updatedAt: stamp };
      },
    },
    ipRestrictions: {
      async config() {
        return mine.ipConfig ?? null;
      },
      async saveConfig(_tenantId, config) {
        mine.ipConfig = config;
      },
      async page(_tenantId, { offset, limit, strategy }) {
        const listed = (mine.ips ?? []).filter((entry) => !strategy || entry.strategy === strategy);
        return { items: listed.slice(offset, offset + limit), total: listed.length };
      },
      async upsert(_tenantId, entries) {
        const stored = (mine.ips ??= []);
        for (const entry of entries) {
          const fields = {
            isActive: entry.isActive,
            ...(entry.description ? { description: entry.description } : {}),
            updatedAt: stamp,
          };
          const existing = stored.find((e) => e.ip === entry.ip && e.strategy === entry.strategy);
          if (existing) {
            delete existing.description;
            Object.assign(existing, fields);
          } else
            stored.unshift({
              id: id('ip'),
              ip: entry.ip,
              strategy: entry.strategy,
              createdAt: stamp,
              ...fields,
            });
        }
      },
      async remove(_tenantId, given) {
        const index = (mine.ips ?? []).findIndex((entry) => entry.id === given);
        if (index >= 0) mine.ips!.splice(index, 1);
        return index >= 0;
      },
      async activeIps(_tenantId, strategy) {
        return (mine.ips ?? []).filter((e) => e.isActive && e.strategy === strategy).map((e) => e.ip);
      },
    },
    emailDomains: {
      async config() {
        return mine.domainConfig ?? null;
      },
      async saveConfig(_tenantId, config) {
        mine.domainConfig = config;
      },
      async list() {
        return mine.domains ?? [];
      },
      async add(_tenantId, domain, type) {
        const domains = (mine.domains ??= []);
        const existing = domains.find((d) => d.domain === domain && d.type === type);
        if (existing) return existing;
        const saved = { id: id('domain'), domain, type };
        domains.push(saved);
        return saved;
      },
      async remove(_tenantId, given) {
        const index = (mine.domains ?? []).findIndex((d) => d.id === given);
        if (index >= 0) mine.domains!.splice(index, 1);
        return index >= 0;
      },
    },
    // Demo mode sends no webhooks.
    emit: async () => {},
  };
}

/** The security page's routes (core/domain/security-policy-handlers.ts) over the caller's account's settings. */
export function demoSecurityPolicyRoutes(clock: { now: () => number; random: () => string }) {
  return demoHandlers(SECURITY_POLICY_HANDLERS, (db, user): SecurityPolicyHandlerPorts => {
    const mine = ((db.securityPolicies ??= {})[user.tenantId] ??= {});
    const id = (prefix: string) => `${prefix}-${clock.random()}`;
    const stamp = new Date(clock.now()).toISOString();
    return {
      ...demoSecurityPolicyPorts(mine, user.tenantId, stamp, id),
      globalPolicy: async () => GLOBAL_POLICY,
    };
  });
}
