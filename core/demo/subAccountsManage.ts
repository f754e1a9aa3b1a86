/**
 * Renaming and deleting sub-accounts and removing their members in demo mode: the rules of
 * core/domain/sub-accounts.ts (the server's own) over the page's stored accounts and memberships.
 * Demo mode has no per-member grant rule (the server's server/domain/grants.ts): the write
 * permission decides.
 */
import { type Answer, fail, ok } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
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
import { type DemoTenant, membershipsOf, permissionsOf, within, WRITE } from './subAccountsData';

type Json = Record<string, unknown>;
type Handler = (db: DemoDatabase, user: DemoUser, body: Json) => Promise<Answer>;

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

/** The write permission, then the change; the answer stores the data. */
const writer =
  (change: (db: DemoDatabase, user: DemoUser, body: Json) => Promise<unknown>): Handler =>
  async (db, user, body) => {
    if (!holdsPermission(permissionsOf(user), WRITE))
      return fail('PERMISSION_REQUIRED', { permission: WRITE });
    return ok((await change(db, user, body)) ?? {}, true);
  };

const SUB_TENANT = /^\/tenants\/resources\/sub-tenants\/v1\/([^/]+)$/;
const MEMBER = /^\/identity\/resources\/sub-tenants\/v1\/([^/]+)\/users\/([^/]+)$/;

/** The handler of a rename, delete or member removal, or null when the request is none of them. */
export function subAccountManageRoute(method: string, path: string): Handler | null {
  const account = SUB_TENANT.exec(path);
  const tenantId = account ? decodeURIComponent(account[1]!) : '';
  if (account && method === 'PATCH')
    return writer((db, user, body) =>
      renameSubAccount(
        repositoryOf(db),
        user.tenantId,
        tenantId,
        String(body.name),
        body.tenantType as TenantType | undefined,
      ),
    );
  if (account && method === 'DELETE')
    return writer((db, user) => deleteSubAccount(repositoryOf(db), user.tenantId, tenantId));
  const member = MEMBER.exec(path);
  if (member && method === 'DELETE')
    return writer((db, user) =>
      removeSubAccountMember(repositoryOf(db), {
        rootId: user.tenantId,
        userId: decodeURIComponent(member[2]!),
        tenantIds: [decodeURIComponent(member[1]!)],
      }),
    );
  // The client SDK's addUserToTenantAndSubTenants (v1) and addUsersToSubTenant (v2).
  if (method === 'POST' && /^\/identity\/resources\/sub-tenants\/users\/v[12]\/?$/.test(path))
    return async (db, user, body) => {
      const answer = await writer((d, u, b) => addDemoSubAccountMembers(d, u, null, b))(db, user, body);
      return answer.status === 200 ? { ...answer, status: 201 } : answer;
    };
  // The client SDK's removeUserFromTenantAndSubTenants: `{ userId, subTenants: [{ tenantId }] }`,
  // checked by the contract's schema (core/contract/routes/hierarchy.ts).
  if (path === '/identity/resources/sub-tenants/users/v1' && method === 'DELETE')
    return writer((db, user, body) =>
      removeSubAccountMember(repositoryOf(db), {
        rootId: user.tenantId,
        userId: String(body.userId),
        tenantIds: (body.subTenants as Array<{ tenantId: string }>).map((t) => t.tenantId),
      }),
    );
  return null;
}
