/**
 * The users page in demo mode: the members' routes are an area (core/domain/team-member-handlers.ts,
 * over demo mode's platform); here, the users page's Unlock.
 */
import { fail, ok } from '../contract/answer';
import { unlockUser } from '../domain/lockout';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import { accountMember } from './accountMembers';
import { memoryTables } from './tables';

/**
 * The users page's Unlock (the server's is server/routes/security-policies.ts): a member of the caller's account;
 * the lock and the failure count go (`unlocked` false when they were not locked), as on the server.
 */
export const demoMemberListRoutes = (): DemoRoutes<UserHandler> => ({
  async postUsersByUserIdUnlock(db, caller, { params }) {
    if (!accountMember(db, caller.tenantId, params.userId)) return fail('MEMBER_NOT_FOUND');
    return ok({ unlocked: await unlockUser(memoryTables(db.tables!), params.userId!) });
  },
});
