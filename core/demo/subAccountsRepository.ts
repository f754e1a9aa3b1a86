/**
 * Demo mode's sub-account repositories (core/domain/sub-accounts.ts, sub-account-lists.ts,
 * sub-account-create.ts and custom-login.ts; the server's are SQL in server/storage/sub-account*.ts
 * and custom-login.ts): the page's stored accounts and memberships, which keep their roles' ids;
 * an account gives the roles it can see (the vendor's and its own), as on the server.
 */
import type { SubAccountCreationRepository } from '../domain/sub-account-create';
import { subAccountItem, type SubAccountListsRepository } from '../domain/sub-account-lists';
import type { SubAccountsRepository } from '../domain/sub-accounts';
import type { TenantRow } from '../domain/tenant-tables';
import { subAccountRowsOver, subAccountSearchOver } from '../domain/tenant-repositories';
import { tenantRows, userByEmail, userById, type DemoDatabase, type DemoUser } from './data';
import { by, byLocale, descending, keep, page, update, type DemoClock } from './rows';
import { type DemoMembership, membershipsOf } from './subAccountsData';
import { memoryTables } from './tables';
import { demoRoles, permissionKeysOf, rolesWithIds } from './teamAdmin';
import { mfaEnrolledOf } from './profile';

/** How far `tenantId` lies below `rootId` (0: itself), or -1 outside its tree (or no such account). */
function levelBelow(rows: readonly TenantRow[], rootId: string, tenantId: string): number {
  let tenant = rows.find((t) => t.id === tenantId);
  for (let level = 0; tenant && level <= 100; level += 1) {
    if (tenant.id === rootId) return level;
    const parentId = tenant.parentTenantId;
    tenant = parentId ? rows.find((t) => t.id === parentId) : undefined;
  }
  return -1;
}

export const within = (db: DemoDatabase, rootId: string, tenantId: string) =>
  levelBelow(tenantRows(db), rootId, tenantId) >= 0;

/** `rootId` (level 0) and every stored account below it. */
export const demoTree = (db: DemoDatabase, rootId: string) =>
  tenantRows(db)
    .map((tenant, _, rows) => ({ tenant, level: levelBelow(rows, rootId, tenant.id) }))
    .filter(({ level }) => level >= 0);

/** A stored account as the search lists it (the server's mapper), with its members and sub-accounts. */
const listed = (db: DemoDatabase, tenant: TenantRow) =>
  subAccountItem(
    tenant,
    membershipsOf(db).filter((m) => m.tenantId === tenant.id).length,
    tenantRows(db).filter((t) => t.parentTenantId === tenant.id).length,
  );

/** A membership's roles as the member lists show them, by key as the server orders them. */
const rolesOf = (db: DemoDatabase, { tenantId, roleIds }: DemoMembership) =>
  rolesWithIds(db, tenantId, roleIds)
    .map(({ id, key, name }) => ({ id, key, name }))
    .sort(by((r) => r.key));

/** The tree's order, the SQL's: by level, then lower-cased name, then id. */
const TREE_ORDER = by<{ tenant: TenantRow; level: number }>(
  ({ level }) => level,
  ({ tenant }) => tenant.name.toLowerCase(),
  ({ tenant }) => tenant.id,
);

/**
 * The accounts', lists' and creation's repository over the page's stored accounts and memberships:
 * the accounts' own rows are written as the server writes them (core/domain/tenant-repositories.ts).
 * An id the client chose for a new account is the account's own (demo ids are no UUIDs); the
 * creator role is the built-in Admin (the server's `default_for_creator`).
 */
export function demoSubAccountsRepository(
  db: DemoDatabase,
  clock: DemoClock,
): SubAccountsRepository & SubAccountListsRepository & SubAccountCreationRepository {
  const memberships = membershipsOf(db);
  const isMember = (tenantId: string, userId: string) => (m: DemoMembership) =>
    m.tenantId === tenantId && m.userId === userId;
  const treeIds = (rootId: string) => new Set(demoTree(db, rootId).map(({ tenant }) => tenant.id));
  const tables = memoryTables((db.tables ??= {}));
  const rows = subAccountRowsOver(tables, { now: clock.now, newId: clock.random });
  const repo: ReturnType<typeof demoSubAccountsRepository> = {
    isWithin: async (rootId, tenantId) => within(db, rootId, tenantId),
    rename: rows.rename,
    async remove(tenantId) {
      // The accounts below and the account's rows go with it (the schema's cascades); so do its
      // memberships, which are not rows of a table yet.
      const gone = treeIds(tenantId);
      keep(memberships, (m) => !gone.has(m.tenantId));
      await rows.remove(tenantId);
    },
    isMember: async (tenantId, userId) => memberships.some(isMember(tenantId, userId)),
    async removeMember(tenantId, userId) {
      const gone = treeIds(tenantId);
      keep(memberships, (m) => m.userId !== userId || !gone.has(m.tenantId));
    },
    async memberByEmail(email, tenantIds) {
      const person = userByEmail(db, email);
      // A user's home account is a membership even when invited after the memberships were built.
      const member =
        person &&
        (tenantIds.includes(person.tenantId) ||
          memberships.some((m) => m.userId === person.id && tenantIds.includes(m.tenantId)));
      return member ? person.id : null;
    },
    assignableRoles: async (tenantId, roleIds) => rolesWithIds(db, tenantId, roleIds).map((r) => r.id),
    async addMembers(members) {
      // As the server's unique (user, account): one there already, or named twice, adds none.
      const pairs = new Set(members.map((n) => `${n.tenantId} ${n.userId}`));
      if (
        pairs.size < members.length ||
        members.some((n) => memberships.some(isMember(n.tenantId, n.userId)))
      )
        return false;
      for (const { userId, tenantId, roleIds, allowAccess } of members)
        memberships.push({ userId, tenantId, roleIds, accessAllowed: allowAccess });
      return true;
    },
    // A role deleted since holds nothing (the server's membership_roles go with the role).
    roleIdsOf: async (tenantId, userId) =>
      rolesWithIds(db, tenantId, memberships.find(isMember(tenantId, userId))?.roleIds ?? []).map(
        (r) => r.id,
      ),
    setRoles: async (tenantId, userId, roleIds) =>
      void update(memberships, isMember(tenantId, userId), { roleIds }),
    setAccess: async (tenantId, userId, accessAllowed) =>
      void update(memberships, isMember(tenantId, userId), { accessAllowed }),
    treeOf: async (rootId) =>
      demoTree(db, rootId)
        .sort(TREE_ORDER)
        .map(({ tenant, level }) => ({ ...listed(db, tenant), level })),
    memberCounts: async (tenantIds) =>
      tenantRows(db)
        .filter((t) => tenantIds.includes(t.id))
        .map(({ id: tenantId }) => {
          const mine = memberships.filter((m) => m.tenantId === tenantId);
          return { tenantId, total: mine.length, allowed: mine.filter((m) => m.accessAllowed).length };
        }),
    search: (query) => subAccountSearchOver(tables, repo)(query),
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
          roles: rolesOf(db, m),
          subAccountAccessAllowed: m.accessAllowed,
        })),
        totalItems: total,
      };
    },
    async treeMembers(rootId, query) {
      const filter = query.filter.toLowerCase();
      const inTree = memberships.filter((ms) => within(db, rootId, ms.tenantId));
      const sortKey = (u: DemoUser) =>
        query.sortBy === 'createdAt'
          ? u.createdAt
          : (query.sortBy === 'email' ? u.email : u.name || u.email).toLowerCase();
      const people = db.users
        .filter((u) => inTree.some((ms) => ms.userId === u.id))
        .filter(
          (u) => !filter || u.email.toLowerCase().includes(filter) || u.name.toLowerCase().includes(filter),
        )
        .sort(descending(byLocale(sortKey), query.order === 'DESC'));
      const { items, total } = page(people, query.offset, query.limit);
      return {
        items: items.map((u) => ({
          ...u,
          mfaEnrolled: mfaEnrolledOf(db, u),
          metadata: JSON.parse(u.metadata ?? '{}') as unknown,
          memberships: inTree
            .filter((ms) => ms.userId === u.id)
            .sort(by((ms) => Number(ms.tenantId !== rootId)))
            .map((ms) => ({ tenantId: ms.tenantId, roles: rolesOf(db, ms) })),
        })),
        totalItems: total,
      };
    },
    // Demo ids are the names the client chose, taken in any case (the server's: a UUID of the name in lower case).
    insert: async (account) =>
      account.tenantId && tenantRows(db).some((t) => t.id.toLowerCase() === account.tenantId!.toLowerCase())
        ? null
        : rows.insert(account),
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
      memberships.push({ userId, tenantId, roleIds, accessAllowed: true });
      return true;
    },
    transaction: (work) => work(repo),
  };
  return repo;
}
