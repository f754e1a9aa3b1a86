/**
 * Demo mode's sub-account repositories (core/domain/sub-accounts.ts, sub-account-lists.ts,
 * sub-account-create.ts and custom-login.ts; the server's are SQL in server/storage/sub-account*.ts
 * and custom-login.ts): the page's stored accounts and memberships, which keep their roles' keys;
 * an account gives the roles it can see (the vendor's and its own), as on the server.
 */
import type { CustomLogin, CustomLoginRepository } from '../domain/custom-login';
import type { SubAccountCreationRepository } from '../domain/sub-account-create';
import type { SubAccountItem, SubAccountListsRepository } from '../domain/sub-account-lists';
import type { SubAccountsRepository } from '../domain/sub-accounts';
import { BUILT_IN_ROLES } from '../portal/builtInRoles';
import { userById, type DemoDatabase } from './data';
import { by, byLocale, descending, isoNow, keep, page, update, type DemoClock } from './rows';
import {
  type DemoMembership,
  type DemoTenant,
  demoTenants,
  demoTree,
  membershipsOf,
  newDemoTenant,
  parentsOf,
  within,
} from './subAccountsData';
import { demoRoles, permissionKeysOf, rolesWithIds, visibleRoles } from './teamAdmin';

const roleName = (key: string) => BUILT_IN_ROLES.find((role) => role.key === key)?.name ?? key;
/** Roles, by key, as the member lists show them. */
const rolesOf = (keys: string[]) => keys.map((key) => ({ id: `role-${key}`, key, name: roleName(key) }));

/** A stored account as the search lists it. */
function describe(db: DemoDatabase, tenant: DemoTenant): SubAccountItem {
  return {
    id: tenant.tenantId,
    tenantId: tenant.tenantId,
    name: tenant.name,
    parentTenantId: tenant.parentTenantId ?? null,
    createdAt: tenant.createdAt ?? new Date(0).toISOString(),
    numberOfUsers: membershipsOf(db).filter((m) => m.tenantId === tenant.tenantId).length,
    numberOfChildren: demoTenants(db).filter((t) => t.parentTenantId === tenant.tenantId).length,
    metadata: JSON.parse(tenant.metadata ?? '{}') as unknown,
    tenantType: tenant.tenantType ?? null,
  };
}

/** The accounts' and lists' repository over the page's stored accounts and memberships. */
export function demoSubAccountsRepository(
  db: DemoDatabase,
): SubAccountsRepository & SubAccountListsRepository {
  const memberships = membershipsOf(db);
  const isMember = (tenantId: string, userId: string) => (m: DemoMembership) =>
    m.tenantId === tenantId && m.userId === userId;
  // The roles of these ids the account may give (the vendor's and its own), and their keys.
  const keysOf = (tenantId: string, roleIds: string[]) =>
    rolesWithIds(db, tenantId, roleIds).map((r) => r.key);
  const treeIds = (rootId: string) => new Set(demoTree(db, rootId).map(({ tenant }) => tenant.tenantId));
  return {
    isWithin: async (rootId, tenantId) => within(db, rootId, tenantId),
    async rename(tenantId, name, tenantType) {
      const changes = { name, ...(tenantType ? { tenantType } : {}) };
      return update(demoTenants(db), (t) => t.tenantId === tenantId, changes)?.tenantType ?? null;
    },
    async remove(tenantId) {
      const gone = treeIds(tenantId);
      keep(memberships, (m) => !gone.has(m.tenantId));
      keep(db.tenants, (t) => !gone.has(t.tenantId));
    },
    isMember: async (tenantId, userId) => memberships.some(isMember(tenantId, userId)),
    async removeMember(tenantId, userId) {
      const gone = treeIds(tenantId);
      keep(memberships, (m) => m.userId !== userId || !gone.has(m.tenantId));
    },
    parentsOf: async (tenantId) => parentsOf(db, tenantId),
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
    assignableRoles: async (tenantId, roleIds) => rolesWithIds(db, tenantId, roleIds).map((r) => r.id),
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
      return visibleRoles(db, tenantId)
        .filter((r) => keys.includes(r.key))
        .map((r) => r.id);
    },
    setRoles: async (tenantId, userId, roleIds) =>
      void update(memberships, isMember(tenantId, userId), { roleKeys: keysOf(tenantId, roleIds) }),
    setAccess: async (tenantId, userId, accessAllowed) =>
      void update(memberships, isMember(tenantId, userId), { accessAllowed }),
    async treeOf(rootId) {
      // The SQL's order: by level, then lower-cased name, then id.
      const order = by<{ tenant: DemoTenant; level: number }>(
        ({ level }) => level,
        ({ tenant }) => tenant.name.toLowerCase(),
        ({ tenant }) => tenant.tenantId,
      );
      return demoTree(db, rootId)
        .sort(order)
        .map(({ tenant, level }) => ({ ...describe(db, tenant), level }));
    },
    memberCounts: async (tenantIds) =>
      db.tenants
        .filter((t) => tenantIds.includes(t.tenantId))
        .map(({ tenantId }) => {
          const mine = memberships.filter((m) => m.tenantId === tenantId);
          return { tenantId, total: mine.length, allowed: mine.filter((m) => m.accessAllowed).length };
        }),
    async search({ rootId, sortBy, order, parentId, filter, offset, limit }) {
      const part = filter.toLowerCase();
      const key = (t: DemoTenant) => (sortBy === 'name' ? t.name.toLowerCase() : String(t[sortBy]));
      const compare = descending(byLocale(key), order === 'DESC');
      const found = demoTree(db, rootId)
        .map(({ tenant }) => tenant)
        .filter((t) => t.tenantId !== rootId)
        .filter((t) =>
          part ? t.name.toLowerCase().includes(part) : t.parentTenantId === (parentId ?? rootId),
        )
        .sort((a, b) => compare(a, b) || (a.tenantId < b.tenantId ? -1 : 1));
      const { items, total } = page(found, offset, limit);
      return { items: items.map((t) => describe(db, t)), totalItems: total };
    },
    async members(tenantId, offset, limit) {
      const members = memberships.flatMap((m) => {
        const u = userById(db, m.userId);
        return m.tenantId === tenantId && u ? [{ m, u }] : [];
      });
      const { items, total } = page(members.sort(byLocale(({ u }) => u.name.toLowerCase())), offset, limit);
      return {
        items: items.map(({ m, u }) => ({
          id: u.id,
          email: u.email,
          name: u.name,
          tenantId,
          roles: rolesOf(m.roleKeys),
          subAccountAccessAllowed: m.accessAllowed,
        })),
        totalItems: total,
      };
    },
    async treeMembers(rootId, query) {
      const filter = query.filter.toLowerCase();
      const inTree = memberships.filter((ms) => within(db, rootId, ms.tenantId));
      const sortKey = (u: DemoDatabase['users'][number]) =>
        query.sortBy === 'email' ? u.email.toLowerCase() : (u.name || u.email).toLowerCase();
      const people = db.users
        .filter((u) => inTree.some((ms) => ms.userId === u.id))
        .filter(
          (u) => !filter || u.email.toLowerCase().includes(filter) || u.name.toLowerCase().includes(filter),
        )
        .sort(descending(byLocale(sortKey), query.order === 'DESC'));
      const { items } = page(people, query.offset, query.limit);
      return {
        items: items.map((u) => ({
          id: u.id,
          email: u.email,
          name: u.name,
          createdAt: u.createdAt,
          verified: u.verified !== false,
          mfaEnrolled: false,
          provider: u.provider ?? 'local',
          phoneNumber: u.phoneNumber ?? null,
          profilePictureUrl: u.profilePictureUrl ?? null,
          metadata: JSON.parse(u.metadata ?? '{}') as unknown,
          lastLogin: u.lastLogin ?? null,
          memberships: inTree
            .filter((ms) => ms.userId === u.id)
            .sort(by((ms) => Number(ms.tenantId !== rootId)))
            .map((ms) => ({ tenantId: ms.tenantId, roles: rolesOf(ms.roleKeys) })),
        })),
        totalItems: people.length,
      };
    },
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
      return describe(db, tenant);
    },
    creatorRoles: async (_tenantId, roleKeys) =>
      demoRoles(db)
        .filter((r) => r.tenantId === null && (r.isDefault || roleKeys.includes(r.key)))
        .map((r) => ({
          id: r.id,
          key: r.key,
          forCreator: r.isDefault,
          permissions: permissionKeysOf(r.permissions),
        })),
    async addCreator(tenantId, userId, roleIds) {
      if (!userById(db, userId)) return false;
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
