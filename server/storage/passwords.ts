/**
 * What a new password ends (core/domain/password-flows.ts): the email proven when a reset link set
 * it, and every session of the user but the one that asked (whoever knew the old password is
 * signed out). The hash itself: server/domain/users.ts updatePasswordHash, in the same transaction.
 */
import type { Database } from './database';

export async function storeNewPassword(
  tx: Database,
  userId: string,
  change: { verified: boolean; keepSession: string | null; reason: string },
): Promise<void> {
  if (change.verified) await tx.query('UPDATE users SET verified = true WHERE id = $1', [userId]);
  await tx.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $3
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [userId, change.keepSession, change.reason],
  );
}
