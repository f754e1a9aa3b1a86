/** The user's own profile in SQL (the ports of core/domain/profile.ts but the caller's session). */
import type { ProfileChanges } from '../../core/domain/profile';
import type { Database } from './database';

export const profileRepository = (db: Database) => ({
  async phoneOf(userId: string): Promise<string | null> {
    return (
      (await db.query<{ phone: string | null }>('SELECT phone FROM users WHERE id = $1', [userId])).rows[0]
        ?.phone ?? null
    );
  },
  /** COALESCE keeps a column when its field was not sent; phone and locale use a flag because null clears them. */
  async update(userId: string, changes: ProfileChanges): Promise<void> {
    await db.query(
      `UPDATE users SET name = COALESCE($2, name),
                        phone = CASE WHEN $3 THEN $4 ELSE phone END,
                        metadata = COALESCE($5::jsonb, metadata),
                        locale = CASE WHEN $6 THEN $7 ELSE locale END
        WHERE id = $1`,
      [
        userId,
        changes.name ?? null,
        changes.phone !== undefined,
        changes.phone ?? null,
        changes.metadata === undefined ? null : JSON.stringify(changes.metadata),
        changes.locale !== undefined,
        changes.locale ?? null,
      ],
    );
  },
});
