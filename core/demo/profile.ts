/**
 * The signed-in user's own profile in demo mode: me (the profile the kit reads), its change (the
 * handler and rules of core/domain/profile.ts, the server's own, over the stored user), the profile picture (server/routes/profile-image.ts), the roles and
 * permissions of me, and the phone number's verification (core/demo/passwordless.ts). The refusals
 * the server also makes are core/domain's (impersonation.ts, profile-image.ts).
 */
import { PICTURE_TYPES } from '../api/profile';
import type { User } from '../api/types';
import { fail, ok } from '../contract/answer';
import { customDataOf } from '../domain/custom-data';
import { refuseWhileImpersonating } from '../domain/impersonation';
import { PROFILE_HANDLERS, type ProfilePorts } from '../domain/profile';
import { acceptedProfileImage, PROFILE_IMAGE_MAX_BYTES } from '../domain/profile-image';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import type { createDemoPasswordless } from './passwordless';
import type { UserHandler } from './sessions';
import { demoHandlers } from './shared';
import { demoHeldPermissions, demoRoleShape, demoRolesOf } from './teamAdmin';

type Json = Record<string, unknown>;

/** A second factor in the demo's MFA state (core/demo/mfaFlows.ts); a passkey alone is a first factor. */
export function mfaEnrolledOf(db: DemoDatabase, user: DemoUser): boolean {
  const devices =
    (db as DemoDatabase & { mfa?: { devices: Array<{ userId: string; passkey?: boolean }> } }).mfa?.devices ??
    [];
  return devices.some((d) => d.userId === user.id && !d.passkey);
}

/** The profile of me (and of the users list's rows, core/demo/members.ts). */
export function profileOf(db: DemoDatabase, user: DemoUser): User {
  return {
    id: user.id,
    sub: user.id,
    email: user.email,
    name: user.name,
    tenantId: user.tenantId,
    tenantIds: [user.tenantId],
    tenants: [{ tenantId: user.tenantId, roles: demoRolesOf(db, user).map(demoRoleShape) }],
    roles: demoRolesOf(db, user).map(demoRoleShape),
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
  } satisfies User & Json as User;
}

/** PUT /me's ports (core/domain/profile.ts) over the caller's stored user. */
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
 * PUT /team/resources/profile/me/image/v1 in demo mode: the server's refusals (core/domain/profile-image.ts;
 * the browser's word for the type, not the file's first bytes), and the picture kept as a data:
 * address the portal shows.
 */
function uploadProfilePicture(user: DemoUser, body: Json) {
  const file = body.file as { type?: string; size?: number; dataUrl?: string } | undefined;
  const type = file?.type && PICTURE_TYPES.includes(file.type) ? file.type : null;
  acceptedProfileImage(file && (file.dataUrl || file.size) ? { size: file.size ?? 0, type } : null);
  // No data: address: the file was too large to read (demoFormBody).
  if (!file?.dataUrl) return fail('PROFILE_IMAGE_TOO_LARGE');
  user.profilePictureUrl = file.dataUrl;
  return ok(file.dataUrl, true);
}

/** A multipart body as the demo's handlers read it: its one file's type, size and data: address. */
export async function demoFormBody(form: FormData): Promise<Json> {
  const file = [...form.values()].find((value): value is File => typeof value !== 'string');
  if (!file) return {};
  const small = file.size <= PROFILE_IMAGE_MAX_BYTES;
  const bytes = small ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return {
    file: {
      type: file.type,
      size: file.size,
      dataUrl: small ? `data:${file.type};base64,${btoa(binary)}` : '',
    },
  };
}

/** Me, its change, its picture, its roles and permissions, its phone number's verification. */
export function demoProfileRoutes(
  passwordless: Pick<
    ReturnType<typeof createDemoPasswordless>,
    'startPhoneVerification' | 'finishPhoneVerification'
  >,
): DemoRoutes<UserHandler> {
  const impersonating = (db: DemoDatabase) => Boolean(db.session?.impersonatorId);
  return {
    getUsersMe: (db, user) => ok(profileOf(db, user)),
    ...demoHandlers(PROFILE_HANDLERS, demoProfilePorts),
    putTeamProfileMeImage: (_db, user, { body }) => uploadProfilePicture(user, body),
    getUsersMeAuthorization: (db, user) => {
      const profile = profileOf(db, user);
      return ok({ roles: profile.roles, permissions: profile.permissions });
    },
    postUsersPhone: (db, user, { body }) => {
      refuseWhileImpersonating(impersonating(db));
      return passwordless.startPhoneVerification(db, user, body);
    },
    postUsersPhoneVerify: (db, user, { body }) => {
      refuseWhileImpersonating(impersonating(db));
      return passwordless.finishPhoneVerification(db, user, body);
    },
  };
}
