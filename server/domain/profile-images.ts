/**
 * Uploaded profile pictures (the client SDK's teams.updateProfileImage): PNG, JPEG, WebP or GIF,
 * told by their first bytes (core/domain/profile-image.ts), at most 1 MB, stored in the
 * database (storage/profile-images.ts: one per user, a new upload replaces the old) and served from a
 * public, unguessable address that becomes the user's `profilePictureUrl`.
 */
import type { Platform } from '../../core/domain/platform';
import type { AppContext } from '../context';
import { saveProfileImage } from '../storage/profile-images';

/** Where the pictures are served (under the API's prefix). */
export const PROFILE_IMAGES = '/team/resources/profile/images/v1';

/** The server's `profileImages` (core/domain/platform.ts): the database, and the pictures' public address. */
export const serverProfileImages = (ctx: AppContext): Platform['profileImages'] => ({
  store(userId, bytes, type) {
    const prefix = ctx.options.prefix ? `/${ctx.options.prefix}` : '';
    // The server's public address when it has one (the issuer URL); else an address on this host.
    const issuer = ctx.options.issuer;
    const base = /^https?:\/\//.test(issuer) ? issuer.replace(/\/+$/, '') : '';
    const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    return saveProfileImage(ctx.db, userId, type, file, (id) => `${base}${prefix}${PROFILE_IMAGES}/${id}`);
  },
});

/**
 * The one file of a `multipart/form-data` body: its bytes, or null when there is not exactly one
 * part with a file name. Parts are delimited by `--boundary` lines (RFC 7578); headers end at the
 * first empty line.
 */
export function singleFilePart(body: Buffer, contentType: string): Buffer | null {
  const boundary = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return null;
  const delimiter = Buffer.from(`--${marker}`);
  const files: Buffer[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    // A part: CRLF after the delimiter, headers, an empty line, content, CRLF before the next delimiter.
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('latin1');
      if (/content-disposition:[^\r\n]*\bfilename=/i.test(headers)) files.push(part.subarray(headerEnd + 4));
    }
    start = next;
  }
  return files.length === 1 ? files[0]! : null;
}
