/**
 * The profile picture's upload (the client SDK's teams.updateProfileImage), refused the same way by
 * the reference server (server/routes/profile-image.ts) and demo mode (core/demo/profile.ts): no
 * file 400, larger than 1 MB 400, not a PNG, JPEG, WebP or GIF image by its first bytes (never by
 * its name or declared type) 400, in that order.
 */
import { contractError } from '../contract/errors';

/** The largest picture kept. */
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;

/** The image type these bytes start with, or null. */
export function imageTypeOf(
  bytes: Uint8Array,
): 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  if (bytes.length >= 12 && text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

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
