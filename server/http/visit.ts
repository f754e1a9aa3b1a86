/**
 * One request as the public flows read it (core/domain/platform.ts `Visit`): its address, the
 * origin check, the captcha policy, the bearer's session (a signed-in call), and the session a
 * flow opens, whose refresh token goes on the reply as the httpOnly cookie (and the remember-device
 * cookie of an MFA step), the page it comes from and its remembered device, the login alias it
 * names and its user agent.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Visit } from '../../core/domain/platform';
import type { AppContext } from '../context';
import { verifyCaptcha } from '../domain/captcha';
import { clientInfo } from './client-info';
import { refreshCookiePath, setRefreshCookie } from './cookies';
import { REMEMBER_DEVICE_COOKIE } from './mfa-gate';
import { assertTrustedOrigin } from './origin';
import { callerOf, isPublicCall } from './route-table';
import { callerOfCall } from './handlers';
// Impersonation.
import { openImpersonatedSession } from '../domain/impersonation';
import { requireSignedInActor, requireSignedInUser } from './bearer';
import { aliasOfHeader, LOGIN_ALIAS_HEADER } from '../../core/domain/login-alias';
import type { Principal } from '../domain/principal';

/** The email a passwordless code was sent to, for a post-login that carries only `{ token }`. */
const PASSWORDLESS_EMAIL_COOKIE = 'ae_passwordless';
/** Where the browser sends it back: the passwordless routes only. */
const passwordlessCookiePath = (ctx: AppContext) =>
  `${ctx.cookies.prefix ? `/${ctx.cookies.prefix}` : ''}/identity/resources/auth/v1/passwordless`;

export function serverVisit(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Visit {
  const claims = isPublicCall(request) ? null : callerOf(request);
  const client = clientInfo(request);
  /** The refresh token of the session this request opened, if any. */
  let opened: string | null = null;
  return {
    ip: request.ip,
    checkOrigin: () => assertTrustedOrigin(request, ctx.options.corsOrigins),
    verifyCaptcha: (token, email) =>
      verifyCaptcha(ctx, { token: typeof token === 'string' ? token : null, email, ip: request.ip }),
    session: { id: claims?.sid ?? null, impersonated: Boolean(claims?.act) },
    async startSession(user, tenantId, remember, known) {
      if (remember)
        reply.setCookie(REMEMBER_DEVICE_COOKIE, remember.token, {
          path: refreshCookiePath(ctx.options.prefix),
          httpOnly: true,
          secure: ctx.cookies.secure,
          sameSite: ctx.cookies.sameSite,
          ...(remember.seconds ? { maxAge: remember.seconds } : {}),
        });
      // The answer carries one session: a second one of this request replaces the first, which ends.
      if (opened) await ctx.auth.logout(opened);
      const signedIn = await ctx.auth.startSession(
        user,
        client,
        tenantId,
        undefined,
        known as Principal | null,
      );
      opened = signedIn.refreshToken;
      setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
      return signedIn.authResponse;
    },
    log: (message) => request.log.error(message),
    // MFA and passwordless sign-in.
    site: { origin: request.headers.origin, host: request.headers.host },
    rememberedDevice: request.cookies[REMEMBER_DEVICE_COOKIE],
    preLoginEmail: {
      keep: (email) =>
        reply.setCookie(PASSWORDLESS_EMAIL_COOKIE, email, {
          path: passwordlessCookiePath(ctx),
          httpOnly: true,
          secure: ctx.cookies.secure,
          sameSite: ctx.cookies.sameSite,
          maxAge: 15 * 60,
        }),
      read: () => request.cookies[PASSWORDLESS_EMAIL_COOKIE],
      forget: () => reply.clearCookie(PASSWORDLESS_EMAIL_COOKIE, { path: passwordlessCookiePath(ctx) }),
    },
    // Impersonation: the bearer or the body's actorToken, checked alike (http/bearer.ts).
    impersonation: {
      hasBearer: Boolean(request.headers.authorization),
      person: (token) =>
        token === undefined
          ? requireSignedInUser(ctx.tokens, request)
          : requireSignedInActor(ctx.tokens, request, token),
      claims: (token) => ctx.tokens.verify(token, { ip: request.ip }).catch(() => null),
      async start(impersonator, userId, tenantId) {
        const target = { userId, tenantId };
        const signedIn = await openImpersonatedSession(ctx, impersonator, target, clientInfo(request));
        // Ids only: who impersonated whom is worth a log line, and holds nothing secret.
        request.log.info(
          { impersonator: impersonator.userId, user: userId, tenantId },
          'impersonation started',
        );
        setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
        return signedIn.authResponse;
      },
    },
    // Password sign-in and sign-up.
    loginAlias: aliasOfHeader(request.headers[LOGIN_ALIAS_HEADER]),
    userAgent: client.userAgent,
    // Demo dispatch: the invitations' resend.
    caller: () => (isPublicCall(request) ? null : callerOfCall(request)),
  };
}
