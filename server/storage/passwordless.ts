/** The user writes of passwordless sign-in and the phone-number flows (core/domain/passwordless.ts) over PostgreSQL. SQL only. */
import type { Database } from './database';

export function passwordlessUserWrites(db: Database) {
  return {
    async setPhone(userId: string, phone: string): Promise<void> {
      await db.query('UPDATE users SET phone = $2, updated_at = now() WHERE id = $1', [userId, phone]);
    },
    async markVerified(userId: string): Promise<void> {
      await db.query('UPDATE users SET verified = true WHERE id = $1', [userId]);
    },
  };
}
