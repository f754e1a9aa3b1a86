/**
 * Where the sub-accounts' members are kept, written once over the storage port (core/domain/tables.ts)
 * for the server and demo mode: memberships in the accounts of a tree with their roles and access,
 * the lists of the All accounts page, and the creator's membership of a new account. The accounts'
 * own rows are core/domain/tenant-repositories.ts. The tree below an account is read by the backend
 * (`SubAccountTreeReads`: the server's one recursive query; the port has no recursion). And the
 * area's ports over a backend's platform (`subAccountAreaPorts`).
 */
import type { PortsFor, Platform } from './platform';
import { roleGrantsOver } from './role-store';
import type { SubAccountHandlerPorts } from './sub-account-handlers';
import type { SubAccountsRepository } from './sub-accounts';
import type { CreatorRole, SubAccountCreationRepository } from './sub-account-create';
import type { SubAccountListsRepository, TreeMember, TreeMembersQuery } from './sub-account-lists';
import type { SubAccountTreeRepository } from './sub-account-tree';
import { insertMembership, insertRoles } from './invitation-store';
import { MEMBERSHIP_ROLES, MEMBERSHIPS, type MembershipRow } from './membership-tables';
import { MFA_DEVICES } from './mfa-store';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from './role-tables';
import { inRows, oneOf, sameText, type Order, type RowClock, type Tables } from './tables';
import { customLoginsOver, subAccountRowsOver, subAccountSearchOver } from './tenant-repositories';
import { TENANTS, type TenantRow } from './tenant-tables';
import { USERS, type UserRow } from './user-tables';
import { permissionKeysIn } from './member-grants';

/** The tree below an account, as a backend reads it (the server: one recursive query). */
export interface SubAccountTreeReads extends SubAccountTreeRepository {
  /** True when `tenantId` is `rootId` or a live account below it. */
  isWithin(rootId: string, tenantId: string): Promise<boolean>;
}

/** The accounts' ports of the sub-accounts' handlers, but their transaction (the backend's own). */
export type SubAccountStore = SubAccountsRepository &
  SubAccountListsRepository &
  Omit<SubAccountCreationRepository, 'transaction'>;

/** The vendor of `tenantId`, as a condition on a `vendorId` column. */
const vendorOf = (tenantId: string) => inRows<string, TenantRow>(TENANTS, 'vendorId', { id: tenantId });

/** `tenantId` and every live account below it. */
const andBelow = async (tree: SubAccountTreeReads, tenantId: string) => [
  ...new Set([tenantId, ...(await tree.treeOf(tenantId)).map((r) => r.tenantId)]),
];

/** The roles of these memberships (`{ id, key, name }` by key), per membership id: three reads. */
async function rolesOfMemberships(tables: Tables, membershipIds: string[]) {
  const byMembership = new Map<string, Array<{ id: string; key: string; name: string }>>();
  if (membershipIds.length === 0) return byMembership;
  const held = await tables.of(MEMBERSHIP_ROLES).rows({ where: { membershipId: oneOf(membershipIds) } });
  const roles = held.length
    ? await tables.of(ROLES).rows({
        where: { id: oneOf([...new Set(held.map((h) => h.roleId))]) },
        orderBy: [{ by: 'key' }],
      })
    : [];
  for (const id of membershipIds)
    byMembership.set(
      id,
      roles
        .filter((r) => held.some((h) => h.membershipId === id && h.roleId === r.id))
        .map((r) => ({ id: r.id, key: r.key, name: r.name })),
    );
  return byMembership;
}

/** The memberships, roles and access of the accounts of a tree. */
function membersOver(tables: Tables, clock: RowClock, tree: SubAccountTreeReads) {
  const memberships = tables.of(MEMBERSHIPS);
  return {
    isMember: async (tenantId: string, userId: string) =>
      (await memberships.row({ tenantId, userId })) !== null,
    /** Ends the membership in `tenantId` and in every account below it. */
    async removeMember(tenantId: string, userId: string) {
      await memberships.remove({ userId, tenantId: oneOf(await andBelow(tree, tenantId)) });
    },
    async memberByEmail(email: string, tenantIds: string[]) {
      const userId = inRows<string, UserRow>(USERS, 'id', { email: sameText(email) });
      return (await memberships.row({ tenantId: oneOf(tenantIds), userId }))?.userId ?? null;
    },
    async assignableRoles(tenantId: string, roleIds: string[]) {
      if (roleIds.length === 0) return [];
      const where = { id: oneOf(roleIds), tenantId: oneOf([null, tenantId]), vendorId: vendorOf(tenantId) };
      return (await tables.of(ROLES).rows({ where })).map((r) => r.id);
    },
    /** Every membership or none: one there by then (checked under their locks) answers false. */
    addMembers: (members: Parameters<SubAccountsRepository['addMembers']>[0]) =>
      tables.transaction(async (tx) => {
        // In one order, so two writers of the same pairs never wait on each other.
        const keys = members.map(({ userId, tenantId }) => `memberships:${userId}:${tenantId}`).sort();
        for (const key of keys) await tx.lock(key);
        const pairs = members.map(({ userId, tenantId }) => tx.of(MEMBERSHIPS).row({ userId, tenantId }));
        if ((await Promise.all(pairs)).some(Boolean)) return false;
        for (const { userId, tenantId, roleIds, allowAccess } of members)
          await insertMembership(tx, clock, { userId, tenantId, roleIds, accessAllowed: allowAccess });
        return true;
      }),
    async roleIdsOf(tenantId: string, userId: string) {
      const membershipId = inRows<string, MembershipRow>(MEMBERSHIPS, 'id', { tenantId, userId });
      return (await tables.of(MEMBERSHIP_ROLES).rows({ where: { membershipId } })).map((r) => r.roleId);
    },
    setRoles: (tenantId: string, userId: string, roleIds: string[]) =>
      tables.transaction(async (tx) => {
        const membership = await tx.of(MEMBERSHIPS).row({ tenantId, userId });
        if (!membership) return;
        await tx.of(MEMBERSHIP_ROLES).remove({ membershipId: membership.id });
        await insertRoles(tx, membership.id, roleIds);
      }),
    async setAccess(tenantId: string, userId: string, allowed: boolean) {
      await memberships.update({ tenantId, userId }, { accessAllowed: allowed });
    },
    /** Per existing account asked: its members and those allowed in (one read of their memberships). */
    async memberCounts(tenantIds: string[]) {
      const [accounts, rows] = await Promise.all([
        tables.of(TENANTS).rows({ where: { id: oneOf(tenantIds) } }),
        memberships.rows({ where: { tenantId: oneOf(tenantIds) } }),
      ]);
      return accounts.map(({ id }) => {
        const of = rows.filter((m) => m.tenantId === id);
        return { tenantId: id, total: of.length, allowed: of.filter((m) => m.accessAllowed).length };
      });
    },
  };
}

/**
 * Users by name, any case (then id). The server sorted a user without a name by their address;
 * the port orders nulls after names (a user has a name unless a provider gave none).
 */
const BY_NAME: Array<Order<UserRow>> = [{ by: 'name', caseless: true }];

/** A page of an account's members (offset counts users), with their roles there. */
async function accountMembers(tables: Tables, tenantId: string, offset: number, limit: number) {
  const where = { id: inRows<string, MembershipRow>(MEMBERSHIPS, 'userId', { tenantId }) };
  const users = tables.of(USERS);
  const [totalItems, rows] = await Promise.all([
    users.count({ where }),
    users.rows({ where, orderBy: [...BY_NAME, { by: 'id' }], offset, limit }),
  ]);
  const memberships = rows.length
    ? await tables.of(MEMBERSHIPS).rows({ where: { tenantId, userId: oneOf(rows.map((r) => r.id)) } })
    : [];
  const roles = await rolesOfMemberships(
    tables,
    memberships.map((m) => m.id),
  );
  const items = rows.map((row) => {
    const membership = memberships.find((m) => m.userId === row.id)!;
    return {
      id: row.id,
      email: row.email,
      name: row.name ?? row.email.split('@')[0]!,
      tenantId,
      roles: roles.get(membership.id) ?? [],
      /** Spec 001 §3 "Account user: subAccountAccessAllowed, roles". */
      subAccountAccessAllowed: membership.accessAllowed,
    };
  });
  return { items, totalItems };
}

/** How the members across a tree are sorted, then by id. */
const TREE_ORDER: Record<TreeMembersQuery['sortBy'], Array<Order<UserRow>>> = {
  name: BY_NAME,
  email: [{ by: 'email', caseless: true }],
  createdAt: [{ by: 'createdAt' }],
};

/**
 * Every user who is a member of `rootId` or of an account below it, once each: `filter` matches
 * name or email; only their memberships within the tree are shown (the root's first).
 */
async function treeMembers(
  tables: Tables,
  tree: SubAccountTreeReads,
  rootId: string,
  query: TreeMembersQuery,
) {
  const scope = await andBelow(tree, rootId);
  const where = { id: inRows<string, MembershipRow>(MEMBERSHIPS, 'userId', { tenantId: oneOf(scope) }) };
  const search = { text: query.filter, fields: ['email' as const, 'name' as const] };
  const desc = query.order === 'DESC';
  const orderBy = [...TREE_ORDER[query.sortBy].map((o) => ({ ...o, desc })), { by: 'id' as const }];
  const users = tables.of(USERS);
  const [totalItems, rows] = await Promise.all([
    users.count({ where, search }),
    users.rows({ where, search, orderBy, offset: query.offset, limit: query.limit }),
  ]);
  const ids = rows.map((r) => r.id);
  const [memberships, devices] = ids.length
    ? await Promise.all([
        tables.of(MEMBERSHIPS).rows({
          where: { userId: oneOf(ids), tenantId: oneOf(scope) },
          orderBy: [{ by: 'createdAt' }, { by: 'tenantId' }],
        }),
        tables.of(MFA_DEVICES).rows({ where: { userId: oneOf(ids), passkey: false } }),
      ])
    : [[], []];
  const roles = await rolesOfMemberships(
    tables,
    memberships.map((m) => m.id),
  );
  const items = rows.map((row): TreeMember => ({
    id: row.id,
    email: row.email,
    name: row.name,
    verified: row.verified,
    phoneNumber: row.phone,
    profilePictureUrl: row.profilePictureUrl,
    metadata: row.metadata,
    createdAt: row.createdAt,
    lastLogin: row.lastLogin,
    provider: row.provider,
    mfaEnrolled: devices.some((d) => d.userId === row.id),
    memberships: memberships
      .filter((m) => m.userId === row.id)
      // The tree's root first, then the oldest membership (a stable sort keeps the read order).
      .sort((a, b) => Number(b.tenantId === rootId) - Number(a.tenantId === rootId))
      .map((m) => ({ tenantId: m.tenantId, roles: roles.get(m.id) ?? [] })),
  }));
  return { items, totalItems };
}

/** The vendor-wide roles of `tenantId`'s vendor that are creator defaults or have one of `roleKeys`. */
async function creatorRoles(tables: Tables, tenantId: string, roleKeys: readonly string[]) {
  const vendorRoles = await tables
    .of(ROLES)
    .rows({ where: { tenantId: null, vendorId: vendorOf(tenantId) } });
  const candidates = vendorRoles.filter((r) => r.defaultForCreator || roleKeys.includes(r.key));
  const ids = candidates.map((r) => r.id);
  const grants = ids.length ? await tables.of(ROLE_PERMISSIONS).rows({ where: { roleId: oneOf(ids) } }) : [];
  const permissions = grants.length
    ? await tables
        .of(PERMISSIONS)
        .rows({ where: { id: oneOf([...new Set(grants.map((g) => g.permissionId))]) } })
    : [];
  return candidates.map((r): CreatorRole => ({
    id: r.id,
    key: r.key,
    forCreator: r.defaultForCreator,
    permissions: grants
      .filter((g) => g.roleId === r.id)
      .flatMap((g) => permissions.filter((p) => p.id === g.permissionId).map((p) => p.key)),
  }));
}

/**
 * The sub-accounts' ports over `tables` (the server's per request, demo mode's stored ones), with the
 * backend's tree reads; the caller adds the transaction the creation runs in.
 */
export function subAccountStoreOver(
  tables: Tables,
  clock: RowClock,
  tree: SubAccountTreeReads,
): SubAccountStore {
  const members = membersOver(tables, clock, tree);
  const rows = subAccountRowsOver(tables, clock);
  return {
    isWithin: tree.isWithin,
    treeOf: tree.treeOf,
    ...rows,
    ...members,
    search: subAccountSearchOver(tables, { treeOf: tree.treeOf, memberCounts: members.memberCounts }),
    members: (tenantId, offset, limit) => accountMembers(tables, tenantId, offset, limit),
    treeMembers: (rootId, query) => treeMembers(tables, tree, rootId, query),
    creatorRoles: (tenantId, roleKeys) => creatorRoles(tables, tenantId, roleKeys),
    async addCreator(tenantId, userId, roleIds) {
      // A tenant API token's subject is no user: no membership then.
      if (!(await tables.of(USERS).row({ id: userId }))) return false;
      await insertMembership(tables, clock, { userId, tenantId, roleIds });
      return true;
    },
  };
}

/** The accounts' ports over `tables` (a transaction's inside one) and the platform's tree reads. */
const accountsOver = (platform: Platform, tables: Tables): SubAccountHandlerPorts['accounts'] => ({
  ...subAccountStoreOver(tables, platform.clock, platform.subAccounts.tree(tables)),
  transaction: (work) => tables.transaction((tx) => work(accountsOver(platform, tx))),
});

/**
 * Whether the user may act in the account (the account switch): a member there, access allowed,
 * invitation accepted, the account live (as the accounts a token lists).
 */
const mayActIn = async (tables: Tables, userId: string, tenantId: string) =>
  (await tables.of(MEMBERSHIPS).row({
    userId,
    tenantId: inRows<string, TenantRow>(TENANTS, 'id', { id: tenantId, deletedAt: null }),
    accessAllowed: true,
    invitationPending: false,
  })) !== null;

/** Custom login per account's feature flag (spec 001 §6). */
const CUSTOM_LOGIN_FLAG = 'admin_portal_login_per_tenant';

/** The sub-accounts' ports (core/domain/sub-account-handlers.ts) over a backend's platform, for one caller. */
export const subAccountAreaPorts: PortsFor<SubAccountHandlerPorts> = (platform, caller) => ({
  accounts: accountsOver(platform, platform.tables),
  customLogins: customLoginsOver(platform.tables, platform.clock),
  caller: {
    roles: caller.roles,
    held: caller.permissions,
    // Read by the member routes only, which act in the caller's account.
    get activeTenantId() {
      return caller.tenantId;
    },
    impersonating: caller.impersonating,
  },
  memberKeys: (tenantId, userId) => permissionKeysIn(platform.tables, tenantId, userId),
  grantedBy: async (tenantId, roleIds) => (await roleGrantsOver(platform.tables, tenantId, roleIds)).keys,
  accountIdOf: (parentId, chosen) => platform.subAccounts.accountIdOf(parentId, chosen),
  customLoginOn: async () => {
    const context = { userId: caller.userId, tenantId: caller.tenantId };
    return (await platform.featureFlags([CUSTOM_LOGIN_FLAG], context))[CUSTOM_LOGIN_FLAG] === true;
  },
  mayActIn: (tenantId) => mayActIn(platform.tables, caller.userId, tenantId),
  // The session acts in the account, and the user's next sign-in starts there.
  async switchTo(tenantId) {
    await platform.subAccounts.switchTo(caller, tenantId);
    await platform.tables.of(USERS).update({ id: caller.userId }, { activeTenantId: tenantId });
  },
});
