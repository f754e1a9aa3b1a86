/**
 * The signed-in user's own profile in demo mode: me (the server's shape, server/domain/users.ts
 * toUserProfile), its change and its picture (the server's handler and refusals, core/domain/profile.ts
 * and profile-image.ts, over the stored user), the roles and permissions of me, and the phone
 * number's verification (core/demo/passwordless.ts).
 */
import type { User } from '../api/types';
import { ok } from '../contract/answer';
import { customDataOf } from '../domain/custom-data';
import { PROFILE_HANDLERS, type ProfilePorts } from '../domain/profile';
import { acceptedProfileImage, imageTypeOf, PROFILE_IMAGE_MAX_BYTES } from '../domain/profile-image';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import { state } from './mfaData';
import type { createDemoPasswordless } from './passwordless';
import type { UserHandler } from './sessions';
import { demoHandlers } from './shared';
import { demoHeldPermissions, demoRoleShape, demoRolesOf } from './teamAdmin';

/** A second factor in the demo's MFA state; a passkey alone is a first factor. */
export const mfaEnrolledOf = (db: DemoDatabase, user: DemoUser): boolean =>
  state(db).devices.some((d) => d.userId === user.id && !d.passkey);

/** The profile of me (and of the users list's rows, core/demo/members.ts). */
export function profileOf(db: DemoDatabase, user: DemoUser): User {
  const roles = demoRolesOf(db, user).map(demoRoleShape);
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

const demoProfilePorts = (db: DemoDatabase, user: DemoUser): ProfilePorts => ({
  impersonating: Boolean(db.session?.impersonatorId),
  phoneOf: async () => user.phoneNumber ?? null,
  async update(_userId, { name, phone, metadata, locale }) {
    if (name !== undefined) user.name = name;
    if (phone !== undefined) user.phoneNumber = phone;
    if (metadata !== undefined) user.metadata = JSON.stringify(metadata);
    if (locale !== undefined) user.locale = locale;
  },
  profile: async () => profileOf(db, user),
});

/**
 * PUT the profile picture: `file` is the multipart body's one file (core/demo/pipeline.ts), kept as
 * a data: address, since no server serves it.
 */
async function uploadProfilePicture(user: DemoUser, file: unknown) {
  const blob = file instanceof Blob ? file : null;
  const small = blob && blob.size <= PROFILE_IMAGE_MAX_BYTES;
  const bytes = small ? new Uint8Array(await blob.arrayBuffer()) : new Uint8Array();
  const type = acceptedProfileImage(blob && { size: blob.size, type: imageTypeOf(bytes) });
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  user.profilePictureUrl = `data:${type};base64,${btoa(binary)}`;
  return ok(user.profilePictureUrl, true);
}

export function demoProfileRoutes(
  passwordless: Pick<
    ReturnType<typeof createDemoPasswordless>,
    'startPhoneVerification' | 'finishPhoneVerification'
  >,
): DemoRoutes<UserHandler> {
  return {
    getUsersMe: (db, user) => ok(profileOf(db, user)),
    ...demoHandlers(PROFILE_HANDLERS, demoProfilePorts),
    putTeamProfileMeImage: (_db, user, { body }) => uploadProfilePicture(user, body.file),
    getUsersMeAuthorization: (db, user) =>
      ok({ roles: demoRolesOf(db, user).map(demoRoleShape), permissions: demoHeldPermissions(db, user) }),
    postUsersPhone: (db, user, { body }) => passwordless.startPhoneVerification(db, user, body),
    postUsersPhoneVerify: (db, user, { body }) => passwordless.finishPhoneVerification(db, user, body),
  };
}
