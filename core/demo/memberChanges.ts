/**
 * Demo mode's member routes beside core/demo/members.ts: the users page's Unlock (the server's is
 * server/routes/security-policies.ts). The members' session revoke is
 * a team-member handler (core/demo/members.ts).
 */
import { fail, ok } from '../contract/answer';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import { userInAccount } from './data';

/**
 * The users page's Unlock: a member of the caller's account; the lock and the failure count go
 * (`unlocked` false when they were not locked), as on the server.
 */
export function demoMemberRoutes(): DemoRoutes<UserHandler> {
  return {
    postUsersByUserIdUnlock(db, caller, { params }) {
      const user = userInAccount(db, caller.tenantId, params.userId);
      if (!user) return fail('MEMBER_NOT_FOUND');
      const unlocked = !!user.lockedAt;
      if (unlocked) {
        delete user.lockedAt;
        delete user.failedSignIns;
      }
      return ok({ unlocked });
    },
  };
}
