/**
 * The security page's policies (issue 15; spec 001 §2 "Security page tabs: sessionManagement,
 * generalSettings", §3 policies, §5 "Policy save: PATCH if the object has an id, else POST"), on
 * the client SDK's paths:
 * - GET /identity/resources/configurations/v1: the vendor's global security policy (ISecurityPolicy).
 * - /identity/resources/configurations/v1/{mfa-policy,lockout-policy,password-history-policy}:
 *   GET (the active account's policy: its own, else the vendor's), GET /vendor (the vendor's
 *   default), POST and PATCH (save the account's own; both upsert, the body's id is not trusted to
 *   choose a row: the caller's active account does).
 * - GET and POST /identity/resources/configurations/sessions/v1: the session policy (idle timeout,
 *   forced re-login, concurrent sessions); POST merges the parts it is given.
 * - /identity/resources/configurations/v1/restrictions/ip: the IP allow and block lists (GET paged,
 *   POST, POST /bulk, DELETE /{id}), their config (GET, POST /config), and POST /verify and
 *   /verify/allow for the caller's own address.
 * - /identity/resources/configurations/restrictions/v1/email-domain: who may join the account by
 *   email domain (GET, POST, DELETE /{id}, GET and POST /config).
 * - POST /identity/resources/users/v1/{userId}/unlock: an administrator unlocks a member locked by
 *   the lockout policy (not in the client SDK; the users page's row action).
 * Reading needs fe.secure.read.securityPolicy, saving fe.secure.write.securityPolicy. The
 * handlers are core/domain/security-policy-handlers.ts and the rules core/domain/security-policies.ts
 * (demo mode runs both); where the server enforces each policy: domain/security-policies.ts,
 * domain/ip-restrictions.ts, domain/email-domain-restrictions.ts.
 */
import { createPublicKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SECURITY_POLICY_HANDLERS } from '../../core/domain/security-policy-handlers';
import type { AppContext } from '../context';
import { assertMayActOn } from '../domain/grants';
import { securityPolicyPorts } from '../domain/security-policies';
import { unlockUser } from '../../core/domain/lockout';
import { isMember } from '../../core/domain/team-member-store';
import { sqlTables } from '../storage/tables';
import { getVendorSettings } from '../domain/vendor';
import { contractError } from '../../core/contract/errors';
import { strictObject } from '../http/schemas';
import { registerHandlers } from '../http/handlers';
import { accountOf, callerOf } from '../http/route-table';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export async function securityPolicyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** The vendor's global policy (ISecurityPolicy) but what the handler adds (MFA, password overrides). */
  const globalPolicy = async () => {
    const [vendor, jwks] = await Promise.all([getVendorSettings(ctx.db), ctx.tokens.jwks()]);
    const signing = jwks.keys[0];
    return {
      id: vendor.id,
      allowSignups: vendor.allowSignups,
      apiTokensEnabled: vendor.apiTokensEnabled,
      cookieSameSite: ctx.options.cookieSameSite.toUpperCase(),
      defaultRefreshTokenExpiration: ctx.options.refreshTokenTtlSeconds,
      defaultTokenExpiration: ctx.options.accessTokenTtlSeconds,
      // The current signing key, as PEM: what a host backend verifies access tokens with.
      publicKey: signing
        ? createPublicKey({ key: { ...signing }, format: 'jwk' })
            .export({ type: 'spki', format: 'pem' })
            .toString()
        : '',
    };
  };
  registerHandlers(app, SECURITY_POLICY_HANDLERS, () => ({ ...securityPolicyPorts(ctx.db), globalPolicy }));

  // ------------------------------------------------------------------------------------ unlock
  app.post<{ Params: { userId: string } }>(
    '/identity/resources/users/v1/:userId/unlock',
    {
      schema: {
        params: strictObject({ userId: { type: 'string', pattern: UUID } }, ['userId']),
      },
    },
    async (request) => {
      const claims = callerOf(request);
      const tenantId = accountOf(request);
      const { userId } = request.params;
      if (!(await isMember(sqlTables(ctx.db), tenantId, userId))) throw contractError('MEMBER_NOT_FOUND');
      await assertMayActOn(ctx.db, claims, tenantId, userId, 'sessions');
      return { unlocked: await unlockUser(sqlTables(ctx.db), userId) };
    },
  );
}
