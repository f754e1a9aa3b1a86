/**
 * Impersonation's storage (the rules: core/domain/impersonation.ts; the use case:
 * server/domain/impersonation.ts): the member a caller names, and the end of the caller's own
 * session once the impersonated one is open.
 */
import type { ImpersonationMember } from '../../core/domain/impersonation';
import type { Database } from './database';

/**
 * The user `userId` as a member of `tenantId` (an allowed, accepted membership of an account that
 * is not deleted, as domain/tenants.ts lists them), or null. A malformed id is simply nobody: the
 * same answer as an unknown one.
 */
export async function impersonationMember(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<ImpersonationMember | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) return null;
  const { rows } = await db.query<{ id: string; verified: boolean; super_user: boolean }>(
    `SELECT u.id, u.verified, u.super_user
       FROM users u
       JOIN memberships m ON m.user_id = u.id
       JOIN tenants t ON t.id = m.tenant_id
      WHERE u.id = $1 AND t.id = $2 AND t.deleted_at IS NULL AND m.access_allowed AND NOT m.invitation_pending`,
    [userId, tenantId],
  );
  const row = rows[0];
  return row ? { id: row.id, verified: row.verified, superUser: row.super_user } : null;
}

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
