/**
 * Demo mode's security centre: the handlers and rules of core/domain/security-center.ts (the server's own) over
 * the demo's sample members, the policies saved on the demo's security page
 * (core/demo/securityPolicies.ts) and its SSO connections (core/demo/ssoConfig.ts), on the server's
 * paths and permissions. One sample teammate signs in with a breached password (`breachedPassword`
 * in core/demo/data.ts). The campaign sends no email in demo mode: it answers how many would have
 * been sent, and counts toward the account's limit as on the server.
 */
import { hasNeverSignedIn, isInactiveMember } from '../contract/securityCenter';
import { SECURITY_CENTRE_HANDLERS, securityCentrePortsOver } from '../domain/security-center';
import type { DemoDatabase } from './data';
import { accountMembers } from './accountMembers';
import { hasSecondFactor } from './profile';
import { demoAttemptCounters } from './passwordlessPorts';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { demoSsoRepository } from './ssoConfig';
import { memoryTables } from './tables';

/** The centre's ports over the demo's data (reading only: the policies of an account that saved none stay unsaved). */
function demoSecurityCentrePorts(db: DemoDatabase, tenantId: string, clock: DemoClock) {
  const { now, random } = clock;
  // The account's memberships, as the server counts them (invitees of another account too).
  const members = accountMembers(db, tenantId);
  return securityCentrePortsOver(
    memoryTables((db.tables ??= {})),
    { now, newId: random },
    {
      members: {
        facts: async () => ({
          totalUsers: members.length,
          mfaEnrolledUsers: members.filter((m) => hasSecondFactor(db, m.id)).length,
          breachedPasswordUsers: members.filter((m) => m.breachedPasswordAt).length,
          inactiveUsers: members.filter((m) => isInactiveMember(m.lastLogin, now())).length,
          neverSignedInUsers: members.filter((m) => hasNeverSignedIn(m.lastLogin)).length,
        }),
        breached: async () =>
          members.filter((m) => m.breachedPasswordAt).map(({ id, email }) => ({ id, email })),
      },
      ssoConfigured: async () => (await demoSsoRepository(db, clock).list(tenantId)).some((c) => c.enabled),
      // Demo mode sends no audit stream anywhere (core/demo/auditStreams.ts records what it would send): none fails.
      failingAuditStreams: async () => [],
      // Nothing is sent: the campaign answers how many would have been.
      sendPasswordReset: async () => {},
      // The account's campaigns count in the demo's attempt counters, under the server's key and limit.
      counters: demoAttemptCounters(db, now),
    },
  );
}

/** The centre's routes (core/domain/security-center.ts) over the caller's account's data. */
export const demoSecurityCenterRoutes = (clock: DemoClock) =>
  demoHandlers(SECURITY_CENTRE_HANDLERS, (db, user) => demoSecurityCentrePorts(db, user.tenantId, clock));
