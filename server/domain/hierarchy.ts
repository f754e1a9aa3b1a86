/**
 * Sub-accounts (spec 001 §3 Tenant, §4 "Reseller tenants", §7 "Tenants and sub-accounts"): a tree of
 * tenants under the caller's active tenant, searched and paged in the database; the members of a
 * sub-account, their roles there and whether their access is allowed; and tenant switching.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../storage/database';
import { contractError } from '../../core/contract/errors';
import { DESCENDANTS, isWithinTree } from '../storage/sub-accounts';
import type { SubAccountSortField } from '../../core/domain/sub-accounts';
import { keysNotHeld } from './grants';
import { listUserTenants } from './tenants';
import type { AccessTokenClaims } from './tokens';

/** Spec 001 §9: "all-accounts query limit 50", "selected-account users limit 10". */
export const SUB_ACCOUNTS_PAGE_SIZE = 50;
export const SUB_ACCOUNT_USERS_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 200;

interface SubAccountDto {
  id: string;
  tenantId: string;
  name: string;
  parentTenantId: string | null;
  createdAt: string;
  numberOfUsers: number;
  /** How many sub-accounts this one has (0: a leaf). */
  numberOfChildren: number;
  /** The account's metadata (the client SDK's `ISearchSubTenantsResponse` item reads an object). */
  metadata: Record<string, unknown>;
  /** The client SDK's TenantType, or null. */
  tenantType: string | null;
}

interface SubAccountRow {
  id: string;
  name: string;
  parent_tenant_id: string | null;
  created_at: Date;
  users: number;
  children: number;
  metadata: Record<string, unknown> | null;
  tenant_type: string | null;
  total: number;
}

const toDto = (row: SubAccountRow): SubAccountDto => ({
  id: row.id,
  tenantId: row.id,
  name: row.name,
  parentTenantId: row.parent_tenant_id,
  createdAt: new Date(row.created_at).toISOString(),
  metadata: row.metadata ?? {},
  numberOfUsers: row.users,
  numberOfChildren: row.children,
  tenantType: row.tenant_type,
});

/** LIKE pattern for search text: `%` and `_` are matched literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** 404 unless `tenantId` is the caller's active tenant or one of its sub-accounts (no hint of others). */
export async function assertWithin(db: Database, rootId: string, tenantId: string): Promise<void> {
  if (!(await isWithinTree(db, rootId, tenantId))) throw contractError('SUB_ACCOUNT_NOT_FOUND');
}

interface SubAccountQuery {
  rootId: string;
  /** List the children of this tenant (default: the root). Ignored by a search. */
  parentId?: string | undefined;
  /** Name search across the whole tree below the root. */
  filter: string;
  offset: number;
  limit: number;
  /** The client SDK's `_sortBy` / `_order` (core/domain/sub-accounts.ts subAccountOrder); then by id. */
  sortBy: SubAccountSortField;
  order: 'ASC' | 'DESC';
}

const SORT_COLUMNS: Record<SubAccountSortField, string> = {
  name: 'lower(t.name)',
  createdAt: 't.created_at',
  tenantId: 't.id',
};

/**
 * A page of sub-accounts: the children of `parentId` or, with a search text, every account of the
 * tree whose name contains it; ordered by the field asked (name unless told) then id. `hasMore` tells whether a next page exists
 * (one row more than asked is read).
 */
export async function searchSubAccounts(
  db: Database,
  query: SubAccountQuery,
): Promise<{ items: SubAccountDto[]; hasMore: boolean; totalItems: number }> {
  const filter = query.filter.trim();
  // count(*) OVER () is taken before LIMIT: the number of matching accounts, for `_metadata`.
  const select = `SELECT t.id, t.name, t.parent_tenant_id, t.created_at, t.metadata, t.tenant_type, count(*) OVER ()::int AS total,
      (SELECT count(*)::int FROM memberships m WHERE m.tenant_id = t.id) AS users,
      (SELECT count(*)::int FROM tenants c WHERE c.parent_tenant_id = t.id AND c.deleted_at IS NULL) AS children
    FROM tenants t`;
  const order = `ORDER BY ${SORT_COLUMNS[query.sortBy]} ${query.order === 'DESC' ? 'DESC' : 'ASC'}, t.id LIMIT $3 OFFSET $4`;
  const { rows } = filter
    ? await db.query<SubAccountRow>(
        `${DESCENDANTS} ${select} JOIN tree ON tree.id = t.id WHERE t.name ILIKE $2 ${order}`,
        [query.rootId, containsPattern(filter), query.limit + 1, query.offset],
      )
    : await db.query<SubAccountRow>(
        `${select} WHERE t.parent_tenant_id = $1 AND t.deleted_at IS NULL AND $2::text IS NULL ${order}`,
        [query.parentId ?? query.rootId, null, query.limit + 1, query.offset],
      );
  return {
    items: rows.slice(0, query.limit).map(toDto),
    hasMore: rows.length > query.limit,
    totalItems: rows[0]?.total ?? 0,
  };
}

/**
 * Creates a sub-account under `parentId` (which must be within the caller's tree) and makes the
 * creator a member of it, so they can switch into it. The creator gets the creator roles (Admin)
 * when they hold every permission those grant; otherwise the vendor-wide roles they hold in their
 * active account whose permissions they hold (server/domain/grants.ts: a creator never gives
 * themselves more than they have).
 */
/**
 * The id of an account the client names `chosen` (the client SDK's createSubTenant `tenantId`): the
 * name (a UUID, or letters, digits, '-', '_', checked by the request schema) names the account among
 * its parent's children, as a name-based UUID (RFC 9562 version 5, the parent's id as namespace,
 * case-insensitive). Naming it again under the same parent is refused (409), and the answer never
 * depends on accounts outside the caller's tree: a UUID taken as given would have told whether some
 * other customer's account has it (server/routes/sub-account-ids.test.ts).
 */
export function chosenAccountId(parentId: string, chosen: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(parentId.replace(/-/g, ''), 'hex'))
    .update(chosen.toLowerCase(), 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function createSubAccount(
  db: Database,
  input: {
    rootId: string;
    parentId: string;
    name: string;
    creator: Pick<AccessTokenClaims, 'sub' | 'roles' | 'permissions'>;
    /** The id the client chose (chosenAccountId); absent: a random one. */
    tenantId?: string | undefined;
    /** The client SDK's TenantType (checked by the contract), absent: none. */
    tenantType?: string | undefined;
  },
): Promise<SubAccountDto> {
  return db.transaction(async (tx) => {
    await assertWithin(tx, input.rootId, input.parentId);
    const { rows } = await tx.query<SubAccountRow>(
      `INSERT INTO tenants (id, vendor_id, name, parent_tenant_id, tenant_type)
         SELECT coalesce($3::uuid, gen_random_uuid()), p.vendor_id, $1, p.id, $4 FROM tenants p WHERE p.id = $2
       ON CONFLICT (id) DO NOTHING
       RETURNING id, name, parent_tenant_id, created_at, tenant_type, 0 AS users, 0 AS children`,
      [input.name, input.parentId, input.tenantId ?? null, input.tenantType ?? null],
    );
    // The parent is within the tree (checked above): no row means the chosen id is taken.
    if (!rows[0]) throw contractError('SUB_ACCOUNT_ID_TAKEN');
    const tenant = rows[0];
    // A tenant API token's subject is the token, not a user: nobody to make a member then.
    const membership = await tx.query<{ id: string }>(
      'INSERT INTO memberships (user_id, tenant_id) SELECT id, $2 FROM users WHERE id = $1 RETURNING id',
      [input.creator.sub, tenant.id],
    );
    if (!membership.rows[0]) return toDto(tenant);
    const roleIds = await creatorRoles(tx, tenant.id, input.creator);
    if (roleIds.length)
      await tx.query(
        'INSERT INTO membership_roles (membership_id, role_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
        [membership.rows[0].id, roleIds],
      );
    return toDto({ ...tenant, users: 1 });
  });
}

/** The roles the creator of a new sub-account gets there (see createSubAccount). */
async function creatorRoles(
  db: Database,
  tenantId: string,
  creator: Pick<AccessTokenClaims, 'roles' | 'permissions'>,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string; key: string; creator: boolean; keys: string[] | null }>(
    `SELECT r.id, r.key, r.default_for_creator AS creator,
            (SELECT array_agg(p.key) FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
              WHERE rp.role_id = r.id) AS keys
       FROM roles r
      WHERE r.tenant_id IS NULL AND r.vendor_id = (SELECT vendor_id FROM tenants WHERE id = $1)
        AND (r.default_for_creator OR r.key = ANY($2::text[]))`,
    [tenantId, creator.roles ?? []],
  );
  const held = creator.permissions ?? [];
  const grantable = (row: (typeof rows)[number]) => keysNotHeld(held, row.keys ?? []).length === 0;
  const defaults = rows.filter((r) => r.creator);
  if (defaults.length && defaults.every(grantable)) return defaults.map((r) => r.id);
  return rows.filter((r) => (creator.roles ?? []).includes(r.key) && grantable(r)).map((r) => r.id);
}

interface SubAccountUserDto {
  id: string;
  email: string;
  name: string;
  tenantId: string;
  roles: Array<{ id: string; key: string; name: string }>;
  /** Spec 001 §3 "Account user: subAccountAccessAllowed, roles". */
  subAccountAccessAllowed: boolean;
}

/** A page of a sub-account's members (offset counts users), with their roles there. */
export async function listSubAccountUsers(
  db: Database,
  tenantId: string,
  offset: number,
  limit: number,
): Promise<{ items: SubAccountUserDto[]; totalItems: number }> {
  const total = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM memberships WHERE tenant_id = $1',
    [tenantId],
  );
  const { rows } = await db.query<{
    id: string;
    email: string;
    name: string | null;
    access_allowed: boolean;
    membership_id: string;
  }>(
    `SELECT u.id, u.email, u.name, m.access_allowed, m.id AS membership_id
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.tenant_id = $1
      ORDER BY lower(coalesce(u.name, u.email)), u.id
      LIMIT $2 OFFSET $3`,
    [tenantId, limit, offset],
  );
  const roles = rows.length
    ? (
        await db.query<{ membership_id: string; id: string; key: string; name: string }>(
          `SELECT mr.membership_id, r.id, r.key, r.name FROM membership_roles mr JOIN roles r ON r.id = mr.role_id
          WHERE mr.membership_id = ANY($1::uuid[]) ORDER BY r.key`,
          [rows.map((r) => r.membership_id)],
        )
      ).rows
    : [];
  return {
    totalItems: total.rows[0]?.count ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name ?? row.email.split('@')[0]!,
      tenantId,
      roles: roles
        .filter((r) => r.membership_id === row.membership_id)
        .map(({ id, key, name }) => ({ id, key, name })),
      subAccountAccessAllowed: row.access_allowed,
    })),
  };
}

/** A member of the tree as the client SDK reads it (ISubTenantUser), with their accounts in the tree. */
interface TreeUserDto {
  id: string;
  sub: string;
  email: string;
  name: string;
  verified: boolean;
  mfaEnrolled: boolean;
  provider: string;
  phoneNumber: string | null;
  profilePictureUrl: string | null;
  metadata: string;
  createdAt: string;
  /** The first of their accounts in the caller's tree: the caller's own when they belong to it. */
  tenantId: string;
  tenantIds: string[];
  tenants: Array<{
    tenantId: string;
    roles: Array<{ id: string; key: string; name: string }>;
    activated: boolean;
    lastLogin: string | null;
  }>;
}

/**
 * Every user who is a member of `rootId` or of an account below it, once each (subTenants.loadAllUsers):
 * `filter` matches name or email; sorted by `sortBy` (name, email, createdAt) and `order`; only their
 * memberships within the tree are shown (never their other accounts).
 */
export async function listTreeUsers(
  db: Database,
  rootId: string,
  query: {
    offset: number;
    limit: number;
    filter: string;
    sortBy: 'name' | 'email' | 'createdAt';
    order: 'ASC' | 'DESC';
  },
): Promise<{ items: TreeUserDto[]; totalItems: number }> {
  const TREE = `${DESCENDANTS}, scope AS (SELECT $1::uuid AS id UNION SELECT id FROM tree)`;
  const where = `EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.tenant_id IN (SELECT id FROM scope))
      AND ($2 = '' OR strpos(lower(u.email), lower($2)) > 0 OR strpos(lower(coalesce(u.name, '')), lower($2)) > 0)`;
  const total = await db.query<{ count: number }>(
    `${TREE} SELECT count(*)::int AS count FROM users u WHERE ${where}`,
    [rootId, query.filter],
  );
  const column = {
    name: 'lower(coalesce(u.name, u.email))',
    email: 'lower(u.email)',
    createdAt: 'u.created_at',
  }[query.sortBy];
  const direction = query.order === 'DESC' ? 'DESC' : 'ASC';
  const { rows } = await db.query<{
    id: string;
    email: string;
    name: string | null;
    verified: boolean;
    phone: string | null;
    profile_picture_url: string | null;
    metadata: unknown;
    created_at: Date;
    last_login: Date | null;
    mfa_enrolled: boolean;
    provider: string;
  }>(
    `${TREE} SELECT u.id, u.email, u.name, u.verified, u.phone, u.profile_picture_url, u.metadata, u.created_at, u.last_login, u.provider,
        EXISTS (SELECT 1 FROM mfa_devices d WHERE d.user_id = u.id AND NOT d.passkey) AS mfa_enrolled
       FROM users u WHERE ${where}
      ORDER BY ${column} ${direction}, u.id LIMIT $3 OFFSET $4`,
    [rootId, query.filter, query.limit, query.offset],
  );
  const memberships = rows.length
    ? (
        await db.query<{ user_id: string; tenant_id: string; membership_id: string }>(
          `${TREE} SELECT m.user_id, m.tenant_id, m.id AS membership_id FROM memberships m
            WHERE m.user_id = ANY($2::uuid[]) AND m.tenant_id IN (SELECT id FROM scope)
            ORDER BY (m.tenant_id = $1) DESC, m.created_at, m.tenant_id`,
          [rootId, rows.map((r) => r.id)],
        )
      ).rows
    : [];
  const roles = memberships.length
    ? (
        await db.query<{ membership_id: string; id: string; key: string; name: string }>(
          `SELECT mr.membership_id, r.id, r.key, r.name FROM membership_roles mr JOIN roles r ON r.id = mr.role_id
            WHERE mr.membership_id = ANY($1::uuid[]) ORDER BY r.key`,
          [memberships.map((m) => m.membership_id)],
        )
      ).rows
    : [];
  return {
    totalItems: total.rows[0]?.count ?? 0,
    items: rows.map((row) => {
      const mine = memberships.filter((m) => m.user_id === row.id);
      return {
        id: row.id,
        sub: row.id,
        email: row.email,
        name: row.name ?? row.email.split('@')[0]!,
        verified: row.verified,
        mfaEnrolled: row.mfa_enrolled,
        provider: row.provider,
        phoneNumber: row.phone,
        profilePictureUrl: row.profile_picture_url,
        metadata: JSON.stringify(row.metadata ?? {}),
        createdAt: row.created_at.toISOString(),
        tenantId: mine[0]!.tenant_id,
        tenantIds: mine.map((m) => m.tenant_id),
        tenants: mine.map((m) => ({
          tenantId: m.tenant_id,
          roles: roles
            .filter((r) => r.membership_id === m.membership_id)
            .map(({ id, key, name }) => ({ id, key, name })),
          activated: row.verified,
          lastLogin: row.last_login?.toISOString() ?? null,
        })),
      };
    }),
  };
}

/**
 * Tenant switching (spec 000 §7 "PUT v1 /tenant (switch, payload tenantId)"): the session now acts
 * in `tenantId`, and the next refresh issues an access token for it. 403 when the user does not
 * belong to it (or their access there is denied).
 */
export async function switchTenant(
  db: Database,
  input: { userId: string; sessionId: string; tenantId: string },
): Promise<void> {
  const tenants = await listUserTenants(db, input.userId);
  if (!tenants.some((t) => t.id === input.tenantId)) throw contractError('NOT_ACCOUNT_MEMBER');
  await db.query('UPDATE sessions SET tenant_id = $3 WHERE id = $1 AND user_id = $2', [
    input.sessionId,
    input.userId,
    input.tenantId,
  ]);
  await db.query('UPDATE users SET active_tenant_id = $2 WHERE id = $1', [input.userId, input.tenantId]);
}
