/**
 * SCIM Groups (domain/scim.ts): groups of the account created over SCIM (`managed_by = 'scim2'`),
 * whose members are members of the account (any, not only provisioned ones).
 */
import type { Database } from '../storage/database';
import type { ScimCaller } from './directory';
import {
  assertSyncing,
  canonical,
  compileFilter,
  GROUP_SCHEMA,
  invalid,
  isObject,
  listResponse,
  notFound,
  optionalString,
  pageOf,
  ScimError,
  UUID,
  type Json,
  type ListQuery,
  type Location,
} from './scim';
import type { SqlAttributes } from './scim-filter-sql';
import { assertGroupNotAbove } from './scim-guard';
import { applyPatch, operationsOf } from './scim-patch';

/** Members named in one request. */
const MAX_MEMBERS = 1000;

interface GroupRow {
  id: string;
  name: string;
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
  members: Array<{ value: string; display: string }> | null;
}

const GROUP_SELECT = `SELECT g.id, g.name, g.scim_external_id AS external_id, g.created_at, g.updated_at,
    (SELECT json_agg(json_build_object('value', u.id, 'display', coalesce(u.name, u.email)) ORDER BY m.created_at, u.id)
       FROM group_members gm JOIN memberships m ON m.id = gm.membership_id JOIN users u ON u.id = m.user_id
      WHERE gm.group_id = g.id) AS members
  FROM groups g WHERE g.tenant_id = $1 AND g.scim_configuration_id = $2`;

const GROUP_FILTER: SqlAttributes = {
  id: { sql: 'g.id::text', type: 'string', caseExact: true },
  displayname: { sql: 'g.name', type: 'string' },
  externalid: { sql: 'g.scim_external_id', type: 'string', caseExact: true },
  'members.value': {
    sql: 'mm.user_id::text',
    type: 'string',
    caseExact: true,
    exists: (cond) =>
      `EXISTS (SELECT 1 FROM group_members gm JOIN memberships mm ON mm.id = gm.membership_id WHERE gm.group_id = g.id AND ${cond})`,
  },
  'meta.created': { sql: 'g.created_at', type: 'dateTime' },
  'meta.lastmodified': { sql: 'g.updated_at', type: 'dateTime' },
};
GROUP_FILTER.members = GROUP_FILTER['members.value']!;

const GROUP_NAMES: Record<string, string> = Object.fromEntries(
  ['schemas', 'id', 'meta', 'displayName', 'externalId', 'members'].map((n) => [n.toLowerCase(), n]),
);

function groupResource(row: GroupRow, where: Location, withMembers = true): Json {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    displayName: row.name,
    ...(withMembers
      ? {
          members: (row.members ?? []).map((m) => ({
            ...m,
            $ref: `${where.base}/Users/${m.value}`,
            type: 'User',
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: row.created_at.toISOString(),
      lastModified: row.updated_at.toISOString(),
      location: `${where.base}/Groups/${row.id}`,
    },
  };
}

interface GroupInput {
  name: string;
  externalId: string | null;
  members: string[];
}

function memberIds(list: unknown): string[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) return invalid('members must be a list');
  if (list.length > MAX_MEMBERS) invalid(`At most ${MAX_MEMBERS} members at once`);
  const ids = list.map((m) => {
    const value = isObject(m) ? m.value : undefined;
    if (typeof value !== 'string' || !UUID.test(value))
      return invalid('Each member needs the value of a User id');
    return value.toLowerCase();
  });
  return [...new Set(ids)];
}

function toGroupInput(raw: Json): GroupInput {
  const body = canonical(raw, GROUP_NAMES);
  const name = body.displayName;
  if (typeof name !== 'string' || !name.trim())
    throw new ScimError(400, 'displayName is required', 'invalidValue');
  if (name.trim().length > 100) invalid('displayName must be at most 100 characters');
  return {
    name: name.trim(),
    externalId: optionalString(body.externalId, 'externalId', 255),
    members: memberIds(body.members),
  };
}

async function loadGroup(db: Database, caller: ScimCaller, id: string): Promise<GroupRow | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<GroupRow>(`${GROUP_SELECT} AND g.id = $3`, [
    caller.tenantId,
    caller.configurationId,
    id,
  ]);
  return rows[0] ?? null;
}

export async function listGroups(
  db: Database,
  caller: ScimCaller,
  query: ListQuery & { withMembers: boolean },
  where: Location,
) {
  const { startIndex, count, offset } = pageOf(query);
  const filter = compileFilter(query.filter, GROUP_FILTER, 3, GROUP_SCHEMA);
  const params = [caller.tenantId, caller.configurationId, ...filter.params];
  const total = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM groups g WHERE g.tenant_id = $1 AND g.scim_configuration_id = $2 AND ${filter.sql}`,
    params,
  );
  const rows = count
    ? (
        await db.query<GroupRow>(
          `${GROUP_SELECT} AND ${filter.sql} ORDER BY g.created_at, g.id LIMIT ${count} OFFSET $${params.length + 1}`,
          [...params, offset],
        )
      ).rows
    : [];
  return listResponse(
    total.rows[0]?.count ?? 0,
    startIndex,
    rows.map((r) => groupResource(r, where, query.withMembers)),
  );
}

export async function getGroup(
  db: Database,
  caller: ScimCaller,
  id: string,
  where: Location,
  withMembers = true,
) {
  const row = await loadGroup(db, caller, id);
  if (!row) throw notFound('Group', id);
  return groupResource(row, where, withMembers);
}

/** Sets the group's members to `ids`, which must all be members of the account. */
async function setMembers(db: Database, caller: ScimCaller, groupId: string, ids: string[]): Promise<void> {
  const { rows } = await db.query<{ id: string; user_id: string }>(
    'SELECT id, user_id FROM memberships WHERE tenant_id = $1 AND user_id = ANY($2::uuid[])',
    [caller.tenantId, ids],
  );
  if (rows.length !== ids.length) {
    const known = new Set(rows.map((r) => r.user_id));
    invalid(`Unknown member ${ids.find((id) => !known.has(id))}`);
  }
  await db.query('DELETE FROM group_members WHERE group_id = $1 AND NOT (membership_id = ANY($2::uuid[]))', [
    groupId,
    rows.map((r) => r.id),
  ]);
  await db.query(
    'INSERT INTO group_members (group_id, membership_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
    [groupId, rows.map((r) => r.id)],
  );
}

async function nameTaken(db: Database, tenantId: string, name: string, exceptId: string | null) {
  const { rows } = await db.query(
    'SELECT 1 FROM groups WHERE tenant_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3)',
    [tenantId, name, exceptId],
  );
  return rows.length > 0;
}

export async function createGroup(db: Database, caller: ScimCaller, body: Json, where: Location) {
  assertSyncing(caller);
  const input = toGroupInput(body);
  const id = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`groups:${caller.tenantId}`]);
    if (await nameTaken(tx, caller.tenantId, input.name, null))
      throw new ScimError(409, `A group named ${input.name} already exists`, 'uniqueness');
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO groups (tenant_id, name, managed_by, scim_configuration_id, scim_external_id)
       VALUES ($1, $2, 'scim2', $3, $4) RETURNING id`,
      [caller.tenantId, input.name, caller.configurationId, input.externalId],
    );
    await setMembers(tx, caller, rows[0]!.id, input.members);
    return rows[0]!.id;
  });
  return getGroup(db, caller, id, where);
}

async function writeGroup(db: Database, caller: ScimCaller, id: string, input: GroupInput): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`groups:${caller.tenantId}`]);
    if (await nameTaken(tx, caller.tenantId, input.name, id))
      throw new ScimError(409, `A group named ${input.name} already exists`, 'uniqueness');
    await tx.query('UPDATE groups SET name = $2, scim_external_id = $3, updated_at = now() WHERE id = $1', [
      id,
      input.name,
      input.externalId,
    ]);
    await setMembers(tx, caller, id, input.members);
  });
}

export async function replaceGroup(
  db: Database,
  caller: ScimCaller,
  id: string,
  body: Json,
  where: Location,
) {
  assertSyncing(caller);
  if (!(await loadGroup(db, caller, id))) throw notFound('Group', id);
  await assertGroupNotAbove(db, caller, id);
  await writeGroup(db, caller, id, toGroupInput(body));
  return getGroup(db, caller, id, where);
}

export async function patchGroup(db: Database, caller: ScimCaller, id: string, body: Json, where: Location) {
  assertSyncing(caller);
  const row = await loadGroup(db, caller, id);
  if (!row) throw notFound('Group', id);
  await assertGroupNotAbove(db, caller, id);
  const current = groupResource(row, where);
  const patched = applyPatch(current, operationsOf(body), GROUP_SCHEMA, GROUP_NAMES);
  await writeGroup(db, caller, id, toGroupInput(patched));
  return getGroup(db, caller, id, where);
}

export async function deleteGroup(db: Database, caller: ScimCaller, id: string): Promise<void> {
  assertSyncing(caller);
  if (await loadGroup(db, caller, id)) await assertGroupNotAbove(db, caller, id);
  const { rows } = await db.query(
    'DELETE FROM groups WHERE tenant_id = $1 AND scim_configuration_id = $2 AND id = $3 RETURNING id',
    [caller.tenantId, caller.configurationId, UUID.test(id) ? id : null],
  );
  if (!rows.length) throw notFound('Group', id);
}
