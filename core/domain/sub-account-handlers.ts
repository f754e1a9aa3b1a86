/**
 * The sub-accounts' routes (core/contract/routes/hierarchy.ts; the users count and custom login of
 * platform.ts, the account switch of account.ts), written once for the server and demo mode
 * (core/domain/handlers.ts). Every sub-account call acts within the caller's active account's tree
 * (another tree is 404, never shown); the member routes apply the users page's rule of who may
 * act on whom and what may be granted (server/domain/grants.ts, core/domain/grants.ts). The rules
 * are core/domain/sub-accounts.ts, sub-account-create.ts, sub-account-members.ts,
 * sub-account-lists.ts, sub-account-tree.ts and custom-login.ts; the storage is the ports'
 * (core/domain/sub-account-store.ts `subAccountAreaPorts`, over a backend's platform). Reading needs
 * fe.account-hierarchy.read.subAccount, changing fe.account-hierarchy.write.subAccount (the route
 * table checks them). What is each backend's own (its platform's `subAccounts`): the tree below an
 * account (the server's recursive query), the id of an account the client names (the server's
 * name-based UUID, server/domain/hierarchy.ts; demo ids are no UUIDs: the name is the id) and the
 * session the switch moves; custom login per account is on with the feature flag
 * admin_portal_login_per_tenant.
 */
import { contractError } from '../contract/errors';
import { type CustomLoginRepository, readCustomLogin, saveCustomLogin } from './custom-login';
import { assertHoldsAll } from './grants';
import { answer, type AreaHandler, type AreaHandlers, type HandlerCall } from './handlers';
import { refuseStayingImpersonation } from './impersonation';
import { createSubAccount, type SubAccountCreationRepository } from './sub-account-create';
import {
  searchSubAccounts,
  type SubAccountListsRepository,
  subAccountMembers,
  treeMembers,
} from './sub-account-lists';
import {
  changeSubAccountRoles,
  type RoleChange,
  setSubAccountAccess,
  subAccountsMetadata,
  subAccountUserCounts,
} from './sub-account-members';
import { hierarchyFlat, hierarchyParents, hierarchyTree } from './sub-account-tree';
import {
  addSubAccountMembers,
  deleteSubAccount,
  membersOfAccountBody,
  membersOfV1Body,
  membersOfV2Body,
  type NewMembers,
  removeSubAccountMember,
  renameSubAccount,
  type SubAccountsRepository,
  type TenantType,
} from './sub-accounts';
import { assertMayActOnMember, type MemberAction } from './team-members';

export interface SubAccountHandlerPorts {
  /** The accounts, their memberships and lists, and the creation of one. */
  accounts: SubAccountsRepository & SubAccountListsRepository & SubAccountCreationRepository;
  customLogins: CustomLoginRepository;
  /** The caller as its access token has it: role keys and permissions in its active account. */
  caller: {
    roles: readonly string[];
    held: readonly string[];
    activeTenantId: string | null;
    /** An impersonated session (the access token's actor claim). */
    impersonating: boolean;
  };
  /** The permission keys the member holds in the account (none when not a member). */
  memberKeys(tenantId: string, userId: string): Promise<readonly string[]>;
  /** The permission keys these roles of the account grant (ids that are not its roles grant nothing). */
  grantedBy(tenantId: string, roleIds: string[]): Promise<Iterable<string>>;
  /** The id of the account the client names `chosen` below `parentId` (the server: a name-based UUID). */
  accountIdOf(parentId: string, chosen: string): string;
  /** Whether custom login per account is on for the caller (the flag admin_portal_login_per_tenant). */
  customLoginOn(): Promise<boolean>;
  /** Whether the caller may act in the account: a member there, access allowed, invitation accepted. */
  mayActIn(tenantId: string): Promise<boolean>;
  /** The caller's session acts in the account from now on. */
  switchTo(tenantId: string): Promise<void>;
}

type Handler = AreaHandler<SubAccountHandlerPorts>;
type Roles = Array<{ tenantId: string; roleIds: string[] }>;

/** The server's rule of who may act on `userId` (server/domain/grants.ts rule 3). */
const mayActOn =
  (p: SubAccountHandlerPorts, call: HandlerCall, userId: string) =>
  (tenantId: string, action: MemberAction) =>
    assertMayActOnMember(
      { userId: call.userId, activeTenantId: p.caller.activeTenantId, held: p.caller.held },
      tenantId,
      userId,
      action,
      () => p.memberKeys(tenantId, userId),
    );
/** The server's rule of what the caller may grant (server/domain/grants.ts rule 1). */
const mayGrant = (p: SubAccountHandlerPorts) => async (tenantId: string, roleIds: string[]) =>
  assertHoldsAll(p.caller.held, await p.grantedBy(tenantId, roleIds));
const guards = (p: SubAccountHandlerPorts, call: HandlerCall, userId: string) => ({
  mayActOn: mayActOn(p, call, userId),
  mayGrant: mayGrant(p),
});

/** Adds people to accounts of the caller's tree (core/domain/sub-accounts.ts addSubAccountMembers): 201 `{}`. */
const addMembers =
  (membersOf: (call: HandlerCall) => NewMembers): Handler =>
  async (p, call) => {
    const input = { ...membersOf(call), rootId: call.tenantId, mayGrant: mayGrant(p) };
    await addSubAccountMembers(p.accounts, input);
    return answer({}, 201);
  };

/** Ends a member's place in the accounts named (and those below each): `{}`. */
const removeMember =
  (of: (call: HandlerCall) => { userId: string; tenantIds: string[] }): Handler =>
  async (p, call) => {
    const { userId, tenantIds } = of(call);
    await removeSubAccountMember(p.accounts, {
      rootId: call.tenantId,
      userId,
      tenantIds,
      mayRemove: (tenantId) => mayActOn(p, call, userId)(tenantId, 'remove'),
    });
    return answer({});
  };

/** A member's roles in accounts of the caller's tree (core/domain/sub-account-members.ts). */
const changeRoles =
  (mode: RoleChange, entriesOf: (call: HandlerCall) => Roles, shape: (changed: Roles) => unknown): Handler =>
  async (p, call) => {
    const userId = call.params.userId!;
    const changed = await changeSubAccountRoles(p.accounts, {
      rootId: call.tenantId,
      userId,
      mode,
      entries: entriesOf(call),
      ...guards(p, call, userId),
    });
    return answer(shape(changed));
  };

/** The client SDK's roles across accounts: PATCH sets them, POST adds them, DELETE takes them away. */
const clientRoles = (mode: RoleChange) =>
  changeRoles(
    mode,
    ({ body }) => body.subTenantsRoles as Roles,
    (subTenantsRoles) => ({ subTenantsRoles }),
  );

/** Allows or denies a member's access to an account of the caller's tree. */
const access =
  (accountOf: (call: HandlerCall) => string): Handler =>
  async (p, call) => {
    const userId = call.params.userId!;
    return answer(
      await setSubAccountAccess(p.accounts, {
        rootId: call.tenantId,
        tenantId: accountOf(call),
        userId,
        allowed: call.body.allowAccess as boolean,
        ...guards(p, call, userId),
      }),
    );
  };

/** The custom login routes' account: the caller's, while the feature is on (403 otherwise). */
async function customLoginAccount(p: SubAccountHandlerPorts, { tenantId }: HandlerCall): Promise<string> {
  if (!(await p.customLoginOn())) throw contractError('CUSTOM_LOGIN_DISABLED');
  return tenantId;
}

export const SUB_ACCOUNT_HANDLERS: AreaHandlers<SubAccountHandlerPorts> = {
  // The All accounts page: the children (or a search across the tree), the counts, the members.
  getTenantsHierarchyV2: async (p, { tenantId, query }) =>
    answer(await searchSubAccounts(p.accounts, tenantId, query)),
  getTenantsHierarchyMetadata: async (p, { tenantId, query }) =>
    answer(await subAccountsMetadata(p.accounts, tenantId, query._tenantIds)),
  // The client SDK's hierarchy v1 reads and users count.
  getTenantsHierarchyV1: async (p, { tenantId }) => answer(await hierarchyFlat(p.accounts, tenantId)),
  getTenantsHierarchyTree: async (p, { tenantId }) => answer(await hierarchyTree(p.accounts, tenantId)),
  getTenantsHierarchyParents: async (p, { tenantId }) =>
    answer(await hierarchyParents(p.accounts, tenantId, tenantId)),
  getTenantsHierarchyParentsByTenantId: async (p, { tenantId, params }) =>
    answer(await hierarchyParents(p.accounts, tenantId, params.tenantId!)),
  postTenantsUsersCount: async (p, { tenantId, body }) =>
    answer(await subAccountUserCounts(p.accounts, tenantId, body.tenantIds as string[])),
  // Creating (the client SDK's createSubTenant may name the id), renaming and deleting accounts.
  postTenantsSubTenants: async (p, { tenantId, userId, body }) => {
    const creator = { sub: userId, roles: p.caller.roles, permissions: p.caller.held };
    const input = { rootId: tenantId, creator, body: body as never, idOf: p.accountIdOf };
    return answer(await createSubAccount(p.accounts, input), 201);
  },
  patchTenantsSubTenantsByTenantId: async (p, { tenantId, params, body }) =>
    answer(
      await renameSubAccount(
        p.accounts,
        tenantId,
        params.tenantId!,
        body.name as string,
        body.tenantType as TenantType | undefined,
      ),
    ),
  deleteTenantsSubTenantsByTenantId: async (p, { tenantId, params }) => {
    await deleteSubAccount(p.accounts, tenantId, params.tenantId!);
    return answer({});
  },
  // The members of one account ("selected-account users limit 10").
  getSubTenantsByTenantIdUsers: async (p, { tenantId, params, query }) =>
    answer(await subAccountMembers(p.accounts, tenantId, params.tenantId!, query)),
  postSubTenantsByTenantIdUsers: addMembers(({ params, body }) =>
    membersOfAccountBody(params.tenantId!, body as never),
  ),
  deleteSubTenantsByTenantIdUsersByUserId: removeMember(({ params }) => ({
    userId: params.userId!,
    tenantIds: [params.tenantId!],
  })),
  putSubTenantsByTenantIdUsersByUserIdRoles: changeRoles(
    'set',
    ({ params, body }) => [{ tenantId: params.tenantId!, roleIds: body.roleIds as string[] }],
    ([changed]) => ({ roleIds: changed!.roleIds }),
  ),
  putSubTenantsByTenantIdUsersByUserIdAccess: access(({ params }) => params.tenantId!),
  // The client SDK's members across the tree (docs/admin-portal.md lists their bodies).
  getSubTenantsUsers: async (p, { tenantId, query }) =>
    answer(await treeMembers(p.accounts, tenantId, query)),
  patchSubTenantsUsersByUserIdRoles: clientRoles('set'),
  postSubTenantsUsersByUserIdRoles: clientRoles('add'),
  deleteSubTenantsUsersByUserIdRoles: clientRoles('remove'),
  // The caller's active account: within its own tree.
  putSubTenantsUsersByUserIdAccess: access(({ tenantId }) => tenantId),
  postSubTenantsUsersV1: addMembers(({ body }) => membersOfV1Body(body as never)),
  postSubTenantsUsersV2: addMembers(({ body }) => membersOfV2Body(body as never)),
  // Every account is checked before any membership ends (core/domain/sub-accounts.ts).
  deleteSubTenantsUsers: removeMember(({ body }) => ({
    userId: body.userId as string,
    tenantIds: (body.subTenants as Array<{ tenantId: string }>).map((t) => t.tenantId),
  })),
  /**
   * Tenant switch (spec 000 §7 "PUT v1 /tenant (switch, payload tenantId)"): the session acts in
   * `tenantId` from now on (the client then reloads it); 403 unless the caller may act there. An
   * impersonated session stays in the one account it was allowed (core/domain/impersonation.ts).
   */
  putUsersTenant: async (p, { body }) => {
    refuseStayingImpersonation(p.caller.impersonating);
    const tenantId = body.tenantId as string;
    if (!(await p.mayActIn(tenantId))) throw contractError('NOT_ACCOUNT_MEMBER');
    await p.switchTo(tenantId);
    return answer({ tenantId });
  },
  // Custom login per account (spec 001 §2 Account tab customLogin; §6 flag admin_portal_login_per_tenant).
  getTenantsAccountSettingsCustomLogin: async (p, call) =>
    answer(await readCustomLogin(p.customLogins, await customLoginAccount(p, call))),
  putTenantsAccountSettingsCustomLogin: async (p, call) =>
    answer(await saveCustomLogin(p.customLogins, await customLoginAccount(p, call), call.body as never)),
};
