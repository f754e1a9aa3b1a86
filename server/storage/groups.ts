/**
 * What an account's groups read of its roles and members, in SQL: the `GroupDirectory` of
 * core/domain/group-store.ts (the groups themselves are written once there, over `sqlTables`;
 * demo mode's directory is core/demo/teamGroups.ts). Members are memberships: the users' rows
 * joined to the account's memberships, one statement for any number of them.
 */
import type { GroupDirectory, GroupMember } from '../../core/domain/group-store';
import type { Database } from './database';
import { permissionKeysOfRoles, roleDtoOf, type RoleRow } from './roles';

/** The directory of core/domain/group-store.ts for one account, in SQL. */
export const groupDirectory = (db: Database, tenantId: string): GroupDirectory => ({
  async roles(roleIds) {
    // The group's links hold only roles the rules let it carry (the account's or the vendor's).
    const { rows } = await db.query<Omit<RoleRow, 'users_count'>>(
      `SELECT r.id, r.key, r.name, r.description, r.default_for_creator, r.tenant_id, r.vendor_id, r.created_at, r.updated_at,
          (SELECT array_agg(rp.permission_id ORDER BY rp.permission_id) FROM role_permissions rp
            WHERE rp.role_id = r.id) AS permission_ids
         FROM roles r WHERE r.id = ANY($1::uuid[])`,
      [roleIds],
    );
    return rows.map(roleDtoOf);
  },
  roleGrants: (roleIds) => permissionKeysOfRoles(db, tenantId, roleIds),
  async memberships(userIds) {
    const { rows } = await db.query<{ membershipId: string; userId: string }>(
      'SELECT id AS "membershipId", user_id AS "userId" FROM memberships WHERE tenant_id = $1 AND user_id = ANY($2::uuid[])',
      [tenantId, userIds],
    );
    return rows;
  },
  async members(membershipIds) {
    const { rows } = await db.query<Omit<GroupMember, 'createdAt'> & { createdAt: Date }>(
      `SELECT m.id AS "membershipId", u.id, u.email, coalesce(u.name, u.email) AS name,
              u.profile_picture_url AS "profilePictureUrl",
              u.verified AND NOT m.invitation_pending AS "activatedForTenant", u.created_at AS "createdAt"
         FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.tenant_id = $1 AND m.id = ANY($2::uuid[])`,
      [tenantId, membershipIds],
    );
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  },
});
