/**
 * What a new password ends on the server (core/domain/account-flow-ports.ts writes the hash over
 * the tables, in the same transaction): every session of the user but the one that asked (whoever
 * knew the old password is signed out).
 */
import type { Database } from './database';

export async function endPasswordSessions(
  tx: Database,
  userId: string,
  sessions: { keep: string | null; reason: string },
): Promise<void> {
  await tx.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $3
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [userId, sessions.keep, sessions.reason],
  );
}
