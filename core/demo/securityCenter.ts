/**
 * Demo mode's security centre: the rules of core/domain/security-center.ts (the server's own) over
 * the demo's sample members, the policies saved on the demo's security page
 * (core/demo/securityPolicies.ts) and its SSO connections (core/demo/ssoConfig.ts), on the server's
 * paths and permissions. One sample teammate signs in with a breached password (`breachedPassword`
 * in core/demo/data.ts). The campaign sends no email in demo mode: it answers how many would have
 * been sent.
 */
import { type Answer, fail, ok } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import { hasNeverSignedIn, isInactiveMember } from '../contract/securityCenter';
import * as centre from '../domain/security-center';
import type { SecurityCentrePorts } from '../domain/security-center';
import type { DemoDatabase, DemoUser } from './data';
import { demoSecurityPolicyPorts } from './securityPolicies';
import { demoSsoConnections } from './ssoConfig';

type Json = Record<string, unknown>;

const CENTRE = '/security-center/resources';
const CAMPAIGN = '/identity/resources/users/v1/passwords/breached/reset/bulk';

/** Whether `path` is one of the centre's (the backend's dispatch asks before calling the handler). */
export const isDemoSecurityCenterPath = (path: string) =>
  path === `${CENTRE}/recommendations/v1` || path === `${CENTRE}/insights/v1` || path === CAMPAIGN;

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

export function handleDemoSecurityCenter(
  db: DemoDatabase,
  user: DemoUser,
  held: string[],
  request: { method: string; path: string; body?: Json },
  now: () => number,
): Answer | Promise<Answer> | null {
  const needs = (permission: string) =>
    holdsPermission(held, permission) ? null : fail('PERMISSION_REQUIRED', { permission: permission });
  const ports = () => demoSecurityCentrePorts(db, user.tenantId, now);

  if (request.path === CAMPAIGN) {
    if (request.method !== 'POST') return null;
    return (
      needs('fe.secure.write.users') ??
      centre.sendBreachedPasswordResets(ports(), user.tenantId).then((sent) => ok(sent))
    );
  }
  if (request.method !== 'GET') return null;
  const refused = needs('fe.secure.read.securityPolicy');
  if (refused) return refused;
  return (
    request.path.endsWith('/insights/v1')
      ? centre.insights(ports(), user.tenantId)
      : centre.recommendations(ports(), user.tenantId)
  ).then((body) => ok(body));
}
