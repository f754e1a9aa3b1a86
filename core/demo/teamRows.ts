/**
 * The groups' rows (core/domain/group-token-tables.ts) as the rest of demo mode reads them at
 * once, from the demo's stored tables: the groups a member is in and the roles those give, an
 * account's group configuration.
 */
import { GROUP_CONFIGURATIONS, GROUP_MEMBERS, GROUP_ROLES, GROUPS } from '../domain/group-token-tables';
import { storedRows, type DemoDatabase } from './data';

/** The groups a membership is in, each with the ids of its roles. */
export function groupsOfMember(db: DemoDatabase, membershipId: string | undefined) {
  const ids = storedRows(db.tables, GROUP_MEMBERS).flatMap((l) =>
    l.membershipId === membershipId ? [l.groupId] : [],
  );
  const roles = storedRows(db.tables, GROUP_ROLES);
  return storedRows(db.tables, GROUPS)
    .filter((g) => ids.includes(g.id))
    .map((g) => ({ ...g, roleIds: roles.flatMap((l) => (l.groupId === g.id ? [l.roleId] : [])) }));
}

/** The account's group configuration (no row: both on). */
export function groupConfigurationOf(db: DemoDatabase, tenantId: string) {
  const row = storedRows(db.tables, GROUP_CONFIGURATIONS).find((c) => c.tenantId === tenantId);
  return { enabled: row?.enabled ?? true, rolesEnabled: row?.rolesEnabled ?? true };
}
