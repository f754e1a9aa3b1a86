/**
 * The sessions of an account's member (server-only: demo mode has one session, the browser's),
 * ended when an admin revokes them or removes the member (core/domain/team-member-store.ts).
 */
import type { Database } from './database';

/** Ends the user's open sessions in the account, saying why: how many. */
export async function endMemberSessions(
  db: Database,
  tenantId: string,
  userId: string,
  reason: 'revoked_by_admin' | 'removed_from_tenant',
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $3
      WHERE user_id = $1 AND tenant_id = $2 AND revoked_at IS NULL RETURNING id`,
    [userId, tenantId, reason],
  );
  return rows.length;
}

/** Which of these memberships a SCIM configuration manages (a column the port's tables do not declare). */
export async function scimManagedMemberships(db: Database, membershipIds: string[]): Promise<Set<string>> {
  if (membershipIds.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM memberships WHERE id = ANY($1::uuid[]) AND scim_configuration_id IS NOT NULL',
    [membershipIds],
  );
  return new Set(rows.map((r) => r.id));
}
