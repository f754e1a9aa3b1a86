import type { HttpClient } from './http';
import type { RoleRef } from './types';
import { USERS_V1, USERS_V2 } from './users';

/** A user as the admin portal lists them (spec 001 §3 "User (team)"). */
export interface TeamUser {
  id: string;
  email: string;
  name: string;
  phoneNumber: string | null;
  tenantId: string;
  roles: RoleRef[];
  verified: boolean;
  activatedForTenant?: boolean;
  /** True while the member has not accepted their invitation to this account. */
  invitationPending?: boolean;
  isLocked: boolean;
  provider: string;
  /** `scim2` when a SCIM connection provisions the member: the portal does not remove them (spec 001 §3). */
  managedBy?: 'frontegg' | 'scim2';
  /** For a member SCIM manages: false once the identity provider deactivated them. */
  active?: boolean;
  createdAt: string;
  lastLogin: string | null;
  /** The groups the member is in here, with the roles each gives (the client SDK's `groups`). */
  groups?: Array<{ id: string; name: string; color: string | null; roles: RoleRef[] }>;
  /** Whether the member has a second factor (the client SDK's ITeamUser name of `mfaEnrolled`). */
  mfaEnabled?: boolean;
  /** The client SDK's ITeamUser.customData: the vendor app's JSON object for the user, `{}` when none. */
  customData?: Record<string, unknown>;
}

export type UserSortField =
  'createdAt' | 'name' | 'email' | 'id' | 'verified' | 'isLocked' | 'provider' | 'tenantId';
export type SortOrder = 'ASC' | 'DESC';

/** Query of GET users v2 (spec 001 §7): `_offset` is the page index. */
export interface UsersQuery {
  filter?: string;
  sortBy?: UserSortField;
  order?: SortOrder;
  page?: number;
  pageSize?: number;
}

export interface Page<T> {
  items: T[];
  _metadata: { totalItems: number; totalPages: number };
}

/** Team default page size (spec 001 §9). */
export const USERS_PAGE_SIZE = 20;

/** A role an admin can give (GET roles v1). */
export interface AssignableRole {
  id: string;
  key: string;
  name: string;
  description: string | null;
  isDefault: boolean;
}

/**
 * The roleIds to send when a user's roles change. Spec 001 §5: an empty list, when the user had
 * roles, is sent as a list holding one empty string, so that the server clears them.
 */
export function roleIdsPayload(previous: readonly string[], next: readonly string[]): string[] {
  return next.length === 0 && previous.length > 0 ? [''] : [...next];
}

/** The users list's query parameters (v2; v3 adds its own): a page index, not an item offset. */
export function usersQueryParams(query: UsersQuery) {
  return {
    _filter: query.filter?.trim() || undefined,
    _sortBy: query.sortBy,
    _order: query.order,
    _offset: query.page ?? 0,
    _limit: query.pageSize ?? USERS_PAGE_SIZE,
  };
}

/** The paths of the client SDK's users page (@frontegg/rest-api 3.1.18 `teams`). */
const TEAM_ROLES_V1 = '/team/resources/roles/v1';
const TEAM_MEMBERS_V1 = '/team/resources/members/v1';
/** auth.revokeSessionsForUser: an admin ends a member's sessions in the account. */
const REVOKE_USER_SESSIONS = '/identity/resources/users/sessions/v1/revoke';

export function createTeamApi(http: HttpClient) {
  return {
    listRoles: () => http.get<AssignableRole[]>(TEAM_ROLES_V1),
    removeUser: (userId: string) =>
      http.delete<Record<string, never>>(`${TEAM_MEMBERS_V1}/${encodeURIComponent(userId)}`),
    /** teams.updateUser with the member's id and new roles; answers the member's row. */
    setUserRoles: (userId: string, previousRoleIds: readonly string[], roleIds: readonly string[]) =>
      http.put<TeamUser & { roleIds: string[] }>(TEAM_MEMBERS_V1, {
        id: userId,
        roleIds: roleIdsPayload(previousRoleIds, roleIds),
      }),
    /** teams.updateUser with the member's id and customData (null clears it); answers the member's row. */
    setCustomData: (userId: string, customData: Record<string, unknown> | null) =>
      http.put<TeamUser>(TEAM_MEMBERS_V1, { id: userId, customData }),
    /** Signs the member out of this account everywhere: their sessions here end. */
    revokeSessions: (userId: string) => http.post<{ revoked?: number }>(REVOKE_USER_SESSIONS, { userId }),
    /** Unlocks a member the lockout policy locked (the server's own call: the client SDK has none). */
    unlockUser: (userId: string) =>
      http.post<{ unlocked: boolean }>(`${USERS_V1}/${encodeURIComponent(userId)}/unlock`),
    listUsers: (query: UsersQuery = {}) =>
      http.get<Page<TeamUser>>(USERS_V2, { query: usersQueryParams(query) }),
  };
}
