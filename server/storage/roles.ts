/**
 * Roles and permissions of a tenant (spec 001 §3, §6, §7): vendor-wide roles (tenant_id NULL) are
 * offered in every tenant and read-only here; a tenant's own roles are listed, added, updated,
 * deleted and given permissions by its administrators. Every statement is scoped to the tenant.
 *
 * The rules (who may grant what, the refusals) are core/domain/roles.ts, over the ports `roleStore`
 * implements here in SQL (demo mode implements them over its stored roles, core/demo/teamRoles.ts).
 */
import type { RoleSortField } from '../../core/contract/listQuery';
import {
  permissionCategory,
  permissionItem,
  roleItem,
  type PermissionCategory,
  type PermissionItem,
  type RoleDto,
  type RoleItem,
  type RoleHolding,
  type RoleListPage,
  type RolePorts,
  type RoleWrite,
} from '../../core/domain/roles';
import type { Database } from './database';

const SORT: Record<RoleSortField, string> = {
  name: 'lower(r.name)',
  key: 'lower(r.key)',
  createdAt: 'r.created_at',
  updatedAt: 'r.updated_at',
};

/** An ILIKE pattern matching text that contains `text` (its wildcards escaped). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface RoleRow {
  id: string;
  key: string;
  name: string;
  description: string | null;
  default_for_creator: boolean;
  tenant_id: string | null;
  vendor_id: string;
  created_at: Date;
  updated_at: Date;
  permission_ids: string[] | null;
  users_count: number;
}

const ROLE_COLUMNS = `r.id, r.key, r.name, r.description, r.default_for_creator, r.tenant_id, r.vendor_id, r.created_at, r.updated_at,
  (SELECT array_agg(rp.permission_id ORDER BY rp.permission_id) FROM role_permissions rp WHERE rp.role_id = r.id) AS permission_ids,
  (SELECT count(DISTINCT m.user_id)::int FROM memberships m
     WHERE m.tenant_id = $1 AND (EXISTS (SELECT 1 FROM membership_roles mr WHERE mr.membership_id = m.id AND mr.role_id = r.id)
        OR EXISTS (SELECT 1 FROM group_members gm JOIN group_roles gr ON gr.group_id = gm.group_id
                    WHERE gm.membership_id = m.id AND gr.role_id = r.id))) AS users_count`;

/** Roles visible in the tenant: the vendor's and the tenant's own. `$1` is the tenant id. */
const VISIBLE = `r.vendor_id = (SELECT vendor_id FROM tenants WHERE id = $1) AND (r.tenant_id IS NULL OR r.tenant_id = $1)`;

/** A role row as the contract's role (the account's roles list, the assignable roles). */
export function roleDtoOf(r: Omit<RoleRow, 'users_count'>): RoleDto {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    description: r.description,
    isDefault: r.default_for_creator,
    permissions: r.permission_ids ?? [],
    tenantId: r.tenant_id,
    vendorId: r.vendor_id,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

const toRole = (r: RoleRow): RoleItem => roleItem(roleDtoOf(r), r.users_count);

/** A page of the tenant's roles, filtered by name or key, sorted and paged in the database. */
async function listRoles(
  db: Database,
  tenantId: string,
  query: RoleListPage,
): Promise<{ items: RoleItem[]; totalItems: number }> {
  const filter = query.filter.trim();
  const where = `${VISIBLE} AND ($2::text IS NULL OR r.name ILIKE $2 OR r.key ILIKE $2)`;
  const params = [tenantId, filter ? containsPattern(filter) : null];
  const total = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM roles r WHERE ${where}`,
    params,
  );
  const { rows } = await db.query<RoleRow>(
    `SELECT ${ROLE_COLUMNS} FROM roles r WHERE ${where}
      ORDER BY ${SORT[query.sortBy]} ${query.order === 'DESC' ? 'DESC' : 'ASC'}, r.id
      LIMIT $3 OFFSET $4`,
    [...params, query.limit, query.page * query.limit],
  );
  return { items: rows.map(toRole), totalItems: total.rows[0]?.count ?? 0 };
}

async function getRole(db: Database, tenantId: string, roleId: string): Promise<RoleItem | null> {
  const { rows } = await db.query<RoleRow>(
    `SELECT ${ROLE_COLUMNS} FROM roles r WHERE ${VISIBLE} AND r.id = $2`,
    [tenantId, roleId],
  );
  return rows[0] ? toRole(rows[0]) : null;
}

/** Permission keys by id (unknown ids are left out). */
async function permissionKeys(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; key: string }>(
    'SELECT id, key FROM permissions WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.key]));
}

type RoleWriteResult = RoleWrite<RoleItem>;

async function keyTaken(
  db: Database,
  tenantId: string,
  key: string,
  exceptId: string | null,
): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT r.id FROM roles r WHERE ${VISIBLE} AND lower(r.key) = lower($2) AND ($3::uuid IS NULL OR r.id <> $3)`,
    [tenantId, key, exceptId],
  );
  return rows.length > 0;
}

export async function createRole(
  db: Database,
  tenantId: string,
  input: { key: string; name: string; description: string | null; permissionIds: string[] },
): Promise<RoleWriteResult> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`roles:${tenantId}`]);
    if (await keyTaken(tx, tenantId, input.key, null)) return { kind: 'duplicateKey' };
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO roles (vendor_id, tenant_id, key, name, description)
       SELECT vendor_id, id, $2, $3, $4 FROM tenants WHERE id = $1 RETURNING id`,
      [tenantId, input.key, input.name, input.description],
    );
    const id = rows[0]!.id;
    if (input.permissionIds.length) {
      await tx.query(
        'INSERT INTO role_permissions (role_id, permission_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
        [id, input.permissionIds],
      );
    }
    return { kind: 'ok', role: (await getRole(tx, tenantId, id))! };
  });
}

/** Those of these ids that are roles the tenant sees: its own or the vendor's, with their permissions. */
async function roleHoldings(db: Database, tenantId: string, roleIds: string[]): Promise<RoleHolding[]> {
  const { rows } = await db.query<{ id: string; own: boolean; permission_ids: string[] | null }>(
    `SELECT r.id, r.tenant_id IS NOT NULL AS own,
            (SELECT array_agg(rp.permission_id) FROM role_permissions rp WHERE rp.role_id = r.id) AS permission_ids
       FROM roles r WHERE ${VISIBLE} AND r.id = ANY($2::uuid[])`,
    [tenantId, roleIds],
  );
  return rows.map((r) => ({ id: r.id, own: r.own, permissionIds: r.permission_ids ?? [] }));
}

/** Changes one of the tenant's own roles (the rules checked it is). */
async function updateRole(
  db: Database,
  tenantId: string,
  roleId: string,
  input: { key?: string; name?: string; description?: string | null },
): Promise<RoleWriteResult> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`roles:${tenantId}`]);
    if (input.key !== undefined && (await keyTaken(tx, tenantId, input.key, roleId)))
      return { kind: 'duplicateKey' };
    const { rows } = await tx.query(
      `UPDATE roles SET key = coalesce($3, key), name = coalesce($4, name),
              description = CASE WHEN $5 THEN $6 ELSE description END, updated_at = now()
        WHERE id = $2 AND tenant_id = $1 RETURNING id`,
      [
        tenantId,
        roleId,
        input.key ?? null,
        input.name ?? null,
        input.description !== undefined,
        input.description ?? null,
      ],
    );
    return rows.length ? { kind: 'ok', role: (await getRole(tx, tenantId, roleId))! } : { kind: 'notFound' };
  });
}

/** Deletes one of the tenant's own roles; false when it has none of that id. */
async function deleteRole(db: Database, tenantId: string, roleId: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM roles WHERE id = $2 AND tenant_id = $1 RETURNING id', [
    tenantId,
    roleId,
  ]);
  return rows.length > 0;
}

/** Replaces the permissions of one of the tenant's own roles; null when it has none of that id. */
async function setRolePermissions(
  db: Database,
  tenantId: string,
  roleId: string,
  permissionIds: string[],
): Promise<RoleItem | null> {
  return db.transaction(async (tx) => {
    const own = await tx.query(
      'UPDATE roles SET updated_at = now() WHERE id = $2 AND tenant_id = $1 RETURNING id',
      [tenantId, roleId],
    );
    if (own.rows.length === 0) return null;
    await tx.query('DELETE FROM role_permissions WHERE role_id = $1', [roleId]);
    if (permissionIds.length) {
      await tx.query(
        'INSERT INTO role_permissions (role_id, permission_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
        [roleId, permissionIds],
      );
    }
    return getRole(tx, tenantId, roleId);
  });
}

/** The permission catalogue, with the roles of this tenant that hold each permission. */
async function listPermissions(db: Database, tenantId: string): Promise<PermissionItem[]> {
  const { rows } = await db.query<{
    id: string;
    key: string;
    name: string;
    description: string | null;
    category_id: string | null;
    role_ids: string[] | null;
  }>(
    `SELECT p.id, p.key, p.name, p.description, p.category_id,
            (SELECT array_agg(r.id ORDER BY r.id) FROM role_permissions rp JOIN roles r ON r.id = rp.role_id
              WHERE rp.permission_id = p.id AND ${VISIBLE}) AS role_ids
       FROM permissions p ORDER BY p.key`,
    [tenantId],
  );
  return rows.map(({ id, key, name, description, category_id, role_ids }) =>
    permissionItem({ id, key, name, description, categoryId: category_id }, role_ids ?? []),
  );
}

async function listCategories(db: Database): Promise<PermissionCategory[]> {
  const { rows } = await db.query<{
    id: string;
    key: string;
    name: string;
    description: string | null;
    permission_ids: string[] | null;
  }>(
    `SELECT c.id, c.key, c.name, c.description,
            (SELECT array_agg(p.id ORDER BY p.key) FROM permissions p WHERE p.category_id = c.id) AS permission_ids
       FROM permission_categories c ORDER BY c.created_at, c.name`,
  );
  return rows.map(({ permission_ids, ...c }) => permissionCategory(c, permission_ids ?? []));
}

/**
 * Makes exactly `ownRoleIds` (the tenant's own roles, as the rules checked) hold the permission: the
 * tenant's other roles lose it. The vendor's roles are never touched.
 */
async function setPermissionRoles(
  db: Database,
  tenantId: string,
  permissionId: string,
  own: string[],
): Promise<PermissionItem> {
  return db.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM role_permissions rp USING roles r
        WHERE rp.role_id = r.id AND r.tenant_id = $1 AND rp.permission_id = $2 AND NOT (r.id = ANY($3::uuid[]))`,
      [tenantId, permissionId, own],
    );
    if (own.length) {
      await tx.query(
        'INSERT INTO role_permissions (role_id, permission_id) SELECT unnest($1::uuid[]), $2 ON CONFLICT DO NOTHING',
        [own, permissionId],
      );
    }
    await tx.query('UPDATE roles SET updated_at = now() WHERE id = ANY($1::uuid[])', [own]);
    return (await listPermissions(tx, tenantId)).find((p) => p.id === permissionId)!;
  });
}

/** Permission keys a set of the tenant's roles grants (to check a caller may hand them out). */
export async function permissionKeysOfRoles(
  db: Database,
  tenantId: string,
  roleIds: string[],
): Promise<{ known: string[]; keys: string[] }> {
  if (roleIds.length === 0) return { known: [], keys: [] };
  const { rows } = await db.query<{ id: string; keys: string[] | null }>(
    `SELECT r.id, (SELECT array_agg(p.key) FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = r.id) AS keys
       FROM roles r WHERE ${VISIBLE} AND r.id = ANY($2::uuid[])`,
    [tenantId, roleIds],
  );
  return { known: rows.map((r) => r.id), keys: [...new Set(rows.flatMap((r) => r.keys ?? []))] };
}

/** The ports of core/domain/roles.ts for one tenant, in SQL. */
export const roleStore = (db: Database, tenantId: string): RolePorts<RoleItem, PermissionItem> => ({
  list: (page) => listRoles(db, tenantId, page),
  permissions: () => listPermissions(db, tenantId),
  categories: () => listCategories(db),
  permissionKeys: (ids) => permissionKeys(db, ids),
  grantedBy: async (roleIds) =>
    (await permissionKeysOfRoles(db, tenantId, [...new Set(roleIds.filter((id) => id !== ''))])).keys,
  create: (input) => createRole(db, tenantId, input),
  update: (roleId, changes) => updateRole(db, tenantId, roleId, changes),
  remove: (roleId) => deleteRole(db, tenantId, roleId),
  holdings: (roleIds) => roleHoldings(db, tenantId, roleIds),
  setPermissions: (roleId, ids) => setRolePermissions(db, tenantId, roleId, ids),
  setPermissionRoles: (permissionId, roleIds) => setPermissionRoles(db, tenantId, permissionId, roleIds),
});
