import { type Answer, fail, ok } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import { DEMO_ROLES, type DemoDatabase, type DemoUser } from './data';
import {
  type DemoMembership,
  type DemoTenant,
  membershipsOf,
  permissionsOf,
  READ,
  within,
  WRITE,
} from './subAccountsData';
import { addDemoSubAccountMembers, subAccountManageRoute } from './subAccountsManage';
import { subAccountOrder, type TenantType } from '../domain/sub-accounts';

export { tenantsOfUser } from './subAccountsData';
// The users list's rows and scope (core/demo/usersRows.ts), next to the accounts they read.
export { listedUsers, rowExtras } from './usersRows';

/**
 * Sub-accounts, tenant switching and custom login in demo mode, with the reference server's rules
 * (server/routes/hierarchy.ts, server/routes/portal-config.ts): the same paths, permissions,
 * paging (50 accounts, 10 users), next links and messages.
 */

type Json = Record<string, unknown>;

const HIERARCHY = '/tenants/resources/hierarchy/v2';

/** Hierarchy v1 in demo mode: the flat list with levels, the tree, the parents up to the active account. */
function hierarchyV1(db: DemoDatabase, user: DemoUser, rest: string): Answer {
  if (!holdsPermission(permissionsOf(user), READ))
    return fail('PERMISSION_REQUIRED', { permission: 'fe.account-hierarchy.read.subAccount' });
  const tenants = db.tenants as DemoTenant[];
  const created = (t: DemoTenant) => t.createdAt ?? new Date(0).toISOString();
  const childrenOf = (id: string) =>
    tenants.filter((t) => t.parentTenantId === id).sort((a, b) => a.name.localeCompare(b.name));
  const root = tenants.find((t) => t.tenantId === user.tenantId);
  if (!root) return fail('SUB_ACCOUNT_NOT_FOUND');
  if (rest === '') {
    const flat: Array<{ tenantId: string; tenantName: string; createdAt: string; level: number }> = [];
    let level = 1;
    let layer = childrenOf(root.tenantId);
    while (layer.length && level < 100) {
      flat.push(
        ...layer.map((t) => ({ tenantId: t.tenantId, tenantName: t.name, createdAt: created(t), level })),
      );
      layer = layer.flatMap((t) => childrenOf(t.tenantId));
      level += 1;
    }
    return ok(flat);
  }
  if (rest === '/tree') {
    const node = (t: DemoTenant, depth: number): unknown => ({
      tenantId: t.tenantId,
      tenantName: t.name,
      createdAt: created(t),
      children: depth < 100 ? childrenOf(t.tenantId).map((c) => node(c, depth + 1)) : [],
    });
    return ok(node(root, 0));
  }
  const parents = /^\/parents(?:\/([^/]+))?$/.exec(rest);
  if (!parents) return fail('NOT_FOUND');
  const from = parents[1] ? decodeURIComponent(parents[1]) : root.tenantId;
  if (!within(db, root.tenantId, from)) return fail('SUB_ACCOUNT_NOT_FOUND');
  const chain = [];
  let current = tenants.find((t) => t.tenantId === from);
  for (let level = 1; current && current.tenantId !== root.tenantId && level < 100; level += 1) {
    const parent = tenants.find((t) => t.tenantId === current!.parentTenantId);
    if (!parent) break;
    chain.push({
      tenantId: parent.tenantId,
      tenantName: parent.name,
      level,
      status: 'active',
      createdAt: created(parent),
    });
    current = parent;
  }
  return ok(chain);
}

function describe(db: DemoDatabase, tenant: DemoTenant) {
  return {
    id: tenant.tenantId,
    tenantId: tenant.tenantId,
    name: tenant.name,
    parentTenantId: tenant.parentTenantId ?? null,
    createdAt: tenant.createdAt ?? new Date(0).toISOString(),
    numberOfUsers: membershipsOf(db).filter((m) => m.tenantId === tenant.tenantId).length,
    numberOfChildren: (db.tenants as DemoTenant[]).filter((t) => t.parentTenantId === tenant.tenantId).length,
    metadata: JSON.parse(tenant.metadata ?? '{}') as unknown,
    tenantType: tenant.tenantType ?? null,
  };
}

function search(db: DemoDatabase, user: DemoUser, query: Record<string, string>): Answer {
  if (!holdsPermission(permissionsOf(user), READ))
    return fail('PERMISSION_REQUIRED', { permission: 'fe.account-hierarchy.read.subAccount' });
  const rootId = user.tenantId;
  if (query._subTenantId && !within(db, rootId, query._subTenantId)) return fail('SUB_ACCOUNT_NOT_FOUND');
  const limit = Math.min(200, Math.max(1, Number(query._limit ?? 50)));
  const offset = Number(query._offset ?? 0);
  const filter = (query._filter ?? '').trim().toLowerCase();
  // The client SDK's _sortBy / _order (core/domain/sub-accounts.ts), then by id as on the server.
  const { sortBy, order } = subAccountOrder(query);
  const compare = (a: DemoTenant, b: DemoTenant) =>
    sortBy === 'name'
      ? a.name.toLowerCase().localeCompare(b.name.toLowerCase())
      : String(sortBy === 'createdAt' ? a.createdAt : a.tenantId).localeCompare(
          String(sortBy === 'createdAt' ? b.createdAt : b.tenantId),
        );
  const all = (db.tenants as DemoTenant[]).filter(
    (t) => t.tenantId !== rootId && within(db, rootId, t.tenantId),
  );
  const matching = (
    filter
      ? all.filter((t) => t.name.toLowerCase().includes(filter))
      : all.filter((t) => t.parentTenantId === (query._subTenantId ?? rootId))
  ).sort((a, b) => compare(a, b) * (order === 'DESC' ? -1 : 1) || (a.tenantId < b.tenantId ? -1 : 1));
  const items = matching.slice(offset, offset + limit).map((t) => describe(db, t));
  const next = new URLSearchParams({ _offset: String(offset + limit), _limit: String(limit) });
  if (query._subTenantId) next.set('_subTenantId', query._subTenantId);
  if (query._filter) next.set('_filter', query._filter);
  if (query._sortBy) next.set('_sortBy', query._sortBy);
  if (query._order) next.set('_order', query._order);
  return ok({
    items,
    _links: { next: offset + limit < matching.length ? `${HIERARCHY}?${next}` : '' },
    _metadata: { totalItems: matching.length, totalPages: Math.ceil(matching.length / limit) },
  });
}

function create(
  db: DemoDatabase,
  user: DemoUser,
  body: Json,
  now: () => number,
  random: () => string,
): Answer {
  if (!holdsPermission(permissionsOf(user), WRITE))
    return fail('PERMISSION_REQUIRED', { permission: 'fe.account-hierarchy.write.subAccount' });
  // The body passed the contract's schema (core/contract/requests-hierarchy.ts); a blank name is the route's refusal.
  if (typeof body.name !== 'string' || !body.name.trim()) return fail('SUB_ACCOUNT_NAME_REQUIRED');
  const parentTenantId = typeof body.parentTenantId === 'string' ? body.parentTenantId : user.tenantId;
  if (!within(db, user.tenantId, parentTenantId)) return fail('SUB_ACCOUNT_NOT_FOUND');
  // The id the client chose (checked by the contract's schema) names the account; taken: 409.
  const chosen = typeof body.tenantId === 'string' ? body.tenantId.trim() : '';
  if (chosen && db.tenants.some((t) => t.id.toLowerCase() === chosen.toLowerCase()))
    return fail('SUB_ACCOUNT_ID_TAKEN');
  const tenantId = chosen || random();
  const tenant: DemoTenant = {
    id: tenantId,
    tenantId,
    name: body.name.trim(),
    parentTenantId,
    isReseller: false,
    metadata: '{}',
    vendorId: 'demo-vendor',
    createdAt: new Date(now()).toISOString(),
    // The client SDK's TenantType, checked by the contract's schema.
    ...(typeof body.tenantType === 'string' ? { tenantType: body.tenantType as TenantType } : {}),
  };
  db.tenants.push(tenant);
  membershipsOf(db).push({ userId: user.id, tenantId, roleKeys: ['Admin'], accessAllowed: true });
  return { status: 201, body: describe(db, tenant), save: true };
}

function users(db: DemoDatabase, tenantId: string, query: Record<string, string>): Answer {
  const limit = Math.min(200, Math.max(1, Number(query._limit ?? 10)));
  const offset = Number(query._offset ?? 0);
  const members = membershipsOf(db)
    .filter((m) => m.tenantId === tenantId)
    .map((m) => ({ m, u: db.users.find((u) => u.id === m.userId) }))
    .filter((x): x is { m: DemoMembership; u: DemoUser } => !!x.u)
    .sort((a, b) => a.u.name.toLowerCase().localeCompare(b.u.name.toLowerCase()));
  const items = members.slice(offset, offset + limit).map(({ m, u }) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    tenantId,
    roles: m.roleKeys.map((key) => ({ id: `role-${key}`, key, name: DEMO_ROLES[key]?.name ?? key })),
    subAccountAccessAllowed: m.accessAllowed,
  }));
  return ok({
    items,
    _metadata: { totalItems: members.length, totalPages: Math.ceil(members.length / limit) },
  });
}

/** Every member of the active account's tree, once each, with their accounts in it (server: listTreeUsers). */
function treeUsers(db: DemoDatabase, rootId: string, query: Record<string, string>): Answer {
  const limit = Math.min(200, Math.max(1, Number(query._limit ?? 10)));
  const offset = Number(query._offset ?? 0);
  const filter = (query._filter ?? '').trim().toLowerCase();
  const inTree = membershipsOf(db).filter((ms) => within(db, rootId, ms.tenantId));
  const sortKey = (u: DemoUser) =>
    query._sortBy === 'email' ? u.email.toLowerCase() : (u.name || u.email).toLowerCase();
  const people = db.users
    .filter((u) => inTree.some((ms) => ms.userId === u.id))
    .filter((u) => !filter || u.email.toLowerCase().includes(filter) || u.name.toLowerCase().includes(filter))
    .sort((a, b) => sortKey(a).localeCompare(sortKey(b)) * (query._order?.toUpperCase() === 'DESC' ? -1 : 1));
  const items = people.slice(offset, offset + limit).map((u) => {
    const mine = inTree
      .filter((ms) => ms.userId === u.id)
      .sort((a, b) => Number(b.tenantId === rootId) - Number(a.tenantId === rootId));
    return {
      id: u.id,
      sub: u.id,
      email: u.email,
      name: u.name,
      verified: true,
      mfaEnrolled: false,
      provider: u.provider ?? 'local',
      metadata: '{}',
      tenantId: mine[0]!.tenantId,
      tenantIds: mine.map((ms) => ms.tenantId),
      tenants: mine.map((ms) => ({
        tenantId: ms.tenantId,
        roles: ms.roleKeys.map((key) => ({ id: `role-${key}`, key, name: DEMO_ROLES[key]?.name ?? key })),
        activated: true,
        lastLogin: null,
      })),
    };
  });
  const totalPages = Math.ceil(people.length / limit);
  return ok({ items, totalPages, _metadata: { totalItems: people.length, totalPages } });
}

function changeMember(db: DemoDatabase, tenantId: string, userId: string, what: string, body: Json): Answer {
  const membership = membershipsOf(db).find((m) => m.tenantId === tenantId && m.userId === userId);
  if (!membership) return fail('SUB_ACCOUNT_USER_NOT_FOUND');
  if (what === 'roles') {
    const ids = body.roleIds as string[]; // checked by the contract (core/contract/requests-hierarchy.ts)
    const keys = (ids as string[]).filter((id) => id !== '').map((id) => id.replace(/^role-/, ''));
    if (keys.some((key) => !DEMO_ROLES[key])) return fail('ROLES_UNKNOWN');
    membership.roleKeys = keys;
    return ok({ roleIds: keys.map((key) => `role-${key}`) }, true);
  }
  membership.accessAllowed = body.allowAccess as boolean;
  return ok({ allowAccess: body.allowAccess }, true);
}

/** PUT users v1/tenant: the demo user's active tenant (and the roles held there) become the target's. */
export function switchTo(db: DemoDatabase, user: DemoUser, body: Json): Answer {
  const memberships = membershipsOf(db);
  const target = memberships.find(
    (m) => m.userId === user.id && m.tenantId === body.tenantId && m.accessAllowed,
  );
  if (!target) return fail('NOT_ACCOUNT_MEMBER');
  const current = memberships.find((m) => m.userId === user.id && m.tenantId === user.tenantId);
  if (current) current.roleKeys = [...user.roleKeys];
  user.tenantId = target.tenantId;
  user.roleKeys = [...target.roleKeys];
  return ok({ tenantId: target.tenantId }, true);
}

type CustomLogins = Record<string, { enabled: boolean; loginAlias: string | null }>;

function customLogin(
  db: DemoDatabase & { customLogin?: CustomLogins },
  user: DemoUser,
  method: string,
  body: Json,
): Answer {
  const saved = (db.customLogin ??= {});
  if (method === 'GET') return ok(saved[user.tenantId] ?? { enabled: false, loginAlias: null });
  if (!holdsPermission(permissionsOf(user), 'fe.secure.write.accountSettings'))
    return fail('PERMISSION_REQUIRED', { permission: 'fe.secure.write.accountSettings' });
  // The body passed the contract's schema (core/contract/requests-portal.ts).
  if (body.enabled && !body.loginAlias) return fail('LOGIN_ALIAS_REQUIRED');
  if (
    body.loginAlias &&
    Object.entries(saved).some(([id, c]) => id !== user.tenantId && c.loginAlias === body.loginAlias)
  ) {
    return fail('LOGIN_ALIAS_TAKEN');
  }
  saved[user.tenantId] = { enabled: body.enabled as boolean, loginAlias: body.loginAlias as string | null };
  return ok(saved[user.tenantId], true);
}

/**
 * The demo handler for a sub-account, switch or custom-login request, or null when the path is
 * not one of them. `user` is the caller (null: not signed in).
 */
export function subAccountRoute(
  method: string,
  path: string,
):
  | ((
      db: DemoDatabase,
      user: DemoUser,
      body: Json,
      query: Record<string, string>,
      env: { now: () => number; random: () => string },
    ) => Answer | Promise<Answer>)
  | null {
  const m = method.toUpperCase();
  const managed = subAccountManageRoute(m, path);
  if (managed) return managed;
  if (m === 'GET' && path === HIERARCHY) return (db, user, _b, query) => search(db, user, query);
  if (m === 'GET' && path === `${HIERARCHY}/metadata`) {
    const below = (db: DemoDatabase, tenantId: string) =>
      db.tenants.filter((t) => t.tenantId !== tenantId && within(db, tenantId, t.tenantId)).length;
    return (db, user, _b, query) => {
      if (!holdsPermission(permissionsOf(user), READ))
        return fail('PERMISSION_REQUIRED', { permission: 'fe.account-hierarchy.read.subAccount' });
      if (query._tenantIds === undefined) return ok({ totalSubTenants: below(db, user.tenantId) });
      // The client SDK's form (server/routes/hierarchy.ts): one entry per account asked for.
      const ids = [...new Set(query._tenantIds.split(','))];
      if (ids.some((id) => !within(db, user.tenantId, id))) return fail('SUB_ACCOUNT_NOT_FOUND');
      return ok(
        ids.map((tenantId) => ({
          tenantId,
          totalSubTenants: below(db, tenantId),
          isParent: below(db, tenantId) > 0,
        })),
      );
    };
  }
  // The client SDK's hierarchy v1 reads and users count (server/routes/hierarchy-v1.ts).
  if (m === 'GET' && path.startsWith('/tenants/resources/hierarchy/v1'))
    return (db, user) => hierarchyV1(db, user, path.slice('/tenants/resources/hierarchy/v1'.length));
  if (m === 'POST' && path === '/identity/resources/tenants/users/v1/count')
    return (db, user, body) => {
      if (!holdsPermission(permissionsOf(user), READ))
        return fail('PERMISSION_REQUIRED', { permission: 'fe.account-hierarchy.read.subAccount' });
      // Checked by the contract (core/contract/requests-hierarchy.ts); an id asked twice is counted once.
      const ids = [...new Set(body.tenantIds as string[])];
      if (ids.some((id) => !within(db, user.tenantId, id))) return fail('SUB_ACCOUNT_NOT_FOUND');
      return ok(
        ids.map((tenantId) => ({
          tenantId,
          totalUsers: membershipsOf(db).filter((ms) => ms.tenantId === tenantId).length,
          totalAccessAllowedUsers: membershipsOf(db).filter(
            (ms) => ms.tenantId === tenantId && ms.accessAllowed,
          ).length,
        })),
      );
    };
  // The client SDK's members across the tree (subTenants.loadAllUsers): each once, with their accounts there.
  if (m === 'GET' && path === '/identity/resources/sub-tenants/users/v1')
    return (db, user, _b, query) => {
      if (!holdsPermission(permissionsOf(user), READ))
        return fail('PERMISSION_REQUIRED', { permission: 'fe.account-hierarchy.read.subAccount' });
      return treeUsers(db, user.tenantId, query);
    };
  // The client SDK's sub-account member calls (server/routes/sub-tenant-users-v1.ts).
  const clientMember = /^\/identity\/resources\/sub-tenants\/users\/v1\/([^/]+)\/(roles|access)$/.exec(path);
  if (
    clientMember &&
    ((['PATCH', 'POST', 'DELETE'].includes(m) && clientMember[2] === 'roles') ||
      (m === 'PUT' && clientMember[2] === 'access'))
  )
    return (db, user, body) => {
      if (!holdsPermission(permissionsOf(user), WRITE))
        return fail('PERMISSION_REQUIRED', { permission: 'fe.account-hierarchy.write.subAccount' });
      const userId = decodeURIComponent(clientMember[1]!);
      if (clientMember[2] === 'access') return changeMember(db, user.tenantId, userId, 'access', body);
      const list = body.subTenantsRoles as Array<{ tenantId?: unknown; roleIds?: unknown }>;
      for (const entry of list) {
        if (typeof entry.tenantId !== 'string' || !within(db, user.tenantId, entry.tenantId))
          return fail('SUB_ACCOUNT_NOT_FOUND');
        if (!membershipsOf(db).some((ms) => ms.tenantId === entry.tenantId && ms.userId === userId))
          return fail('SUB_ACCOUNT_USER_NOT_FOUND');
      }
      const subTenantsRoles = [];
      for (const entry of list) {
        // PATCH sets the roles, POST adds them, DELETE takes them away.
        const held = membershipsOf(db)
          .find((ms) => ms.tenantId === entry.tenantId && ms.userId === userId)!
          .roleKeys.map((key) => `role-${key}`);
        const named = Array.isArray(entry.roleIds) ? (entry.roleIds as unknown[]) : null;
        const roleIds =
          m === 'PATCH' || !named
            ? entry.roleIds
            : m === 'POST'
              ? [...new Set([...held, ...named])]
              : held.filter((id) => !named.includes(id));
        const answer = changeMember(db, entry.tenantId as string, userId, 'roles', { roleIds });
        if (answer.status !== 200) return answer;
        subTenantsRoles.push({
          tenantId: entry.tenantId,
          roleIds: (answer.body as { roleIds: string[] }).roleIds,
        });
      }
      return ok({ subTenantsRoles }, true);
    };
  if (m === 'POST' && path === '/tenants/resources/sub-tenants/v1')
    return (db, user, body, _q, env) => create(db, user, body, env.now, env.random);
  if (m === 'PUT' && path === '/identity/resources/users/v1/tenant')
    return (db, user, body) => switchTo(db, user, body);
  if ((m === 'GET' || m === 'PUT') && path === '/tenants/resources/account-settings/v1/custom-login')
    return (db, user, body) => customLogin(db, user, m, body);
  const member =
    /^\/identity\/resources\/sub-tenants\/v1\/([^/]+)\/users(?:\/([^/]+)\/(roles|access))?$/.exec(path);
  if (!member) return null;
  const tenantId = decodeURIComponent(member[1]!);
  if (m === 'GET' && !member[2]) {
    return (db, user, _b, query) => {
      if (!holdsPermission(permissionsOf(user), READ))
        return fail('PERMISSION_REQUIRED', { permission: 'fe.account-hierarchy.read.subAccount' });
      return within(db, user.tenantId, tenantId) ? users(db, tenantId, query) : fail('SUB_ACCOUNT_NOT_FOUND');
    };
  }
  if (m === 'POST' && !member[2]) {
    return async (db, user, body) => {
      if (!holdsPermission(permissionsOf(user), WRITE))
        return fail('PERMISSION_REQUIRED', { permission: 'fe.account-hierarchy.write.subAccount' });
      // A member of the caller's account or of an account above this one (core/domain/sub-accounts.ts).
      await addDemoSubAccountMembers(db, user, tenantId, body);
      return ok({}, true, 201);
    };
  }
  if (m === 'PUT' && member[2]) {
    return (db, user, body) => {
      if (!holdsPermission(permissionsOf(user), WRITE))
        return fail('PERMISSION_REQUIRED', { permission: 'fe.account-hierarchy.write.subAccount' });
      if (!within(db, user.tenantId, tenantId)) return fail('SUB_ACCOUNT_NOT_FOUND');
      return changeMember(db, tenantId, decodeURIComponent(member[2]!), member[3]!, body);
    };
  }
  return null;
}
