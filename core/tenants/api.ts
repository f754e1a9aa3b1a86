import type { HttpClient } from '../api/http';
import type { RoleRef } from '../api/types';
import type { SubAccountItem } from '../domain/sub-account-lists';
import type { TenantType } from '../domain/sub-accounts';

/** A sub-account as the hierarchy search lists it (spec 001 §3 Tenant, with numberOfUsers; core/domain/sub-account-lists.ts). */
export type SubAccount = Omit<SubAccountItem, 'metadata' | 'tenantType'> & {
  /** The client SDK's TenantType, or null when none was given. */
  tenantType?: TenantType | null;
};

/** A page of the hierarchy search: items and the next page's address (spec 001 §7 "_links.next"). */
interface SubAccountsPage {
  items: SubAccount[];
  _links: { next: string };
}

/** Spec 001 §3 "Account user: subAccountAccessAllowed, roles". */
export interface SubAccountUser {
  id: string;
  email: string;
  name: string;
  tenantId: string;
  roles: RoleRef[];
  subAccountAccessAllowed: boolean;
}

export interface CustomLogin {
  enabled: boolean;
  loginAlias: string | null;
}

const HIERARCHY_V2 = '/tenants/resources/hierarchy/v2';
const SUB_TENANTS_V1 = '/tenants/resources/sub-tenants/v1';
const TREE_USERS_V1 = '/identity/resources/sub-tenants/users/v1';
const CUSTOM_LOGIN_V1 = '/tenants/resources/account-settings/v1/custom-login';
/** Spec 001 §9: "all-accounts query limit 50", "selected-account users limit 10". */
const ALL_ACCOUNTS_LIMIT = 50;
const ACCOUNT_USERS_LIMIT = 10;

const usersOf = (tenantId: string) =>
  `/identity/resources/sub-tenants/v1/${encodeURIComponent(tenantId)}/users`;

/** The hierarchy search's sort (the client SDK's TenantSortByEnum; core/domain/sub-accounts.ts). */
export type SubAccountSort = { sortBy: 'name' | 'createdAt' | 'tenantId'; order: 'ASC' | 'DESC' };

interface SubAccountsQuery {
  filter?: string;
  subTenantId?: string;
  offset?: number;
  limit?: number;
  sort?: SubAccountSort;
}

/** Sub-accounts, their members and the custom-login settings (portal only: never in the sign-in page's code). */
export function createSubAccountsApi(http: HttpClient) {
  return {
    search: (query: SubAccountsQuery = {}) =>
      http.get<SubAccountsPage>(HIERARCHY_V2, {
        query: {
          _offset: query.offset ?? 0,
          _limit: query.limit ?? ALL_ACCOUNTS_LIMIT,
          _subTenantId: query.subTenantId,
          _filter: query.filter?.trim() || undefined,
          _sortBy: query.sort?.sortBy,
          _order: query.sort?.order,
        },
      }),
    /** Follows a `_links.next` address as the server gave it. */
    next: (link: string) => {
      const url = new URL(link, 'http://relative.invalid');
      return http.get<SubAccountsPage>(url.pathname, { query: Object.fromEntries(url.searchParams) });
    },
    /** GET hierarchy/v1 (the client SDK's getSubTenants): every account below the active one, flat. */
    allBelow: () =>
      http.get<Array<{ tenantId: string; tenantName: string; level: number }>>(
        '/tenants/resources/hierarchy/v1',
      ),
    create: (body: { name: string; parentTenantId?: string; tenantType?: TenantType }) =>
      http.post<SubAccount>(SUB_TENANTS_V1, body),
    /** PATCH sub-tenants/v1/{id} (the client SDK's updateSubTenant; `tenantType` is ours, absent: kept). */
    rename: (tenantId: string, name: string, tenantType?: TenantType) =>
      http.patch<{ tenantId: string; name: string; tenantType: TenantType | null }>(
        `${SUB_TENANTS_V1}/${encodeURIComponent(tenantId)}`,
        tenantType ? { name, tenantType } : { name },
      ),
    /** DELETE sub-tenants/v1/{id} (deleteSubTenant): the account and every account below it. */
    remove: (tenantId: string) => http.delete<unknown>(`${SUB_TENANTS_V1}/${encodeURIComponent(tenantId)}`),
    /** Ends a member's place in the sub-account and the accounts below it. */
    removeUser: (tenantId: string, userId: string) =>
      http.delete<unknown>(`${usersOf(tenantId)}/${encodeURIComponent(userId)}`),
    users: (tenantId: string, offset = 0, limit = ACCOUNT_USERS_LIMIT) =>
      http.get<{ items: SubAccountUser[]; _metadata: { totalItems: number; totalPages: number } }>(
        usersOf(tenantId),
        { query: { _offset: offset, _limit: limit } },
      ),
    /** Adds a member of the caller's account or of an account above (by email) to the sub-account. */
    addUser: (tenantId: string, body: { email: string; roleIds: string[]; allowSubAccountAccess: boolean }) =>
      http.post<unknown>(usersOf(tenantId), body),
    /**
     * POST sub-tenants/users/v1 (the client SDK's addUserToTenantAndSubTenants): a member of the
     * caller's account, or of an account above each one named, joins every account named at once.
     */
    addUserToAccounts: (email: string, subTenants: Array<{ tenantId: string; roleIds?: string[] }>) =>
      http.post<unknown>(TREE_USERS_V1, { user: { email }, subTenants }),
    setRoles: (tenantId: string, userId: string, roleIds: string[]) =>
      http.put<{ roleIds: string[] }>(`${usersOf(tenantId)}/${encodeURIComponent(userId)}/roles`, {
        roleIds,
      }),
    setAccess: (tenantId: string, userId: string, allowAccess: boolean) =>
      http.put<{ allowAccess: boolean }>(`${usersOf(tenantId)}/${encodeURIComponent(userId)}/access`, {
        allowAccess,
      }),
    getCustomLogin: () => http.get<CustomLogin>(CUSTOM_LOGIN_V1),
    saveCustomLogin: (body: CustomLogin) => http.put<CustomLogin>(CUSTOM_LOGIN_V1, body),
  };
}
