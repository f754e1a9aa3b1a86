/**
 * Demo mode's lists repository (core/domain/sub-account-lists.ts; the server's is SQL in
 * server/storage/sub-account-lists.ts): the hierarchy search, a sub-account's members and the
 * members across the tree, over the page's stored accounts and memberships.
 */
import type { SubAccountItem, SubAccountListsRepository } from '../domain/sub-account-lists';
import { BUILT_IN_ROLES } from '../portal/builtInRoles';
import type { DemoDatabase, DemoUser } from './data';
import { by, byLocale, descending, page } from './rows';
import { type DemoMembership, type DemoTenant, demoTenants, membershipsOf, within } from './subAccountsData';

const roleName = (key: string) => BUILT_IN_ROLES.find((role) => role.key === key)?.name ?? key;
const rolesOf = (keys: string[]) => keys.map((key) => ({ id: `role-${key}`, key, name: roleName(key) }));

/** A stored account as the search lists it. */
export function describeDemoSubAccount(db: DemoDatabase, tenant: DemoTenant): SubAccountItem {
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

export function demoSubAccountListsRepository(db: DemoDatabase): SubAccountListsRepository {
  return {
    async search({ rootId, sortBy, order, parentId, filter, offset, limit }) {
      const part = filter.toLowerCase();
      const key = (t: DemoTenant) =>
        sortBy === 'name'
          ? t.name.toLowerCase()
          : String(t[sortBy === 'createdAt' ? 'createdAt' : 'tenantId']);
      const compare = descending(byLocale(key), order === 'DESC');
      const { items, total } = page(
        demoTenants(db)
          .filter((t) => t.tenantId !== rootId && within(db, rootId, t.tenantId))
          .filter((t) =>
            part ? t.name.toLowerCase().includes(part) : t.parentTenantId === (parentId ?? rootId),
          )
          .sort((a, b) => compare(a, b) || (a.tenantId < b.tenantId ? -1 : 1)),
        offset,
        limit,
      );
      return { items: items.map((t) => describeDemoSubAccount(db, t)), totalItems: total };
    },
    async members(tenantId, offset, limit) {
      const members = membershipsOf(db)
        .filter((m) => m.tenantId === tenantId)
        .map((m) => ({ m, u: db.users.find((u) => u.id === m.userId) }))
        .filter((x): x is { m: DemoMembership; u: DemoUser } => !!x.u)
        .sort(byLocale(({ u }) => u.name.toLowerCase()));
      const { items, total } = page(members, offset, limit);
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
      const inTree = membershipsOf(db).filter((ms) => within(db, rootId, ms.tenantId));
      const sortKey = (u: DemoUser) =>
        query.sortBy === 'email' ? u.email.toLowerCase() : (u.name || u.email).toLowerCase();
      const people = db.users
        .filter((u) => inTree.some((ms) => ms.userId === u.id))
        .filter(
          (u) => !filter || u.email.toLowerCase().includes(filter) || u.name.toLowerCase().includes(filter),
        )
        .sort(descending(byLocale(sortKey), query.order === 'DESC'));
      const items = people.slice(query.offset, query.offset + query.limit).map((u) => {
        const mine = inTree
          .filter((ms) => ms.userId === u.id)
          .sort(by((ms) => Number(ms.tenantId !== rootId)));
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
