/**
 * The signed-in user's own profile (under `/{prefix}/identity/resources/users`): PUT v2/me, its
 * handler and rules written once in core/domain/profile.ts (demo mode runs them too), SQL in
 * server/storage/profile.ts. Not with an API token (the descriptor's PERSON): the phone number is
 * where SMS sign-in codes go, so changing it would turn a leaked token into a sign-in.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { PROFILE_HANDLERS } from '../../core/domain/profile';
import { pickActiveTenant } from '../domain/tenants';
import { listUserTenants } from '../storage/tenants';
import { loadUserProfile } from '../domain/users';
import { findUserById } from '../storage/users';
import { contractError } from '../../core/contract/errors';
import { registerHandlers } from '../http/handlers';
import { callerOf } from '../http/route-table';
import { profileRepository } from '../storage/profile';

export async function profileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = profileRepository(ctx.db);
  registerHandlers(app, PROFILE_HANDLERS, (request) => {
    const claims = callerOf(request);
    return {
      ...repo,
      impersonating: Boolean(claims.act),
      async profile(userId: string) {
        const user = await findUserById(ctx.db, userId);
        if (!user) throw contractError('USER_NOT_FOUND');
        const tenants = await listUserTenants(ctx.db, user.id);
        return loadUserProfile(ctx.db, user, tenants, pickActiveTenant(tenants, claims.tenantId)?.id ?? null);
      },
    };
  });
}
