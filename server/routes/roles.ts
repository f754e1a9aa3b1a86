/**
 * Roles and permissions (spec 001 §6, §7 "Roles, permissions, groups"), in the caller's active tenant:
 * - GET    /identity/resources/roles/v2 ?_filter&_sortBy&_order&_offset&_limit (fe.secure.read.roles):
 *          the vendor's and the tenant's roles with their permission ids, paged in the database;
 * - POST   /identity/resources/roles/v1 { key, name, description?, permissionIds? } (fe.secure.write.roles);
 * - PATCH  /identity/resources/roles/v1/{roleId} { key?, name?, description? } (fe.secure.write.roles);
 * - DELETE /identity/resources/roles/v1/{roleId} (fe.secure.delete.roles);
 * - PUT    /identity/resources/roles/v1/{roleId}/permissions { permissionIds } (fe.secure.write.roles);
 * - GET    /identity/resources/permissions/v1 (fe.secure.read.roles), with the roleIds holding each;
 * - PUT    /identity/resources/permissions/v1/{permissionId}/roles { roleIds } (fe.secure.write.roles);
 * - GET    /identity/resources/permissions/v1/categories (fe.secure.read.roles).
 * (GET /identity/resources/roles/v1, the short list the users page offers, is in team-members.ts.)
 * The vendor's roles are read-only here (403). A caller cannot grant a permission they do not hold, nor
 * take one away (replace a role's permissions, delete a role) that they do not hold (403). The
 * handlers are core/domain/role-handlers.ts and the rules core/domain/roles.ts (demo mode runs
 * both), over the repository of core/domain/role-store.ts (server/storage/roles.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ROLE_HANDLERS } from '../../core/domain/role-handlers';
import { serverRoleStore } from '../storage/roles';
import { registerHandlers } from '../http/handlers';
import { callerOf, tenantOf } from '../http/route-table';

export async function roleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerHandlers(app, ROLE_HANDLERS, (request) => ({
    ...serverRoleStore(ctx.db, tenantOf(request)),
    held: callerOf(request).permissions ?? [],
  }));
}
