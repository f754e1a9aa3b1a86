/**
 * Sub-accounts, the account switch and custom login per account in demo mode: the server's
 * handlers (core/domain/sub-account-handlers.ts) over the page's stored accounts and memberships
 * (subAccountsRepository.ts). Demo ids are no UUIDs: an id the client chooses
 * is the account's own.
 */
import { SUB_ACCOUNT_HANDLERS, type SubAccountHandlerPorts } from '../domain/sub-account-handlers';
import { KNOWN_FEATURE_FLAGS } from '../featureFlags/featureFlags';
import { userById, type DemoDatabase, type DemoUser } from './data';
import { membershipsOf, roleIdsOfKeys, tenantsOfUser } from './subAccountsData';
import { demoSubAccountsRepository } from './subAccountsRepository';
import { customLoginsOver } from '../domain/tenant-repositories';
import { memoryTables } from './tables';
import type { DemoClock } from './rows';
import { demoHandlers } from './shared';
import { demoPermissionsOf, grantedBy, rolesWithIds } from './teamAdmin';
import { demoFlagValues } from './hostInfo';

/**
 * The demo user's active account becomes `tenantId`'s: the roles held in the one left and whether
 * its invitation is pending are kept in its membership (roles by id), and the user holds those of its
 * membership in the new one (roles by key, as the access token names them).
 */
export function moveToAccount(db: DemoDatabase, user: DemoUser, tenantId: string): void {
  const mine = (id: string) => membershipsOf(db).find((m) => m.userId === user.id && m.tenantId === id);
  const current = mine(user.tenantId);
  if (current)
    Object.assign(current, {
      roleIds: roleIdsOfKeys(db, user.tenantId, user.roleKeys),
      invitationPending: !!user.invitationPending,
    });
  const next = mine(tenantId);
  user.tenantId = tenantId;
  user.roleKeys = rolesWithIds(db, tenantId, next?.roleIds ?? []).map((r) => r.key);
  user.invitationPending = !!next?.invitationPending;
}

/** The sub-account routes of a signed-in caller, by descriptor name. */
export function demoSubAccountRoutes(tools: DemoClock) {
  return demoHandlers(SUB_ACCOUNT_HANDLERS, (db, user): SubAccountHandlerPorts => ({
    accounts: demoSubAccountsRepository(db, tools),
    customLogins: customLoginsOver(memoryTables((db.tables ??= {})), tools),
    caller: {
      roles: user.roleKeys,
      held: demoPermissionsOf(db, user),
      activeTenantId: user.tenantId,
      impersonating: Boolean(db.session?.impersonatorId),
    },
    async memberKeys(tenantId, userId) {
      const person = userById(db, userId);
      if (person?.tenantId === tenantId) return demoPermissionsOf(db, person);
      return grantedBy(db, tenantId, await demoSubAccountsRepository(db, tools).roleIdsOf(tenantId, userId));
    },
    grantedBy: async (tenantId, roleIds) => grantedBy(db, tenantId, roleIds),
    accountIdOf: (_parentId, chosen) => chosen,
    customLoginOn: async () => {
      const flag = KNOWN_FEATURE_FLAGS.adminPortalLoginPerTenant;
      return demoFlagValues(db, [flag], { userId: user.id, tenantId: user.tenantId })[flag] === true;
    },
    mayActIn: async (tenantId) => tenantsOfUser(db, user).some((t) => t.tenantId === tenantId),
    switchTo: async (tenantId) => moveToAccount(db, user, tenantId),
  }));
}
