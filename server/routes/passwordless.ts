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
 */
import { mfaGate } from '../http/mfa-gate';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUserById } from '../domain/users';
import { verifyCaptcha } from '../domain/captcha';
import { assertVendorAllows } from '../domain/sign-in-methods';
import type { AppContext } from '../context';
import {
  assertBodyTypeMatches,
  changePhoneWithToken,
  finishPhoneVerification,
  passwordlessPostLogin,
  passwordlessPreLogin,
  passwordlessTypeOf,
  requestPhoneReset,
  startPhoneVerification,
  verifyPhoneReset,
} from '../../core/domain/passwordless';
import { refuseWhileImpersonating } from '../../core/domain/impersonation';
import { passwordlessPorts } from '../domain/passwordless';
import { devSwitchAuthStrategy } from '../storage/sign-in-methods';
import { setRefreshCookie } from '../http/cookies';
import { contractError } from '../../core/contract/errors';
import { assertTrustedOrigin } from '../http/origin';
import * as s from '../http/schemas';
import { clientInfo } from '../http/client-info';
import { callerOf } from '../http/route-table';
import { PASSWORDLESS_PATH_TYPES } from '../../core/contract/requests';

const typeParam = s.strictObject({ type: { type: 'string', enum: PASSWORDLESS_PATH_TYPES } }, ['type']);
const AUTH = '/identity/resources/auth/v1/passwordless';
/** The email a code was sent to, for a post-login that carries only `{ token }`. */
const PASSWORDLESS_EMAIL_COOKIE = 'ae_passwordless';
const PHONE = '/identity/resources/users/v1/phone';

export async function passwordlessRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const portsOf = (request: FastifyRequest) =>
    passwordlessPorts(ctx, clientInfo(request), (m) => request.log.error(m));
  const cookiePath = `${ctx.cookies.prefix ? `/${ctx.cookies.prefix}` : ''}${AUTH}`;
  app.post<{
    Params: { type: string };
    Body: { email: string; type?: string; recaptchaToken?: string | null };
  }>(
    `${AUTH}/:type/prelogin`,
    {
      // The body's schema: core/contract/requests.ts (the demo backend validates with it too).
      schema: { params: typeParam },
    },
    async (request, reply) => {
      const type = passwordlessTypeOf(request.params.type)!;
      assertBodyTypeMatches(type, request.body.type);
      // The application's sign-in methods (the account's are checked after the code), then the captcha.
      await assertVendorAllows(ctx.db, type);
      await verifyCaptcha(ctx, {
        token: request.body.recaptchaToken,
        email: request.body.email,
        ip: request.ip,
      });
      const answer = await passwordlessPreLogin(portsOf(request), type, request.body.email);
      if (type !== 'MagicLink')
        reply.setCookie(PASSWORDLESS_EMAIL_COOKIE, request.body.email, {
          path: cookiePath,
          httpOnly: true,
          secure: ctx.cookies.secure,
          sameSite: ctx.cookies.sameSite,
          maxAge: 15 * 60,
        });
      return answer;
    },
  );

  app.post<{ Params: { type: string }; Body: { email?: string; token: string } }>(
    `${AUTH}/:type/postlogin`,
    {
      schema: { params: typeParam },
    },
    async (request, reply) => {
      assertTrustedOrigin(request, ctx.options.corsOrigins);
      const type = passwordlessTypeOf(request.params.type)!;
      await assertVendorAllows(ctx.db, type);
      const { token } = request.body;
      const email =
        type === 'MagicLink' ? null : (request.body.email ?? request.cookies[PASSWORDLESS_EMAIL_COOKIE]);
      const secondFactor = mfaGate(ctx, ctx.mfa, request, type);
      const client = clientInfo(request);
      // A code or link is a first factor like a password: a second factor is asked for the same way.
      const signedIn = await passwordlessPostLogin(portsOf(request), type, { email, token }, async (user) => {
        const mfa = await secondFactor(user);
        return mfa ? { mfa } : ctx.auth.startSession(user, client);
      });
      if (type !== 'MagicLink') reply.clearCookie(PASSWORDLESS_EMAIL_COOKIE, { path: cookiePath });
      // MFA required: no session, no cookie; the answer carries the mfaToken (routes/mfa.ts).
      if ('mfa' in signedIn) return signedIn.mfa;
      setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
      return signedIn.authResponse;
    },
  );

  app.post<{ Body: { email: string } }>(`${PHONE}/reset`, async (request) => ({
    resetPhoneNumberToken: await requestPhoneReset(portsOf(request), request.body.email),
  }));

  app.post<{ Body: { resetPhoneNumberToken: string; code: string } }>(
    `${PHONE}/reset/verify`,
    async (request) => ({
      changePhoneNumberToken: await verifyPhoneReset(portsOf(request), request.body),
    }),
  );

  app.put<{ Body: { changePhoneNumberToken: string; phoneNumber: string } }>(
    `${PHONE}/change`,
    async (request) => {
      await changePhoneWithToken(portsOf(request), request.body);
      return {};
    },
  );

  // A signed-in user's new phone number, verified by a code texted to it (the client SDK's
  // changePhoneNumberWithVerification and verifyChangePhoneNumber).
  app.post<{ Body: { phoneNumber: string } }>(PHONE, async (request) => {
    const user = await signedInUser(request);
    return {
      changePhoneId: await startPhoneVerification(portsOf(request), user, request.body.phoneNumber),
    };
  });

  app.post<{ Body: { changePhoneId: string; code: string } }>(`${PHONE}/verify`, async (request) => {
    const user = await signedInUser(request);
    await finishPhoneVerification(portsOf(request), user, request.body);
    return {};
  });

  async function signedInUser(request: FastifyRequest) {
    const claims = callerOf(request);
    // The number receives SMS sign-in codes: an impersonator must not set it.
    refuseWhileImpersonating(Boolean(claims.act));
    const user = await findUserById(ctx.db, claims.sub);
    if (!user) throw contractError('UNAUTHORIZED');
    return user;
  }

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
