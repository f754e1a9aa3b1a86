/**
 * Sub-accounts, the account switch and custom login per account in demo mode: the server's
 * handlers (core/domain/sub-account-handlers.ts) over the page's stored accounts and memberships
 * (subAccountsRepository.ts). Demo ids are no UUIDs: an id the client chooses
 * is the account's own.
 */
import { SUB_ACCOUNT_HANDLERS, type SubAccountHandlerPorts } from '../domain/sub-account-handlers';
import { KNOWN_FEATURE_FLAGS } from '../featureFlags/featureFlags';
import { tenantsOfUser, updateUser } from './data';
import { demoSubAccountsRepository } from './subAccountsRepository';
import { customLoginsOver } from '../domain/tenant-repositories';
import { memoryTables } from './tables';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { demoPermissionsOf, demoRolesOf, grantedBy } from './teamAdmin';
import { demoFlagValues } from './hostInfo';

/** The sub-account routes of a signed-in caller, by descriptor name. */
export function demoSubAccountRoutes(tools: DemoClock) {
  return demoHandlers(SUB_ACCOUNT_HANDLERS, (db, user): SubAccountHandlerPorts => ({
    accounts: demoSubAccountsRepository(db, tools),
    customLogins: customLoginsOver(memoryTables((db.tables ??= {})), tools),
    caller: {
      roles: demoRolesOf(db, user).map((r) => r.key),
      held: demoPermissionsOf(db, user),
      activeTenantId: user.tenantId,
      impersonating: Boolean(db.session?.impersonatorId),
    },
    memberKeys: async (tenantId, userId) => demoPermissionsOf(db, { id: userId, tenantId }),
    grantedBy: async (tenantId, roleIds) => grantedBy(db, tenantId, roleIds),
    accountIdOf: (_parentId, chosen) => chosen,
    customLoginOn: async () => {
      const flag = KNOWN_FEATURE_FLAGS.adminPortalLoginPerTenant;
      return demoFlagValues(db, [flag], { userId: user.id, tenantId: user.tenantId })[flag] === true;
    },
    mayActIn: async (tenantId) => tenantsOfUser(db, user.id).some((t) => t.tenantId === tenantId),
    switchTo: async (tenantId) => void updateUser(db, user.id, { activeTenantId: tenantId }),
  }));
}
