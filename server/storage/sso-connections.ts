/**
 * What the SSO connections' repository (core/domain/sso-repository.ts, over `sqlTables` on the
 * server: domain/sso-config.ts) reads of the roles area: an account's roles by id and by key, the
 * tenant's vendor's and its own, two statements here.
 */
import type { SsoRoles } from '../../core/domain/sso-repository';
import type { Database } from './database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The roles of the tenant's vendor (global or the tenant's own) that match `condition` ($2). */
const ROLES_OF_TENANT = `SELECT r.id, r.key FROM roles r JOIN tenants t ON t.id = $1
  WHERE r.vendor_id = t.vendor_id AND (r.tenant_id IS NULL OR r.tenant_id = $1)`;

/** The roles the connections name (the roles area's storage), in SQL. */
export function sqlSsoRoles(db: Database): SsoRoles {
  return {
    async rolesOfIds(tenantId, ids) {
      // A malformed id is none (the uuid column would refuse it).
      if (!ids.every((id) => UUID.test(id))) return [];
      const sql = `${ROLES_OF_TENANT} AND r.id = ANY($2::uuid[])`;
      return (await db.query<{ id: string; key: string }>(sql, [tenantId, ids])).rows;
    },
    async rolesOfKeys(tenantId, keys) {
      const sql = `${ROLES_OF_TENANT} AND r.key = ANY($2::text[]) ORDER BY r.name, r.id`;
      return (await db.query<{ id: string; key: string }>(sql, [tenantId, keys])).rows;
    },
  };
}
