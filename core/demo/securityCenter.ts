/**
 * Demo mode's security centre: the rules of core/domain/security-center.ts (the server's own) over
 * the demo's sample members, the policies saved on the demo's security page
 * (core/demo/securityPolicies.ts) and its SSO connections (core/demo/ssoConfig.ts), on the server's
 * paths and permissions. One sample teammate signs in with a breached password (`breachedPassword`
 * in core/demo/data.ts). The campaign sends no email in demo mode: it answers how many would have
 * been sent.
 */
import { type Answer, ok } from '../contract/answer';
import { hasNeverSignedIn, isInactiveMember } from '../contract/securityCenter';
import * as centre from '../domain/security-center';
import type { SecurityCentrePorts } from '../domain/security-center';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import { demoSecurityPolicyPorts } from './securityPolicies';
import { demoSsoConnections } from './ssoConfig';

interface DemoMfaState {
  mfa?: { devices: Array<{ userId: string; passkey?: boolean }> };
}

/** The centre's ports over the demo's data (reading only: the policies of an account that saved none stay unsaved). */
function demoSecurityCentrePorts(db: DemoDatabase, tenantId: string, now: () => number): SecurityCentrePorts {
  const members = db.users.filter((u) => u.tenantId === tenantId);
  const devices = (db as DemoDatabase & DemoMfaState).mfa?.devices ?? [];
  const stamp = new Date(now()).toISOString();
  const unused = (prefix: string) => `${prefix}-${stamp}`;
  return {
    policies: demoSecurityPolicyPorts(db.securityPolicies?.[tenantId] ?? {}, tenantId, stamp, unused),
    members: {
      facts: async () => ({
        totalUsers: members.length,
        mfaEnrolledUsers: members.filter((m) => devices.some((d) => d.userId === m.id && !d.passkey)).length,
        breachedPasswordUsers: members.filter((m) => m.breachedPassword).length,
        inactiveUsers: members.filter((m) => isInactiveMember(m.lastLogin, now())).length,
        neverSignedInUsers: members.filter((m) => hasNeverSignedIn(m.lastLogin)).length,
      }),
      breached: async () => members.filter((m) => m.breachedPassword).map(({ id, email }) => ({ id, email })),
    },
    ssoConfigured: async () => demoSsoConnections(db, tenantId, now).some((c) => c.enabled),
    // Demo mode sends no audit stream anywhere (core/demo/auditStreams.ts records what it would send): none fails.
    failingAuditStreams: async () => [],
    // Nothing is sent: the campaign answers how many would have been.
    sendPasswordReset: async () => true,
  };
}

type SignedIn = (db: DemoDatabase, user: DemoUser) => Promise<Answer>;

/**
 * The centre's routes of a signed-in caller, by descriptor name (core/contract/routes/
 * restrictions.ts, account.ts): the access check (core/demo/dispatch.ts) has required
 * fe.secure.read.securityPolicy (fe.secure.write.users for the campaign); each reads the caller's account.
 */
export function demoSecurityCenterRoutes(now: () => number): DemoRoutes<SignedIn> {
  const ports = (db: DemoDatabase, user: DemoUser) => demoSecurityCentrePorts(db, user.tenantId, now);
  return {
    getSecurityCenterRecommendations: async (db, user) =>
      ok(await centre.recommendations(ports(db, user), user.tenantId)),
    getSecurityCenterInsights: async (db, user) => ok(await centre.insights(ports(db, user), user.tenantId)),
    postUsersPasswordsBreachedResetBulk: async (db, user) =>
      ok(await centre.sendBreachedPasswordResets(ports(db, user), user.tenantId)),
  };
}
