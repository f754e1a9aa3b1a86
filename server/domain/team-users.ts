/**
 * The users of a tenant as the admin portal lists them (GET users v2): filtered, sorted and paged
 * in the database, never in memory, so a tenant with tens of thousands of users stays fast.
 */
import type { Database } from '../storage/database';

/** Sort fields of spec 001 §3 -> SQL. isLocked and provider are constant until locking and SSO land. */
const SORT_COLUMNS = {
  createdAt: 'u.created_at',
  name: 'lower(coalesce(u.name, u.email))',
  email: 'u.email',
  id: 'u.id',
  verified: 'u.verified',
  isLocked: 'false',
  provider: "'local'",
  tenantId: 'm.tenant_id',
} as const;
export type UserSortField = keyof typeof SORT_COLUMNS;
export const USER_SORT_FIELDS = Object.keys(SORT_COLUMNS) as UserSortField[];

export interface UserListQuery {
  tenantId: string;
  filter: string;
  sortBy: UserSortField;
  order: 'ASC' | 'DESC';
  /** Page index (0-based): `_offset` counts pages of `_limit` users. */
  page: number;
  limit: number;
}

export interface TeamUserDto {
  id: string;
  email: string;
  name: string;
  phoneNumber: string | null;
  profilePictureUrl: string | null;
  tenantId: string;
  roles: Array<{ id: string; key: string; name: string }>;
  verified: boolean;
  activatedForTenant: boolean;
  isLocked: boolean;
  provider: string;
  mfaEnrolled: boolean;
  createdAt: string;
  lastLogin: string | null;
  metadata: string;
}

interface Row {
  id: string; email: string; name: string | null; phone: string | null; profile_picture_url: string | null;
  verified: boolean; metadata: Record<string, unknown>; created_at: Date; last_login: Date | null; tenant_id: string;
}

/** LIKE pattern for a user's search text: `%` and `_` are matched literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listTenantUsers(db: Database, query: UserListQuery): Promise<{ items: TeamUserDto[]; totalItems: number }> {
  const filter = query.filter.trim();
  const where = `m.tenant_id = $1 AND ($2::text IS NULL OR u.email ILIKE $2 OR u.name ILIKE $2)`;
  const params = [query.tenantId, filter ? containsPattern(filter) : null];
  const total = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM memberships m JOIN users u ON u.id = m.user_id WHERE ${where}`,
    params,
  );
  const order = `${SORT_COLUMNS[query.sortBy]} ${query.order === 'DESC' ? 'DESC' : 'ASC'} NULLS LAST, u.id`;
  const { rows } = await db.query<Row>(
    `SELECT u.id, u.email, u.name, u.phone, u.profile_picture_url, u.verified, u.metadata, u.created_at, u.last_login, m.tenant_id
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE ${where}
      ORDER BY ${order}
      LIMIT $3 OFFSET $4`,
    [...params, query.limit, query.page * query.limit],
  );
  const roles = rows.length
    ? await db.query<{ user_id: string; id: string; key: string; name: string }>(
        `SELECT m.user_id, r.id, r.key, r.name
           FROM memberships m JOIN membership_roles mr ON mr.membership_id = m.id JOIN roles r ON r.id = mr.role_id
          WHERE m.tenant_id = $1 AND m.user_id = ANY($2::uuid[])
          ORDER BY r.key`,
        [query.tenantId, rows.map((r) => r.id)],
      )
    : { rows: [] };
  const rolesByUser = new Map<string, TeamUserDto['roles']>();
  for (const role of roles.rows) {
    const list = rolesByUser.get(role.user_id) ?? [];
    list.push({ id: role.id, key: role.key, name: role.name });
    rolesByUser.set(role.user_id, list);
  }
  return {
    totalItems: total.rows[0]?.count ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name ?? row.email.split('@')[0]!,
      phoneNumber: row.phone,
      profilePictureUrl: row.profile_picture_url,
      tenantId: row.tenant_id,
      roles: rolesByUser.get(row.id) ?? [],
      verified: row.verified,
      activatedForTenant: row.verified,
      isLocked: false,
      provider: 'local',
      mfaEnrolled: false,
      createdAt: row.created_at.toISOString(),
      lastLogin: row.last_login ? row.last_login.toISOString() : null,
      metadata: JSON.stringify(row.metadata ?? {}),
    })),
  };
}
