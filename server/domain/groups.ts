/**
 * Groups of a tenant (spec 001 §3, §6, §7) on the server. The rules are core/domain/groups.ts (run
 * by demo mode too), over the SQL of server/storage/groups.ts; what is server-only is a member's
 * permissions as the tokens carry them (domain/tenants.ts loadAuthorization: direct roles and
 * the groups' while the account's configuration has them on).
 */
import type { GroupPorts } from '../../core/domain/groups';
import type { Database } from '../storage/database';
import { groupRepository } from '../storage/groups';
import { memberPermissionKeys } from './grants';

/** The ports of core/domain/groups.ts for one tenant. */
export const groupPorts = (db: Database, tenantId: string): GroupPorts => ({
  ...groupRepository(db, tenantId),
  memberPermissions: (userId) => memberPermissionKeys(db, tenantId, userId),
});
