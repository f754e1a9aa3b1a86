/**
 * The security page's routes (core/contract/routes/security.ts, restrictions.ts), written once
 * for the server and demo mode (core/domain/handlers.ts): the policies (MFA, lockout, password
 * history, sessions; spec 001 §5 "Policy save: PATCH if the object has an id, else POST": both
 * save the caller's active account's own, whatever id the body echoes), the IP and email-domain
 * restrictions, the vendor's global policy, and the users page's Unlock. The rules are
 * core/domain/security-policies.ts; where the server enforces each policy:
 * server/domain/security-policies.ts, ip-restrictions.ts, email-domain-restrictions.ts.
 *
 * On the client SDK's paths (issue 15; spec 001 §2 "Security page tabs: sessionManagement,
 * generalSettings", §3 policies):
 * - GET /identity/resources/configurations/v1: the vendor's global security policy (ISecurityPolicy).
 * - /identity/resources/configurations/v1/{mfa-policy,lockout-policy,password-history-policy}:
 *   GET (the active account's policy: its own, else the vendor's), GET /vendor (the vendor's
 *   default), POST and PATCH (save the account's own; both upsert, the body's id is not trusted to
 *   choose a row: the caller's active account does).
 * - GET and POST /identity/resources/configurations/sessions/v1: the session policy (idle timeout,
 *   forced re-login, concurrent sessions); POST merges the parts it is given.
 * - /identity/resources/configurations/v1/restrictions/ip: the IP allow and block lists (GET paged,
 *   POST, POST /bulk, DELETE /{id}), their config (GET, POST /config), and POST /verify and
 *   /verify/allow for the caller's own address.
 * - /identity/resources/configurations/restrictions/v1/email-domain: who may join the account by
 *   email domain (GET, POST, DELETE /{id}, GET and POST /config).
 * - POST /identity/resources/users/v1/{userId}/unlock: an administrator unlocks a member locked by
 *   the lockout policy (not in the client SDK; the users page's row action).
 * Reading needs fe.secure.read.securityPolicy, saving fe.secure.write.securityPolicy, unlocking
 * fe.secure.write.users (the route table, core/contract/routes).
 */
import type { IpStrategy } from '../api/securityPolicies';
import { contractError } from '../contract/errors';
import { answer, type AreaHandler, type AreaHandlers } from './handlers';
import { unlockUser } from './lockout';
import type { PortsFor } from './platform';
import {
  addDomainRestriction,
  addIpRestrictions,
  domainConfig,
  ipAllowed,
  ipConfig,
  ipListed,
  listDomainRestrictions,
  listIpRestrictions,
  policyInForce,
  removeDomainRestriction,
  removeIpRestriction,
  saveDomainConfig,
  saveIpConfig,
  savePolicy,
  sessionPolicy,
  vendorPolicy,
  type PolicyKind,
  type SecurityPolicyPorts,
} from './security-policies';
import { securityPolicyPortsOver } from './security-policy-storage';
import { isMember } from './team-member-store';
import { assertMayActOnMember, type MemberActor } from './team-members';
import { permissionKeysIn } from './member-grants';

interface SecurityPolicyHandlerPorts extends SecurityPolicyPorts {
  /**
   * The vendor's global policy (ISecurityPolicy; the server's signing key) but its MFA enforcement
   * and the password overrides, which the handler adds.
   */
  globalPolicy(): Promise<{ id: string } & Record<string, unknown>>;
  /** The users page's Unlock, of a user the lockout policy locked. */
  lockouts: {
    /** Whether `userId` is a member of the account (an invitee too). */
    isMember(tenantId: string, userId: string): Promise<boolean>;
    /** The caller, as the member rules read them. */
    actor(): MemberActor;
    /** The permission keys the member holds in the account. */
    memberKeys(tenantId: string, userId: string): Promise<readonly string[]>;
    /** The lock and the failure count go; false when the user was not locked. */
    unlock(userId: string): Promise<boolean>;
  };
}

/** Passwords follow the vendor's policy everywhere: accounts cannot override it here. */
const PASSWORD_OVERRIDES = {
  allowOverrideEnforcePasswordHistory: true,
  allowOverridePasswordComplexity: false,
  allowOverridePasswordExpiration: false,
};

type Entry = { ip: string; strategy?: IpStrategy; isActive?: boolean; description?: string | null };
type Handler = AreaHandler<SecurityPolicyHandlerPorts>;

/** A policy's read, the vendor's default, and its save (POST and PATCH alike), of the fields it has. */
function policyHandlers(kind: Exclude<PolicyKind, 'sessions'>, fields: readonly string[]) {
  const pick = (body: Record<string, unknown>) =>
    Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
  const read: Handler = async (p, { tenantId }) => answer(await policyInForce(p, kind, tenantId));
  const vendor: Handler = async (p) => answer(await vendorPolicy(p, kind));
  const save: Handler = async (p, { tenantId, body }) =>
    answer(await savePolicy(p, kind, tenantId, pick(body) as never));
  return { read, vendor, save };
}

const mfa = policyHandlers('mfa', ['enforceMFAType']);
const lockout = policyHandlers('lockout', ['enabled', 'maxAttempts']);
const history = policyHandlers('password-history', ['enabled', 'historySize']);

export const SECURITY_POLICY_HANDLERS: AreaHandlers<SecurityPolicyHandlerPorts> = {
  getConfigurations: async (p) => {
    const [{ id, ...global }, policy] = await Promise.all([p.globalPolicy(), vendorPolicy(p, 'mfa')]);
    const { enforceMFAType, createdAt, updatedAt } = policy;
    return answer({ id, ...PASSWORD_OVERRIDES, ...global, enforceMFAType, createdAt, updatedAt });
  },
  getConfigurationsMfaPolicy: mfa.read,
  getConfigurationsMfaPolicyVendor: mfa.vendor,
  postConfigurationsMfaPolicy: mfa.save,
  patchConfigurationsMfaPolicy: mfa.save,
  getConfigurationsLockoutPolicy: lockout.read,
  getConfigurationsLockoutPolicyVendor: lockout.vendor,
  postConfigurationsLockoutPolicy: lockout.save,
  patchConfigurationsLockoutPolicy: lockout.save,
  getConfigurationsPasswordHistoryPolicy: history.read,
  getConfigurationsPasswordHistoryPolicyVendor: history.vendor,
  postConfigurationsPasswordHistoryPolicy: history.save,
  patchConfigurationsPasswordHistoryPolicy: history.save,
  // ISessionConfigurations: the three parts only, no id or times; a save merges the parts given.
  getConfigurationsSessions: async (p, { tenantId }) => answer(await sessionPolicy(p, tenantId)),
  postConfigurationsSessions: async (p, { tenantId, body }) => {
    await savePolicy(p, 'sessions', tenantId, body);
    return answer({}, 201);
  },
  // The IP allow and block lists, and their config.
  getConfigurationsRestrictionsIp: async (p, { tenantId, query }) =>
    answer(await listIpRestrictions(p, tenantId, query)),
  getConfigurationsRestrictionsIpConfig: async (p, { tenantId }) => answer(await ipConfig(p, tenantId)),
  postConfigurationsRestrictionsIpConfig: async (p, { tenantId, body }) =>
    answer(await saveIpConfig(p, tenantId, body as never)),
  postConfigurationsRestrictionsIp: async (p, { tenantId, body }) => {
    await addIpRestrictions(p, tenantId, [body as Entry]);
    return answer({}, 201);
  },
  postConfigurationsRestrictionsIpBulk: async (p, { tenantId, body }) => {
    await addIpRestrictions(p, tenantId, body.ips as Entry[]);
    return answer({}, 201);
  },
  deleteConfigurationsRestrictionsIpById: async (p, { tenantId, params }) => {
    await removeIpRestriction(p, tenantId, params.id!);
    return answer({});
  },
  // Whether the caller's own address may reach the account under the config in force (the page
  // checks after each change, spec 001 §4), and whether it is on the allow list.
  postConfigurationsRestrictionsIpVerify: async (p, { tenantId, ip }) =>
    answer({ valid: await ipAllowed(p, tenantId, ip) }),
  postConfigurationsRestrictionsIpVerifyAllow: async (p, { tenantId, ip }) =>
    answer({ valid: await ipListed(p, tenantId, ip, 'ALLOW') }),
  // Who may join the account by email domain.
  getConfigurationsRestrictionsEmailDomain: async (p, { tenantId }) =>
    answer({ items: await listDomainRestrictions(p, tenantId) }),
  getConfigurationsRestrictionsEmailDomainConfig: async (p, { tenantId }) =>
    answer(await domainConfig(p, tenantId)),
  postConfigurationsRestrictionsEmailDomainConfig: async (p, { tenantId, body }) =>
    answer(await saveDomainConfig(p, tenantId, body as never)),
  postConfigurationsRestrictionsEmailDomain: async (p, { tenantId, body }) =>
    answer(await addDomainRestriction(p, tenantId, body as never), 201),
  deleteConfigurationsRestrictionsEmailDomainById: async (p, { tenantId, params }) => {
    await removeDomainRestriction(p, tenantId, params.id!);
    return answer({});
  },
  // A member of the caller's account, whom the caller may act on (no member above them: the
  // member rules' 'sessions' action); `unlocked` false when they were not locked.
  postUsersByUserIdUnlock: async ({ lockouts }, { tenantId, params }) => {
    const userId = params.userId!;
    if (!(await lockouts.isMember(tenantId, userId))) throw contractError('MEMBER_NOT_FOUND');
    await assertMayActOnMember(lockouts.actor(), tenantId, userId, 'sessions', () =>
      lockouts.memberKeys(tenantId, userId),
    );
    return answer({ unlocked: await lockouts.unlock(userId) });
  },
};

/** The security page's ports (and the Unlock's) for a caller, over a backend's platform. */
export const securityPolicyAreaPorts: PortsFor<SecurityPolicyHandlerPorts> = (platform, caller) => ({
  ...securityPolicyPortsOver(platform.tables, platform.clock, platform.emit),
  async globalPolicy() {
    const [vendor, tokens] = await Promise.all([platform.vendor(), platform.globalPolicy()]);
    return {
      id: vendor.id,
      allowSignups: vendor.allowSignups,
      apiTokensEnabled: vendor.apiTokensEnabled,
      ...tokens,
    };
  },
  lockouts: {
    isMember: (tenantId, userId) => isMember(platform.tables, tenantId, userId),
    actor: () => ({ userId: caller.userId, activeTenantId: caller.tenantId, held: caller.permissions }),
    memberKeys: (tenantId, userId) => permissionKeysIn(platform.tables, tenantId, userId),
    unlock: (userId) => unlockUser(platform.tables, userId),
  },
});
