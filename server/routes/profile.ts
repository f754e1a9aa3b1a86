/**
 * The signed-in user's own profile (under `/{prefix}/identity/resources/users`): PUT v2/me.
 * Only the fields a user may change about themselves: name, phone number, metadata (where the
 * portal keeps address and job title), locale (their language: emails, SMS and the kit). Email, roles, createdAt and lastLogin stay as they are.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { listUserTenants, pickActiveTenant } from '../domain/tenants';
import { findUserById, loadUserProfile } from '../domain/users';
import { contractError } from '../../core/contract/errors';
import { parseMetadata } from '../http/metadata';
import { callerOf } from '../http/route-table';
import { refusePhoneChangeWhileImpersonating } from '../../core/domain/impersonation';

interface UpdateMeBody {
  name?: string;
  phoneNumber?: string | null;
  metadata?: string | Record<string, unknown> | null;
  /** One of core/domain/locales.ts (the contract's schema), or null: none chosen. */
  locale?: string | null;
}

export async function profileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.put<{ Body: UpdateMeBody }>(
    // Request schema: core/contract/requests.ts (the demo backend validates with it too).
    '/identity/resources/users/v2/me',
    async (request) => {
      // Not with an API token: the phone number is where SMS sign-in codes go, so changing it would
      // turn a leaked token into a sign-in.
      const claims = callerOf(request);
      const body = request.body;
      const name = body.name?.trim();
      if (body.name !== undefined && !name) throw contractError('PROFILE_NAME_EMPTY');
      const phone = body.phoneNumber === undefined ? undefined : body.phoneNumber?.trim() || null;
      const metadata = body.metadata === undefined ? undefined : (parseMetadata(body.metadata) ?? {});
      // The phone number is where SMS sign-in codes go (core/domain/impersonation.ts).
      if (claims.act)
        refusePhoneChangeWhileImpersonating(true, phone, (await findUserById(ctx.db, claims.sub))?.phone);
      // COALESCE keeps a column when its field was not sent; phone uses a flag because null clears it.
      await ctx.db.query(
        `UPDATE users SET name = COALESCE($2, name),
                          phone = CASE WHEN $3 THEN $4 ELSE phone END,
                          metadata = COALESCE($5::jsonb, metadata),
                          locale = CASE WHEN $6 THEN $7 ELSE locale END
          WHERE id = $1`,
        [
          claims.sub,
          name ?? null,
          phone !== undefined,
          phone ?? null,
          metadata === undefined ? null : JSON.stringify(metadata),
          body.locale !== undefined,
          body.locale ?? null,
        ],
      );
      const user = await findUserById(ctx.db, claims.sub);
      if (!user) throw contractError('USER_NOT_FOUND');
      const tenants = await listUserTenants(ctx.db, user.id);
      const active = pickActiveTenant(tenants, claims.tenantId);
      return loadUserProfile(ctx.db, user, tenants, active?.id ?? null);
    },
  );
}
