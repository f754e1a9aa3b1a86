/**
 * Demo mode's member routes beside core/demo/members.ts: the users page's Unlock (the server's is
 * server/routes/security-policies.ts; demo mode locks no one) and the members' session revoke
 * (registered with the sessions, core/demo/sessions.ts).
 */
import { fail, ok } from '../contract/answer';
import type { DemoRoutes } from './dispatch';
import { demoMemberListRoutes } from './members';
import type { UserHandler } from './sessions';

/** POST users/sessions/v1/revoke: a member's sessions in the account ended by an admin. */
export const revokeDemoMemberSessions: UserHandler = demoMemberListRoutes(Date.now).postUsersSessionsRevoke!;

/** The users page's Unlock: a member of the caller's account, never locked in demo mode. */
export function demoMemberRoutes(): DemoRoutes<UserHandler> {
  return {
    postUsersByUserIdUnlock: (db, caller, { params }) =>
      db.users.some((u) => u.id === params.userId && u.tenantId === caller.tenantId)
        ? ok({ unlocked: false })
        : fail('MEMBER_NOT_FOUND'),
  };
}
