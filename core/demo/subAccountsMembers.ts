/**
 * The members of sub-accounts in demo mode (server/routes/hierarchy.ts and sub-tenant-users-v1.ts):
 * a sub-account's members, the members across the tree, their roles and access there; the tenant
 * switch and the custom login per account. By descriptor name; the access check
 * (core/demo/dispatch.ts) has required the descriptor's permission.
 */
import { type Answer, fail, ok } from '../contract/answer';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import { membershipsOf } from './subAccountsData';
import { addDemoSubAccountMembers } from './subAccountsManage';
import { demoSubAccountsRepository } from './subAccountsRepository';
import { demoSubAccountListsRepository } from './subAccountsLists';
import { subAccountMembers, treeMembers } from '../domain/sub-account-lists';
import {
  type CustomLogin,
  type CustomLoginRepository,
  readCustomLogin,
  saveCustomLogin,
} from '../domain/custom-login';
import { membersOfAccountBody } from '../domain/sub-accounts';
import { changeSubAccountRoles, type RoleChange, setSubAccountAccess } from '../domain/sub-account-members';

type Json = Record<string, unknown>;
type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Answer | Promise<Answer>;

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

type CustomLogins = Record<string, CustomLogin>;
/** The custom login repository (core/domain/custom-login.ts) over the page's saved custom logins. */
export function demoCustomLogins(db: DemoDatabase & { customLogin?: CustomLogins }): CustomLoginRepository {
  const saved = (db.customLogin ??= {});
  return {
    read: async (tenantId) =>
      db.tenants.some((t) => t.tenantId === tenantId)
        ? (saved[tenantId] ?? { enabled: false, loginAlias: null })
        : null,
    aliasTaken: async (tenantId, alias) =>
      Object.entries(saved).some(
        ([id, c]) => id !== tenantId && c.loginAlias?.toLowerCase() === alias.toLowerCase(),
      ),
    save: async (tenantId, login) => (saved[tenantId] = { ...login }),
  };
}

const listsOf = (db: DemoDatabase) => ({
  ...demoSubAccountsRepository(db),
  ...demoSubAccountListsRepository(db),
});

/** The member routes of a signed-in caller, by descriptor name. */
export function demoSubAccountMemberRoutes(): DemoRoutes<SignedIn> {
  return {
    getSubTenantsByTenantIdUsers: async (db, user, { params, query }) =>
      ok(await subAccountMembers(listsOf(db), user.tenantId, params.tenantId!, query)),
    postSubTenantsByTenantIdUsers: async (db, user, { params, body }) => {
      // A member of the caller's account or of an account above this one (core/domain/sub-accounts.ts).
      await addDemoSubAccountMembers(db, user, membersOfAccountBody(params.tenantId!, body as never));
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
    getSubTenantsUsers: async (db, user, { query }) =>
      ok(await treeMembers(demoSubAccountListsRepository(db), user.tenantId, query)),
    patchSubTenantsUsersByUserIdRoles: clientRoles('set'),
    postSubTenantsUsersByUserIdRoles: clientRoles('add'),
    deleteSubTenantsUsersByUserIdRoles: clientRoles('remove'),
    putSubTenantsUsersByUserIdAccess: access((user) => user.tenantId),
    putUsersTenant: (db, user, { body }) => switchTo(db, user, body),
    getTenantsAccountSettingsCustomLogin: async (db, user) =>
      ok(await readCustomLogin(demoCustomLogins(db), user.tenantId)),
    putTenantsAccountSettingsCustomLogin: async (db, user, { body }) =>
      ok(await saveCustomLogin(demoCustomLogins(db), user.tenantId, body as unknown as CustomLogin), true),
  };
}
