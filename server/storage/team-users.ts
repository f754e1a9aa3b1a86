/**
 * The users of a tenant as the admin portal lists them (GET users v2, v3, the client SDK's team
 * members; core/domain/team-member-handlers.ts): filtered, sorted and paged in the database, never
 * in memory, so a tenant with tens of thousands of users stays fast.
 */
import type { Database } from './database';
import { customDataOf, type CustomData } from '../../core/domain/custom-data';
import type { MemberListQuery } from '../../core/domain/team-users';
import { grantsOf, loadGrants, type Authorization, type RoleDto } from '../domain/tenants';
import type { UserIdentity } from '../domain/users';

/** Sort fields of spec 001 §3 -> SQL. */
const SORT_COLUMNS: Record<MemberListQuery['sortBy'], string> = {
  createdAt: 'u.created_at',
  name: 'lower(coalesce(u.name, u.email))',
  email: 'u.email',
  id: 'u.id',
  verified: 'u.verified',
  isLocked: 'u.locked_at IS NOT NULL',
  provider: 'u.provider',
  tenantId: 'm.tenant_id',
};

/** A group a member is in (the client SDK's `IGetUsersV2Response.groups`: id and roles; ours: the name). */
interface MemberGroupDto {
  id: string;
  name: string;
  color: string | null;
  roles: Array<{ id: string; key: string; name: string }>;
}

interface TeamUserDto extends UserIdentity {
  tenantId: string;
  vendorId: string;
  /** The ids of `roles` (the client SDK's `ITeamUser.roleIds`). */
  roleIds: string[];
  /**
   * Only the listed tenant (choice): an account's admin does not learn which other accounts a
   * member belongs to, so `tenantIds` and `tenants` name this one.
   */
  tenantIds: string[];
  tenants: Array<{ tenantId: string; roles: RoleDto[] }>;
  /** The roles given to the member directly (those an admin edits on the users page). */
  roles: RoleDto[];
  /** What the member holds here through every role, groups' included. */
  permissions: Authorization['permissions'];
  verified: boolean;
  activatedForTenant: boolean;
  /** True while the member has not accepted their invitation to this tenant. */
  invitationPending: boolean;
  isLocked: boolean;
  provider: string;
  /** Who changes the member: the portal (`frontegg`) or a SCIM configuration (`scim2`, spec 001 §3). */
  managedBy: 'frontegg' | 'scim2';
  /** For a member SCIM manages: false once the identity provider deactivated them (docs/scim.md). */
  active?: boolean;
  mfaEnrolled: boolean;
  /** The client SDK's ITeamUser name of `mfaEnrolled` (teams/interfaces.d.ts). */
  mfaEnabled: boolean;
  /** The groups the member is in, in this account, with the roles each gives. */
  groups: MemberGroupDto[];
  createdAt: string;
  lastLogin: string | null;
  metadata: string;
  /** The client SDK's ITeamUser.customData (core/domain/custom-data.ts), `{}` when none. */
  customData: CustomData;
}

interface Row {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  profile_picture_url: string | null;
  verified: boolean;
  metadata: Record<string, unknown>;
  custom_data: CustomData | null;
  created_at: Date;
  last_login: Date | null;
  tenant_id: string;
  vendor_id: string;
  provider: string;
  locked_at: Date | null;
  invitation_pending: boolean;
  mfa_enrolled: boolean;
  scim_managed: boolean;
  access_allowed: boolean;
  membership_id: string;
}

/** The groups of each membership, with their roles (two queries for a page, not one per row). */
async function groupsOf(db: Database, membershipIds: string[]): Promise<Map<string, MemberGroupDto[]>> {
  const byMembership = new Map<string, MemberGroupDto[]>();
  if (!membershipIds.length) return byMembership;
  const { rows } = await db.query<{ membership_id: string; id: string; name: string; color: string | null }>(
    `SELECT gm.membership_id, g.id, g.name, g.color FROM group_members gm JOIN groups g ON g.id = gm.group_id
      WHERE gm.membership_id = ANY($1::uuid[]) ORDER BY lower(g.name), g.id`,
    [membershipIds],
  );
  const roles = rows.length
    ? (
        await db.query<{ group_id: string; id: string; key: string; name: string }>(
          `SELECT gr.group_id, r.id, r.key, r.name FROM group_roles gr JOIN roles r ON r.id = gr.role_id
            WHERE gr.group_id = ANY($1::uuid[]) ORDER BY r.key`,
          [[...new Set(rows.map((r) => r.id))]],
        )
      ).rows
    : [];
  for (const row of rows)
    byMembership.set(row.membership_id, [
      ...(byMembership.get(row.membership_id) ?? []),
      {
        id: row.id,
        name: row.name,
        color: row.color,
        roles: roles.filter((r) => r.group_id === row.id).map(({ id, key, name }) => ({ id, key, name })),
      },
    ]);
  return byMembership;
}

/**
 * The accounts listed: the caller's own, and with `$10` the live accounts below it. With them, a
 * person in several is listed once, by their membership nearest the top (the caller's own first).
 */
const SCOPE = `WITH RECURSIVE tree AS (
    SELECT id FROM tenants WHERE parent_tenant_id = $1 AND deleted_at IS NULL AND $10::boolean
    UNION
    SELECT t.id FROM tenants t JOIN tree ON t.parent_tenant_id = tree.id WHERE t.deleted_at IS NULL
  ), scope AS (SELECT $1::uuid AS id UNION SELECT id FROM tree)`;
const ONE_MEMBERSHIP = `(m.tenant_id = $1 OR ($10::boolean AND m.tenant_id IN (SELECT id FROM tree) AND m.id = (
    SELECT m2.id FROM memberships m2 WHERE m2.user_id = m.user_id AND m2.tenant_id IN (SELECT id FROM scope)
     ORDER BY (m2.tenant_id = $1) DESC, m2.created_at, m2.tenant_id LIMIT 1)))`;

/** A second factor (passkeys are a first factor). */
const HAS_SECOND_FACTOR = 'EXISTS (SELECT 1 FROM mfa_devices d WHERE d.user_id = u.id AND NOT d.passkey)';

/** LIKE pattern for a user's search text: `%` and `_` are matched literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listTenantUsers(
  db: Database,
  query: MemberListQuery,
): Promise<{ items: TeamUserDto[]; totalItems: number }> {
  const filter = query.filter.trim();
  const where = `${ONE_MEMBERSHIP} AND ($2::text IS NULL OR u.email ILIKE $2 OR u.name ILIKE $2)
    AND ($3::int IS NULL OR u.last_login < now() - make_interval(secs => $3::int))
    AND ($4::text IS NULL OR lower(u.email) = lower($4::text))
    AND ($5::uuid IS NULL OR u.id = $5::uuid)
    AND ($6::boolean IS NOT TRUE OR NOT ${HAS_SECOND_FACTOR})
    AND ($7::uuid[] IS NULL OR u.id = ANY($7::uuid[]))
    AND ($8::boolean IS NOT TRUE OR u.breached_password_at IS NOT NULL)
    AND ($9::boolean IS NOT TRUE OR u.last_login IS NULL)`;
  const params = [
    query.tenantId,
    filter ? containsPattern(filter) : null,
    query.inactiveForSeconds ?? null,
    query.email?.trim() || null,
    query.userId ?? null,
    query.mfaUnenrolled === true,
    query.userIds ?? null,
    query.breachedPassword === true,
    query.neverSignedIn === true,
    query.includeSubTenants === true,
  ];
  const total = await db.query<{ count: number }>(
    `${SCOPE} SELECT count(*)::int AS count FROM memberships m JOIN users u ON u.id = m.user_id WHERE ${where}`,
    params,
  );
  const order = `${SORT_COLUMNS[query.sortBy]} ${query.order === 'DESC' ? 'DESC' : 'ASC'} NULLS LAST, u.id`;
  const { rows } = await db.query<Row>(
    `${SCOPE} SELECT m.id AS membership_id, u.id, u.email, u.name, u.phone, u.profile_picture_url, u.verified, u.metadata, u.custom_data, u.created_at, u.last_login, m.tenant_id, u.vendor_id,
            u.provider, u.locked_at, m.invitation_pending, ${HAS_SECOND_FACTOR} AS mfa_enrolled,
            m.scim_configuration_id IS NOT NULL AS scim_managed, m.access_allowed
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE ${where}
      ORDER BY ${order}
      LIMIT $11 OFFSET $12`,
    [...params, query.limit, query.page * query.limit],
  );
  const grants = await loadGrants(
    db,
    rows.map((r) => r.id),
    [...new Set([query.tenantId, ...rows.map((r) => r.tenant_id)])],
    { pending: true },
  );
  const groups = await groupsOf(
    db,
    rows.map((r) => r.membership_id),
  );
  return {
    totalItems: total.rows[0]?.count ?? 0,
    items: rows.map((row) => {
      const held = grantsOf(grants, row.id, row.tenant_id);
      return {
        id: row.id,
        sub: row.id,
        email: row.email,
        name: row.name ?? row.email.split('@')[0]!,
        phoneNumber: row.phone,
        profilePictureUrl: row.profile_picture_url,
        tenantId: row.tenant_id,
        vendorId: row.vendor_id,
        roleIds: held.directRoles.map((r) => r.id),
        tenantIds: [row.tenant_id],
        tenants: [{ tenantId: row.tenant_id, roles: held.directRoles }],
        roles: held.directRoles,
        permissions: held.permissions,
        verified: row.verified,
        activatedForTenant: row.verified && !row.invitation_pending,
        invitationPending: row.invitation_pending,
        isLocked: row.locked_at !== null,
        provider: row.provider,
        managedBy: row.scim_managed ? 'scim2' : 'frontegg',
        ...(row.scim_managed ? { active: row.access_allowed } : {}),
        mfaEnrolled: row.mfa_enrolled,
        mfaEnabled: row.mfa_enrolled,
        groups: groups.get(row.membership_id) ?? [],
        createdAt: row.created_at.toISOString(),
        lastLogin: row.last_login ? row.last_login.toISOString() : null,
        metadata: JSON.stringify(row.metadata ?? {}),
        customData: customDataOf(row.custom_data),
      };
    }),
  };
}
