/**
 * The profile picture's upload (the client SDK's teams.updateProfileImage, PUT
 * /team/resources/profile/me/image/v1, a signed-in person only), written once for the reference
 * server and demo mode: refused the same way (no file 400, larger than 1 MB 400, not a PNG, JPEG,
 * WebP or GIF image by its first bytes, never by its name or declared type, 400, in that order),
 * then kept where each backend keeps pictures (the platform's `profileImages`: the server's
 * database, served from a public address, server/routes/profile-image.ts; a data: address in demo
 * mode). Answers the picture's address as plain text (the client reads a string), which becomes
 * the user's `profilePictureUrl`.
 */
import { contractError } from '../contract/errors';
import { answer, type AreaHandlers } from './handlers';
import type { Platform, PortsFor } from './platform';

/** The largest picture kept. */
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;

/** The image type these bytes start with, or null. */
function imageTypeOf(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | null {
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
function acceptedProfileImage<T extends string>(file: { size: number; type: T | null } | null): T {
  if (!file) throw contractError('PROFILE_IMAGE_NOT_MULTIPART');
  if (file.size > PROFILE_IMAGE_MAX_BYTES) throw contractError('PROFILE_IMAGE_TOO_LARGE');
  if (!file.type) throw contractError('PROFILE_IMAGE_TYPE');
  return file.type;
}

/**
 * The upload's one file as each backend's multipart reading gives it: its bytes (the server's
 * parser) or a Blob (demo mode's), read only when it is not too large; null when there is none.
 */
async function uploadedFile(file: unknown): Promise<{ size: number; bytes: Uint8Array } | null> {
  if (file instanceof Uint8Array) return { size: file.length, bytes: file };
  if (!(file instanceof Blob)) return null;
  const small = file.size <= PROFILE_IMAGE_MAX_BYTES;
  return { size: file.size, bytes: small ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array() };
}

type ProfileImagePorts = Platform['profileImages'];

export const PROFILE_IMAGE_HANDLERS: AreaHandlers<ProfileImagePorts> = {
  putTeamProfileMeImage: async (p, { userId, body }) => {
    const file = await uploadedFile(body.file);
    const type = acceptedProfileImage(file && { size: file.size, type: imageTypeOf(file.bytes) });
    const url = await p.store(userId, file!.bytes, type);
    return { ...answer(url), headers: { 'content-type': 'text/plain; charset=utf-8' } };
  },
};

export const profileImageAreaPorts: PortsFor<ProfileImagePorts> = (platform) => platform.profileImages;
