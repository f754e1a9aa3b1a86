/**
 * The signed-in user's own profile in demo mode: me (the server's shape, server/domain/users.ts
 * toUserProfile), its roles and permissions, and the phone number's verification
 * (core/demo/passwordless.ts). Its change and picture are the back office's (profileChanges.ts).
 */
import type { User } from '../api/types';
import { ok } from '../contract/answer';
import { customDataOf } from '../domain/custom-data';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import { hasSecondFactor } from './mfaRepository';
import type { createDemoPasswordless } from './passwordless';
import type { UserHandler } from './sessions';
import { demoHeldPermissions, demoRolesOf } from './teamAdmin';

/** A second factor among the demo's MFA devices; a passkey alone is a first factor. */
export const mfaEnrolledOf = (db: DemoDatabase, user: DemoUser): boolean => hasSecondFactor(db, user.id);

/** The profile of me (and of the users list's rows, core/demo/members.ts). */
export function profileOf(db: DemoDatabase, user: DemoUser): User {
  const roles = demoRolesOf(db, user);
  return {
    id: user.id,
    sub: user.id,
    email: user.email,
    name: user.name,
    tenantId: user.tenantId,
    tenantIds: [user.tenantId],
    tenants: [{ tenantId: user.tenantId, roles }],
    roles,
    permissions: demoHeldPermissions(db, user),
    verified: true,
    createdAt: user.createdAt,
    lastLogin: user.lastLogin,
    metadata: user.metadata ?? '{}',
    customData: customDataOf(user.customData),
    mfaEnrolled: mfaEnrolledOf(db, user),
    phoneNumber: user.phoneNumber ?? null,
    superUser: false,
    profilePictureUrl: user.profilePictureUrl ?? null,
    locale: user.locale ?? null,
    provider: user.provider ?? 'local',
  };
}

export function demoProfileRoutes(
  passwordless: Pick<
    ReturnType<typeof createDemoPasswordless>,
    'startPhoneVerification' | 'finishPhoneVerification'
  >,
): DemoRoutes<UserHandler> {
  return {
    getUsersMe: (db, user) => ok(profileOf(db, user)),
    getUsersMeAuthorization: (db, user) =>
      ok({ roles: demoRolesOf(db, user), permissions: demoHeldPermissions(db, user) }),
    postUsersPhone: (db, user, { body }) => passwordless.startPhoneVerification(db, user, body),
    postUsersPhoneVerify: (db, user, { body }) => passwordless.finishPhoneVerification(db, user, body),
  };
}
