/**
 * Impersonation's storage (the rules: core/domain/impersonation.ts; the member they read is read
 * over the tables: core/domain/impersonation-handlers.ts): the end of the caller's own session once
 * the impersonated one is open (sessions are the server's).
 */
import type { Database } from './database';

/** Ends the impersonator's own session (the browser's refresh cookie now belongs to the new one). */
export async function endImpersonatorSession(
  db: Database,
  sessionId: unknown,
  userId: string,
): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'impersonation' WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
    [sessionId, userId],
  );
}
