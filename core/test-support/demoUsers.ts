import { membershipOf, userByEmail, type DemoDatabase } from '../demo/data';
import { MEMBERSHIP_ROLES } from '../domain/membership-tables';
import { ROLES } from '../domain/role-tables';
import type { UserRow } from '../domain/user-tables';
import { demoRoles } from '../demo/teamAdmin';

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
