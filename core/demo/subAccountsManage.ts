/**
 * Renaming and deleting sub-accounts and removing their members in demo mode: the rules of
 * core/domain/sub-accounts.ts (the server's own) over the page's stored accounts and memberships.
 * Demo mode has no per-member grant rule (the server's server/domain/grants.ts): the write
 * permission (checked by core/demo/dispatch.ts) decides.
 */
import { type Answer, ok } from '../contract/answer';
import {
  addSubAccountMembers,
  deleteSubAccount,
  removeSubAccountMember,
  renameSubAccount,
  type TenantType,
} from '../domain/sub-accounts';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import { demoSubAccountsRepository } from './subAccountsRepository';

type Json = Record<string, unknown>;
type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Promise<Answer>;

/**
 * Adds people to accounts of the caller's tree (core/domain/sub-accounts.ts addSubAccountMembers):
 * the per-account add and the client SDK's addUserToTenantAndSubTenants and addUsersToSubTenant
 * (their bodies: core/contract/routes/hierarchy.ts).
 */
export function addDemoSubAccountMembers(
  db: DemoDatabase,
  user: DemoUser,
  tenantId: string | null,
  body: Json,
) {
  const repo = demoSubAccountsRepository(db);
  const rootId = user.tenantId;
  if (tenantId !== null)
    return addSubAccountMembers(repo, {
      rootId,
      emails: [String(body.email)],
      accounts: [{ tenantId, roleIds: (body.roleIds as string[] | undefined) ?? [] }],
      allowAccess: body.allowSubAccountAccess === true,
    });
  if (body.user)
    return addSubAccountMembers(repo, {
      rootId,
      emails: [String((body.user as Json).email)],
      accounts: body.subTenants as Array<{ tenantId: string; roleIds?: string[] }>,
      allowAccess: false,
    });
  const users = body.users as Array<{ email: string; roleIds?: string[] }>;
  return addSubAccountMembers(repo, {
    rootId,
    emails: users.map((u) => u.email),
    accounts: [{ tenantId: String(body.tenantId), roleIds: (body.roleIds as string[] | undefined) ?? [] }],
    allowAccess: body.allowSubAccountAccess === true,
    rolesOf: new Map(users.map((u) => [u.email.trim().toLowerCase(), u.roleIds ?? []])),
  });
}

/** The change, then `{}` (or what the change answers), stored. */
const writer =
  (
    change: (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Promise<unknown>,
    status = 200,
  ): SignedIn =>
  async (db, user, request) =>
    ok((await change(db, user, request)) ?? {}, true, status);

/**
 * Renaming and deleting a sub-account, removing a member, and the client SDK's adds and removal
 * across accounts, by descriptor name (core/contract/routes/hierarchy.ts). The access check
 * (core/demo/dispatch.ts) has required the write permission.
 */
export function demoSubAccountManageRoutes(): DemoRoutes<SignedIn> {
  return {
    patchTenantsSubTenantsByTenantId: writer((db, user, { params, body }) =>
      renameSubAccount(
        demoSubAccountsRepository(db),
        user.tenantId,
        params.tenantId!,
        String(body.name),
        body.tenantType as TenantType | undefined,
      ),
    ),
    deleteTenantsSubTenantsByTenantId: writer((db, user, { params }) =>
      deleteSubAccount(demoSubAccountsRepository(db), user.tenantId, params.tenantId!),
    ),
    deleteSubTenantsByTenantIdUsersByUserId: writer((db, user, { params }) =>
      removeSubAccountMember(demoSubAccountsRepository(db), {
        rootId: user.tenantId,
        userId: params.userId!,
        tenantIds: [params.tenantId!],
      }),
    ),
    // The client SDK's addUserToTenantAndSubTenants (v1) and addUsersToSubTenant (v2).
    postSubTenantsUsersV1: writer(
      (db, user, { body }) => addDemoSubAccountMembers(db, user, null, body),
      201,
    ),
    postSubTenantsUsersV2: writer(
      (db, user, { body }) => addDemoSubAccountMembers(db, user, null, body),
      201,
    ),
    // The client SDK's removeUserFromTenantAndSubTenants, checked by the contract's schema.
    deleteSubTenantsUsers: writer((db, user, { body }) =>
      removeSubAccountMember(demoSubAccountsRepository(db), {
        rootId: user.tenantId,
        userId: String(body.userId),
        tenantIds: (body.subTenants as Array<{ tenantId: string }>).map((t) => t.tenantId),
      }),
    ),
  };
}
