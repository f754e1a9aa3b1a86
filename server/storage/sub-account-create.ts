/**
 * Creating a sub-account in SQL (the repository of core/domain/sub-account-create.ts): the account
 * row, the vendor-wide roles a creator may get, the creator's membership, in one transaction. SQL
 * only: the rules are the domain's.
 */
import type { CreatorRole, SubAccountCreationRepository } from '../../core/domain/sub-account-create';
import type { Database } from './database';
import { type ListedAccount, subAccountItem } from '../../core/domain/sub-account-lists';
import { isWithinTree } from './sub-accounts';

export function subAccountCreation(db: Database): SubAccountCreationRepository {
  return {
    isWithin: (rootId, tenantId) => isWithinTree(db, rootId, tenantId),
    async insert({ parentId, name, tenantId, tenantType }) {
      const { rows } = await db.query<ListedAccount>(
        `INSERT INTO tenants (id, vendor_id, name, parent_tenant_id, tenant_type)
           SELECT coalesce($3::uuid, gen_random_uuid()), p.vendor_id, $1, p.id, $4 FROM tenants p WHERE p.id = $2
         ON CONFLICT (id) DO NOTHING
         RETURNING id, name, parent_tenant_id AS "parentTenantId", created_at AS "createdAt", tenant_type AS "tenantType"`,
        [name, parentId, tenantId, tenantType],
      );
      return rows[0] ? subAccountItem(rows[0], 0, 0) : null;
    },
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
