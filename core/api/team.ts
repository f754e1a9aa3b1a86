import type { HttpClient } from './http';
import type { RoleRef } from './types';
import { USERS_V2 } from './users';

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
  isLocked: boolean;
  provider: string;
  createdAt: string;
  lastLogin: string | null;
}

export type UserSortField = 'createdAt' | 'name' | 'email' | 'id' | 'verified' | 'isLocked' | 'provider' | 'tenantId';
export type SortOrder = 'ASC' | 'DESC';

/** Query of GET users v2 (spec 001 §7): `_offset` is the page index. */
export interface UsersQuery { filter?: string; sortBy?: UserSortField; order?: SortOrder; page?: number; pageSize?: number }

export interface Page<T> { items: T[]; _metadata: { totalItems: number; totalPages: number } }

/** Team default page size (spec 001 §9). */
export const USERS_PAGE_SIZE = 20;

export function createTeamApi(http: HttpClient) {
  return {
    listUsers: (query: UsersQuery = {}) => http.get<Page<TeamUser>>(USERS_V2, {
      query: {
        _filter: query.filter?.trim() || undefined,
        _sortBy: query.sortBy,
        _order: query.order,
        _offset: query.page ?? 0,
        _limit: query.pageSize ?? USERS_PAGE_SIZE,
      },
    }),
  };
}
