import {
  DEMO_VENDOR_ID,
  noteWritten,
  storedRows,
  tenantRows,
  userByEmail,
  type DemoDatabase,
} from '../demo/data';
import { MEMBERSHIP_ROLES, MEMBERSHIPS, type MembershipRow } from '../domain/membership-tables';
import { ROLES } from '../domain/role-tables';
import { newTenantRow, TENANTS, type TenantRow } from '../domain/tenant-tables';
import { USERS, type UserRow } from '../domain/user-tables';
import { demoRoles } from '../demo/teamAdmin';

/** The stored membership of `userId` in the account `tenantId`, if any. */
export const membershipOf = (db: DemoDatabase, tenantId: string, userId: string): MembershipRow | undefined =>
  storedRows(db.tables, MEMBERSHIPS).find((m) => m.tenantId === tenantId && m.userId === userId);

/** The stored row of the demo user of this email (a test names one that exists). */
export const demoUserRow = (db: DemoDatabase, email: string): UserRow => userByEmail(db, email)!;

/**
 * The demo user of `email` holds, in their active account, exactly the roles of these keys (the
 * account's own and the vendor's), as rows of `membership_roles`.
 */
export function setDemoRoles(db: DemoDatabase, email: string, roleKeys: string[]): void {
  demoRoles(db);
  const user = demoUserRow(db, email);
  const membership = membershipOf(db, user.activeTenantId!, user.id)!;
  const roles = (db.tables![ROLES.name] ?? []) as Array<{ id: string; key: string; tenantId: string | null }>;
  const ids = roles
    .filter((r) => roleKeys.includes(r.key) && (r.tenantId === null || r.tenantId === membership.tenantId))
    .map((r) => r.id);
  const links = (db.tables![MEMBERSHIP_ROLES.name] ??= []);
  const kept = links.filter((l) => l.membershipId !== membership.id);
  links.splice(0, links.length, ...kept, ...ids.map((roleId) => ({ membershipId: membership.id, roleId })));
}

/** Adds a user's row. */
export function addUser(db: DemoDatabase, row: UserRow): UserRow {
  const store = (db.tables ??= {});
  (store[USERS.name] ??= []).push(row);
  noteWritten(store);
  return row;
}

/** Adds a membership of `userId` in `tenantId` with these roles; the row. */
export function addMembership(
  db: DemoDatabase,
  row: Pick<MembershipRow, 'id' | 'userId' | 'tenantId' | 'createdAt'> & Partial<MembershipRow>,
  roleIds: readonly string[],
): MembershipRow {
  const store = (db.tables ??= {});
  const membership = { invitationPending: false, accessAllowed: true, scimConfigurationId: null, ...row };
  (store[MEMBERSHIPS.name] ??= []).push(membership);
  (store[MEMBERSHIP_ROLES.name] ??= []).push(...roleIds.map((roleId) => ({ membershipId: row.id, roleId })));
  noteWritten(store);
  return membership;
}

/** The stored account of this id, if any. */
export const tenantById = (db: DemoDatabase, tenantId: string): TenantRow | undefined =>
  tenantRows(db).find((t) => t.id === tenantId);

/** Stores a new account of the demo's vendor. */
export function addDemoTenant(
  db: DemoDatabase,
  account: Pick<TenantRow, 'id' | 'name' | 'createdAt'> & Partial<TenantRow>,
) {
  const store = (db.tables ??= {});
  (store[TENANTS.name] ??= []).push(newTenantRow({ vendorId: DEMO_VENDOR_ID, ...account }));
  noteWritten(store);
}
