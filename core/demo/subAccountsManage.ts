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
  membersOfV1Body,
  membersOfV2Body,
  type NewMembers,
  removeSubAccountMember,
  renameSubAccount,
  type TenantType,
} from '../domain/sub-accounts';
import type { DemoDatabase, DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import { demoSubAccountsRepository } from './subAccountsRepository';

type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Promise<Answer>;

/** Adds people to accounts of the caller's tree (core/domain/sub-accounts.ts addSubAccountMembers). */
export const addDemoSubAccountMembers = (db: DemoDatabase, user: DemoUser, members: NewMembers) =>
  addSubAccountMembers(demoSubAccountsRepository(db), { ...members, rootId: user.tenantId });

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
      (db, user, { body }) => addDemoSubAccountMembers(db, user, membersOfV1Body(body as never)),
      201,
    ),
    postSubTenantsUsersV2: writer(
      (db, user, { body }) => addDemoSubAccountMembers(db, user, membersOfV2Body(body as never)),
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
