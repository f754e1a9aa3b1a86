/**
 * Creating a sub-account on the server (the repository of core/domain/sub-account-create.ts), in
 * one transaction: the account's row (core/domain/tenant-tables.ts), and in SQL the vendor-wide
 * roles a creator may get and the creator's membership.
 */
import type { CreatorRole, SubAccountCreationRepository } from '../../core/domain/sub-account-create';
import type { Database } from './database';
import { subAccountRowsOver } from '../../core/domain/tenant-repositories';
import { isWithinTree } from './sub-accounts';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

export function subAccountCreation(db: Database): SubAccountCreationRepository {
  return {
    isWithin: (rootId, tenantId) => isWithinTree(db, rootId, tenantId),
    insert: subAccountRowsOver(sqlTables(db), SERVER_ROW_CLOCK).insert,
    async creatorRoles(tenantId, roleKeys) {
      const { rows } = await db.query<{ id: string; key: string; creator: boolean; keys: string[] | null }>(
        `SELECT r.id, r.key, r.default_for_creator AS creator,
                (SELECT array_agg(p.key) FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                  WHERE rp.role_id = r.id) AS keys
           FROM roles r
          WHERE r.tenant_id IS NULL AND r.vendor_id = (SELECT vendor_id FROM tenants WHERE id = $1)
            AND (r.default_for_creator OR r.key = ANY($2::text[]))`,
        [tenantId, roleKeys],
      );
      return rows.map((r): CreatorRole => ({
        id: r.id,
        key: r.key,
        forCreator: r.creator,
        permissions: r.keys ?? [],
      }));
    },
    async addCreator(tenantId, userId, roleIds) {
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO memberships (user_id, tenant_id) SELECT id, $2 FROM users WHERE id = $1 RETURNING id',
        [userId, tenantId],
      );
      if (!rows[0]) return false;
      if (roleIds.length)
        await db.query(
          'INSERT INTO membership_roles (membership_id, role_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
          [rows[0].id, roleIds],
        );
      return true;
    },
    transaction: (work) => db.transaction((tx) => work(subAccountCreation(tx))),
  };
}
