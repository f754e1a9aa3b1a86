/**
 * Groups of a tenant (spec 001 §3, §6, §7): a name, colour, description and metadata, roles, and
 * members. Each member holds the group's roles in the tenant (server/domain/tenants.ts
 * loadAuthorization). Members are memberships: leaving the tenant leaves its groups.
 */
import type { GroupSortField } from '../../core/contract/listQuery';
import type { Database } from '../storage/database';
import type { RoleDto } from './tenants';

export type { GroupSortField };

export interface GroupItem {
  id: string;
  groupId: string;
  name: string;
  color: string | null;
  description: string | null;
  metadata: string;
  managedBy: 'frontegg' | 'scim2';
  /** The client SDK's IRole in full. */
  roles: RoleDto[];
  /** The client SDK's IGroupUser. */
  users: Array<{
    id: string;
    email: string;
    name: string;
    profilePictureUrl: string | null;
    activatedForTenant: boolean;
    createdAt: string;
  }>;
  createdAt: string;
  updatedAt: string;
}

interface GroupListQuery {
  filter: string;
  sortBy: GroupSortField;
  order: 'ASC' | 'DESC';
  page: number;
  /** null: every group (the client SDK's getGroups). */
  limit: number | null;
}
const SORT: Record<GroupSortField, string> = {
  name: 'lower(g.name)',
  createdAt: 'g.created_at',
  updatedAt: 'g.updated_at',
};

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface GroupRow {
  id: string;
  name: string;
  color: string | null;
  description: string | null;
  metadata: Record<string, unknown>;
  managed_by: 'frontegg' | 'scim2';
  created_at: Date;
  updated_at: Date;
  roles: GroupItem['roles'] | null;
  users: GroupItem['users'] | null;
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

function toGroup(g: GroupRow): GroupItem {
  return {
    id: g.id,
    groupId: g.id,
    name: g.name,
    color: g.color,
    description: g.description,
    metadata: JSON.stringify(g.metadata ?? {}),
    managedBy: g.managed_by,
    roles: g.roles ?? [],
    users: g.users ?? [],
    createdAt: g.created_at.toISOString(),
    updatedAt: g.updated_at.toISOString(),
  };
}

export async function listGroups(
  db: Database,
  tenantId: string,
  query: GroupListQuery,
): Promise<{ items: GroupItem[]; totalItems: number }> {
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

export async function getGroup(db: Database, tenantId: string, groupId: string): Promise<GroupItem | null> {
  const { rows } = await db.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM groups g WHERE g.tenant_id = $1 AND g.id = $2`,
    [tenantId, groupId],
  );
  return rows[0] ? toGroup(rows[0]) : null;
}

export interface GroupInput {
  name?: string;
  color?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown>;
}
export type GroupResult = { kind: 'ok'; group: GroupItem } | { kind: 'notFound' } | { kind: 'duplicateName' };

async function nameTaken(db: Database, tenantId: string, name: string, exceptId: string | null) {
  const { rows } = await db.query(
    'SELECT 1 FROM groups WHERE tenant_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3)',
    [tenantId, name, exceptId],
  );
  return rows.length > 0;
}

export async function createGroup(
  db: Database,
  tenantId: string,
  input: GroupInput & { name: string },
): Promise<GroupResult> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`groups:${tenantId}`]);
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

export async function updateGroup(
  db: Database,
  tenantId: string,
  groupId: string,
  input: GroupInput,
): Promise<GroupResult> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`groups:${tenantId}`]);
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

export async function deleteGroup(db: Database, tenantId: string, groupId: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM groups WHERE tenant_id = $1 AND id = $2 RETURNING id', [
    tenantId,
    groupId,
  ]);
  return rows.length > 0;
}

export type RelationResult = { kind: 'ok'; group: GroupItem } | { kind: 'notFound' } | { kind: 'unknown' };

/** Adds or removes roles of the tenant (its own or the vendor's) on a group. */
export async function changeGroupRoles(
  db: Database,
  tenantId: string,
  groupId: string,
  roleIds: string[],
  add: boolean,
): Promise<RelationResult> {
  return db.transaction(async (tx) => {
    if (!(await getGroup(tx, tenantId, groupId))) return { kind: 'notFound' };
    const { rows } = await tx.query<{ id: string }>(
      `SELECT r.id FROM roles r WHERE r.id = ANY($2::uuid[])
         AND r.vendor_id = (SELECT vendor_id FROM tenants WHERE id = $1) AND (r.tenant_id IS NULL OR r.tenant_id = $1)`,
      [tenantId, roleIds],
    );
    if (rows.length !== roleIds.length) return { kind: 'unknown' };
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
    await tx.query('UPDATE groups SET updated_at = now() WHERE id = $1', [groupId]);
    return { kind: 'ok', group: (await getGroup(tx, tenantId, groupId))! };
  });
}

/** Adds or removes members of the tenant on a group. */
export async function changeGroupUsers(
  db: Database,
  tenantId: string,
  groupId: string,
  userIds: string[],
  add: boolean,
): Promise<RelationResult> {
  return db.transaction(async (tx) => {
    if (!(await getGroup(tx, tenantId, groupId))) return { kind: 'notFound' };
    const { rows } = await tx.query<{ id: string }>(
      'SELECT id FROM memberships WHERE tenant_id = $1 AND user_id = ANY($2::uuid[])',
      [tenantId, userIds],
    );
    if (rows.length !== userIds.length) return { kind: 'unknown' };
    const membershipIds = rows.map((r) => r.id);
    if (add)
      await tx.query(
        'INSERT INTO group_members (group_id, membership_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
        [groupId, membershipIds],
      );
    else
      await tx.query('DELETE FROM group_members WHERE group_id = $1 AND membership_id = ANY($2::uuid[])', [
        groupId,
        membershipIds,
      ]);
    await tx.query('UPDATE groups SET updated_at = now() WHERE id = $1', [groupId]);
    return { kind: 'ok', group: (await getGroup(tx, tenantId, groupId))! };
  });
}

/** An account's group configuration (the client SDK's IGroupConfigResponse); both on when never set. */
export interface GroupConfiguration {
  enabled: boolean;
  rolesEnabled: boolean;
}

export async function getGroupConfiguration(db: Database, tenantId: string): Promise<GroupConfiguration> {
  const { rows } = await db.query<{ enabled: boolean; roles_enabled: boolean }>(
    'SELECT enabled, roles_enabled FROM group_configurations WHERE tenant_id = $1',
    [tenantId],
  );
  return { enabled: rows[0]?.enabled ?? true, rolesEnabled: rows[0]?.roles_enabled ?? true };
}

/** Saves the parts given; the others keep their value. */
export async function saveGroupConfiguration(
  db: Database,
  tenantId: string,
  patch: Partial<GroupConfiguration>,
): Promise<GroupConfiguration> {
  const { rows } = await db.query<{ enabled: boolean; roles_enabled: boolean }>(
    `INSERT INTO group_configurations (tenant_id, enabled, roles_enabled) VALUES ($1, coalesce($2, true), coalesce($3, true))
     ON CONFLICT (tenant_id) DO UPDATE SET enabled = coalesce($2, group_configurations.enabled),
       roles_enabled = coalesce($3, group_configurations.roles_enabled), updated_at = now()
     RETURNING enabled, roles_enabled`,
    [tenantId, patch.enabled ?? null, patch.rolesEnabled ?? null],
  );
  return { enabled: rows[0]!.enabled, rolesEnabled: rows[0]!.roles_enabled };
}

/** Every role the account's groups carry (turning their roles on or off gives or takes these). */
export async function groupRoleIdsOfTenant(db: Database, tenantId: string): Promise<string[]> {
  const { rows } = await db.query<{ role_id: string }>(
    'SELECT DISTINCT gr.role_id FROM group_roles gr JOIN groups g ON g.id = gr.group_id WHERE g.tenant_id = $1',
    [tenantId],
  );
  return rows.map((r) => r.role_id);
}
