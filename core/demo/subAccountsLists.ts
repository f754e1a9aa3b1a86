/**
 * Demo mode's lists repository (core/domain/sub-account-lists.ts; the server's is SQL in
 * server/storage/sub-account-lists.ts): the hierarchy search, a sub-account's members and the
 * members across the tree, over the page's stored accounts and memberships.
 */
import type { SubAccountItem, SubAccountListsRepository } from '../domain/sub-account-lists';
import { DEMO_ROLES, type DemoDatabase, type DemoUser } from './data';
import { type DemoMembership, type DemoTenant, membershipsOf, within } from './subAccountsData';

const rolesOf = (keys: string[]) =>
  keys.map((key) => ({ id: `role-${key}`, key, name: DEMO_ROLES[key]?.name ?? key }));

/** A stored account as the search lists it. */
export function describeDemoSubAccount(db: DemoDatabase, tenant: DemoTenant): SubAccountItem {
  return {
    id: tenant.tenantId,
    tenantId: tenant.tenantId,
    name: tenant.name,
    parentTenantId: tenant.parentTenantId ?? null,
    createdAt: tenant.createdAt ?? new Date(0).toISOString(),
    numberOfUsers: membershipsOf(db).filter((m) => m.tenantId === tenant.tenantId).length,
    numberOfChildren: (db.tenants as DemoTenant[]).filter((t) => t.parentTenantId === tenant.tenantId).length,
    metadata: JSON.parse(tenant.metadata ?? '{}') as unknown,
    tenantType: tenant.tenantType ?? null,
  };
}

export function demoSubAccountListsRepository(db: DemoDatabase): SubAccountListsRepository {
  return {
    async search(query) {
      const { rootId, sortBy, order } = query;
      const filter = query.filter.toLowerCase();
      const field = (t: DemoTenant) => String(sortBy === 'createdAt' ? t.createdAt : t.tenantId);
      const compare = (a: DemoTenant, b: DemoTenant) =>
        sortBy === 'name'
          ? a.name.toLowerCase().localeCompare(b.name.toLowerCase())
          : field(a).localeCompare(field(b));
      const all = (db.tenants as DemoTenant[]).filter(
        (t) => t.tenantId !== rootId && within(db, rootId, t.tenantId),
      );
      const matching = (
        filter
          ? all.filter((t) => t.name.toLowerCase().includes(filter))
          : all.filter((t) => t.parentTenantId === (query.parentId ?? rootId))
      ).sort((a, b) => compare(a, b) * (order === 'DESC' ? -1 : 1) || (a.tenantId < b.tenantId ? -1 : 1));
      return {
        items: matching
          .slice(query.offset, query.offset + query.limit)
          .map((t) => describeDemoSubAccount(db, t)),
        totalItems: matching.length,
      };
    },
    async members(tenantId, offset, limit) {
      const members = membershipsOf(db)
        .filter((m) => m.tenantId === tenantId)
        .map((m) => ({ m, u: db.users.find((u) => u.id === m.userId) }))
        .filter((x): x is { m: DemoMembership; u: DemoUser } => !!x.u)
        .sort((a, b) => a.u.name.toLowerCase().localeCompare(b.u.name.toLowerCase()));
      return {
        items: members.slice(offset, offset + limit).map(({ m, u }) => ({
          id: u.id,
          email: u.email,
          name: u.name,
          tenantId,
          roles: rolesOf(m.roleKeys),
          subAccountAccessAllowed: m.accessAllowed,
        })),
        totalItems: members.length,
      };
    },
    async treeMembers(rootId, query) {
      const filter = query.filter.toLowerCase();
      const inTree = membershipsOf(db).filter((ms) => within(db, rootId, ms.tenantId));
      const sortKey = (u: DemoUser) =>
        query.sortBy === 'email' ? u.email.toLowerCase() : (u.name || u.email).toLowerCase();
      const people = db.users
        .filter((u) => inTree.some((ms) => ms.userId === u.id))
        .filter(
          (u) => !filter || u.email.toLowerCase().includes(filter) || u.name.toLowerCase().includes(filter),
        )
        .sort((a, b) => sortKey(a).localeCompare(sortKey(b)) * (query.order === 'DESC' ? -1 : 1));
      const items = people.slice(query.offset, query.offset + query.limit).map((u) => {
        const mine = inTree
          .filter((ms) => ms.userId === u.id)
          .sort((a, b) => Number(b.tenantId === rootId) - Number(a.tenantId === rootId));
        return {
          id: u.id,
          sub: u.id,
          email: u.email,
          name: u.name,
          verified: true,
          mfaEnrolled: false,
          provider: u.provider ?? 'local',
          metadata: '{}',
          tenantId: mine[0]!.tenantId,
          tenantIds: mine.map((ms) => ms.tenantId),
          tenants: mine.map((ms) => ({
            tenantId: ms.tenantId,
            roles: rolesOf(ms.roleKeys),
            activated: true,
            lastLogin: null,
          })),
        };
      });
      return { items, totalItems: people.length };
    },
  };
}
