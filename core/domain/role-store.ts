/**
 * The roles repository (the `RolePorts` of core/domain/roles.ts), written once over the tables
 * port: SQL on the server, the page's stored rows in demo mode (`roleAreaPorts`, an area of
 * core/domain/back-office-areas.ts). Every call is scoped to one account: the vendor's roles (tenant_id
 * null) are read in every account of the vendor, the account's own are also written.
 */
import type { RoleSortField } from '../contract/listQuery';
import { GROUP_MEMBERS, GROUP_ROLES } from './group-token-tables';
import { MEMBERSHIP_ROLES, MEMBERSHIPS, type MembershipRow } from './membership-tables';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES, roleDtoOf, type RoleRow } from './role-tables';
import {
  permissionCategory,
  permissionItem,
  roleItem,
  type PermissionItem,
  type RoleChanges,
  type RoleItem,
  type RoleListPage,
  type RolePorts,
  type RoleWrite,
} from './roles';
import {
  col,
  not,
  nullable,
  inRows,
  oneOf,
  sameText,
  stamp,
  table,
  type Order,
  type RowClock,
  type RowOf,
  type Tables,
  type Where,
} from './tables';
import { TENANTS, type TenantRow } from './tenant-tables';
import type { Platform, PortsFor } from './platform';
import type { RoleHandlerPorts } from './role-handlers';

/** What the two backends give the repository of one account. */
interface RoleStoreExtras {
  tenantId: string;
  /** The account's vendor (the server reads the account's row; the demo has one vendor). */
  vendorId(): Promise<string>;
}

/**
 * How many members of the account hold each of these roles, directly (their membership's roles) or
 * through a group they are in (whether or not groups' roles are on: the server's count).
 */
async function holderCounts(tables: Tables, tenantId: string, roleIds: string[]) {
  const ofAccount = inRows<string, MembershipRow>(MEMBERSHIPS, 'id', { tenantId });
  const direct = await tables
    .of(MEMBERSHIP_ROLES)
    .rows({ where: { roleId: oneOf(roleIds), membershipId: ofAccount } });
  const groupRoles = await tables.of(GROUP_ROLES).rows({ where: { roleId: oneOf(roleIds) } });
  const groupIds = unique(groupRoles.map((g) => g.groupId));
  const inGroups = groupIds.length
    ? await tables.of(GROUP_MEMBERS).rows({ where: { groupId: oneOf(groupIds), membershipId: ofAccount } })
    : [];
  const holders = (roleId: string) =>
    new Set([
      ...direct.filter((l) => l.roleId === roleId).map((l) => l.membershipId),
      ...groupRoles.flatMap((g) =>
        g.roleId === roleId ? inGroups.filter((l) => l.groupId === g.groupId).map((l) => l.membershipId) : [],
      ),
    ]).size;
  return new Map(roleIds.map((id) => [id, holders(id)]));
}

/** The permission categories (only the roles page reads them). */
export const PERMISSION_CATEGORIES = table('permission_categories', {
  id: col.uuid,
  key: col.text(),
  name: col.text(),
  description: nullable(col.text()),
  createdAt: col.timestamptz,
});

const SORTED: Record<RoleSortField, Order<RoleRow>> = {
  name: { by: 'name', caseless: true },
  key: { by: 'key', caseless: true },
  createdAt: { by: 'createdAt' },
  updatedAt: { by: 'updatedAt' },
};

const unique = (ids: string[]) => [...new Set(ids)];

/** The ids of the permissions each of these roles grants, in id order. */
export async function grantsOf(t: Tables, roleIds: string[]): Promise<Map<string, string[]>> {
  const grants = new Map(roleIds.map((id) => [id, [] as string[]]));
  if (roleIds.length === 0) return grants;
  const links = await t
    .of(ROLE_PERMISSIONS)
    .rows({ where: { roleId: oneOf(roleIds) }, orderBy: [{ by: 'permissionId' }] });
  for (const link of links) grants.get(link.roleId)?.push(link.permissionId);
  return grants;
}

/**
 * The roles of `where` the account sees (its vendor's and its own, `tenantId` null or its id), in
 * one statement: the account's vendor a subquery. What other areas read of an account's roles.
 */
export const accountRoles = (
  tables: Tables,
  tenantId: string,
  where: Where<RoleRow>,
  orderBy?: Array<Order<RoleRow>>,
) => {
  const vendorId = inRows<string, TenantRow>(TENANTS, 'vendorId', { id: tenantId });
  return tables.of(ROLES).rows({ where: { ...where, vendorId, tenantId: oneOf([null, tenantId]) }, orderBy });
};

/**
 * Which of these ids are roles the account sees, and the permission keys they grant: what a caller
 * must hold to hand them out (API tokens, SSO default roles and group mappings). Two statements.
 */
export async function roleGrantsOver(tables: Tables, tenantId: string, roleIds: string[]) {
  if (roleIds.length === 0) return { known: [], keys: [] };
  const known = (await accountRoles(tables, tenantId, { id: oneOf(unique(roleIds)) })).map((r) => r.id);
  if (known.length === 0) return { known, keys: [] };
  const granting = inRows<string, RowOf<typeof ROLE_PERMISSIONS>>(ROLE_PERMISSIONS, 'permissionId', {
    roleId: oneOf(known),
  });
  const permissions = await tables.of(PERMISSIONS).rows({ where: { id: granting } });
  return { known, keys: unique(permissions.map((p) => p.key)) };
}

/** Makes the role grant these permissions too (ids it already grants are skipped by the caller). */
async function grant(t: Tables, roleId: string, permissionIds: string[]) {
  for (const permissionId of unique(permissionIds))
    await t.of(ROLE_PERMISSIONS).insert({ roleId, permissionId });
}

/** What the ports read of one account's roles (the vendor's and its own). */
function roleReads(tables: Tables, extras: RoleStoreExtras) {
  const { tenantId } = extras;
  let vendorRead: Promise<string> | undefined;
  // Read once, before a transaction (the server's reader is not the transaction's).
  const vendorOf = () => (vendorRead ??= extras.vendorId());
  /** Where the account's roles are: the vendor's (no account) and its own (of its vendor too). */
  const visible = async () => ({ vendorId: await vendorOf(), tenantId: oneOf([null, tenantId]) });

  /** The roles of these ids the account sees. */
  async function rolesWithIds(t: Tables, ids: string[]): Promise<RoleRow[]> {
    if (ids.length === 0) return [];
    return t.of(ROLES).rows({ where: { id: oneOf(unique(ids)), ...(await visible()) } });
  }

  /** The roles as the roles page shows them: with what they grant and how many members hold them. */
  async function itemsOf(rows: RoleRow[]): Promise<RoleItem[]> {
    const ids = rows.map((r) => r.id);
    const grants = await grantsOf(tables, ids);
    const counts = ids.length ? await holderCounts(tables, tenantId, ids) : new Map<string, number>();
    return rows.map((r) => roleItem(roleDtoOf(r, grants.get(r.id)!), counts.get(r.id) ?? 0));
  }

  async function keyTaken(t: Tables, key: string, exceptId: string | null): Promise<boolean> {
    const other = exceptId === null ? {} : { id: not(exceptId) };
    return !!(await t.of(ROLES).row({ ...(await visible()), ...other, key: sameText(key) }));
  }

  /** The permission catalogue by key (or these of it), each with the account's roles holding it. */
  async function permissionItems(only?: string[]): Promise<PermissionItem[]> {
    const where = only ? { id: oneOf(only) } : {};
    const permissions = await tables.of(PERMISSIONS).rows({ where, orderBy: [{ by: 'key' }] });
    const links = await tables.of(ROLE_PERMISSIONS).rows({
      where: {
        roleId: inRows(ROLES, 'id', await visible()),
        ...(only ? { permissionId: oneOf(only) } : {}),
      },
      orderBy: [{ by: 'roleId' }],
    });
    return permissions.map((p) =>
      permissionItem(
        p,
        links.filter((l) => l.permissionId === p.id).map((l) => l.roleId),
      ),
    );
  }

  /** One page of the account's roles, the vendor's and its own together, in the page's order, ties by id. */
  async function list(page: RoleListPage) {
    const search = { text: page.filter.trim(), fields: ['name', 'key'] as Array<'name' | 'key'> };
    const orderBy: Array<Order<RoleRow>> = [
      { ...SORTED[page.sortBy], desc: page.order === 'DESC' },
      { by: 'id' },
    ];
    const where = await visible();
    const shown = await tables
      .of(ROLES)
      .rows({ where, search, orderBy, offset: page.page * page.limit, limit: page.limit });
    return { items: await itemsOf(shown), totalItems: await tables.of(ROLES).count({ where, search }) };
  }

  return { vendorOf, rolesWithIds, itemsOf, keyTaken, permissionItems, list };
}

/** The ports of core/domain/roles.ts for one account, over `tables`. */
function roleStore(
  tables: Tables,
  clock: RowClock,
  extras: RoleStoreExtras,
): RolePorts<RoleItem, PermissionItem> {
  const { tenantId } = extras;
  const { vendorOf, rolesWithIds, itemsOf, keyTaken, permissionItems, list } = roleReads(tables, extras);
  /** The account's own role of this id with `changes` written and stamped now, or null. */
  const changed = async (t: Tables, roleId: string, changes: Partial<RoleRow>) =>
    (await t.of(ROLES).update({ id: roleId, tenantId }, { ...changes, updatedAt: stamp(clock.now()) }))[0] ??
    null;

  /** What storage answers for a write (the role read after the transaction that wrote it). */
  const answer = async (written: RoleRow | 'duplicateKey' | null): Promise<RoleWrite<RoleItem>> =>
    written === 'duplicateKey' || written === null
      ? { kind: written ?? 'notFound' }
      : { kind: 'ok', role: (await itemsOf([written]))[0]! };

  return {
    list,
    permissions: () => permissionItems(),
    async categories() {
      const order: Array<Order<{ createdAt: string; name: string }>> = [{ by: 'createdAt' }, { by: 'name' }];
      const categories = await tables.of(PERMISSION_CATEGORIES).rows({ orderBy: order });
      const permissions = await tables.of(PERMISSIONS).rows({ orderBy: [{ by: 'key' }] });
      return categories.map(({ id, key, name, description }) =>
        permissionCategory(
          { id, key, name, description },
          permissions.filter((p) => p.categoryId === id).map((p) => p.id),
        ),
      );
    },
    async permissionKeys(ids) {
      if (ids.length === 0) return new Map();
      const rows = await tables.of(PERMISSIONS).rows({ where: { id: oneOf(unique(ids)) } });
      return new Map(rows.map((p) => [p.id, p.key]));
    },
    grantedBy: async (roleIds) =>
      (
        await roleGrantsOver(
          tables,
          tenantId,
          roleIds.filter((id) => id !== ''),
        )
      ).keys,
    async holdings(roleIds) {
      const roles = await rolesWithIds(tables, roleIds);
      const grants = await grantsOf(
        tables,
        roles.map((r) => r.id),
      );
      return roles.map((r) => ({ id: r.id, own: r.tenantId !== null, permissionIds: grants.get(r.id)! }));
    },
    async create({ key, name, description, permissionIds }) {
      const vendorId = await vendorOf();
      const written = await tables.transaction(async (tx) => {
        await tx.lock(`roles:${tenantId}`);
        if (await keyTaken(tx, key, null)) return 'duplicateKey' as const;
        const at = stamp(clock.now());
        const row = await tx.of(ROLES).insert({
          id: clock.newId(),
          vendorId,
          tenantId,
          key,
          name,
          description,
          defaultForCreator: false,
          createdAt: at,
          updatedAt: at,
        });
        await grant(tx, row.id, permissionIds);
        return row;
      });
      return answer(written);
    },
    async update(roleId, changes: RoleChanges) {
      await vendorOf();
      const written = await tables.transaction(async (tx) => {
        await tx.lock(`roles:${tenantId}`);
        if (changes.key !== undefined && (await keyTaken(tx, changes.key, roleId)))
          return 'duplicateKey' as const;
        const given = Object.entries(changes).filter(([, v]) => v !== undefined);
        return changed(tx, roleId, Object.fromEntries(given));
      });
      return answer(written);
    },
    remove: async (roleId) => (await tables.of(ROLES).remove({ id: roleId, tenantId })).length > 0,
    async setPermissions(roleId, ids) {
      const written = await tables.transaction(async (tx) => {
        // One writer of the account's roles at a time (the SQL's ON CONFLICT DO NOTHING).
        await tx.lock(`roles:${tenantId}`);
        const role = await changed(tx, roleId, {});
        if (!role) return null;
        await tx.of(ROLE_PERMISSIONS).remove({ roleId });
        await grant(tx, roleId, ids);
        return role;
      });
      return written && (await itemsOf([written]))[0]!;
    },
    async setPermissionRoles(permissionId, ownRoleIds) {
      await tables.transaction(async (tx) => {
        await tx.lock(`roles:${tenantId}`);
        const own = await tx.of(ROLES).rows({ where: { tenantId } });
        const losing = own.map((r) => r.id).filter((id) => !ownRoleIds.includes(id));
        if (losing.length) await tx.of(ROLE_PERMISSIONS).remove({ permissionId, roleId: oneOf(losing) });
        if (ownRoleIds.length === 0) return;
        const holding = await tx
          .of(ROLE_PERMISSIONS)
          .rows({ where: { permissionId, roleId: oneOf(ownRoleIds) } });
        const held = new Set(holding.map((l) => l.roleId));
        for (const roleId of unique(ownRoleIds))
          if (!held.has(roleId)) await tx.of(ROLE_PERMISSIONS).insert({ roleId, permissionId });
        // The roles named are stamped, as the server always did.
        await tx.of(ROLES).update({ id: oneOf(ownRoleIds) }, { updatedAt: stamp(clock.now()) });
      });
      return (await permissionItems([permissionId]))[0]!;
    },
  };
}

/** The roles repository of the account `tenantId` (its vendor's roles and its own) on a backend. */
export const accountRoleStore = ({ tables, clock }: Pick<Platform, 'tables' | 'clock'>, tenantId: string) =>
  roleStore(tables, clock, {
    tenantId,
    vendorId: async () => (await tables.of(TENANTS).row({ id: tenantId }))!.vendorId,
  });

/** The roles page's ports (core/domain/role-handlers.ts) in the caller's account. */
export const roleAreaPorts: PortsFor<RoleHandlerPorts> = (platform, caller) => ({
  ...accountRoleStore(platform, caller.tenantId),
  held: caller.permissions,
});
