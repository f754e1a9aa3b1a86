/**
 * The users list's extras in demo mode (the server's server/domain/team-users.ts): each row's
 * groups in the member's account with their roles and `mfaEnabled` (the client SDK's names), and
 * the people listed with `_includeSubTenants=true` (who may ask: core/domain/team-member-handlers.ts).
 */
import type { DemoDatabase, DemoUser } from './data';
import { membershipsOf, within } from './subAccountsData';
import { demoRoles } from './teamAdmin';

/** `groups` and `mfaEnabled` of a row. */
export function rowExtras(db: DemoDatabase, user: DemoUser, mfaEnrolled: boolean | undefined) {
  const roles = demoRoles(db);
  return {
    mfaEnabled: mfaEnrolled === true,
    groups: (db.groups ?? [])
      .filter((g) => g.tenantId === user.tenantId && g.userIds.includes(user.id))
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
      .map((g) => ({
        id: g.id,
        name: g.name,
        color: g.color,
        roles: roles
          .filter((r) => g.roleIds.includes(r.id))
          .map((r) => ({ id: r.id, key: r.key, name: r.name })),
      })),
  };
}

/** The people a users list covers: the account's, and with `includeSubTenants` the accounts' below it, each once. */
export function listedUsers(db: DemoDatabase, tenantId: string, includeSubTenants: boolean): DemoUser[] {
  if (!includeSubTenants) return db.users.filter((u) => u.tenantId === tenantId);
  const below = new Set(
    membershipsOf(db)
      .filter((m) => within(db, tenantId, m.tenantId))
      .map((m) => m.userId),
  );
  return db.users.filter((u) => u.tenantId === tenantId || below.has(u.id));
}
