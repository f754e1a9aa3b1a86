/**
 * A member as the client SDK's `ITeamUser` reads them (@frontegg/rest-api 3.1.18
 * teams/interfaces.d.ts), for `team/resources/members/v1` (teams.loadUsers, teams.updateUser) on
 * the server and in the demo: the users list's row with the client's names beside ours (`phone`,
 * `profileImageUrl`, `mfaEnabled`) and `tenants` the one `ITeamUserTenant` of the listed account
 * (users v2 and v3 keep their list of tenants, as IGetUsersV2Response declares).
 */
interface MemberRow<Role> {
  tenantId: string;
  roles: Role[];
  phoneNumber?: string | null;
  profilePictureUrl?: string | null;
  mfaEnrolled?: boolean;
  tenants?: Array<{ tenantId: string; roles: Role[] }>;
}

export function teamMemberOf<Role, Row extends MemberRow<Role>>(row: Row) {
  const tenant = row.tenants?.find((t) => t.tenantId === row.tenantId) ?? {
    tenantId: row.tenantId,
    roles: row.roles,
  };
  return {
    ...row,
    ...(row.phoneNumber ? { phone: row.phoneNumber } : {}),
    ...(row.profilePictureUrl ? { profileImageUrl: row.profilePictureUrl } : {}),
    mfaEnabled: row.mfaEnrolled === true,
    tenants: tenant,
  };
}
