/**
 * Authentication routes (under `/{prefix}/identity/resources/auth`): sign-in, refresh, sign-out,
 * SSO pre-login. The refresh token travels only in the httpOnly cookie, never in a body.
 */
import {
  accountOfLoginAlias,
  aliasOfHeader,
  assertAliasMember,
  LOGIN_ALIAS_HEADER,
} from '../../core/domain/login-alias';
import { loginAliasRepository } from '../storage/login-alias';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { verifyCaptcha } from '../domain/captcha';
import { joinAtSignIn } from '../domain/invitations';
import { assertVendorAllows } from '../domain/sign-in-methods';
import { tenantSsoRoute } from '../domain/sso-config';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../http/cookies';
import { contractError } from '../../core/contract/errors';
import { assertTrustedOrigin } from '../http/origin';
import { mfaGate } from '../http/mfa-gate';
import { clientInfo } from '../http/client-info';
import { answerAbsent, prefersQuietAbsence } from '../http/quiet-absence';

interface LoginBody {
  email: string;
  password: string;
  recaptchaToken?: string | null;
  invitationToken?: string | null;
}

interface PreloginBody {
  email: string;
  tenantId?: string | null;
}

/**
 * Registers the auth routes on `app` (already scoped to the URL prefix). Request schemas:
 * core/contract/requests.ts (the demo backend validates with them too).
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = '/identity/resources/auth';
  const apiPrefix = ctx.options.prefix ? `/${ctx.options.prefix}` : '';
  const ssoIssuer = ctx.options.issuer.replace(/\/+$/, '');
  const noBody = { bodyLimit: 1024 };

  app.post<{ Body: LoginBody }>(`${base}/v1/user`, async (request, reply) => {
    assertTrustedOrigin(request, ctx.options.corsOrigins);
    // The sign-in methods (the application's here, the account's in the gate) and the captcha policy.
    await assertVendorAllows(ctx.db, 'EmailAndPassword');
    await verifyCaptcha(ctx, {
      token: request.body.recaptchaToken,
      email: request.body.email,
      ip: request.ip,
    });
    // A login alias (custom login per account): its account's members sign in there.
    const aliases = loginAliasRepository(ctx.db);
    const aliasTenant = await accountOfLoginAlias(
      aliases,
      aliasOfHeader(request.headers[LOGIN_ALIAS_HEADER]),
    );
    // invitationToken (an invite link) joins its tenant after a completed sign-in: joinAtSignIn.
    const result = await ctx.auth.login(
      request.body.email,
      request.body.password,
      clientInfo(request),
      mfaGate(ctx, ctx.mfa, request, 'EmailAndPassword'),
      aliasTenant
        ? { tenantId: aliasTenant, assertMember: (userId) => assertAliasMember(aliases, aliasTenant, userId) }
        : undefined,
    );
    if (!result.ok) {
      throw result.reason === 'unverified'
        ? contractError('EMAIL_NOT_VERIFIED')
        : result.reason === 'locked'
          ? contractError('ACCOUNT_LOCKED')
          : contractError('CREDENTIALS_INCORRECT');
    }
    // MFA required: no session, no cookie; the answer carries the mfaToken (routes/mfa.ts). The
    // invite link is not used then (the sign-in is not complete).
    if ('mfa' in result) return result.mfa;
    const signedIn = request.body.invitationToken
      ? await joinAtSignIn(
          ctx,
          request.body.email,
          request.body.invitationToken,
          result.signedIn,
          clientInfo(request),
        )
      : result.signedIn;
    setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
    return signedIn.authResponse;
  });

  app.post(`${base}/v1/user/token/refresh`, noBody, async (request, reply) => {
    assertTrustedOrigin(request, ctx.options.corsOrigins);
    const token = request.cookies[REFRESH_COOKIE];
    const signedIn = token ? await ctx.auth.refresh(token, clientInfo(request)) : null;
    if (!signedIn) return refuse(request, reply);
    if (signedIn.refreshToken) setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
    return signedIn.authResponse;
  });

  app.post(`${base}/v1/logout`, noBody, async (request, reply) => {
    assertTrustedOrigin(request, ctx.options.corsOrigins);
    await ctx.auth.logout(request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply, ctx.cookies);
    return {};
  });

  // SSO pre-login (spec 000 §7): the address and identity-provider type for the email's domain.
  // v1 (`/user/saml/prelogin`) is the legacy name of the same question; both answer OIDC and SAML domains.
  const findSsoDomain = async (request: FastifyRequest<{ Body: PreloginBody }>, reply: FastifyReply) => {
    const domain = request.body.email.trim().toLowerCase().split('@').pop() ?? '';
    const { rows } = await ctx.db.query<{ address: string; idp_type: string }>(
      'SELECT address, idp_type FROM sso_domains WHERE domain = $1',
      [domain],
    );
    const match = rows[0];
    if (match) return { address: match.address, idpType: match.idp_type };
    // Connections configured by tenant administrators: validated domains of enabled connections.
    const route = domain ? await tenantSsoRoute(ctx.db, domain) : null;
    if (!route) {
      if (prefersQuietAbsence(request)) return answerAbsent(reply);
      throw contractError('SSO_NOT_CONFIGURED');
    }
    return {
      address: `${ssoIssuer}${apiPrefix}/identity/resources/auth/v1/sso/${route.protocol}/${route.key}/start`,
      idpType: route.protocol,
    };
  };
  app.post<{ Body: PreloginBody }>(`${base}/v2/user/sso/prelogin`, findSsoDomain);
  app.post<{ Body: PreloginBody }>(`${base}/v1/user/saml/prelogin`, findSsoDomain);

  function refuse(request: FastifyRequest, reply: FastifyReply) {
    // The cookie is useless now; remove it so the browser stops sending it.
    clearRefreshCookie(reply, ctx.cookies);
    if (prefersQuietAbsence(request)) return answerAbsent(reply);
    throw contractError('SESSION_EXPIRED');
  }
}
