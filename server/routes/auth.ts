/**
 * Authentication routes (under `/{prefix}/identity/resources/auth`): sign-in, refresh, sign-out,
 * SSO pre-login. The refresh token travels only in the httpOnly cookie, never in a body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { ClientInfo } from '../domain/auth';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../http/cookies';
import { httpError } from '../http/errors';
import { assertTrustedOrigin } from '../http/origin';
import * as s from '../http/schemas';
import { mfaGate } from './mfa';

const INCORRECT_CREDENTIALS = 'Incorrect email or password';
const SESSION_EXPIRED = 'Session expired, please sign in again';

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

/** The client details stored with a session. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : undefined, ip: request.ip };
}

/** Registers the auth routes on `app` (already scoped to the URL prefix). */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = '/identity/resources/auth';
  const noBody = { bodyLimit: 1024 };

  app.post<{ Body: LoginBody }>(
    `${base}/v1/user`,
    {
      schema: {
        body: s.strictObject(
          { email: s.email, password: s.loginPassword, recaptchaToken: s.optionalToken, invitationToken: s.optionalToken },
          ['email', 'password'],
        ),
      },
    },
    async (request, reply) => {
      assertTrustedOrigin(request, ctx.options.corsOrigins);
      // recaptchaToken and invitationToken are accepted for the contract; verifying captchas and
      // accepting invitations at sign-in belong to later slices.
      const result = await ctx.auth.login(request.body.email, request.body.password, clientInfo(request), mfaGate(ctx, ctx.mfa, request));
      if (!result.ok) {
        throw result.reason === 'unverified'
          ? httpError(403, 'Please verify your email address before signing in')
          : httpError(401, INCORRECT_CREDENTIALS);
      }
      // MFA required: no session, no cookie; the answer carries the mfaToken (routes/mfa.ts).
      if ('mfa' in result) return result.mfa;
      setRefreshCookie(reply, ctx.cookies, result.signedIn.refreshToken);
      return result.signedIn.authResponse;
    },
  );

  app.post(`${base}/v1/user/token/refresh`, noBody, async (request, reply) => {
    assertTrustedOrigin(request, ctx.options.corsOrigins);
    const token = request.cookies[REFRESH_COOKIE];
    const signedIn = token ? await ctx.auth.refresh(token) : null;
    if (!signedIn) return refuse(reply);
    if (signedIn.refreshToken) setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
    return signedIn.authResponse;
  });

  app.post(`${base}/v1/logout`, noBody, async (request, reply) => {
    assertTrustedOrigin(request, ctx.options.corsOrigins);
    await ctx.auth.logout(request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply, ctx.cookies);
    return {};
  });

  app.post<{ Body: PreloginBody }>(
    `${base}/v2/user/sso/prelogin`,
    { schema: { body: s.strictObject({ email: s.email, tenantId: s.optionalId }, ['email']) } },
    async (request) => {
      const domain = request.body.email.trim().toLowerCase().split('@').pop() ?? '';
      const { rows } = await ctx.db.query<{ address: string; idp_type: string }>(
        'SELECT address, idp_type FROM sso_domains WHERE domain = $1',
        [domain],
      );
      const match = rows[0];
      if (!match) throw httpError(404, 'SSO is not configured for this email domain');
      return { address: match.address, idpType: match.idp_type };
    },
  );

  function refuse(reply: FastifyReply) {
    // The cookie is useless now; remove it so the browser stops sending it.
    clearRefreshCookie(reply, ctx.cookies);
    return reply.status(401).send({ errors: [SESSION_EXPIRED] });
  }
}
