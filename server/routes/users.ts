/**
 * User routes (under `/{prefix}/identity/resources/users`): password policy, sign-up and the signed-in
 * user (their accounts: routes/host-info.ts; a token for another: routes/login-sessions.ts).
 */
import { emailDomainAllowed } from '../domain/email-domain-restrictions';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { sendActivationEmail } from '../domain/activation';
import { inviteLinkTenant } from '../../core/domain/invitations';
import { inviteLinkPorts, notifyJoined } from '../domain/invitations';
import { signUp } from '../domain/signup';
import { verifyCaptcha } from '../domain/captcha';
import { pickActiveTenant } from '../domain/tenants';
import { loadPrincipal, principalOf, profileOf } from '../domain/principal';
import { callerReadByGuard } from '../http/bearer';
import { getVendorSettings } from '../domain/vendor';
import { setRefreshCookie } from '../http/cookies';
import { contractError } from '../../core/contract/errors';
import { assertTrustedOrigin } from '../http/origin';
import { clientInfo } from '../http/client-info';
import { parseMetadata } from '../../core/domain/profile';
import { callerOf } from '../http/route-table';

interface SignUpBody {
  email: string;
  password: string;
  name?: string | null;
  companyName?: string | null;
  phoneNumber?: string | null;
  metadata?: string | Record<string, unknown> | null;
  invitationToken?: string | null;
  recaptchaToken?: string | null;
}

/** Registers the user routes on `app` (already scoped to the URL prefix). */
export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = '/identity/resources/users';

  app.get(`${base}/v1/passwords/config`, async () => {
    const settings = await getVendorSettings(ctx.db);
    return { minLength: settings.passwordMinLength, maxLength: settings.passwordMaxLength };
  });

  app.post<{ Body: SignUpBody }>(
    // Request schemas of this file: core/contract/requests.ts (the demo backend validates with them too).
    `${base}/v1/signUp`,
    async (request, reply) => {
      assertTrustedOrigin(request, ctx.options.corsOrigins);
      const body = request.body;
      await verifyCaptcha(ctx, { token: body.recaptchaToken, email: body.email, ip: request.ip });
      // Spec 000 §7: sign-up may carry an invitationToken (a tenant's invite link): the new user
      // joins that tenant. A token that is not live is refused before anything is created.
      const invited = body.invitationToken
        ? await inviteLinkTenant(inviteLinkPorts(ctx), body.invitationToken)
        : null;
      // The account's email-domain restrictions decide who joins it through its link.
      if (invited && !(await emailDomainAllowed(ctx.db, invited.tenantId, body.email)))
        throw contractError('EMAIL_DOMAIN_NOT_ALLOWED');
      const result = await signUp(
        ctx,
        {
          email: body.email,
          password: body.password,
          name: body.name,
          companyName: body.companyName,
          phoneNumber: body.phoneNumber,
          metadata: parseMetadata(body.metadata),
          joinTenantId: invited?.tenantId,
        },
        clientInfo(request),
      );
      if (result.signedIn) setRefreshCookie(reply, ctx.cookies, result.signedIn.refreshToken);
      // Activation required: the new user gets the link by email (a delivery failure is logged;
      // they can ask again with POST /activate/reset).
      if (result.shouldActivate)
        await sendActivationEmail(ctx, { id: result.userId, email: result.user.email }, (m) =>
          request.log.error(m),
        );
      if (invited)
        await notifyJoined(ctx, { userId: result.userId, email: result.user.email }, invited, (m) =>
          request.log.error(m),
        );
      return {
        shouldActivate: result.shouldActivate,
        userId: result.userId,
        tenantId: result.tenantId,
        user: result.user,
        ...(result.signedIn ? { authResponse: result.signedIn.authResponse } : {}),
      };
    },
  );

  // One query in all: the session guard's statement reads the caller (http/bearer.ts readsCaller;
  // domain/principal.ts). An API token's call, which the guard does not read for, reads them here.
  app.get(`${base}/v2/me`, { config: { readsCaller: true } }, async (request) => {
    const claims = callerOf(request);
    const read = callerReadByGuard(request);
    const principal = read ? principalOf(read) : await loadPrincipal(ctx.db, claims.sub);
    if (!principal) throw contractError('USER_NOT_FOUND');
    return profileOf(principal, pickActiveTenant(principal.tenants, claims.tenantId)?.id ?? null);
  });
}
