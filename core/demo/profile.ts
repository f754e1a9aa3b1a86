/**
 * GET me in demo mode, with the first chunk: the user as the server answers them
 * (core/domain/member-grants.ts) over the demo's tables. Their authorization, the change and the
 * picture are areas of both backends (core/domain/profile.ts, profile-image.ts).
 */
import { ok } from '../contract/answer';
import { userProfileIn } from '../domain/member-grants';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import { demoTables } from './teamAdmin';

export const demoProfileRoutes = (): DemoRoutes<UserHandler> => ({
  getUsersMe: async (db, user) => ok(await userProfileIn(demoTables(db), user.id, user.tenantId)),
});
