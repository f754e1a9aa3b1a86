/**
 * The signed-in user's picture in demo mode (the back office's, loaded on first use): the server's
 * refusals (core/domain/profile-image.ts) over the stored user. The profile's change is an area of
 * both backends (core/domain/profile.ts).
 */
import { ok } from '../contract/answer';
import { acceptedProfileImage, imageTypeOf, PROFILE_IMAGE_MAX_BYTES } from '../domain/profile-image';
import { updateUser, type DemoDatabase, type DemoUser } from './data';
import type { DemoRoutes } from './dispatch';
import type { UserHandler } from './sessions';

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

/** The profile picture's upload. */
export const demoProfileChangeRoutes = (): DemoRoutes<UserHandler> => ({
  putTeamProfileMeImage: (db, user, { body }) => uploadProfilePicture(db, user, body.file),
});
