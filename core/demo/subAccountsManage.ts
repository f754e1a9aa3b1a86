/**
 * Renaming and deleting sub-accounts and removing their members in demo mode: the rules of
 * core/domain/sub-accounts.ts (the server's own) over the page's stored accounts and memberships.
 * Demo mode has no per-member grant rule (the server's server/domain/grants.ts): the write
 * permission decides.
 */
import { type Answer, fail, ok } from '../contract/answer';
import { holdsPermission } from '../contract/permissions';
import {
  deleteSubAccount,
  removeSubAccountMember,
  renameSubAccount,
  type SubAccountsRepository,
} from '../domain/sub-accounts';
import type { DemoDatabase, DemoUser } from './data';
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
    async rename(tenantId, name) {
      const tenant = (db.tenants as DemoTenant[]).find((t) => t.tenantId === tenantId);
      if (tenant) tenant.name = name;
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
  };
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
      renameSubAccount(repositoryOf(db), user.tenantId, tenantId, String(body.name)),
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
