/**
 * The account's members in demo mode: the handlers of core/domain/team-member-handlers.ts (the
 * server's) over the storage both backends run (core/domain/team-member-store.ts, the users list
 * core/domain/team-member-list.ts) on the demo's tables, with what only the demo has: its one
 * session, no SCIM, no webhooks.
 */
import { TEAM_MEMBER_HANDLERS, type TeamMemberHandlerPorts } from '../domain/team-member-handlers';
import { listedMember } from '../domain/team-member-list';
import { teamMemberPorts } from '../domain/team-member-store';
import { userById, type DemoDatabase, type DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import { permissionsIn } from './accountMembers';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { memoryTables } from './tables';
import { demoPermissionsOf } from './teamAdmin';

/** The members' handlers' ports over the demo's tables, for `caller`. */
function demoMemberPorts(db: DemoDatabase, caller: DemoUser, clock: DemoClock): TeamMemberHandlerPorts {
  const tables = memoryTables((db.tables ??= {}));
  const ports = teamMemberPorts(
    tables,
    { now: clock.now, newId: clock.random },
    {
      memberKeys: async (tenantId, userId) => permissionsIn(db, tenantId, userId),
      // No identity provider in demo mode, so no SCIM (core/demo/platform.ts `scim`).
      scimMemberships: async () => new Set(),
      // Demo mode has one session, this browser's, acting in the user's active account.
      endSessions: async (tenantId, userId) => {
        const ended = db.session?.userId === userId && userById(db, userId)?.activeTenantId === tenantId;
        if (ended) db.session = null;
        return ended ? 1 : 0;
      },
      // Demo mode sends no webhooks.
      announce: async () => {},
      isUserId: () => true,
    },
  );
  const held = demoPermissionsOf(db, caller);
  return { ...ports, actor: () => ({ userId: caller.id, activeTenantId: caller.tenantId, held }) };
}

/** The member as the users list shows them (an invitation's answer: core/demo/invitations.ts). */
export const memberRow = (db: DemoDatabase, clock: DemoClock, tenantId: string, userId: string) =>
  listedMember(
    memoryTables((db.tables ??= {})),
    { now: clock.now, newId: clock.random },
    tenantId,
    userId,
    async () => new Set(),
  );

/**
 * The members' routes for the caller (core/domain/team-member-handlers.ts); the users page's Unlock
 * is the security page's area (core/domain/security-policy-handlers.ts).
 */
export const demoMemberListRoutes = (clock: DemoClock): DemoRoutes<UserHandler> => ({
  ...demoHandlers(TEAM_MEMBER_HANDLERS, (db, user) => demoMemberPorts(db, user, clock)),
});
