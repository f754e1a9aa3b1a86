/**
 * Uploaded profile pictures in SQL (`user_profile_images`, one per user: a new upload replaces the
 * old); what is accepted as a picture is decided before (domain/profile-images.ts,
 * core/domain/profile-image.ts).
 */
import type { Database } from './database';

/** Replaces the user's picture and sets its address (`urlOf(id)`) as their `profilePictureUrl`; answers the address. */
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
