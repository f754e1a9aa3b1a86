/**
 * Sub-accounts, the account switch and custom login per account (spec 001 §7 "Tenants and
 * sub-accounts", §2 Account tab customLogin; spec 000 §7 "PUT v1 /tenant"): the shared handlers of
 * core/domain/sub-account-handlers.ts (demo mode runs them too) over SQL ports. Every sub-account
 * call acts below the caller's active tenant (another tree is 404, never shown); reading needs
 * fe.account-hierarchy.read.subAccount, changing fe.account-hierarchy.write.subAccount (the route
 * table checks them). What is the server's own: the id of an account the client names
 * (domain/hierarchy.ts chosenAccountId), the caller from its access token, the feature flag
 * admin_portal_login_per_tenant, and the session the switch moves.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { SUB_ACCOUNT_HANDLERS, type SubAccountHandlerPorts } from '../../core/domain/sub-account-handlers';
import { chosenAccountId } from '../domain/hierarchy';
import { evaluateFlags } from '../domain/featureFlags';
import { memberPermissionKeys } from '../domain/grants';
import { listUserTenants } from '../storage/tenants';
import { customLoginsOver } from '../../core/domain/tenant-repositories';
import { permissionKeysOfRoles } from '../storage/roles';
import { moveSession, subAccountsRepository } from '../storage/sub-accounts';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';
import { registerHandlers } from '../http/handlers';
import { callerOf, tenantOf } from '../http/route-table';

const CUSTOM_LOGIN_FLAG = 'admin_portal_login_per_tenant';

export async function hierarchyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const accounts = subAccountsRepository(db);
  const ports = (request: FastifyRequest): SubAccountHandlerPorts => {
    const claims = callerOf(request);
    return {
      accounts,
      customLogins: customLoginsOver(sqlTables(db), SERVER_ROW_CLOCK),
      caller: {
        roles: claims.roles ?? [],
        held: claims.permissions ?? [],
        activeTenantId: claims.tenantId ?? null,
        impersonating: Boolean(claims.act),
      },
      memberKeys: (tenantId, userId) => memberPermissionKeys(db, tenantId, userId),
      grantedBy: async (tenantId, roleIds) => (await permissionKeysOfRoles(db, tenantId, roleIds)).keys,
      accountIdOf: chosenAccountId,
      customLoginOn: async () => {
        const context = { userId: claims.sub, tenantId: tenantOf(request) };
        return (await evaluateFlags(db, [CUSTOM_LOGIN_FLAG], context))[CUSTOM_LOGIN_FLAG] === true;
      },
      mayActIn: async (tenantId) => (await listUserTenants(db, claims.sub)).some((t) => t.id === tenantId),
      switchTo: (tenantId) => moveSession(db, { userId: claims.sub, sessionId: claims.sid, tenantId }),
    };
  };
  registerHandlers(app, SUB_ACCOUNT_HANDLERS, ports);
}
