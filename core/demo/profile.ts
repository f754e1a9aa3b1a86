/**
 * The signed-in user's own profile in demo mode: me and its roles and permissions, read as the
 * server reads them (core/domain/member-grants.ts) over the demo's tables. The phone number's
 * verification is core/demo/passwordless.ts's; the change and picture are areas of both backends
 * (core/domain/profile.ts, profile-image.ts).
 */
import { ok } from '../contract/answer';
import { authorizationIn, userProfileIn } from '../domain/member-grants';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import { demoTables } from './teamAdmin';

/** Me and my authorization (the phone number's routes load with passwordless, core/demo/passwordless.ts). */
export function demoProfileRoutes(): DemoRoutes<UserHandler> {
  return {
    getUsersMe: async (db, user) => ok(await userProfileIn(demoTables(db), user.id, user.tenantId)),
    getUsersMeAuthorization: async (db, user) =>
      ok(await authorizationIn(demoTables(db), user.id, user.tenantId)),
  };
}
