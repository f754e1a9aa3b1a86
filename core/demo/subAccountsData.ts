/**
 * Demo mode's sub-account data (core/demo/subAccounts.ts and its repositories): the sample
 * accounts (rows of `tenants`) and the memberships.
 */
import type { Tenant } from '../api/types';
import { addDemoTenant, tenantOfRow, tenantRows, type DemoDatabase, type DemoUser } from './data';
import { visibleRoles } from './teamAdmin';

/** A user's place in an account, with the ids of the roles they hold there (as the server's membership_roles). */
export interface DemoMembership {
  userId: string;
  tenantId: string;
  roleIds: string[];
  accessAllowed: boolean;
  /** Invited and not accepted yet (core/demo/invitationStore.ts); absent: a member. */
  invitationPending?: boolean;
}

/** The ids of the account's roles of these keys (the user's roles in its active account are kept by key). */
export const roleIdsOfKeys = (db: DemoDatabase, tenantId: string, keys: readonly string[]) =>
  visibleRoles(db, tenantId)
    .filter((r) => keys.includes(r.key))
    .map((r) => r.id);

/** The demo's memberships, built on first use from the users (their home tenant) plus sample sub-accounts. */
export function membershipsOf(db: DemoDatabase): DemoMembership[] {
  if (db.memberships) return db.memberships;
  db.memberships = db.users.map((u) => ({
    userId: u.id,
    tenantId: u.tenantId,
    roleIds: roleIdsOfKeys(db, u.tenantId, u.roleKeys),
    accessAllowed: true,
  }));
  const home = tenantRows(db)[0];
  const admin = db.users.find((u) => u.roleKeys.includes('Admin') && u.tenantId === home?.id);
  if (!home || !admin) return db.memberships;
  const add = (id: string, name: string, parentTenantId: string) =>
    addDemoTenant(db, { id, name, parentTenantId, createdAt: '2026-02-01T00:00:00.000Z' });
  add('demo-europe', 'Demo Company Europe', home.id);
  add('demo-paris', 'Demo Company Paris', 'demo-europe');
  add('demo-berlin', 'Demo Company Berlin', 'demo-europe');
  // Enough stores for the all-accounts page to load more than one page of 50.
  for (let i = 1; i <= 55; i += 1)
    add(`demo-store-${i}`, `Demo Store ${String(i).padStart(2, '0')}`, home.id);
  const ids = (key: string) => roleIdsOfKeys(db, home.id, [key]);
  db.memberships.push(
    { userId: admin.id, tenantId: 'demo-europe', roleIds: ids('Admin'), accessAllowed: true },
    { userId: admin.id, tenantId: 'demo-paris', roleIds: ids('Admin'), accessAllowed: true },
    { userId: 'demo-user-2', tenantId: 'demo-paris', roleIds: ids('Editor'), accessAllowed: true },
    { userId: 'demo-user-3', tenantId: 'demo-paris', roleIds: ids('Viewer'), accessAllowed: false },
  );
  return db.memberships;
}

/** The tenants the user may act in (access not denied, the invitation accepted), as the server answers them. */
export function tenantsOfUser(db: DemoDatabase, user: DemoUser): Tenant[] {
  const ids = new Set(
    membershipsOf(db)
      .filter((m) => m.userId === user.id && m.accessAllowed && !m.invitationPending)
      .map((m) => m.tenantId),
  );
  return tenantRows(db)
    .filter((t) => ids.has(t.id))
    .map(tenantOfRow);
}
