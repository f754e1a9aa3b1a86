/**
 * Demo mode's security centre, answering like the reference server (server/routes/security-center.ts):
 * the same paths, permissions (403 with the same message) and rules (core/contract/securityCenter.ts,
 * one function for both), computed from the demo's sample members and the policies saved on the
 * demo's security page (core/demo/securityPolicies.ts). One sample teammate signs in with a
 * breached password (`breachedPassword` in core/demo/data.ts). The campaign sends no email in demo
 * mode: it answers how many would have been sent.
 */
import { type Answer, fail, ok } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import { assessSecurity, hasNeverSignedIn, isInactiveMember } from '../contract/securityCenter';
import type { DemoDatabase, DemoUser } from './data';

type Json = Record<string, unknown>;

const CENTRE = '/security-center/resources';
const CAMPAIGN = '/identity/resources/users/v1/passwords/breached/reset/bulk';

/** Whether `path` is one of the centre's (the backend's dispatch asks before calling the handler). */
export const isDemoSecurityCenterPath = (path: string) =>
  path === `${CENTRE}/recommendations/v1` || path === `${CENTRE}/insights/v1` || path === CAMPAIGN;

interface DemoMfaState {
  mfa?: { devices: Array<{ userId: string; passkey?: boolean }> };
}

export function handleDemoSecurityCenter(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  request: { method: string; path: string; body?: Json },
  now: () => number,
): Answer | null {
  const needs = (permission: string) =>
    holdsPermission(held, permission) ? null : fail('PERMISSION_REQUIRED', { permission: permission });
  const members = db.users.filter((u) => u.tenantId === user.tenantId);
  const breached = members.filter((u) => u.breachedPassword);

  if (request.path === CAMPAIGN) {
    if (request.method !== 'POST') return null;
    return needs('fe.secure.write.users') ?? ok({ sent: breached.length, skipped: 0 });
  }
  if (request.method !== 'GET') return null;
  const refused = needs('fe.secure.read.securityPolicy');
  if (refused) return refused;

  const devices = (db as DemoDatabase & DemoMfaState).mfa?.devices ?? [];
  const mine = db.securityPolicies?.[user.tenantId] ?? {};
  const policies = mine.policies ?? {};
  const centre = assessSecurity({
    totalUsers: members.length,
    mfaEnrolledUsers: members.filter((m) => devices.some((d) => d.userId === m.id && !d.passkey)).length,
    breachedPasswordUsers: breached.length,
    inactiveUsers: members.filter((m) => isInactiveMember(m.lastLogin, now())).length,
    neverSignedInUsers: members.filter((m) => hasNeverSignedIn(m.lastLogin)).length,
    enforceMFAType: (policies.mfa as { enforceMFAType?: string } | undefined)?.enforceMFAType ?? 'DontForce',
    lockout: {
      enabled: false,
      maxAttempts: 5,
      ...(policies.lockout as { enabled?: boolean; maxAttempts?: number } | undefined),
    },
    passwordHistory: {
      enabled: false,
      historySize: 1,
      ...(policies['password-history'] as { enabled?: boolean; historySize?: number } | undefined),
    },
    sessions: mine.sessions ?? {
      sessionTimeoutConfiguration: { isActive: false, timeout: 7_776_000 },
      sessionIdleTimeoutConfiguration: { isActive: false, timeout: 3600 },
      sessionConcurrentConfiguration: { isActive: false, maxSessions: 10 },
    },
    ip: {
      isActive: mine.ipConfig?.isActive ?? false,
      strategy: mine.ipConfig?.strategy ?? 'ALLOW',
      count: mine.ips?.length ?? 0,
    },
    domains: {
      active: mine.domainConfig?.active ?? false,
      listType: mine.domainConfig?.listType ?? 'ALLOW',
      count: mine.domains?.length ?? 0,
    },
    ssoConfigured: false,
  });
  return request.path.endsWith('/insights/v1')
    ? ok({ insights: { items: centre.insights } })
    : ok({ scoring: { score: centre.score }, recommendations: { items: centre.recommendations } });
}
