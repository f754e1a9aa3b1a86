/**
 * The sub-accounts lists in SQL (the lists repository of core/domain/sub-account-lists.ts): the
 * hierarchy search, paged in the database, a sub-account's members and the members across the
 * tree. SQL only: the paging rules are the domain's.
 */
import {
  type ListedAccount,
  type SubAccountItem,
  subAccountItem,
  type SubAccountListsRepository,
  type SubAccountSearch,
  type TreeMember,
  type TreeMembersQuery,
} from '../../core/domain/sub-account-lists';
import type { SubAccountSortField } from '../../core/domain/sub-accounts';
import type { Database } from './database';
import { DESCENDANTS } from './sub-accounts';

/** A listed account's row, its columns named as core/domain/sub-account-lists.ts ListedAccount. */
type SubAccountRow = ListedAccount & { users: number; children: number; total: number };

/** LIKE pattern for search text: `%` and `_` are matched literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
async function searchSubAccounts(
  db: Database,
  query: SubAccountSearch,
): Promise<{ items: SubAccountItem[]; hasMore: boolean; totalItems: number }> {
  const filter = query.filter.trim();
  // count(*) OVER () is taken before LIMIT: the number of matching accounts, for `_metadata`.
  const select = `SELECT t.id, t.name, t.parent_tenant_id AS "parentTenantId", t.created_at AS "createdAt", t.metadata,
      t.tenant_type AS "tenantType", count(*) OVER ()::int AS total,
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
    items: rows.slice(0, query.limit).map((row) => subAccountItem(row, row.users, row.children)),
    hasMore: rows.length > query.limit,
    totalItems: rows[0]?.total ?? 0,
  };
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
async function listSubAccountUsers(
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

/**
 * Every user who is a member of `rootId` or of an account below it, once each (subTenants.loadAllUsers):
 * `filter` matches name or email; sorted by `sortBy` (name, email, createdAt) and `order`; only their
 * memberships within the tree are shown (never their other accounts).
 */
async function listTreeUsers(
  db: Database,
  rootId: string,
  query: TreeMembersQuery,
): Promise<{ items: TreeMember[]; totalItems: number }> {
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
  const { rows } = await db.query<Omit<TreeMember, 'memberships'>>(
    `${TREE} SELECT u.id, u.email, u.name, u.verified, u.phone AS "phoneNumber", u.profile_picture_url AS "profilePictureUrl",
        u.metadata, u.created_at AS "createdAt", u.last_login AS "lastLogin", u.provider,
        EXISTS (SELECT 1 FROM mfa_devices d WHERE d.user_id = u.id AND NOT d.passkey) AS "mfaEnrolled"
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
    items: rows.map((row) => ({
      ...row,
      memberships: memberships
        .filter((m) => m.user_id === row.id)
        .map((m) => ({
          tenantId: m.tenant_id,
          roles: roles
            .filter((r) => r.membership_id === m.membership_id)
            .map(({ id, key, name }) => ({ id, key, name })),
        })),
    })),
  };
}

export function subAccountListsRepository(db: Database): SubAccountListsRepository {
  return {
    search: (query) => searchSubAccounts(db, query),
    members: (tenantId, offset, limit) => listSubAccountUsers(db, tenantId, offset, limit),
    treeMembers: (rootId, query) => listTreeUsers(db, rootId, query),
  };
}
