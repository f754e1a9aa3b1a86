/**
 * The members of sub-accounts in demo mode (server/routes/hierarchy.ts and sub-tenant-users-v1.ts):
 * a sub-account's members, the members across the tree, their roles and access there; the tenant
 * switch and the custom login per account. By descriptor name; the access check
 * (core/demo/dispatch.ts) has required the descriptor's permission.
 */
import { type Answer, fail, ok } from '../contract/answer';
import { DEMO_ROLES, type DemoDatabase, type DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import { type DemoMembership, membershipsOf, within } from './subAccountsData';
import { addDemoSubAccountMembers } from './subAccountsManage';
import { demoSubAccountsRepository } from './subAccountsRepository';
import { changeSubAccountRoles, type RoleChange, setSubAccountAccess } from '../domain/sub-account-members';

type Json = Record<string, unknown>;
type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Answer | Promise<Answer>;

const rolesOf = (keys: string[]) =>
  keys.map((key) => ({ id: `role-${key}`, key, name: DEMO_ROLES[key]?.name ?? key }));

/** A sub-account's members, 10 a page unless told, by name. */
const users: SignedIn = (db, user, { params, query }) => {
  const tenantId = params.tenantId!;
  if (!within(db, user.tenantId, tenantId)) return fail('SUB_ACCOUNT_NOT_FOUND');
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
    roles: rolesOf(m.roleKeys),
    subAccountAccessAllowed: m.accessAllowed,
  }));
  return ok({
    items,
    _metadata: { totalItems: members.length, totalPages: Math.ceil(members.length / limit) },
  });
};

/** Every member of the active account's tree, once each, with their accounts in it (server: listTreeUsers). */
const treeUsers: SignedIn = (db, user, { query }) => {
  const rootId = user.tenantId;
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
        roles: rolesOf(ms.roleKeys),
        activated: true,
        lastLogin: null,
      })),
    };
  });
  const totalPages = Math.ceil(people.length / limit);
  return ok({ items, totalPages, _metadata: { totalItems: people.length, totalPages } });
};

/** A member's roles in accounts of the caller's tree (core/domain/sub-account-members.ts), stored. */
const roles =
  (mode: RoleChange, entriesOf: (request: DemoRequest) => Array<{ tenantId: string; roleIds: string[] }>) =>
  async (
    db: DemoDatabase,
    user: DemoUser,
    request: DemoRequest,
    answer: (changed: Array<{ tenantId: string; roleIds: string[] }>) => Json,
  ) =>
    ok(
      answer(
        await changeSubAccountRoles(demoSubAccountsRepository(db), {
          rootId: user.tenantId,
          userId: request.params.userId!,
          mode,
          entries: entriesOf(request),
        }),
      ),
      true,
    );

/** The client SDK's roles across accounts: PATCH sets the roles, POST adds them, DELETE takes them away. */
const clientRoles =
  (mode: RoleChange): SignedIn =>
  (db, user, request) =>
    roles(mode, ({ body }) => body.subTenantsRoles as Array<{ tenantId: string; roleIds: string[] }>)(
      db,
      user,
      request,
      (subTenantsRoles) => ({ subTenantsRoles }),
    );

/** Allows or denies a member's access to an account of the caller's tree, stored. */
const access =
  (tenantOf: (user: DemoUser, request: DemoRequest) => string): SignedIn =>
  async (db, user, request) =>
    ok(
      await setSubAccountAccess(demoSubAccountsRepository(db), {
        rootId: user.tenantId,
        tenantId: tenantOf(user, request),
        userId: request.params.userId!,
        allowed: request.body.allowAccess as boolean,
      }),
      true,
    );

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
const customLogins = (db: DemoDatabase & { customLogin?: CustomLogins }) => (db.customLogin ??= {});

const saveCustomLogin: SignedIn = (db, user, { body }) => {
  const saved = customLogins(db);
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
};

/** The member routes of a signed-in caller, by descriptor name. */
export function demoSubAccountMemberRoutes(): DemoRoutes<SignedIn> {
  return {
    getSubTenantsByTenantIdUsers: users,
    postSubTenantsByTenantIdUsers: async (db, user, { params, body }) => {
      // A member of the caller's account or of an account above this one (core/domain/sub-accounts.ts).
      await addDemoSubAccountMembers(db, user, params.tenantId!, body);
      return ok({}, true, 201);
    },
    putSubTenantsByTenantIdUsersByUserIdRoles: (db, user, request) =>
      roles('set', ({ params, body }) => [{ tenantId: params.tenantId!, roleIds: body.roleIds as string[] }])(
        db,
        user,
        request,
        ([changed]) => ({ roleIds: changed!.roleIds }),
      ),
    putSubTenantsByTenantIdUsersByUserIdAccess: access((_user, { params }) => params.tenantId!),
    getSubTenantsUsers: treeUsers,
    patchSubTenantsUsersByUserIdRoles: clientRoles('set'),
    postSubTenantsUsersByUserIdRoles: clientRoles('add'),
    deleteSubTenantsUsersByUserIdRoles: clientRoles('remove'),
    putSubTenantsUsersByUserIdAccess: access((user) => user.tenantId),
    putUsersTenant: (db, user, { body }) => switchTo(db, user, body),
    getTenantsAccountSettingsCustomLogin: (db, user) =>
      ok(customLogins(db)[user.tenantId] ?? { enabled: false, loginAlias: null }),
    putTenantsAccountSettingsCustomLogin: saveCustomLogin,
  };
}
