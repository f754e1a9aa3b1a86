/**
 * The signed-in user's own profile in demo mode: me (the server's shape, server/domain/users.ts
 * toUserProfile), its roles and permissions. The phone number's verification is
 * core/demo/passwordless.ts's; the change and picture are areas of both backends
 * (core/domain/profile.ts, profile-image.ts).
 */
import type { User } from '../api/types';
import { ok } from '../contract/answer';
import { toUserProfile } from '../domain/user-profile';
import { MFA_DEVICES } from '../domain/mfa-store';
import { storedRows, tenantsOfUser, type DemoDatabase, type DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import { demoHeldPermissions, demoRolesOf } from './teamAdmin';

/** Whether the user has a second factor (a passkey alone is a first factor), read as the server's EXISTS. */
const hasSecondFactor = (db: DemoDatabase, userId: string): boolean =>
  storedRows(db.tables, MFA_DEVICES).some((d) => d.userId === userId && !d.passkey);

/** A second factor among the demo's MFA devices; a passkey alone is a first factor. */
const mfaEnrolledOf = (db: DemoDatabase, user: DemoUser): boolean => hasSecondFactor(db, user.id);

/**
 * The profile of me (and of the users list's rows, core/demo/members.ts): the server's
 * (core/domain/user-profile.ts), with every account the user may act in and their roles there.
 */
export function profileOf(db: DemoDatabase, user: DemoUser): User {
  const tenants = tenantsOfUser(db, user.id).map(({ tenantId }) => ({
    tenantId,
    roles: demoRolesOf(db, { id: user.id, tenantId }),
  }));
  const held = { roles: demoRolesOf(db, user), permissions: demoHeldPermissions(db, user) };
  return toUserProfile(user, tenants, user.tenantId, held, mfaEnrolledOf(db, user)) as User;
}

/** Me and my authorization (the phone number's routes load with passwordless, core/demo/passwordless.ts). */
export function demoProfileRoutes(): DemoRoutes<UserHandler> {
  return {
    getUsersMe: (db, user) => ok(profileOf(db, user)),
    getUsersMeAuthorization: (db, user) =>
      ok({ roles: demoRolesOf(db, user), permissions: demoHeldPermissions(db, user) }),
  };
}
