/**
 * Demo mode's sub-accounts repository (core/domain/sub-accounts.ts, the server's is SQL in
 * server/storage/sub-accounts.ts): the page's stored accounts and memberships. The demo's role ids
 * are `role-<key>` of its sample roles.
 */
import type { CustomLogin, CustomLoginRepository } from '../domain/custom-login';
import type { SubAccountCreationRepository } from '../domain/sub-account-create';
import type { SubAccountsRepository } from '../domain/sub-accounts';
import { describeDemoSubAccount } from './subAccountsLists';
import { demoRoles } from './teamAdmin';
import { DEMO_ROLES, type DemoDatabase } from './data';
import { type DemoTenant, levelBelow, membershipsOf, within } from './subAccountsData';

/** Keeps in `list` (in place: the stored array) only what `kept` says. */
const keep = <T>(list: T[], kept: (item: T) => boolean) => list.splice(0, list.length, ...list.filter(kept));

/** The sub-accounts repository (core/domain/sub-accounts.ts) over the page's stored accounts and memberships. */
export function demoSubAccountsRepository(db: DemoDatabase): SubAccountsRepository {
  const memberships = membershipsOf(db);
  const memberOf = (tenantId: string, userId: string) =>
    memberships.find((m) => m.tenantId === tenantId && m.userId === userId);
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
      // The memberships first: `within` reads the accounts.
      keep(memberships, (m) => !within(db, tenantId, m.tenantId));
      keep(db.tenants, (t) => !within(db, tenantId, t.tenantId));
    },
    isMember: async (tenantId, userId) =>
      memberships.some((m) => m.tenantId === tenantId && m.userId === userId),
    async removeMember(tenantId, userId) {
      keep(memberships, (m) => m.userId !== userId || !within(db, tenantId, m.tenantId));
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
      if (members.some((n) => memberOf(n.tenantId, n.userId))) return false;
      for (const { userId, tenantId, roleIds, allowAccess } of members)
        memberships.push({ userId, tenantId, roleKeys: roleIds.map(roleKey), accessAllowed: allowAccess });
      return true;
    },
    roleIdsOf: async (tenantId, userId) =>
      (memberOf(tenantId, userId)?.roleKeys ?? []).map((key) => `role-${key}`),
    async setRoles(tenantId, userId, roleIds) {
      const membership = memberOf(tenantId, userId);
      if (membership) membership.roleKeys = roleIds.map(roleKey);
    },
    async setAccess(tenantId, userId, allowed) {
      const membership = memberOf(tenantId, userId);
      if (membership) membership.accessAllowed = allowed;
    },
    async treeOf(rootId) {
      // The SQL's order: by level, then lower-cased name, then id (code points, as the C collation).
      const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      return (db.tenants as DemoTenant[])
        .map((t) => ({ t, level: levelBelow(db, rootId, t.tenantId) }))
        .filter(({ level }) => level >= 0)
        .sort(
          (a, b) =>
            a.level - b.level ||
            text(a.t.name.toLowerCase(), b.t.name.toLowerCase()) ||
            text(a.t.tenantId, b.t.tenantId),
        )
        .map(({ t, level }) => ({
          tenantId: t.tenantId,
          name: t.name,
          parentTenantId: t.parentTenantId ?? null,
          createdAt: t.createdAt ?? new Date(0).toISOString(),
          level,
        }));
    },
    countBelow: async (tenantId) =>
      db.tenants.filter((t) => t.tenantId !== tenantId && within(db, tenantId, t.tenantId)).length,
    memberCounts: async (tenantIds) =>
      db.tenants
        .filter((t) => tenantIds.includes(t.tenantId))
        .map(({ tenantId }) => {
          const mine = memberships.filter((m) => m.tenantId === tenantId);
          return { tenantId, total: mine.length, allowed: mine.filter((m) => m.accessAllowed).length };
        }),
  };
}

/**
 * Creating a sub-account (core/domain/sub-account-create.ts) over the page's stored accounts: an id
 * the client chose is the account's own (demo ids are no UUIDs), taken in any case anywhere; the
 * creator role is the built-in Admin (the server's `default_for_creator`).
 */
export function demoSubAccountCreation(
  db: DemoDatabase,
  tools: { now: () => number; random: () => string },
): SubAccountCreationRepository {
  const repo: SubAccountCreationRepository = {
    isWithin: async (rootId, tenantId) => within(db, rootId, tenantId),
    async insert({ parentId, name, tenantId: chosen, tenantType }) {
      if (chosen && db.tenants.some((t) => t.id.toLowerCase() === chosen.toLowerCase())) return null;
      const tenantId = chosen ?? tools.random();
      const tenant: DemoTenant = {
        id: tenantId,
        tenantId,
        name,
        parentTenantId: parentId,
        isReseller: false,
        metadata: '{}',
        vendorId: 'demo-vendor',
        createdAt: new Date(tools.now()).toISOString(),
        ...(tenantType ? { tenantType } : {}),
      };
      db.tenants.push(tenant);
      return describeDemoSubAccount(db, tenant);
    },
    creatorRoles: async (_tenantId, roleKeys) =>
      demoRoles(db)
        .filter((r) => r.tenantId === null && (r.key === 'Admin' || roleKeys.includes(r.key)))
        .map((r) => ({ id: r.id, key: r.key, forCreator: r.key === 'Admin', permissions: r.permissions })),
    async addCreator(tenantId, userId, roleIds) {
      if (!db.users.some((u) => u.id === userId)) return false;
      membershipsOf(db).push({ userId, tenantId, roleKeys: roleIds.map(roleKey), accessAllowed: true });
      return true;
    },
    transaction: (work) => work(repo),
  };
  return repo;
}

/** The demo's role ids are `role-<key>`. */
const roleKey = (id: string) => id.replace(/^role-/, '');

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
