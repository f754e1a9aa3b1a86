/**
 * Demo mode's sub-accounts repository (core/domain/sub-accounts.ts, the server's is SQL in
 * server/storage/sub-accounts.ts): the page's stored accounts and memberships, which keep their
 * roles' keys; an account gives the roles it can see (the vendor's and its own), as on the server.
 */
import type { CustomLogin, CustomLoginRepository } from '../domain/custom-login';
import type { SubAccountCreationRepository } from '../domain/sub-account-create';
import type { SubAccountsRepository } from '../domain/sub-accounts';
import { describeDemoSubAccount } from './subAccountsLists';
import { demoRoles, visibleRoles } from './teamAdmin';
import type { DemoDatabase } from './data';
import { by, isoNow, keep, update, type DemoClock } from './rows';
import {
  type DemoMembership,
  demoTenants,
  levelBelow,
  membershipsOf,
  newDemoTenant,
  within,
} from './subAccountsData';

/** The sub-accounts repository (core/domain/sub-accounts.ts) over the page's stored accounts and memberships. */
export function demoSubAccountsRepository(db: DemoDatabase): SubAccountsRepository {
  const memberships = membershipsOf(db);
  const isMember = (tenantId: string, userId: string) => (m: DemoMembership) =>
    m.tenantId === tenantId && m.userId === userId;
  // The roles of these ids the account may give (the vendor's and its own), and their keys.
  const rolesOf = (tenantId: string, roleIds: string[]) =>
    visibleRoles(db, tenantId).filter((r) => roleIds.includes(r.id));
  const keysOf = (tenantId: string, roleIds: string[]) => rolesOf(tenantId, roleIds).map((r) => r.key);
  return {
    isWithin: async (rootId, tenantId) => within(db, rootId, tenantId),
    async rename(tenantId, name, tenantType) {
      const tenant = demoTenants(db).find((t) => t.tenantId === tenantId);
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
    isMember: async (tenantId, userId) => memberships.some(isMember(tenantId, userId)),
    async removeMember(tenantId, userId) {
      keep(memberships, (m) => m.userId !== userId || !within(db, tenantId, m.tenantId));
    },
    async parentsOf(tenantId) {
      const parents: string[] = [];
      const parentOf = (id: string) => demoTenants(db).find((t) => t.tenantId === id)?.parentTenantId;
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
    assignableRoles: async (tenantId, roleIds) => rolesOf(tenantId, roleIds).map((r) => r.id),
    async addMembers(members) {
      if (members.some((n) => memberships.some(isMember(n.tenantId, n.userId)))) return false;
      for (const { userId, tenantId, roleIds, allowAccess } of members)
        memberships.push({
          userId,
          tenantId,
          roleKeys: keysOf(tenantId, roleIds),
          accessAllowed: allowAccess,
        });
      return true;
    },
    async roleIdsOf(tenantId, userId) {
      const keys = memberships.find(isMember(tenantId, userId))?.roleKeys ?? [];
      const roles = visibleRoles(db, tenantId);
      return keys.flatMap((key) => roles.filter((r) => r.key === key).map((r) => r.id));
    },
    setRoles: async (tenantId, userId, roleIds) =>
      void update(memberships, isMember(tenantId, userId), { roleKeys: keysOf(tenantId, roleIds) }),
    setAccess: async (tenantId, userId, accessAllowed) =>
      void update(memberships, isMember(tenantId, userId), { accessAllowed }),
    async treeOf(rootId) {
      // The SQL's order: by level, then lower-cased name, then id.
      return demoTenants(db)
        .map((t) => ({ t, level: levelBelow(db, rootId, t.tenantId) }))
        .filter(({ level }) => level >= 0)
        .sort(
          by(
            ({ level }) => level,
            ({ t }) => t.name.toLowerCase(),
            ({ t }) => t.tenantId,
          ),
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
export function demoSubAccountCreation(db: DemoDatabase, clock: DemoClock): SubAccountCreationRepository {
  const repo: SubAccountCreationRepository = {
    isWithin: async (rootId, tenantId) => within(db, rootId, tenantId),
    async insert({ parentId, name, tenantId: chosen, tenantType }) {
      if (chosen && db.tenants.some((t) => t.id.toLowerCase() === chosen.toLowerCase())) return null;
      const tenant = {
        ...newDemoTenant(chosen ?? clock.random(), name, parentId, isoNow(clock.now)),
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
      const roleKeys = demoRoles(db)
        .filter((r) => roleIds.includes(r.id))
        .map((r) => r.key);
      membershipsOf(db).push({ userId, tenantId, roleKeys, accessAllowed: true });
      return true;
    },
    transaction: (work) => work(repo),
  };
  return repo;
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
