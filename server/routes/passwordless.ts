/**
 * Passwordless sign-in and the phone-number reset (spec 000 §7):
 * - POST /identity/resources/auth/v1/passwordless/{type}/prelogin   { email, recaptchaToken?, invitationToken? }
 * - POST /identity/resources/auth/v1/passwordless/{type}/postlogin  { token, email?, recaptchaToken?, invitationToken? }
 *   type is lower-case as the client SDK writes it (`code`, `magiclink`, `smscode`). `token` is the
 *   emailed or texted code, or the magic link's token; the answer and cookie of a password sign-in.
 *   A code alone does not name its account: the email comes from the body (the kit sends it) or
 *   from the httpOnly cookie that pre-login set (the client SDK sends only `{ token }`).
 * - POST /identity/resources/users/v1/phone/reset         { email } -> { resetPhoneNumberToken }
 * - POST /identity/resources/users/v1/phone/reset/verify  { resetPhoneNumberToken, code } -> { changePhoneNumberToken }
 * - PUT  /identity/resources/users/v1/phone/change        { changePhoneNumberToken, phoneNumber }
 * - POST /identity/resources/users/v1/phone               { phoneNumber } -> { changePhoneId } (signed in;
 *   texts a code to the new number)
 * - POST /identity/resources/users/v1/phone/verify        { changePhoneId, code } -> {} (sets the number)
 * - PUT  /dev/settings { authStrategy } (development mode only, with the dev outbox; turns every local
 *   sign-in method back on, this one first): switches the public
 *   policy's sign-in method, so the demo and the end-to-end tests can try each one.
 *
 * The handlers are written once for the server and demo mode (core/domain/passwordless-handlers.ts);
 * the signed-in phone number's (POST users/v1/phone and phone/verify) are an area over the
 * platform (core/domain/passwordless-ports.ts `phoneAreaPorts`, core/domain/back-office-areas.ts);
 * here, the public ones' ports over this server: the rules' ports (server/domain/passwordless.ts), the
 * application's sign-in methods, the captcha, the trusted origins, the pre-login cookie, and the
 * MFA gate and session service, whose refresh cookie goes on the reply.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mfaGate } from '../http/mfa-gate';
import type { UserRow } from '../storage/users';
import { verifyCaptcha } from '../domain/captcha';
import { assertVendorAllows } from '../domain/sign-in-methods';
import type { AppContext } from '../context';
import {
  PASSWORDLESS_HANDLERS,
  type PasswordlessHandlerPorts,
} from '../../core/domain/passwordless-handlers';
import { passwordlessPorts } from '../domain/passwordless';
import { devSwitchAuthStrategy } from '../storage/sign-in-methods';
import { setRefreshCookie } from '../http/cookies';
import { assertTrustedOrigin } from '../http/origin';
import * as s from '../http/schemas';
import { clientInfo } from '../http/client-info';
import { registerPublicHandlers } from '../http/handlers';
import { PASSWORDLESS_PATH_TYPES } from '../../core/contract/requests';

const typeParam = s.strictObject({ type: { type: 'string', enum: PASSWORDLESS_PATH_TYPES } }, ['type']);
const AUTH = '/identity/resources/auth/v1/passwordless';
/** The email a code was sent to, for a post-login that carries only `{ token }`. */
const PASSWORDLESS_EMAIL_COOKIE = 'ae_passwordless';

export async function passwordlessRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const cookiePath = `${ctx.cookies.prefix ? `/${ctx.cookies.prefix}` : ''}${AUTH}`;
  /** The handlers' ports for one request; `reply` takes the sign-in's cookies. */
  function ports(request: FastifyRequest, reply: FastifyReply): PasswordlessHandlerPorts {
    const client = clientInfo(request);
    return {
      ...passwordlessPorts(ctx, client, (m) => request.log.error(m)),
      assertMethodAllowed: (type) => assertVendorAllows(ctx.db, type),
      verifyCaptcha: (email, token) =>
        verifyCaptcha(ctx, { token: token as string | null | undefined, email, ip: request.ip }),
      checkOrigin: () => assertTrustedOrigin(request, ctx.options.corsOrigins),
      preLoginEmail: {
        keep: (email) =>
          reply.setCookie(PASSWORDLESS_EMAIL_COOKIE, email, {
            path: cookiePath,
            httpOnly: true,
            secure: ctx.cookies.secure,
            sameSite: ctx.cookies.sameSite,
            maxAge: 15 * 60,
          }),
        read: () => request.cookies[PASSWORDLESS_EMAIL_COOKIE],
        forget: () => reply.clearCookie(PASSWORDLESS_EMAIL_COOKIE, { path: cookiePath }),
      },
      async signIn(user, type) {
        const mfa = await mfaGate(ctx, ctx.mfa, request, type)(user as UserRow);
        // MFA required: no session, no cookie; the answer carries the mfaToken (http/mfa-gate.ts).
        if (mfa) return mfa;
        const signedIn = await ctx.auth.startSession(user as UserRow, client);
        setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
        return signedIn.authResponse;
      },
    };
  }
  // The sign-in's steps set cookies: the ports get the reply of their request.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      // The path's type: one the client SDK writes, else 400 like any invalid request.
      if (route.url.includes(AUTH)) route.schema = { ...route.schema, params: typeParam };
    });
    registerPublicHandlers(scope, PASSWORDLESS_HANDLERS, (request, reply) => ports(request, reply));
  });

  if (ctx.options.devOutbox) {
    app.put<{ Body: { authStrategy: string } }>(
      '/dev/settings',
      {
        schema: {
          body: s.strictObject(
            { authStrategy: { type: 'string', enum: ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode'] } },
            ['authStrategy'],
          ),
        },
      },
      async (request) => {
        // Every local method back on, this one first (the sign-in methods, core/domain/sign-in-methods.ts).
        await devSwitchAuthStrategy(ctx.db, request.body.authStrategy);
        return { authStrategy: request.body.authStrategy };
      },
    );
  }
}
