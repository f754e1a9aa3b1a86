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
import { oneOf } from '../domain/tables';
import { MEMBERSHIP_ROLES, MEMBERSHIPS, type MembershipRow } from '../domain/membership-tables';
import type { UserRow } from '../domain/user-tables';
import {
  addMembership,
  membershipRoleIds,
  membershipRows,
  tenantRows,
  userByEmail,
  userById,
  userRows,
  type DemoDatabase,
} from './data';
import { by, byLocale, descending, isoNow, page, type DemoClock } from './rows';
import { memoryTables } from './tables';
import { demoRoles, permissionKeysOf, rolesWithIds } from './teamAdmin';
import { hasSecondFactor } from './profile';

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

const within = (db: DemoDatabase, rootId: string, tenantId: string) =>
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
    membershipRows(db).filter((m) => m.tenantId === tenant.id).length,
    tenantRows(db).filter((t) => t.parentTenantId === tenant.id).length,
  );

/** A membership's roles as the member lists show them, by key as the server orders them. */
const rolesOf = (db: DemoDatabase, { tenantId, id }: MembershipRow) =>
  rolesWithIds(db, tenantId, membershipRoleIds(db, id))
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
  const memberships = membershipRows(db);
  const isMember = (tenantId: string, userId: string) => (m: MembershipRow) =>
    m.tenantId === tenantId && m.userId === userId;
  const treeIds = (rootId: string) => [...new Set(demoTree(db, rootId).map(({ tenant }) => tenant.id))];
  const tables = memoryTables((db.tables ??= {}));
  const membershipOf = (tenantId: string, userId: string) => memberships.find(isMember(tenantId, userId));
  const rows = subAccountRowsOver(tables, { now: clock.now, newId: clock.random });
  const repo: ReturnType<typeof demoSubAccountsRepository> = {
    isWithin: async (rootId, tenantId) => within(db, rootId, tenantId),
    rename: rows.rename,
    // The accounts below and the account's rows (its memberships too) go with it: the schema's cascades.
    remove: (tenantId) => rows.remove(tenantId),
    isMember: async (tenantId, userId) => memberships.some(isMember(tenantId, userId)),
    async removeMember(tenantId, userId) {
      await tables.of(MEMBERSHIPS).remove({ userId, tenantId: oneOf(treeIds(tenantId)) });
    },
    async memberByEmail(email, tenantIds) {
      const person = userByEmail(db, email);
      const member =
        person && memberships.some((m) => m.userId === person.id && tenantIds.includes(m.tenantId));
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
        addMembership(
          db,
          { id: clock.random(), userId, tenantId, createdAt: isoNow(clock.now), accessAllowed: allowAccess },
          roleIds,
        );
      return true;
    },
    // A role deleted since holds nothing (the server's membership_roles go with the role).
    roleIdsOf: async (tenantId, userId) =>
      rolesWithIds(db, tenantId, membershipRoleIds(db, membershipOf(tenantId, userId)?.id)).map((r) => r.id),
    async setRoles(tenantId, userId, roleIds) {
      const membership = membershipOf(tenantId, userId);
      if (!membership) return;
      const links = tables.of(MEMBERSHIP_ROLES);
      await links.remove({ membershipId: membership.id });
      for (const roleId of roleIds) await links.insert({ membershipId: membership.id, roleId });
    },
    setAccess: async (tenantId, userId, accessAllowed) =>
      void (await tables.of(MEMBERSHIPS).update({ tenantId, userId }, { accessAllowed })),
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
      const { items, total } = page(
        members.sort(byLocale(({ u }) => (u.name ?? '').toLowerCase())),
        offset,
        limit,
      );
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
      const sortKey = (u: UserRow) =>
        query.sortBy === 'createdAt'
          ? u.createdAt
          : (query.sortBy === 'email' ? u.email : u.name || u.email).toLowerCase();
      const people = userRows(db)
        .filter((u) => inTree.some((ms) => ms.userId === u.id))
        .filter(
          (u) =>
            !filter ||
            u.email.toLowerCase().includes(filter) ||
            (u.name ?? '').toLowerCase().includes(filter),
        )
        .sort(descending(byLocale(sortKey), query.order === 'DESC'));
      const { items, total } = page(people, query.offset, query.limit);
      return {
        items: items.map((u) => ({
          ...{ id: u.id, email: u.email, name: u.name, verified: u.verified, provider: u.provider },
          ...{ phoneNumber: u.phone, profilePictureUrl: u.profilePictureUrl, metadata: u.metadata },
          ...{ createdAt: u.createdAt, lastLogin: u.lastLogin },
          mfaEnrolled: hasSecondFactor(db, u.id),
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
      addMembership(db, { id: clock.random(), userId, tenantId, createdAt: isoNow(clock.now) }, roleIds);
      return true;
    },
    transaction: (work) => work(repo),
  };
  return repo;
}
