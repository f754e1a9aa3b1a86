/**
 * Groups (spec 001 §7 "Groups: GET, POST, GET/PATCH/DELETE /{id}, add and remove roles and users").
 * Loaded with the groups page's chunk. Spec 001 §5: group creation sends description only when present.
 */
import type { HttpClient } from '../api/http';
import type { Page } from '../api/team';

const GROUPS_V1 = '/identity/resources/groups/v1';
export const GROUPS_PAGE_SIZE = 20;

export interface Group {
  id: string;
  name: string;
  color: string | null;
  description: string | null;
  metadata: string;
  managedBy: 'frontegg' | 'scim2';
  roles: Array<{ id: string; key: string; name: string }>;
  users: Array<{ id: string; email: string; name: string }>;
  createdAt: string;
  updatedAt: string;
}

export interface GroupForm {
  name: string;
  color: string;
  description: string;
}

/**
 * The body of a group creation: the name, the colour when chosen, and the description only when
 * present (spec 001 §5); text is trimmed, so blank counts as absent.
 */
export function groupCreationBody(form: GroupForm): { name: string; color?: string; description?: string } {
  const description = form.description.trim();
  return {
    name: form.name.trim(),
    ...(form.color ? { color: form.color } : {}),
    ...(description ? { description } : {}),
  };
}

/**
 * The body of a group update: only what changed; a description that was emptied is sent as null,
 * so that the server clears it.
 */
export function groupUpdateBody(
  before: Pick<Group, 'name' | 'color' | 'description'>,
  form: GroupForm,
): { name?: string; color?: string | null; description?: string | null } {
  const name = form.name.trim();
  const description = form.description.trim() || null;
  const color = form.color || null;
  return {
    ...(name !== before.name ? { name } : {}),
    ...(color !== (before.color ?? null) ? { color } : {}),
    ...(description !== (before.description ?? null) ? { description } : {}),
  };
}

interface GroupsQuery {
  filter?: string;
  page?: number;
  pageSize?: number;
}

export function createGroupsApi(http: HttpClient) {
  const one = (id: string) => `${GROUPS_V1}/${encodeURIComponent(id)}`;
  return {
    list: (query: GroupsQuery = {}) =>
      http.get<Page<Group>>(GROUPS_V1, {
        query: {
          _filter: query.filter?.trim() || undefined,
          _sortBy: 'name',
          _order: 'ASC',
          _offset: query.page ?? 0,
          _limit: query.pageSize ?? GROUPS_PAGE_SIZE,
        },
      }),
    get: (id: string) => http.get<Group>(one(id)),
    create: (form: GroupForm) => http.post<Group>(GROUPS_V1, groupCreationBody(form)),
    update: (id: string, changes: ReturnType<typeof groupUpdateBody>) => http.patch<Group>(one(id), changes),
    remove: (id: string) => http.delete<Record<string, never>>(one(id)),
    addRoles: (id: string, roleIds: string[]) => http.post<Group>(`${one(id)}/roles`, { roleIds }),
    removeRoles: (id: string, roleIds: string[]) =>
      http.delete<Group>(`${one(id)}/roles`, { body: { roleIds } }),
    addUsers: (id: string, userIds: string[]) => http.post<Group>(`${one(id)}/users`, { userIds }),
    removeUsers: (id: string, userIds: string[]) =>
      http.delete<Group>(`${one(id)}/users`, { body: { userIds } }),
  };
}
export type GroupsApi = ReturnType<typeof createGroupsApi>;
