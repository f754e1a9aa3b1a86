/**
 * The signed-in user's own profile in demo mode: me (the server's shape, server/domain/users.ts
 * toUserProfile), its roles and permissions. The phone number's verification is
 * core/demo/passwordless.ts's; the change and picture are the back office's (profileChanges.ts).
 */
import type { User } from '../api/types';
import { ok } from '../contract/answer';
import { customDataOf } from '../domain/custom-data';
import { displayName } from '../domain/user-tables';
import { MFA_DEVICES } from '../domain/mfa-store';
import { storedRows, type DemoDatabase, type DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';
import { demoHeldPermissions, demoRolesOf } from './teamAdmin';

/** Whether the user has a second factor (a passkey alone is a first factor), read as the server's EXISTS. */
export const hasSecondFactor = (db: DemoDatabase, userId: string): boolean =>
  storedRows(db.tables, MFA_DEVICES).some((d) => d.userId === userId && !d.passkey);

/** A second factor among the demo's MFA devices; a passkey alone is a first factor. */
const mfaEnrolledOf = (db: DemoDatabase, user: DemoUser): boolean => hasSecondFactor(db, user.id);

/** The profile of me (and of the users list's rows, core/demo/members.ts). */
export function profileOf(db: DemoDatabase, user: DemoUser): User {
  const roles = demoRolesOf(db, user);
  return {
    id: user.id,
    sub: user.id,
    email: user.email,
    name: displayName(user),
    tenantId: user.tenantId,
    tenantIds: [user.tenantId],
    tenants: [{ tenantId: user.tenantId, roles }],
    roles,
    permissions: demoHeldPermissions(db, user),
    verified: true,
    createdAt: user.createdAt,
    lastLogin: user.lastLogin ?? undefined,
    metadata: JSON.stringify(user.metadata),
    customData: customDataOf(user.customData),
    mfaEnrolled: mfaEnrolledOf(db, user),
    phoneNumber: user.phone,
    superUser: false,
    profilePictureUrl: user.profilePictureUrl,
    locale: user.locale,
    provider: user.provider,
  };
}

/** Me and my authorization (the phone number's routes load with passwordless, core/demo/passwordless.ts). */
export function demoProfileRoutes(): DemoRoutes<UserHandler> {
  return {
    getUsersMe: (db, user) => ok(profileOf(db, user)),
    getUsersMeAuthorization: (db, user) =>
      ok({ roles: demoRolesOf(db, user), permissions: demoHeldPermissions(db, user) }),
  };
}
