/** POST users/sessions/v1/revoke (core/demo/members.ts), registered with the sessions (core/demo/sessions.ts). */
import { demoMemberListRoutes } from './members';
import type { UserHandler } from './sessions';

export const revokeDemoMemberSessions: UserHandler = demoMemberListRoutes(Date.now).postUsersSessionsRevoke!;
