/**
 * The signed-in user's change of their profile and picture in demo mode (the back office's, loaded
 * on first use): the server's handler and refusals (core/domain/profile.ts, profile-image.ts) over
 * the stored user.
 */
import { ok } from '../contract/answer';
import { PROFILE_HANDLERS, type ProfilePorts } from '../domain/profile';
import { acceptedProfileImage, imageTypeOf, PROFILE_IMAGE_MAX_BYTES } from '../domain/profile-image';
import { demoUserOf, updateUser, type DemoDatabase, type DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import { given } from './rows';
import { profileOf } from './profile';
import type { UserHandler } from './sessions';
import { demoHandlers } from './shared';

const demoProfilePorts = (db: DemoDatabase, user: DemoUser): ProfilePorts => ({
  impersonating: Boolean(db.session?.impersonatorId),
  phoneOf: async () => user.phone,
  async update(userId, { name, phone, metadata, locale }) {
    updateUser(db, userId, given({ name, phone, metadata, locale }));
  },
  profile: async () => profileOf(db, demoUserOf(db, user.id, user.tenantId)!),
});

/**
 * PUT the profile picture: `file` is the multipart body's one file (core/demo/pipeline.ts), kept as
 * a data: address, since no server serves it.
 */
async function uploadProfilePicture(db: DemoDatabase, user: DemoUser, file: unknown) {
  const blob = file instanceof Blob ? file : null;
  const small = blob && blob.size <= PROFILE_IMAGE_MAX_BYTES;
  const bytes = small ? new Uint8Array(await blob.arrayBuffer()) : new Uint8Array();
  const type = acceptedProfileImage(blob && { size: blob.size, type: imageTypeOf(bytes) });
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const profilePictureUrl = `data:${type};base64,${btoa(binary)}`;
  updateUser(db, user.id, { profilePictureUrl });
  return ok(profilePictureUrl, true);
}

/** PUT /me and the profile picture's upload. */
export const demoProfileChangeRoutes = (): DemoRoutes<UserHandler> => ({
  ...demoHandlers(PROFILE_HANDLERS, demoProfilePorts),
  putTeamProfileMeImage: (db, user, { body }) => uploadProfilePicture(db, user, body.file),
});
