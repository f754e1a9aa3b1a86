/**
 * The profile picture's upload (the client SDK's teams.updateProfileImage), refused the same way by
 * the reference server (server/routes/profile-image.ts, which reads the type from the file's first
 * bytes) and demo mode (core/demo/profile.ts, which has the browser's word for it): no file 400,
 * larger than 1 MB 400, not a PNG, JPEG, WebP or GIF image 400, in that order.
 */
import { contractError } from '../contract/errors';

/** The largest picture kept. */
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;

/**
 * The picture's type when the upload is accepted. `file` is the one file of the multipart body
 * (null: not multipart, or no file); its `type` is its image type, null when it is none of ours.
 */
export function acceptedProfileImage<T extends string>(file: { size: number; type: T | null } | null): T {
  if (!file) throw contractError('PROFILE_IMAGE_NOT_MULTIPART');
  if (file.size > PROFILE_IMAGE_MAX_BYTES) throw contractError('PROFILE_IMAGE_TOO_LARGE');
  if (!file.type) throw contractError('PROFILE_IMAGE_TYPE');
  return file.type;
}
