/**
 * SCIM 2.0 resources (RFC 7643) over the account's own members and groups, for one SCIM
 * configuration (domain/directory.ts). What routes/scim.ts serves:
 *
 * - A **User** is a member of the configuration's account whom that configuration manages
 *   (`memberships.scim_configuration_id`). `userName` is the member's email (it must be one),
 *   `active` is whether they may use the account (`memberships.access_allowed`), `displayName` and
 *   `name.formatted` the user's name. Attributes the server does not use (name parts, title,
 *   the enterprise extension...) are kept as sent and returned (`memberships.scim_attributes`);
 *   passwords are never taken.
 * - Creating a user whose email is already a member of the account that no configuration manages
 *   adopts that member (choice: an IdP's first sync finds the people already there); a member that
 *   a configuration already manages is a 409 `uniqueness`.
 * - Deactivating (`active: false`) ends the member's sessions in the account and keeps them out;
 *   deleting removes them from the account (and deletes the user when SCIM created them and they
 *   belong to no other account).
 * - A **Group** is a group of the account created over SCIM (`managed_by = 'scim2'`); its members
 *   are members of the account (any, not only provisioned ones).
 * - Changes go through the account's email-domain restrictions.
 * - Who a connection may change (docs/scim.md): a connection acts with at most what its creator
 *   holds in the account now (never on a member, nor a group's members, above that), and changes a
 *   person's email, phone or name only when the account's provisioning owns the person: created by
 *   this account's SCIM (or of an email domain the account validated), and in no other account.
 */
import { normalizePhone } from '../../core/contract/phone';
import type { Database } from '../storage/database';
import type { ScimCaller } from './directory';
import { DOMAIN_NOT_ALLOWED, emailDomainAllowed } from './email-domain-restrictions';
import {
  filterToSql,
  matchesFilter,
  parseFilter,
  parsePatchPath,
  ScimFilterError,
  type SqlAttributes,
} from './scim-filter';
import { holdsEverything, memberPermissionKeys } from './grants';
import { getGroup as getAccountGroup } from '../storage/groups';
import { permissionKeysOfRoles } from '../storage/roles';
import { removeMember } from './team-membership';
import { normalizeEmail } from './users';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 §3.12 error types. */
type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

/** A SCIM error answer (RFC 7644 §3.12); routes/scim.ts writes its body. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

/** Largest page a list returns (ServiceProviderConfig `filter.maxResults`). */
export const SCIM_MAX_RESULTS = 200;
/** Operations in one PATCH request. */
const MAX_OPERATIONS = 100;
/** Members named in one request. */
const MAX_MEMBERS = 1000;
/** Size of the kept attributes (JSON characters). */
const MAX_KEPT = 16_000;

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

interface ListQuery {
  filter?: string | undefined;
  startIndex: number;
  count: number;
}

interface Location {
  /** The SCIM base URL (`https://host/frontegg/scim/v2`) for `meta.location`. */
  base: string;
}

// ------------------------------------------------------------------------------ Who may be changed

/** The refusals of the rules below (docs/scim.md "Who a connection may change"). */
const GUARD = {
  memberAbove:
    "This user holds permissions that the connection's creator does not: manage them in the portal, or have an administrator who holds them create the connection",
  groupAbove:
    "This group gives permissions that the connection's creator does not hold: its members can change only through a connection created by an administrator who holds them",
  notOwned: (attributes: string) =>
    `${attributes} cannot change over SCIM: this person was not provisioned by this account, or belongs to other accounts too`,
} as const;

/** What the connection's creator holds in the account now: the most the connection may touch. */
async function ceilingOf(db: Database, caller: ScimCaller): Promise<string[]> {
  return caller.createdBy ? memberPermissionKeys(db, caller.tenantId, caller.createdBy) : [];
}

/** 403 when the member holds a permission the connection's creator lacks. */
async function assertNotAbove(db: Database, caller: ScimCaller, userId: string): Promise<void> {
  const [ceiling, held] = await Promise.all([
    ceilingOf(db, caller),
    memberPermissionKeys(db, caller.tenantId, userId),
  ]);
  if (!holdsEverything(ceiling, held)) throw new ScimError(403, GUARD.memberAbove);
}

/** 403 when the group's roles give a permission the connection's creator lacks. */
async function assertGroupNotAbove(db: Database, caller: ScimCaller, groupId: string): Promise<void> {
  const group = await getAccountGroup(db, caller.tenantId, groupId);
  const roleIds = (group?.roles ?? []).map((r) => r.id);
  if (roleIds.length === 0) return;
  const [ceiling, given] = await Promise.all([
    ceilingOf(db, caller),
    permissionKeysOfRoles(db, caller.tenantId, roleIds),
  ]);
  if (!holdsEverything(ceiling, given.keys)) throw new ScimError(403, GUARD.groupAbove);
}

/**
 * Whether the account's provisioning owns the person, and so may change their email, phone and
 * name: they belong to this account only, are no super user, and were created by this account's
 * SCIM or have an email of a domain the account validated (its SSO domains, proved by DNS).
 */
async function ownsPerson(db: Database, caller: ScimCaller, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ owned: boolean }>(
    `SELECT NOT u.super_user
        AND NOT EXISTS (SELECT 1 FROM memberships o WHERE o.user_id = u.id AND o.tenant_id <> $2)
        AND (u.scim_tenant_id = $2 OR EXISTS (
              SELECT 1 FROM sso_connection_domains d
               WHERE d.tenant_id = $2 AND d.validated AND d.domain = split_part(lower(u.email), '@', 2))) AS owned
       FROM users u WHERE u.id = $1`,
    [userId, caller.tenantId],
  );
  return rows[0]?.owned === true;
}

/** The person's own attributes that `input` would change (their sign-in identifiers and name). */
function profileChanges(row: UserRow, input: UserInput): string[] {
  const changed: string[] = [];
  if (input.email !== row.email) changed.push('emails');
  if (input.phone !== null && input.phone !== row.phone) changed.push('phoneNumbers');
  if (input.name !== (row.name ?? row.email)) changed.push('displayName');
  return changed;
}

/** 400 `mutability` when `input` changes the person's profile and the account does not own them. */
async function assertMayChangeProfile(
  db: Database,
  caller: ScimCaller,
  row: UserRow,
  input: UserInput,
): Promise<void> {
  const changed = profileChanges(row, input);
  if (changed.length === 0 || (await ownsPerson(db, caller, row.id))) return;
  const list =
    changed.length === 1 ? changed[0]! : `${changed.slice(0, -1).join(', ')} and ${changed.at(-1)}`;
  throw new ScimError(400, GUARD.notOwned(list), 'mutability');
}

// ------------------------------------------------------------------------------ Users

interface UserRow {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  created_at: Date;
  updated_at: Date;
  active: boolean;
  external_id: string | null;
  user_name: string | null;
  kept: Json;
  groups: Array<{ value: string; display: string }> | null;
}

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

/** Attributes of a user the server keeps itself (everything else is kept as sent). */
const USER_OWN = new Set([
  'schemas',
  'id',
  'meta',
  'username',
  'externalid',
  'active',
  'displayname',
  'emails',
  'phonenumbers',
  'groups',
  'password',
]);
/** Canonical spelling of the core user attributes, for bodies that spell them in another case. */
const USER_NAMES: Record<string, string> = Object.fromEntries(
  [
    'schemas',
    'id',
    'meta',
    'userName',
    'externalId',
    'active',
    'displayName',
    'emails',
    'phoneNumbers',
    'groups',
    'password',
    'name',
    'nickName',
    'profileUrl',
    'title',
    'userType',
    'preferredLanguage',
    'locale',
    'timezone',
    'addresses',
    'ims',
    'photos',
    'entitlements',
    'roles',
    'x509Certificates',
  ].map((n) => [n.toLowerCase(), n]),
);

function userResource(row: UserRow, where: Location): Json {
  const kept = isObject(row.kept) ? row.kept : {};
  const extensions = Object.keys(kept).filter((k) => k.startsWith('urn:'));
  const keptName = isObject(kept.name) ? kept.name : {};
  return {
    ...kept,
    schemas: [USER_SCHEMA, ...extensions],
    id: row.id,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    userName: row.user_name ?? row.email,
    name: { ...keptName, ...(row.name ? { formatted: row.name } : {}) },
    displayName: row.name ?? row.email,
    emails: [{ value: row.email, type: 'work', primary: true }],
    ...(row.phone ? { phoneNumbers: [{ value: row.phone, type: 'work', primary: true }] } : {}),
    active: row.active,
    groups: (row.groups ?? []).map((g) => ({
      ...g,
      $ref: `${where.base}/Groups/${g.value}`,
      type: 'direct',
    })),
    meta: {
      resourceType: 'User',
      created: row.created_at.toISOString(),
      lastModified: new Date(Math.max(row.updated_at.getTime(), row.created_at.getTime())).toISOString(),
      location: `${where.base}/Users/${row.id}`,
    },
  };
}

/** Top-level keys in their canonical spelling (RFC 7643 §2.1: attribute names are case-insensitive). */
function canonical(body: Json, names: Record<string, string>): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    out[key.startsWith('urn:') ? key : (names[key.toLowerCase()] ?? key)] = value;
  }
  return out;
}

/** What a User resource asks for, checked. */
interface UserInput {
  userName: string;
  email: string;
  externalId: string | null;
  active: boolean;
  name: string;
  phone: string | null;
  kept: Json;
}

const invalid = (detail: string): never => {
  throw new ScimError(400, detail, 'invalidValue');
};

/** SCIM booleans; Azure AD has sent "True"/"False" strings for `active`. */
function toBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return invalid(`${attribute} must be true or false`);
}

function optionalString(value: unknown, attribute: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return invalid(`${attribute} must be a string`);
  if (value.length > max) return invalid(`${attribute} must be at most ${max} characters`);
  return value;
}

function primaryValue(list: unknown, attribute: string): string | null {
  if (list === undefined || list === null) return null;
  if (!Array.isArray(list)) return invalid(`${attribute} must be a list`);
  if (list.length > 20) return invalid(`${attribute} has too many values`);
  for (const item of list)
    if (!isObject(item) || typeof item.value !== 'string') invalid(`${attribute} values must have a value`);
  const items = list as Array<{ value: string; primary?: unknown }>;
  return (items.find((i) => i.primary === true) ?? items[0])?.value ?? null;
}

function toUserInput(raw: Json): UserInput {
  const body = canonical(raw, USER_NAMES);
  const userName = body.userName;
  if (typeof userName !== 'string' || !userName.trim())
    throw new ScimError(400, 'userName is required', 'invalidValue');
  if (userName.trim().length > 254) invalid('userName must be at most 254 characters');
  // The sign-in email: the primary (or first) email, else the userName when it is one.
  const primaryEmail = primaryValue(body.emails, 'emails');
  const email = normalizeEmail(primaryEmail ?? userName);
  if (email.length > 254 || !EMAIL.test(email))
    invalid(
      primaryEmail
        ? 'emails value must be an email address'
        : 'userName must be an email address, or emails must hold one',
    );
  const active = body.active === undefined ? true : toBoolean(body.active, 'active');
  const externalId = optionalString(body.externalId, 'externalId', 255);
  const displayName = optionalString(body.displayName, 'displayName', 100)?.trim() || null;
  let name: Json = {};
  if (body.name !== undefined && body.name !== null) {
    if (!isObject(body.name)) invalid('name must be an object');
    name = canonical(body.name as Json, {
      formatted: 'formatted',
      givenname: 'givenName',
      familyname: 'familyName',
      middlename: 'middleName',
      honorificprefix: 'honorificPrefix',
      honorificsuffix: 'honorificSuffix',
    });
    for (const [key, value] of Object.entries(name)) optionalString(value, `name.${key}`, 100);
  }
  const parts = [name.givenName, name.familyName].filter(
    (p): p is string => typeof p === 'string' && !!p.trim(),
  );
  const formatted =
    typeof name.formatted === 'string' && name.formatted.trim() ? name.formatted.trim() : null;
  const fullName = (displayName ?? formatted ?? (parts.join(' ').trim() || email.split('@')[0]!)).slice(
    0,
    100,
  );
  const phoneText = primaryValue(body.phoneNumbers, 'phoneNumbers');
  const phone = phoneText ? normalizePhone(phoneText) : null;
  if (phoneText && !phone) invalid('phoneNumbers value is not a phone number');
  const kept: Json = {};
  for (const [key, value] of Object.entries(body)) {
    if (USER_OWN.has(key.toLowerCase())) continue;
    kept[key] = value;
  }
  const { formatted: _formatted, ...nameParts } = name;
  if (Object.keys(nameParts).length) kept.name = nameParts;
  else delete kept.name;
  if (JSON.stringify(kept).length > MAX_KEPT) invalid('The resource has too many attributes');
  return { userName: userName.trim(), email, externalId, active, name: fullName, phone, kept };
}

function pageOf(query: ListQuery) {
  const startIndex = Math.max(1, query.startIndex);
  const count = Math.min(Math.max(0, query.count), SCIM_MAX_RESULTS);
  return { startIndex, count, offset: startIndex - 1 };
}

function compileFilter(filter: string | undefined, attributes: SqlAttributes, first: number, uri: string) {
  if (filter === undefined || filter.trim() === '') return { sql: 'true', params: [] as unknown[] };
  try {
    return filterToSql(parseFilter(filter), attributes, first, uri.toLowerCase());
  } catch (error) {
    if (error instanceof ScimFilterError) throw new ScimError(400, error.message, error.scimType);
    throw error;
  }
}

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

function listResponse(total: number, startIndex: number, resources: Json[]) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

const notFound = (kind: 'User' | 'Group', id: string) => new ScimError(404, `${kind} ${id} not found`);

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

function assertSyncing(caller: ScimCaller): void {
  if (!caller.syncToUserManagement)
    throw new ScimError(403, 'Provisioning into user management is turned off for this configuration');
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

// ------------------------------------------------------------------------------ Groups

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

// ------------------------------------------------------------------------------ PATCH

interface Operation {
  op: 'add' | 'replace' | 'remove';
  path: string | null;
  value: unknown;
}

/** The PatchOp message (RFC 7644 §3.5.2): `schemas` and `Operations` (any case, as IdPs send it). */
function operationsOf(body: Json): Operation[] {
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_SCHEMA))
    throw new ScimError(400, `A PATCH request names the schema ${PATCH_SCHEMA}`, 'invalidSyntax');
  const key = Object.keys(body).find((k) => k.toLowerCase() === 'operations');
  const list = key ? body[key] : undefined;
  if (!Array.isArray(list) || list.length === 0)
    throw new ScimError(400, 'Operations must be a non-empty list', 'invalidSyntax');
  if (list.length > MAX_OPERATIONS)
    throw new ScimError(400, `At most ${MAX_OPERATIONS} operations at once`, 'invalidSyntax');
  return list.map((raw) => {
    if (!isObject(raw)) throw new ScimError(400, 'Each operation must be an object', 'invalidSyntax');
    const op = Object.entries(raw).find(([k]) => k.toLowerCase() === 'op')?.[1];
    const path = Object.entries(raw).find(([k]) => k.toLowerCase() === 'path')?.[1];
    const value = Object.entries(raw).find(([k]) => k.toLowerCase() === 'value')?.[1];
    const name = typeof op === 'string' ? op.toLowerCase() : '';
    if (name !== 'add' && name !== 'replace' && name !== 'remove')
      throw new ScimError(400, 'op must be add, replace or remove', 'invalidSyntax');
    if (path !== undefined && path !== null && typeof path !== 'string')
      throw new ScimError(400, 'path must be a string', 'invalidPath');
    if (name !== 'remove' && value === undefined)
      throw new ScimError(400, `${name} needs a value`, 'invalidValue');
    return { op: name, path: typeof path === 'string' && path.trim() ? path.trim() : null, value };
  });
}

/** The key of `object` for a lower-cased attribute name (existing spelling, else canonical). */
function keyFor(object: Json, attr: string, names: Record<string, string>): string {
  return Object.keys(object).find((k) => k.toLowerCase() === attr) ?? names[attr] ?? attr;
}

/** Multi-valued items are the same when their `value` is (members, emails). */
function mergeItems(existing: unknown, added: unknown[]): unknown[] {
  const list = Array.isArray(existing) ? [...existing] : [];
  for (const item of added) {
    const value = isObject(item) ? item.value : undefined;
    const at =
      value === undefined
        ? -1
        : list.findIndex((e) => isObject(e) && String(e.value).toLowerCase() === String(value).toLowerCase());
    if (at >= 0) list[at] = { ...(list[at] as Json), ...(item as Json) };
    else list.push(item);
  }
  return list;
}

/** Applies PATCH operations to a resource's JSON; read-only attributes stay as they were. */
function applyPatch(
  resource: Json,
  operations: Operation[],
  coreUri: string,
  names: Record<string, string>,
): Json {
  const doc: Json = structuredClone(resource);
  for (const operation of operations) {
    if (operation.path === null) {
      if (operation.op === 'remove') throw new ScimError(400, 'remove needs a path', 'noTarget');
      if (!isObject(operation.value))
        throw new ScimError(400, `${operation.op} without a path needs an object value`, 'invalidValue');
      // Each key is a path of its own (Okta: { active: false }; Azure: { "name.givenName": "x" }).
      for (const [key, value] of Object.entries(operation.value)) {
        if (key === 'schemas' || key === 'id' || key === 'meta') continue;
        applyOne(doc, operation.op, key, value, coreUri, names);
      }
    } else {
      applyOne(doc, operation.op, operation.path, operation.value, coreUri, names);
    }
  }
  return doc;
}

const READ_ONLY = new Set(['id', 'meta', 'schemas', 'groups']);

function applyOne(
  doc: Json,
  op: Operation['op'],
  pathText: string,
  value: unknown,
  coreUri: string,
  names: Record<string, string>,
) {
  let parsed;
  try {
    parsed = parsePatchPath(pathText);
  } catch (error) {
    if (error instanceof ScimFilterError) throw new ScimError(400, error.message, 'invalidPath');
    throw error;
  }
  const { path, filter, sub } = parsed;
  // An extension's attribute lives in the object named by its URN (kept as sent).
  let target: Json = doc;
  if (path.uri !== null && path.uri !== coreUri.toLowerCase()) {
    const key = Object.keys(doc).find((k) => k.toLowerCase() === path.uri) ?? originalUri(pathText);
    if (!isObject(doc[key])) doc[key] = {};
    target = doc[key] as Json;
  }
  if (READ_ONLY.has(path.attr) && target === doc) {
    throw new ScimError(400, `${path.attr} is read-only`, 'mutability');
  }
  const key = keyFor(target, path.attr, target === doc ? names : {});
  if (filter === null) {
    if (path.sub === null) return applyAttribute(target, key, op, value);
    if (!isObject(target[key])) {
      if (op === 'remove') return;
      target[key] = {};
    }
    const parent = target[key] as Json;
    return applyAttribute(parent, keyFor(parent, path.sub, {}), op, value);
  }
  // attr[filter] or attr[filter].sub
  const list = Array.isArray(target[key]) ? (target[key] as unknown[]) : [];
  const matching = list.filter((item) => matchesFilter(filter, item));
  if (op === 'remove') {
    if (sub === null) target[key] = list.filter((item) => !matching.includes(item));
    else for (const item of matching) delete (item as Json)[keyFor(item as Json, sub, {})];
    return;
  }
  if (matching.length === 0) {
    // Azure: replace emails[type eq "work"].value when there is no work email yet: add one.
    const created: Json = { ...equalities(filter) };
    if (sub === null) {
      if (!isObject(value))
        throw new ScimError(400, `The value for ${pathText} must be an object`, 'invalidValue');
      Object.assign(created, value);
    } else created[sub] = value;
    target[key] = [...list, created];
    return;
  }
  for (const item of matching) {
    const obj = item as Json;
    if (sub === null) {
      if (!isObject(value))
        throw new ScimError(400, `The value for ${pathText} must be an object`, 'invalidValue');
      Object.assign(obj, value);
    } else obj[keyFor(obj, sub, {})] = value;
  }
}

/** The URN as written in the path (keys keep the IdP's spelling). */
function originalUri(pathText: string): string {
  const bracket = pathText.indexOf('[');
  const head = bracket >= 0 ? pathText.slice(0, bracket) : pathText;
  return head.slice(0, head.lastIndexOf(':'));
}

/** The `attr eq value` parts of a filter (what a value created from a path filter holds). */
function equalities(filter: ReturnType<typeof parseFilter>): Json {
  if (filter.kind === 'compare' && filter.op === 'eq' && !filter.path.sub)
    return { [filter.path.attr]: filter.value };
  if (filter.kind === 'and') return { ...equalities(filter.left), ...equalities(filter.right) };
  return {};
}

function applyAttribute(target: Json, key: string, op: Operation['op'], value: unknown): void {
  if (op === 'remove') {
    // Azure removes members by value: { op: remove, path: members, value: [{ value: id }] }.
    if (Array.isArray(value) && Array.isArray(target[key])) {
      const gone = new Set(
        value.map((v) => (isObject(v) ? String(v.value).toLowerCase() : String(v).toLowerCase())),
      );
      target[key] = (target[key] as unknown[]).filter(
        (item) => !(isObject(item) && gone.has(String(item.value).toLowerCase())),
      );
    } else delete target[key];
    return;
  }
  if (op === 'add' && Array.isArray(target[key])) {
    target[key] = mergeItems(target[key], Array.isArray(value) ? value : [value]);
    return;
  }
  if (op === 'add' && isObject(target[key]) && isObject(value)) {
    target[key] = { ...(target[key] as Json), ...value };
    return;
  }
  target[key] = value;
}
