/**
 * Roles and permissions (spec 001 §7 "Roles: GET, POST, PATCH /{roleId}, DELETE /{roleId},
 * PUT /{roleId}/permissions. Permissions: GET, PUT /{permissionId}/roles, GET /categories").
 * Loaded with the roles page's chunk, not with the sign-in page.
 */
import type { HttpClient } from '../api/http';
import type { Page, SortOrder } from '../api/team';
import type { RoleDto } from '../domain/roles';

const ROLES_V1 = '/identity/resources/roles/v1';
const ROLES_V2 = '/identity/resources/roles/v2';
const PERMISSIONS_V1 = '/identity/resources/permissions/v1';

/** A role (spec 001 §3 "Role"); `editable` is false for the vendor's roles. */
export interface Role extends Omit<RoleDto, 'vendorId'> {
  editable: boolean;
  usersCount: number;
}

export interface Permission {
  id: string;
  key: string;
  name: string;
  description: string | null;
  categoryId: string | null;
  roleIds: string[];
}
export interface PermissionCategory {
  id: string;
  key: string;
  name: string;
  description: string | null;
  permissionIds: string[];
}

export type RoleSortField = 'name' | 'key' | 'createdAt' | 'updatedAt';
interface RolesQuery {
  filter?: string;
  sortBy?: RoleSortField;
  order?: SortOrder;
  page?: number;
  pageSize?: number;
}
export const ROLES_PAGE_SIZE = 20;

interface RoleInput {
  key: string;
  name: string;
  description: string | null;
  permissionIds?: string[];
}

export function createRolesApi(http: HttpClient) {
  const one = (roleId: string) => `${ROLES_V1}/${encodeURIComponent(roleId)}`;
  return {
    list: (query: RolesQuery = {}) =>
      http.get<Page<Role>>(ROLES_V2, {
        query: {
          _filter: query.filter?.trim() || undefined,
          _sortBy: query.sortBy,
          _order: query.order,
          _offset: query.page ?? 0,
          _limit: query.pageSize ?? ROLES_PAGE_SIZE,
        },
      }),
    add: (input: RoleInput) => http.post<Role>(ROLES_V1, input),
    update: (roleId: string, changes: Partial<Omit<RoleInput, 'permissionIds'>>) =>
      http.patch<Role>(one(roleId), changes),
    remove: (roleId: string) => http.delete<Record<string, never>>(one(roleId)),
    setPermissions: (roleId: string, permissionIds: string[]) =>
      http.put<Role>(`${one(roleId)}/permissions`, { permissionIds }),
    permissions: () => http.get<Permission[]>(PERMISSIONS_V1),
    categories: () => http.get<PermissionCategory[]>(`${PERMISSIONS_V1}/categories`),
    setPermissionRoles: (permissionId: string, roleIds: string[]) =>
      http.put<Permission>(`${PERMISSIONS_V1}/${encodeURIComponent(permissionId)}/roles`, { roleIds }),
  };
}
export type RolesApi = ReturnType<typeof createRolesApi>;
