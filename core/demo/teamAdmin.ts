/**
 * Demo mode's roles and permissions, groups and API tokens, answering like the reference server
 * (server/routes/roles.ts, groups.ts, api-tokens.ts): the same paths, permission checks (403 with
 * the same message), validation and answers, on the sample data in the page's storage.
 */
import { PERMISSION_CATALOGUE, PERMISSION_CATEGORIES } from '../portal/permissionCatalogue';
import { type Answer, fail, ok } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import { isListQuery } from '../contract/listQuery';
import {
  DEMO_ROLES,
  type DemoApiToken,
  type DemoDatabase,
  type DemoGroup,
  type DemoRole,
  type DemoUser,
} from './data';

type Json = Record<string, unknown>;
interface TeamAdminTools {
  random(): string;
  now(): number;
}

const permissionId = (key: string) => `perm-${key}`;
const categoryId = (key: string) => `category-${key}`;

/** Every role of the demo, built-in ones first seeded from DEMO_ROLES. */
export function demoRoles(db: DemoDatabase): DemoRole[] {
  db.roles ??= Object.entries(DEMO_ROLES).map(([key, role]) => ({
    id: `role-${key}`,
    key,
    name: role.name,
    description: role.description,
    permissions: [...role.permissions],
    tenantId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }));
  return db.roles;
}
export const visibleRoles = (db: DemoDatabase, tenantId: string) =>
  demoRoles(db).filter((r) => r.tenantId === null || r.tenantId === tenantId);

const groupConfiguration = (db: DemoDatabase, tenantId: string) =>
  db.groupConfigurations?.[tenantId] ?? { enabled: true, rolesEnabled: true };

/** The roles a user holds: given directly and through the groups they are in (while groups' roles are on). */
export function demoRolesOf(db: DemoDatabase, user: DemoUser): DemoRole[] {
  const roles = visibleRoles(db, user.tenantId);
  const config = groupConfiguration(db, user.tenantId);
  const viaGroups = (config.enabled && config.rolesEnabled ? (db.groups ?? []) : [])
    .filter((g) => g.tenantId === user.tenantId && g.userIds.includes(user.id))
    .flatMap((g) => g.roleIds);
  return roles.filter((r) => user.roleKeys.includes(r.key) || viaGroups.includes(r.id));
}
export const demoPermissionsOf = (db: DemoDatabase, user: DemoUser): string[] =>
  [...new Set(demoRolesOf(db, user).flatMap((r) => r.permissions))].sort();

/** A role as the client SDK's `IRole` declares it (the server's RoleDto). */
export const demoRoleShape = (role: DemoRole) => ({
  id: role.id,
  key: role.key,
  name: role.name,
  description: role.description,
  isDefault: role.key === 'Admin' && role.tenantId === null,
  permissions: role.permissions.map(permissionId),
  tenantId: role.tenantId,
  vendorId: 'demo-vendor',
  createdAt: role.createdAt,
  updatedAt: role.updatedAt,
});

/** What a user holds, as the client SDK's `ITeamUserPermission`s (the server's PermissionDto). */
export function demoHeldPermissions(db: DemoDatabase, user: DemoUser) {
  const roles = demoRolesOf(db, user);
  return demoPermissionsOf(db, user).map((key) => {
    const entry = PERMISSION_CATALOGUE.find(([k]) => k === key);
    return {
      id: permissionId(key),
      key,
      name: entry?.[1] ?? key,
      description: null,
      categoryId: categoryId(entry?.[2] ?? 'all'),
      fePermission: key.startsWith('fe.'),
      roleIds: roles.filter((r) => r.permissions.includes(key)).map((r) => r.id),
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
  });
}

/** A page of a list whose query passed the contract's schema (sort field, order and digits checked). */
function page<T>(
  items: T[],
  query: Record<string, string>,
  sorters: Record<string, (item: T) => string>,
  search: (item: T) => string[],
) {
  const sortBy = query._sortBy ?? 'name';
  const order = (query._order ?? 'ASC').toUpperCase();
  const limit = Math.min(200, Math.max(1, Number(query._limit ?? 20)));
  const index = Number(query._offset ?? 0);
  const filter = (query._filter ?? '').trim().toLowerCase();
  const key = sorters[sortBy]!;
  const matching = items
    .filter((item) => !filter || search(item).some((s) => s.toLowerCase().includes(filter)))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (order === 'DESC' ? -1 : 1));
  return ok({
    items: matching.slice(index * limit, index * limit + limit),
    _metadata: { totalItems: matching.length, totalPages: Math.ceil(matching.length / limit) },
  });
}

/** An API token as the server answers it (server/domain/api-tokens.ts). */
export const demoTokenDto = (token: DemoApiToken) => ({
  id: token.id,
  tokenId: token.id,
  clientId: token.id,
  description: token.description,
  type: token.type,
  tenantId: token.tenantId,
  createdAt: token.createdAt,
  createdByUserId: token.userId,
  expiresInMinutes: token.expiresInMinutes,
  expires:
    token.expiresInMinutes === null
      ? null
      : new Date(Date.parse(token.createdAt) + token.expiresInMinutes * 60_000).toISOString(),
  lastUsedAt: null,
  ...(token.type === 'tenant' ? { roleIds: token.roleIds } : {}),
});

export function createDemoTeamAdmin(tools: TeamAdminTools) {
  const iso = () => new Date(tools.now()).toISOString();

  const roleDto = (db: DemoDatabase, role: DemoRole, tenantId: string) => ({
    ...demoRoleShape(role),
    roleId: role.id,
    editable: role.tenantId !== null,
    usersCount: db.users.filter((u) => u.tenantId === tenantId && demoRolesOf(db, u).includes(role)).length,
  });
  const groupDto = (db: DemoDatabase, group: DemoGroup) => ({
    id: group.id,
    groupId: group.id,
    name: group.name,
    color: group.color,
    description: group.description,
    metadata: '{}',
    managedBy: 'frontegg',
    // The client SDK's IRole and IGroupUser, as the server answers them.
    roles: demoRoles(db)
      .filter((r) => group.roleIds.includes(r.id))
      .map(demoRoleShape)
      .sort((a, b) => a.name.localeCompare(b.name)),
    users: db.users
      .filter((u) => group.userIds.includes(u.id))
      .map((u) => ({
        id: u.id,
        email: u.email,
        name: u.name,
        profilePictureUrl: null,
        activatedForTenant: u.verified !== false && u.invitationPending !== true,
        createdAt: u.createdAt,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
  });
  const permissionsList = (db: DemoDatabase, tenantId: string) =>
    PERMISSION_CATALOGUE.map(([key, name, category]) => ({
      id: permissionId(key),
      permissionId: permissionId(key),
      key,
      name,
      description: null,
      categoryId: categoryId(category),
      fePermission: true,
      roleIds: visibleRoles(db, tenantId)
        .filter((r) => r.permissions.includes(key))
        .map((r) => r.id),
    }));
  const keyOfPermission = (id: string) => PERMISSION_CATALOGUE.find(([key]) => permissionId(key) === id)?.[0];

  /** 400 for unknown permission ids, 403 for one the caller cannot grant; else their keys. */
  function grantable(held: string[], ids: string[]): Answer | string[] {
    const keys = ids.map(keyOfPermission);
    if (keys.some((k) => !k)) return fail('PERMISSIONS_UNKNOWN');
    const refused = (keys as string[]).find((k) => !holdsPermission(held, k));
    return refused ? fail('GRANT_NOT_HELD', { permission: refused }) : (keys as string[]);
  }

  /** Answers one request of these areas, or null when the path is not one of them. */
  function handle(
    db: DemoDatabase,
    caller: DemoUser,
    method: string,
    path: string,
    body: Json,
    query: Record<string, string>,
  ): Answer | null {
    const held = demoPermissionsOf(db, caller);
    const tenantId = caller.tenantId;
    const need = (permission: string) =>
      holdsPermission(held, permission) ? null : fail('PERMISSION_REQUIRED', { permission: permission });
    const route = `${method} ${path}`;
    let match: RegExpExecArray | null;

    // Roles and permissions.
    if (route === 'GET /identity/resources/roles/v2') {
      return (
        need('fe.secure.read.roles') ??
        page(
          visibleRoles(db, tenantId).map((r) => roleDto(db, r, tenantId)),
          query,
          {
            name: (r) => r.name.toLowerCase(),
            key: (r) => r.key.toLowerCase(),
            createdAt: (r) => r.createdAt,
            updatedAt: (r) => r.updatedAt,
          },
          (r) => [r.name, r.key],
        )
      );
    }
    if (route === 'GET /identity/resources/permissions/v1')
      return need('fe.secure.read.roles') ?? ok(permissionsList(db, tenantId));
    if (route === 'GET /identity/resources/permissions/v1/categories') {
      return (
        need('fe.secure.read.roles') ??
        ok(
          PERMISSION_CATEGORIES.map(([key, name, description]) => ({
            id: categoryId(key),
            key,
            name,
            description,
            feCategory: true,
            permissionIds: PERMISSION_CATALOGUE.filter(([, , c]) => c === key).map(([k]) => permissionId(k)),
          })),
        )
      );
    }
    const keyTaken = (key: string, except: string | null) =>
      visibleRoles(db, tenantId).some((r) => r.key.toLowerCase() === key.toLowerCase() && r.id !== except);
    if (route === 'POST /identity/resources/roles/v1') {
      // The body passed the contract's schema (core/contract/requests.ts); the client SDK names
      // the permissions `permissions`.
      const refused = need('fe.secure.write.roles');
      if (refused) return refused;
      const permissionIds = (body.permissionIds ?? body.permissions) as string[] | undefined;
      const keys = grantable(held, permissionIds ?? []);
      if (!Array.isArray(keys)) return keys;
      if (keyTaken(body.key as string, null)) return fail('ROLE_KEY_EXISTS');
      const role: DemoRole = {
        id: `role-custom-${tools.random()}`,
        key: body.key as string,
        name: (body.name as string).trim(),
        description: typeof body.description === 'string' ? body.description.trim() || null : null,
        permissions: keys,
        tenantId,
        createdAt: iso(),
        updatedAt: iso(),
      };
      demoRoles(db).push(role);
      return ok(roleDto(db, role, tenantId), true, 201);
    }
    if ((match = /^\/identity\/resources\/roles\/v1\/([^/]+)(\/permissions)?$/.exec(path))) {
      const role = visibleRoles(db, tenantId).find((r) => r.id === decodeURIComponent(match![1]!));
      const permission = method === 'DELETE' ? 'fe.secure.delete.roles' : 'fe.secure.write.roles';
      const refused = need(permission);
      if (refused) return refused;
      if (!role) return fail('ROLE_NOT_FOUND');
      if (role.tenantId === null) return fail('ROLE_VENDOR_WIDE');
      if (method === 'DELETE' && !match[2]) {
        db.roles = demoRoles(db).filter((r) => r !== role);
        for (const u of db.users)
          u.roleKeys = u.roleKeys.filter((k) => k !== role.key || u.tenantId !== tenantId);
        for (const g of db.groups ?? []) g.roleIds = g.roleIds.filter((id) => id !== role.id);
        return ok({}, true);
      }
      if (method === 'PUT' && match[2]) {
        const keys = grantable(held, body.permissionIds as string[]);
        if (!Array.isArray(keys)) return keys;
        role.permissions = keys;
        role.updatedAt = iso();
        return ok(roleDto(db, role, tenantId), true);
      }
      if (method === 'PATCH' && !match[2]) {
        if (typeof body.key === 'string' && keyTaken(body.key, role.id)) return fail('ROLE_KEY_EXISTS');
        if (typeof body.key === 'string' && body.key !== role.key) {
          for (const u of db.users)
            if (u.tenantId === tenantId)
              u.roleKeys = u.roleKeys.map((k) => (k === role.key ? (body.key as string) : k));
          role.key = body.key;
        }
        if (typeof body.name === 'string') role.name = body.name.trim();
        if (body.description !== undefined)
          role.description = typeof body.description === 'string' ? body.description.trim() || null : null;
        role.updatedAt = iso();
        return ok(roleDto(db, role, tenantId), true);
      }
      return null;
    }
    if (method === 'PUT' && (match = /^\/identity\/resources\/permissions\/v1\/([^/]+)\/roles$/.exec(path))) {
      const refused = need('fe.secure.write.roles');
      if (refused) return refused;
      const key = keyOfPermission(decodeURIComponent(match[1]!));
      if (!key) return fail('PERMISSION_NOT_FOUND');
      if (!holdsPermission(held, key)) return fail('GRANT_NOT_HELD', { permission: key });
      const ids = body.roleIds as string[];
      const roles = visibleRoles(db, tenantId);
      if (ids.some((id) => !roles.some((r) => r.id === id))) return fail('ROLES_UNKNOWN');
      if (roles.some((r) => r.tenantId === null && ids.includes(r.id) && !r.permissions.includes(key)))
        return fail('ROLES_VENDOR_WIDE');
      for (const role of roles.filter((r) => r.tenantId !== null)) {
        const holds = role.permissions.includes(key);
        if (ids.includes(role.id) && !holds) role.permissions.push(key);
        if (!ids.includes(role.id) && holds) role.permissions = role.permissions.filter((k) => k !== key);
      }
      return ok(
        permissionsList(db, tenantId).find((p) => p.key === key),
        true,
      );
    }

    // Groups.
    const groups = () => (db.groups ??= []);
    const nameTaken = (name: string, except: string | null) =>
      groups().some(
        (g) =>
          g.tenantId === tenantId && g.name.toLowerCase() === name.trim().toLowerCase() && g.id !== except,
      );
    // Bodies and queries passed the contract's schemas (core/contract/requests-groups.ts).
    if (path === '/identity/resources/groups/v1') {
      if (method === 'GET') {
        // With no list parameter (the client SDK's getGroups): an array of every group.
        if (!isListQuery(query))
          return (
            need('fe.secure.read.groups') ??
            ok(
              groups()
                .filter((g) => g.tenantId === tenantId)
                .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
                .map((g) => groupDto(db, g)),
            )
          );
        return (
          need('fe.secure.read.groups') ??
          page(
            groups()
              .filter((g) => g.tenantId === tenantId)
              .map((g) => groupDto(db, g)),
            query,
            {
              name: (g) => g.name.toLowerCase(),
              createdAt: (g) => g.createdAt,
              updatedAt: (g) => g.updatedAt,
            },
            (g) => [g.name, g.description ?? ''],
          )
        );
      }
      if (method === 'POST') {
        const refused = need('fe.secure.write.groups');
        if (refused) return refused;
        if (nameTaken(body.name as string, null)) return fail('GROUP_NAME_EXISTS');
        const group: DemoGroup = {
          id: `group-${tools.random()}`,
          tenantId,
          name: (body.name as string).trim(),
          color: (body.color as string | undefined) || null,
          description: typeof body.description === 'string' ? body.description.trim() || null : null,
          roleIds: [],
          userIds: [],
          createdAt: iso(),
          updatedAt: iso(),
        };
        groups().push(group);
        return ok(groupDto(db, group), true, 201);
      }
      return null;
    }
    // The client SDK's group configuration (both on until set) and bulkGet (the account's groups among the ids).
    if (path === '/identity/resources/groups/v1/config' && method === 'GET')
      return need('fe.secure.read.groups') ?? ok(groupConfiguration(db, tenantId));
    if (path === '/identity/resources/groups/v1/config' && method === 'POST') {
      const refused = need('fe.secure.write.groups');
      if (refused) return refused;
      const before = groupConfiguration(db, tenantId);
      const config = { ...before };
      if (typeof body.enabled === 'boolean') config.enabled = body.enabled;
      if (typeof body.rolesEnabled === 'boolean') config.rolesEnabled = body.rolesEnabled;
      // Turning groups' roles off or on takes or gives them: then the caller must hold what they grant.
      if ((before.enabled && before.rolesEnabled) !== (config.enabled && config.rolesEnabled)) {
        const groupRoleIds = new Set(
          groups()
            .filter((g) => g.tenantId === tenantId)
            .flatMap((g) => g.roleIds),
        );
        const notHeld = visibleRoles(db, tenantId)
          .filter((r) => groupRoleIds.has(r.id))
          .flatMap((r) => r.permissions)
          .find((k) => !holdsPermission(held, k));
        if (notHeld) return fail('GRANT_NOT_HELD', { permission: notHeld });
      }
      (db.groupConfigurations ??= {})[tenantId] = config;
      return ok(config, true);
    }
    if (path === '/identity/resources/groups/v1/bulkGet' && method === 'POST') {
      const refused = need('fe.secure.read.groups');
      if (refused) return refused;
      const ids = body.groupsIds as string[];
      return ok(
        groups()
          .filter((g) => g.tenantId === tenantId && ids.includes(g.id))
          .map((g) => groupDto(db, g)),
      );
    }
    if ((match = /^\/identity\/resources\/groups\/v1\/([^/]+)(\/roles|\/users)?$/.exec(path))) {
      const group = groups().find((g) => g.tenantId === tenantId && g.id === decodeURIComponent(match![1]!));
      const refused = need(
        method === 'GET'
          ? 'fe.secure.read.groups'
          : method === 'DELETE' && !match[2]
            ? 'fe.secure.delete.groups'
            : 'fe.secure.write.groups',
      );
      if (refused) return refused;
      if (!group) return fail('GROUP_NOT_FOUND');
      if (!match[2]) {
        if (method === 'GET') return ok(groupDto(db, group));
        if (method === 'DELETE') {
          db.groups = groups().filter((g) => g !== group);
          return ok({}, true);
        }
        if (method === 'PATCH') {
          if (typeof body.name === 'string' && nameTaken(body.name, group.id))
            return fail('GROUP_NAME_EXISTS');
          if (typeof body.name === 'string') group.name = body.name.trim();
          if (body.color !== undefined) group.color = (body.color as string | null) || null;
          if (body.description !== undefined)
            group.description = typeof body.description === 'string' ? body.description.trim() || null : null;
          group.updatedAt = iso();
          return ok(groupDto(db, group), true);
        }
        return null;
      }
      if (method !== 'POST' && method !== 'DELETE') return null;
      const add = method === 'POST';
      const field = match[2] === '/roles' ? 'roleIds' : 'userIds';
      const ids = body[field] as string[];
      if (field === 'roleIds') {
        const roles = visibleRoles(db, tenantId).filter((r) => ids.includes(r.id));
        if (roles.length !== ids.length) return fail('ROLES_UNKNOWN');
        const refusedKey = add
          ? roles.flatMap((r) => r.permissions).find((k) => !holdsPermission(held, k))
          : undefined;
        if (refusedKey) return fail('GRANT_NOT_HELD', { permission: refusedKey });
        group.roleIds = add
          ? [...new Set([...group.roleIds, ...ids])]
          : group.roleIds.filter((id) => !ids.includes(id));
      } else {
        if (ids.some((id) => !db.users.some((u) => u.id === id && u.tenantId === tenantId)))
          return fail('USERS_NOT_MEMBERS');
        group.userIds = add
          ? [...new Set([...group.userIds, ...ids])]
          : group.userIds.filter((id) => !ids.includes(id));
      }
      group.updatedAt = iso();
      return ok(groupDto(db, group), true);
    }

    // API tokens.
    // Access tokens (the client SDK's: their secret is the bearer) follow the same rules and
    // permissions; their list is `{ accessTokens }` and they have no client id.
    const kinds = {
      '/identity/resources/users/api-tokens/v1': ['user', 'userApiTokens', 'api'],
      '/identity/resources/tenants/api-tokens/v1': ['tenant', 'tenantApiTokens', 'api'],
      '/identity/resources/users/access-tokens/v1': ['user', 'userApiTokens', 'access'],
      '/identity/resources/tenants/access-tokens/v1': ['tenant', 'tenantApiTokens', 'access'],
    } as const;
    const base = Object.keys(kinds).find((k) => path === k || path.startsWith(`${k}/`)) as
      keyof typeof kinds | undefined;
    if (base) {
      const [type, resource, kind] = kinds[base];
      const mine = (t: DemoApiToken) =>
        t.tenantId === tenantId &&
        t.type === type &&
        (t.kind ?? 'api') === kind &&
        (type === 'tenant' || t.userId === caller.id);
      const dto = (t: DemoApiToken) => {
        const { tokenId: _tokenId, clientId: _clientId, ...access } = demoTokenDto(t);
        return kind === 'api' ? demoTokenDto(t) : access;
      };
      const tokens = () => (db.apiTokens ??= []);
      const id = path === base ? null : decodeURIComponent(path.slice(base.length + 1));
      if (id === null && method === 'GET') {
        return (
          need(`fe.secure.read.${resource}`) ??
          ok(
            (kind === 'api' ? (list: unknown) => list : (list: unknown) => ({ accessTokens: list }))(
              tokens()
                .filter(mine)
                .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
                .map(dto),
            ),
          )
        );
      }
      if (id === null && method === 'POST') {
        // The body passed the contract's schema (core/contract/requests-tokens.ts).
        const refused = need(`fe.secure.write.${resource}`);
        if (refused) return refused;
        const minutes = body.expiresInMinutes ?? null;
        const roleIds = (body.roleIds ?? []) as string[];
        const roles = visibleRoles(db, tenantId).filter((r) => roleIds.includes(r.id));
        if (roles.length !== roleIds.length) return fail('ROLES_UNKNOWN');
        const refusedKey = roles.flatMap((r) => r.permissions).find((k) => !holdsPermission(held, k));
        if (refusedKey) return fail('GRANT_NOT_HELD', { permission: refusedKey });
        const token: DemoApiToken = {
          id: `${tools.random().slice(0, 8)}-demo-${tools.random().slice(0, 12)}`,
          type,
          tenantId,
          userId: type === 'user' ? caller.id : null,
          description: (body.description as string).trim(),
          expiresInMinutes: minutes as number | null,
          roleIds,
          createdAt: iso(),
          ...(kind === 'access' ? { kind } : {}),
        };
        tokens().push(token);
        const secret = `${kind === 'access' ? 'fat_' : ''}${`${tools.random()}${tools.random()}`.slice(0, 43)}`;
        return ok({ ...dto(token), secret }, true, 201);
      }
      if (id !== null && method === 'DELETE') {
        const refused = need(`fe.secure.delete.${resource}`);
        if (refused) return refused;
        const token = tokens().find((t) => t.id === id && mine(t));
        if (!token) return fail(kind === 'api' ? 'API_TOKEN_NOT_FOUND' : 'ACCESS_TOKEN_NOT_FOUND');
        db.apiTokens = tokens().filter((t) => t !== token);
        return ok({}, true);
      }
    }
    return null;
  }

  return { handle };
}
