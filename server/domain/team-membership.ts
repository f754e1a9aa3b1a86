/**
 * What a tenant administrator changes about the members of their tenant: remove one, and set the
 * roles one holds. Every statement is scoped to the tenant: an admin cannot reach another tenant's
 * members or roles, whatever ids they send.
 */
import type { TeamMemberPorts } from '../../core/domain/team-members';
import type { Database } from '../storage/database';
import { permissionKeysOfRoles, roleDtoOf, type RoleRow } from '../storage/roles';
import { revokeMemberSessions } from '../storage/team-members';
import type { RoleDto } from './tenants';
import { emitEvent } from './connectivity';
import { isScimManagedMember } from './directory';
import { memberPermissionKeys } from './grants';

/** Roles assignable in the tenant: vendor-wide ones and the tenant's own, by name. */
export async function listAssignableRoles(db: Database, tenantId: string): Promise<RoleDto[]> {
  const { rows } = await db.query<Omit<RoleRow, 'users_count'>>(
    `SELECT r.id, r.key, r.name, r.description, r.default_for_creator, r.tenant_id, r.vendor_id, r.created_at, r.updated_at,
            (SELECT array_agg(rp.permission_id ORDER BY rp.permission_id) FROM role_permissions rp
              WHERE rp.role_id = r.id) AS permission_ids
       FROM roles r JOIN tenants t ON t.id = $1
      WHERE r.vendor_id = t.vendor_id AND (r.tenant_id IS NULL OR r.tenant_id = $1)
      ORDER BY r.name, r.id`,
    [tenantId],
  );
  return rows.map(roleDtoOf);
}

type RemoveMemberResult = 'removed' | 'notMember';

/**
 * Removes `userId` from `tenantId` and ends that user's sessions in the tenant (their refresh tokens
 * stop working; access tokens already issued expire on their own).
 */
export async function removeMember(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<RemoveMemberResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      'DELETE FROM memberships WHERE tenant_id = $1 AND user_id = $2 RETURNING id',
      [tenantId, userId],
    );
    if (rows.length === 0) return 'notMember';
    await tx.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'removed_from_tenant'
        WHERE user_id = $1 AND tenant_id = $2 AND revoked_at IS NULL`,
      [userId, tenantId],
    );
    await emitEvent({ db: tx }, tenantId, 'user.removed', { userId });
    return 'removed';
  });
}

type SetRolesResult = { kind: 'updated' } | { kind: 'notMember' } | { kind: 'unknownRoles'; ids: string[] };

/** Replaces the member's roles in the tenant with `roleIds` (empty: no role). */
async function setMemberRoles(
  db: Database,
  tenantId: string,
  userId: string,
  roleIds: string[],
): Promise<SetRolesResult> {
  return db.transaction(async (tx) => {
    const membership = (
      await tx.query<{ id: string }>('SELECT id FROM memberships WHERE tenant_id = $1 AND user_id = $2', [
        tenantId,
        userId,
      ])
    ).rows[0];
    if (!membership) return { kind: 'notMember' };
    const assignable = new Set((await listAssignableRoles(tx, tenantId)).map((r) => r.id));
    const unknown = roleIds.filter((id) => !assignable.has(id));
    if (unknown.length) return { kind: 'unknownRoles', ids: unknown };
    await tx.query('DELETE FROM membership_roles WHERE membership_id = $1', [membership.id]);
    if (roleIds.length) {
      await tx.query(
        'INSERT INTO membership_roles (membership_id, role_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
        [membership.id, roleIds],
      );
    }
    await emitEvent({ db: tx }, tenantId, 'user.rolesChanged', { userId, roleIds: roleIds.join(',') });
    return { kind: 'updated' };
  });
}

/** The member rules' ports on the server (core/domain/team-members.ts). */
export const teamMemberPorts = (db: Database): TeamMemberPorts => ({
  memberKeys: (tenantId, userId) => memberPermissionKeys(db, tenantId, userId),
  grantedBy: async (tenantId, roleIds) => (await permissionKeysOfRoles(db, tenantId, roleIds)).keys,
  scimManaged: (tenantId, userId) => isScimManagedMember(db, tenantId, userId),
  remove: async (tenantId, userId) => (await removeMember(db, tenantId, userId)) === 'removed',
  setRoles: async (tenantId, userId, roleIds) => (await setMemberRoles(db, tenantId, userId, roleIds)).kind,
  revokeSessions: (tenantId, userId) => revokeMemberSessions(db, tenantId, userId),
});
