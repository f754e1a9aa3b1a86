/**
 * Groups of a tenant (spec 001 §3, §6, §7) on the server. The rules are core/domain/groups.ts and
 * their storage core/domain/group-store.ts (run by demo mode too), over `sqlTables` and the roles
 * and members server/storage/groups.ts reads; what is server-only is a member's permissions as
 * the tokens carry them (domain/tenants.ts loadAuthorization: direct roles and the groups' while
 * the account's configuration has them on).
 */
import { groupPorts as portsOver } from '../../core/domain/group-store';
import type { GroupPorts } from '../../core/domain/groups';
import type { Database } from '../storage/database';
import { groupDirectory } from '../storage/groups';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { memberPermissionKeys } from './grants';

/** The ports of core/domain/groups.ts for one tenant. */
export const groupPorts = (db: Database, tenantId: string): GroupPorts =>
  portsOver(sqlTables(db), SERVER_ROW_CLOCK, tenantId, {
    ...groupDirectory(db, tenantId),
    memberPermissions: (userId) => memberPermissionKeys(db, tenantId, userId),
  });
