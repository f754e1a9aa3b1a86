/**
 * An account's groups in SQL: the repository of core/domain/groups.ts (demo mode's is
 * core/demo/teamGroups.ts; server/storage/groups.test.ts holds both to the same cases). Members
 * are memberships: leaving the account leaves its groups. Every statement is scoped to the account.
 */
import type { GroupSortField } from '../../core/contract/listQuery';
import {
  groupDto,
  type GroupConfiguration,
  type GroupDto,
  type GroupFields,
  type GroupListPage,
  type GroupRepository,
  type GroupWrite,
} from '../../core/domain/groups';
import type { Database } from './database';
import { containsPattern, permissionKeysOfRoles } from './roles';

const SORT: Record<GroupSortField, string> = {
  name: 'lower(g.name)',
  createdAt: 'g.created_at',
  updatedAt: 'g.updated_at',
};

interface GroupRow {
  id: string;
  name: string;
  color: string | null;
  description: string | null;
  metadata: Record<string, unknown>;
  managed_by: 'frontegg' | 'scim2';
  created_at: Date;
  updated_at: Date;
  roles: GroupDto['roles'] | null;
  users: GroupDto['users'] | null;
}

/** A timestamp as the other answers write it (ISO 8601, UTC, milliseconds). */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const GROUP_COLUMNS = `g.id, g.name, g.color, g.description, g.metadata, g.managed_by, g.created_at, g.updated_at,
  (SELECT json_agg(json_build_object('id', r.id, 'key', r.key, 'name', r.name, 'description', r.description,
          'isDefault', r.default_for_creator,
          'permissions', coalesce((SELECT json_agg(rp.permission_id ORDER BY rp.permission_id) FROM role_permissions rp
                                    WHERE rp.role_id = r.id), '[]'::json),
          'tenantId', r.tenant_id, 'vendorId', r.vendor_id, 'createdAt', ${iso('r.created_at')},
          'updatedAt', ${iso('r.updated_at')}) ORDER BY lower(r.name))
     FROM group_roles gr JOIN roles r ON r.id = gr.role_id WHERE gr.group_id = g.id) AS roles,
  (SELECT json_agg(json_build_object('id', u.id, 'email', u.email, 'name', coalesce(u.name, u.email),
          'profilePictureUrl', u.profile_picture_url, 'activatedForTenant', u.verified AND NOT m.invitation_pending,
          'createdAt', ${iso('u.created_at')}) ORDER BY lower(coalesce(u.name, u.email)))
     FROM group_members gm JOIN memberships m ON m.id = gm.membership_id JOIN users u ON u.id = m.user_id
    WHERE gm.group_id = g.id) AS users`;

const toGroup = (g: GroupRow): GroupDto =>
  groupDto(
    {
      ...g,
      metadata: g.metadata ?? {},
      managedBy: g.managed_by,
      createdAt: g.created_at.toISOString(),
      updatedAt: g.updated_at.toISOString(),
    },
    g.roles ?? [],
    g.users ?? [],
  );

async function listGroups(db: Database, tenantId: string, query: GroupListPage) {
  const filter = query.filter.trim();
  const where = `g.tenant_id = $1 AND ($2::text IS NULL OR g.name ILIKE $2 OR g.description ILIKE $2)`;
  const params = [tenantId, filter ? containsPattern(filter) : null];
  const total = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM groups g WHERE ${where}`,
    params,
  );
  const { rows } = await db.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM groups g WHERE ${where}
      ORDER BY ${SORT[query.sortBy]} ${query.order === 'DESC' ? 'DESC' : 'ASC'}, g.id LIMIT $3 OFFSET $4`,
    [...params, query.limit, query.page * (query.limit ?? 0)],
  );
  return { items: rows.map(toGroup), totalItems: total.rows[0]?.count ?? 0 };
}

/** One group of the account, with its roles and members; null when the account has none of that id. */
export async function getGroup(db: Database, tenantId: string, groupId: string): Promise<GroupDto | null> {
  const { rows } = await db.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM groups g WHERE g.tenant_id = $1 AND g.id = $2`,
    [tenantId, groupId],
  );
  return rows[0] ? toGroup(rows[0]) : null;
}

async function nameTaken(db: Database, tenantId: string, name: string, exceptId: string | null) {
  const { rows } = await db.query(
    'SELECT 1 FROM groups WHERE tenant_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3)',
    [tenantId, name, exceptId],
  );
  return rows.length > 0;
}

/** Names are unique per account: writes of one account's groups take turns. */
const lockGroups = (tx: Database, tenantId: string) =>
  tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`groups:${tenantId}`]);

async function createGroup(db: Database, tenantId: string, input: GroupFields & { name: string }) {
  return db.transaction(async (tx): Promise<GroupWrite> => {
    await lockGroups(tx, tenantId);
    if (await nameTaken(tx, tenantId, input.name, null)) return { kind: 'duplicateName' };
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO groups (tenant_id, name, color, description, metadata) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING id',
      [
        tenantId,
        input.name,
        input.color ?? null,
        input.description ?? null,
        JSON.stringify(input.metadata ?? {}),
      ],
    );
    return { kind: 'ok', group: (await getGroup(tx, tenantId, rows[0]!.id))! };
  });
}

async function updateGroup(db: Database, tenantId: string, groupId: string, input: GroupFields) {
  return db.transaction(async (tx): Promise<GroupWrite> => {
    await lockGroups(tx, tenantId);
    if (!(await getGroup(tx, tenantId, groupId))) return { kind: 'notFound' };
    if (input.name !== undefined && (await nameTaken(tx, tenantId, input.name, groupId)))
      return { kind: 'duplicateName' };
    await tx.query(
      `UPDATE groups SET name = coalesce($3, name),
              color = CASE WHEN $4 THEN $5 ELSE color END,
              description = CASE WHEN $6 THEN $7 ELSE description END,
              metadata = coalesce($8::jsonb, metadata), updated_at = now()
        WHERE tenant_id = $1 AND id = $2`,
      [
        tenantId,
        groupId,
        input.name ?? null,
        input.color !== undefined,
        input.color ?? null,
        input.description !== undefined,
        input.description ?? null,
        input.metadata === undefined ? null : JSON.stringify(input.metadata),
      ],
    );
    return { kind: 'ok', group: (await getGroup(tx, tenantId, groupId))! };
  });
}

async function deleteGroup(db: Database, tenantId: string, groupId: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM groups WHERE tenant_id = $1 AND id = $2 RETURNING id', [
    tenantId,
    groupId,
  ]);
  return rows.length > 0;
}

/** Marks the account's group as changed now (locking it while the write lasts); false when it has none of that id. */
async function touchGroup(tx: Database, tenantId: string, groupId: string): Promise<boolean> {
  const { rows } = await tx.query(
    'UPDATE groups SET updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING id',
    [tenantId, groupId],
  );
  return rows.length > 0;
}

/** Adds or removes roles (the rules checked them: the account's own or the vendor's) on a group. */
async function changeGroupRoles(
  db: Database,
  tenantId: string,
  groupId: string,
  roleIds: string[],
  add: boolean,
) {
  return db.transaction(async (tx) => {
    if (!(await touchGroup(tx, tenantId, groupId))) return null;
    if (add)
      await tx.query(
        'INSERT INTO group_roles (group_id, role_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
        [groupId, roleIds],
      );
    else
      await tx.query('DELETE FROM group_roles WHERE group_id = $1 AND role_id = ANY($2::uuid[])', [
        groupId,
        roleIds,
      ]);
    return getGroup(tx, tenantId, groupId);
  });
}

/** The memberships of these users in the account. */
const MEMBERSHIPS = 'SELECT id FROM memberships WHERE tenant_id = $2 AND user_id = ANY($3::uuid[])';

/** Adds or removes members (the rules checked them: the account's) on a group. */
async function changeGroupUsers(
  db: Database,
  tenantId: string,
  groupId: string,
  userIds: string[],
  add: boolean,
) {
  return db.transaction(async (tx) => {
    if (!(await touchGroup(tx, tenantId, groupId))) return null;
    if (add)
      await tx.query(
        `INSERT INTO group_members (group_id, membership_id) SELECT $1, id FROM (${MEMBERSHIPS}) m ON CONFLICT DO NOTHING`,
        [groupId, tenantId, userIds],
      );
    else
      await tx.query(`DELETE FROM group_members WHERE group_id = $1 AND membership_id IN (${MEMBERSHIPS})`, [
        groupId,
        tenantId,
        userIds,
      ]);
    return getGroup(tx, tenantId, groupId);
  });
}

async function membersAmong(db: Database, tenantId: string, userIds: string[]): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    'SELECT user_id FROM memberships WHERE tenant_id = $1 AND user_id = ANY($2::uuid[])',
    [tenantId, userIds],
  );
  return rows.map((r) => r.user_id);
}

async function getGroupConfiguration(db: Database, tenantId: string): Promise<GroupConfiguration> {
  const { rows } = await db.query<{ enabled: boolean; roles_enabled: boolean }>(
    'SELECT enabled, roles_enabled FROM group_configurations WHERE tenant_id = $1',
    [tenantId],
  );
  return { enabled: rows[0]?.enabled ?? true, rolesEnabled: rows[0]?.roles_enabled ?? true };
}

async function saveGroupConfiguration(db: Database, tenantId: string, patch: Partial<GroupConfiguration>) {
  const { rows } = await db.query<{ enabled: boolean; roles_enabled: boolean }>(
    `INSERT INTO group_configurations (tenant_id, enabled, roles_enabled) VALUES ($1, coalesce($2, true), coalesce($3, true))
     ON CONFLICT (tenant_id) DO UPDATE SET enabled = coalesce($2, group_configurations.enabled),
       roles_enabled = coalesce($3, group_configurations.roles_enabled), updated_at = now()
     RETURNING enabled, roles_enabled`,
    [tenantId, patch.enabled ?? null, patch.rolesEnabled ?? null],
  );
  return { enabled: rows[0]!.enabled, rolesEnabled: rows[0]!.roles_enabled };
}

async function groupRoleIdsOfTenant(db: Database, tenantId: string): Promise<string[]> {
  const { rows } = await db.query<{ role_id: string }>(
    'SELECT DISTINCT gr.role_id FROM group_roles gr JOIN groups g ON g.id = gr.group_id WHERE g.tenant_id = $1',
    [tenantId],
  );
  return rows.map((r) => r.role_id);
}

/** The repository of core/domain/groups.ts for one account, in SQL. */
export const groupRepository = (db: Database, tenantId: string): GroupRepository => ({
  list: (query) => listGroups(db, tenantId, query),
  find: (groupId) => getGroup(db, tenantId, groupId),
  create: (fields) => createGroup(db, tenantId, fields),
  update: (groupId, fields) => updateGroup(db, tenantId, groupId, fields),
  remove: (groupId) => deleteGroup(db, tenantId, groupId),
  changeRoles: (groupId, roleIds, add) => changeGroupRoles(db, tenantId, groupId, roleIds, add),
  changeUsers: (groupId, userIds, add) => changeGroupUsers(db, tenantId, groupId, userIds, add),
  memberIds: (userIds) => membersAmong(db, tenantId, userIds),
  configuration: () => getGroupConfiguration(db, tenantId),
  saveConfiguration: (patch) => saveGroupConfiguration(db, tenantId, patch),
  roleIdsInGroups: () => groupRoleIdsOfTenant(db, tenantId),
  roleGrants: (roleIds) => permissionKeysOfRoles(db, tenantId, roleIds),
});
