/**
 * Renaming and deleting sub-accounts and removing their members in demo mode: the rules of
 * core/domain/sub-accounts.ts (the server's own) over the page's stored accounts and memberships.
 * Demo mode has no per-member grant rule (the server's server/domain/grants.ts): the write
 * permission (checked by core/demo/dispatch.ts) decides.
 */
import { type Answer, ok } from '../contract/answer';
import { contractError } from '../contract/errors';
import {
  addSubAccountMembers,
  deleteSubAccount,
  removeSubAccountMember,
  renameSubAccount,
  type SubAccountsRepository,
  type TenantType,
} from '../domain/sub-accounts';
import { DEMO_ROLES, type DemoDatabase, type DemoUser } from './data';
import type { DemoRequest, DemoRoutes } from './dispatch';
import { type DemoTenant, membershipsOf, within } from './subAccountsData';

type Json = Record<string, unknown>;
type SignedIn = (db: DemoDatabase, user: DemoUser, request: DemoRequest) => Promise<Answer>;

/** The account and every account below it. */
const subtree = (db: DemoDatabase, tenantId: string) =>
  new Set(db.tenants.filter((t) => within(db, tenantId, t.tenantId)).map((t) => t.tenantId));

function repositoryOf(db: DemoDatabase): SubAccountsRepository {
  const memberships = membershipsOf(db);
  return {
    isWithin: async (rootId, tenantId) => within(db, rootId, tenantId),
    async rename(tenantId, name, tenantType) {
      const tenant = (db.tenants as DemoTenant[]).find((t) => t.tenantId === tenantId);
      if (!tenant) return null;
      tenant.name = name;
      if (tenantType) tenant.tenantType = tenantType;
      return tenant.tenantType ?? null;
    },
    async remove(tenantId) {
      const gone = subtree(db, tenantId);
      db.tenants.splice(0, db.tenants.length, ...db.tenants.filter((t) => !gone.has(t.tenantId)));
      memberships.splice(0, memberships.length, ...memberships.filter((m) => !gone.has(m.tenantId)));
    },
    isMember: async (tenantId, userId) =>
      memberships.some((m) => m.tenantId === tenantId && m.userId === userId),
    async removeMember(tenantId, userId) {
      const gone = subtree(db, tenantId);
      memberships.splice(
        0,
        memberships.length,
        ...memberships.filter((m) => m.userId !== userId || !gone.has(m.tenantId)),
      );
    },
    async parentsOf(tenantId) {
      const parents: string[] = [];
      const parentOf = (id: string) =>
        (db.tenants as DemoTenant[]).find((t) => t.tenantId === id)?.parentTenantId;
      for (let id = parentOf(tenantId); id && parents.length < 100; id = parentOf(id)) parents.push(id);
      return parents;
    },
    async memberByEmail(email, tenantIds) {
      const person = db.users.find(
        (u) =>
          u.email.toLowerCase() === email.toLowerCase() &&
          // A user's home account is a membership even when invited after the memberships were built.
          (tenantIds.includes(u.tenantId) ||
            memberships.some((m) => m.userId === u.id && tenantIds.includes(m.tenantId))),
      );
      return person?.id ?? null;
    },
    assignableRoles: async (_tenantId, roleIds) => roleIds.filter((id) => DEMO_ROLES[roleKey(id)]),
    async addMembers(members) {
      if (members.some((n) => memberships.some((m) => m.userId === n.userId && m.tenantId === n.tenantId)))
        throw contractError('SUB_ACCOUNT_ALREADY_MEMBER');
      for (const { userId, tenantId, roleIds, allowAccess } of members)
        memberships.push({ userId, tenantId, roleKeys: roleIds.map(roleKey), accessAllowed: allowAccess });
    },
  };
}

/** The demo's role ids are `role-<key>`. */
const roleKey = (id: string) => id.replace(/^role-/, '');

/**
 * Adds people to accounts of the caller's tree (core/domain/sub-accounts.ts addSubAccountMembers):
 * the per-account add (`{ email, roleIds?, allowSubAccountAccess? }`) and the client SDK's
 * addUserToTenantAndSubTenants (`{ user: { email }, subTenants: [{ tenantId, roleIds? }] }`) and
 * addUsersToSubTenant (`{ users: [{ email, roleIds? }], tenantId, roleIds?, allowSubAccountAccess? }`).
 */
export function addDemoSubAccountMembers(
  db: DemoDatabase,
  user: DemoUser,
  tenantId: string | null,
  body: Json,
) {
  const repo = repositoryOf(db);
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
        repositoryOf(db),
        user.tenantId,
        params.tenantId!,
        String(body.name),
        body.tenantType as TenantType | undefined,
      ),
    ),
    deleteTenantsSubTenantsByTenantId: writer((db, user, { params }) =>
      deleteSubAccount(repositoryOf(db), user.tenantId, params.tenantId!),
    ),
    deleteSubTenantsByTenantIdUsersByUserId: writer((db, user, { params }) =>
      removeSubAccountMember(repositoryOf(db), {
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
    // The client SDK's removeUserFromTenantAndSubTenants: `{ userId, subTenants: [{ tenantId }] }`,
    // checked by the contract's schema (core/contract/routes/hierarchy.ts).
    deleteSubTenantsUsers: writer((db, user, { body }) =>
      removeSubAccountMember(repositoryOf(db), {
        rootId: user.tenantId,
        userId: String(body.userId),
        tenantIds: (body.subTenants as Array<{ tenantId: string }>).map((t) => t.tenantId),
      }),
    ),
  };
}
