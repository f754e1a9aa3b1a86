/**
 * SCIM Users (domain/scim.ts): the members of the account whom the configuration manages, listed,
 * read, created (or adopted), replaced, patched and deleted.
 */
import type { Database } from '../storage/database';
import type { ScimCaller } from './directory';
import { DOMAIN_NOT_ALLOWED, emailDomainAllowed } from './email-domain-restrictions';
import {
  assertSyncing,
  compileFilter,
  isObject,
  listResponse,
  notFound,
  pageOf,
  ScimError,
  USER_SCHEMA,
  UUID,
  type Json,
  type ListQuery,
  type Location,
} from './scim';
import type { SqlAttributes } from './scim-filter-sql';
import { assertMayChangeProfile, assertNotAbove, ownsPerson } from './scim-guard';
import { applyPatch, operationsOf } from './scim-patch';
import { toUserInput, USER_NAMES, userResource, type UserInput, type UserRow } from './scim-user-resource';
import { removeMember } from './team-membership';

const USER_SELECT = `SELECT u.id, u.email, u.name, u.phone, u.created_at, greatest(u.updated_at, m.updated_at) AS updated_at,
    m.access_allowed AS active, m.scim_external_id AS external_id, m.scim_user_name AS user_name, m.scim_attributes AS kept,
    (SELECT json_agg(json_build_object('value', g.id, 'display', g.name) ORDER BY lower(g.name))
       FROM group_members gm JOIN groups g ON g.id = gm.group_id WHERE gm.membership_id = m.id) AS groups
  FROM memberships m JOIN users u ON u.id = m.user_id
 WHERE m.tenant_id = $1 AND m.scim_configuration_id = $2`;

const USER_NAME_SQL = 'coalesce(m.scim_user_name, u.email)';

/** Filterable user attributes (RFC 7643 §4.1 names, lower-cased). */
const USER_FILTER: SqlAttributes = {
  id: { sql: 'u.id::text', type: 'string', caseExact: true },
  username: {
    sql: USER_NAME_SQL,
    type: 'string',
    // The userName's index (storage/schema/scim.ts): every provisioned member has one.
    equals: (p) => `lower(m.scim_user_name) = lower(${p})`,
  },
  externalid: { sql: 'm.scim_external_id', type: 'string', caseExact: true },
  displayname: { sql: 'u.name', type: 'string' },
  'name.formatted': { sql: 'u.name', type: 'string' },
  'name.givenname': { sql: "(m.scim_attributes #>> '{name,givenName}')", type: 'string' },
  'name.familyname': { sql: "(m.scim_attributes #>> '{name,familyName}')", type: 'string' },
  emails: { sql: 'u.email', type: 'string' },
  'emails.value': { sql: 'u.email', type: 'string' },
  'emails.type': { sql: "'work'", type: 'string' },
  'emails.primary': { sql: 'true', type: 'boolean' },
  active: { sql: 'm.access_allowed', type: 'boolean' },
  'meta.created': { sql: 'u.created_at', type: 'dateTime' },
  'meta.lastmodified': { sql: 'greatest(u.updated_at, m.updated_at)', type: 'dateTime' },
};

export async function listUsers(db: Database, caller: ScimCaller, query: ListQuery, where: Location) {
  const { startIndex, count, offset } = pageOf(query);
  const filter = compileFilter(query.filter, USER_FILTER, 3, USER_SCHEMA);
  const params = [caller.tenantId, caller.configurationId, ...filter.params];
  const total = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.tenant_id = $1 AND m.scim_configuration_id = $2 AND ${filter.sql}`,
    params,
  );
  const rows = count
    ? (
        await db.query<UserRow>(
          `${USER_SELECT} AND ${filter.sql} ORDER BY m.created_at, u.id LIMIT ${count} OFFSET $${params.length + 1}`,
          [...params, offset],
        )
      ).rows
    : [];
  return listResponse(
    total.rows[0]?.count ?? 0,
    startIndex,
    rows.map((r) => userResource(r, where)),
  );
}

async function loadUser(db: Database, caller: ScimCaller, id: string): Promise<UserRow | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<UserRow>(`${USER_SELECT} AND u.id = $3`, [
    caller.tenantId,
    caller.configurationId,
    id,
  ]);
  return rows[0] ?? null;
}

export async function getUser(db: Database, caller: ScimCaller, id: string, where: Location): Promise<Json> {
  const row = await loadUser(db, caller, id);
  if (!row) throw notFound('User', id);
  return userResource(row, where);
}

async function assertDomain(db: Database, caller: ScimCaller, email: string): Promise<void> {
  if (!(await emailDomainAllowed(db, caller.tenantId, email)))
    throw new ScimError(400, DOMAIN_NOT_ALLOWED, 'invalidValue');
}

/** Ends the member's sessions in the account (deprovisioning). */
async function endSessions(db: Database, tenantId: string, userId: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = 'scim_deprovisioned'
      WHERE user_id = $1 AND tenant_id = $2 AND revoked_at IS NULL`,
    [userId, tenantId],
  );
}

export async function createUser(
  db: Database,
  caller: ScimCaller,
  body: Json,
  where: Location,
): Promise<Json> {
  assertSyncing(caller);
  const input = toUserInput(body);
  await assertDomain(db, caller, input.email);
  const id = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`scim-user:${caller.tenantId}`]);
    await assertUserNameFree(tx, caller, input.userName, null);
    const existing = await tx.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = $1', [
      input.email,
    ]);
    let userId = existing.rows[0]?.id;
    if (userId) {
      const member = await tx.query<{ scim_configuration_id: string | null }>(
        'SELECT scim_configuration_id FROM memberships WHERE tenant_id = $1 AND user_id = $2',
        [caller.tenantId, userId],
      );
      if (member.rows[0]?.scim_configuration_id)
        throw new ScimError(409, `A user with the email ${input.email} already exists`, 'uniqueness');
      if (member.rows[0]) {
        // Adopted: a member the portal managed is managed by this configuration from now on, if
        // they hold nothing above the connection's creator; their name changes only when the
        // account's provisioning owns them (a person's profile is theirs, not any one account's).
        await assertNotAbove(tx, caller, userId);
        if (await ownsPerson(tx, caller, userId))
          await tx.query(`UPDATE users SET name = $2, updated_at = now() WHERE id = $1`, [
            userId,
            input.name,
          ]);
      }
    } else {
      const inserted = await tx.query<{ id: string }>(
        `INSERT INTO users (vendor_id, email, name, phone, password_hash, verified, provider, scim_tenant_id)
         VALUES ($1, $2, $3, $4, NULL, true, 'scim2', $5) RETURNING id`,
        [caller.vendorId, input.email, input.name, input.phone, caller.tenantId],
      );
      userId = inserted.rows[0]!.id;
    }
    await tx.query(
      `INSERT INTO memberships (user_id, tenant_id, access_allowed, scim_configuration_id, scim_external_id, scim_attributes, scim_user_name)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
       ON CONFLICT (user_id, tenant_id) DO UPDATE SET access_allowed = EXCLUDED.access_allowed,
         scim_configuration_id = EXCLUDED.scim_configuration_id, scim_external_id = EXCLUDED.scim_external_id,
         scim_user_name = EXCLUDED.scim_user_name,
         scim_attributes = EXCLUDED.scim_attributes, invitation_pending = false, updated_at = now()`,
      [
        userId,
        caller.tenantId,
        input.active,
        caller.configurationId,
        input.externalId,
        JSON.stringify(input.kept),
        input.userName,
      ],
    );
    if (!input.active) await endSessions(tx, caller.tenantId, userId);
    return userId;
  });
  return getUser(db, caller, id, where);
}

/** 409 when another user of the configuration has this userName (RFC 7643 §4.1.1: unique, case-insensitive). */
async function assertUserNameFree(
  db: Database,
  caller: ScimCaller,
  userName: string,
  exceptId: string | null,
) {
  const { rows } = await db.query(
    `SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.tenant_id = $1 AND m.scim_configuration_id = $2 AND lower(m.scim_user_name) = lower($3)
        AND ($4::uuid IS NULL OR u.id <> $4)`,
    [caller.tenantId, caller.configurationId, userName, exceptId],
  );
  if (rows.length) throw new ScimError(409, `A user with userName ${userName} already exists`, 'uniqueness');
}

/** Writes a checked User over the member `row` (PUT, and PATCH after its operations). */
async function writeUser(db: Database, caller: ScimCaller, row: UserRow, input: UserInput): Promise<void> {
  await assertNotAbove(db, caller, row.id);
  await assertUserNameFree(db, caller, input.userName, row.id);
  await assertMayChangeProfile(db, caller, row, input);
  if (input.email !== row.email) {
    await assertDomain(db, caller, input.email);
    const taken = await db.query('SELECT 1 FROM users WHERE lower(email) = $1 AND id <> $2', [
      input.email,
      row.id,
    ]);
    if (taken.rows.length)
      throw new ScimError(409, `A user with the email ${input.email} already exists`, 'uniqueness');
  }
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE users SET email = $2, name = $3, phone = coalesce($4, phone), updated_at = now() WHERE id = $1`,
      [row.id, input.email, input.name, input.phone],
    );
    await tx.query(
      `UPDATE memberships SET access_allowed = $3, scim_external_id = $4, scim_attributes = $5::jsonb,
              scim_user_name = $6, updated_at = now()
        WHERE tenant_id = $1 AND user_id = $2`,
      [caller.tenantId, row.id, input.active, input.externalId, JSON.stringify(input.kept), input.userName],
    );
    if (row.active && !input.active) await endSessions(tx, caller.tenantId, row.id);
  });
}

export async function replaceUser(db: Database, caller: ScimCaller, id: string, body: Json, where: Location) {
  assertSyncing(caller);
  const row = await loadUser(db, caller, id);
  if (!row) throw notFound('User', id);
  const input = toUserInput(body);
  await writeUser(db, caller, row, input);
  return getUser(db, caller, id, where);
}

export async function patchUser(db: Database, caller: ScimCaller, id: string, body: Json, where: Location) {
  assertSyncing(caller);
  const row = await loadUser(db, caller, id);
  if (!row) throw notFound('User', id);
  const current = userResource(row, where);
  const patched = applyPatch(current, operationsOf(body), USER_SCHEMA, USER_NAMES);
  // `name.formatted` changed alone renames the user (displayName is read first otherwise).
  const name = isObject(patched.name) ? patched.name : {};
  const formattedBefore = (current.name as Json).formatted;
  if (
    patched.displayName === current.displayName &&
    typeof name.formatted === 'string' &&
    name.formatted !== formattedBefore
  )
    patched.displayName = name.formatted;
  // A userName that was the email and changes alone takes the email with it.
  if (
    patched.userName !== current.userName &&
    current.userName === row.email &&
    JSON.stringify(patched.emails) === JSON.stringify(current.emails)
  )
    delete patched.emails;
  await writeUser(db, caller, row, toUserInput(patched));
  return getUser(db, caller, id, where);
}

export async function deleteUser(db: Database, caller: ScimCaller, id: string): Promise<void> {
  assertSyncing(caller);
  const row = await loadUser(db, caller, id);
  if (!row) throw notFound('User', id);
  await assertNotAbove(db, caller, id);
  await removeMember(db, caller.tenantId, id);
  await db.query(
    `DELETE FROM users u WHERE u.id = $1 AND u.provider = 'scim2'
        AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)`,
    [id],
  );
}
