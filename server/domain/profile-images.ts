/**
 * Uploaded profile pictures (the client SDK's teams.updateProfileImage): PNG, JPEG, WebP or GIF,
 * told by their first bytes (core/domain/profile-image.ts), at most 1 MB, stored in the
 * database (`user_profile_images`, one per user: a new upload replaces the old) and served from a
 * public, unguessable address that becomes the user's `profilePictureUrl`.
 */
import type { Database } from '../storage/database';

/** Replaces the user's picture; answers the new image's id. */
export async function saveProfileImage(
  db: Database,
  userId: string,
  contentType: string,
  bytes: Buffer,
  urlOf: (id: string) => string,
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM user_profile_images WHERE user_id = $1', [userId]);
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO user_profile_images (user_id, content_type, bytes) VALUES ($1, $2, $3) RETURNING id',
      [userId, contentType, bytes],
    );
    const url = urlOf(rows[0]!.id);
    await tx.query('UPDATE users SET profile_picture_url = $2, updated_at = now() WHERE id = $1', [
      userId,
      url,
    ]);
    return url;
  });
}

export async function loadProfileImage(
  db: Database,
  id: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const { rows } = await db.query<{ content_type: string; bytes: Uint8Array }>(
    'SELECT content_type, bytes FROM user_profile_images WHERE id = $1',
    [id],
  );
  return rows[0] ? { contentType: rows[0].content_type, bytes: Buffer.from(rows[0].bytes) } : null;
}

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
