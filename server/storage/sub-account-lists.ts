/**
 * The sub-accounts lists on the server (the lists repository of core/domain/sub-account-lists.ts):
 * the hierarchy search over the accounts' rows (core/domain/tenant-repositories.ts), and in SQL a
 * sub-account's members and the members across the tree. The paging rules are the domain's.
 */
import type {
  SubAccountListsRepository,
  TreeMember,
  TreeMembersQuery,
} from '../../core/domain/sub-account-lists';
import { subAccountSearchOver } from '../../core/domain/tenant-repositories';
import type { Database } from './database';
import { DESCENDANTS, subAccountsRepository } from './sub-accounts';
import { sqlTables } from './tables';

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
    search: subAccountSearchOver(sqlTables(db), subAccountsRepository(db)),
    members: (tenantId, offset, limit) => listSubAccountUsers(db, tenantId, offset, limit),
    treeMembers: (rootId, query) => listTreeUsers(db, rootId, query),
  };
}
