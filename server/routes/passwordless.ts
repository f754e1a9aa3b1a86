/**
 * Passwordless sign-in and the phone-number reset (spec 000 §7):
 * - POST /identity/resources/auth/v1/passwordless/{type}/prelogin   { email, type?, recaptchaToken? }
 * - POST /identity/resources/auth/v1/passwordless/{type}/postlogin  { email, code } or { token }
 *   (type: Code, MagicLink or SmsCode; the answer and cookie of a password sign-in)
 * - POST /identity/resources/users/v1/phone/reset         { email } -> { resetPhoneNumberToken }
 * - POST /identity/resources/users/v1/phone/reset/verify  { resetPhoneNumberToken, code } -> { changePhoneNumberToken }
 * - PUT  /identity/resources/users/v1/phone/change        { changePhoneNumberToken, phoneNumber }
 * - PUT  /dev/settings { authStrategy } (development mode only, with the dev outbox): switches the public
 *   policy's sign-in method, so the demo and the end-to-end tests can try each one.
 */
import { mfaGate } from '../http/mfa-gate';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import {
  changePhoneWithToken,
  PASSWORDLESS_TYPES,
  passwordlessPreLogin,
  passwordlessPostLogin,
  requestPhoneReset,
  verifyPhoneReset,
  type PasswordlessType,
} from '../domain/passwordless';
import { setRefreshCookie } from '../http/cookies';
import { httpError } from '../http/errors';
import { assertTrustedOrigin } from '../http/origin';
import * as s from '../http/schemas';
import { clientInfo } from '../http/client-info';
import { code, linkToken } from '../http/flow-schemas';

const typeParam = s.strictObject({ type: { type: 'string', enum: PASSWORDLESS_TYPES } }, ['type']);
const AUTH = '/identity/resources/auth/v1/passwordless';
const PHONE = '/identity/resources/users/v1/phone';

export async function passwordlessRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Params: { type: PasswordlessType }; Body: { email: string; type?: string } }>(
    `${AUTH}/:type/prelogin`,
    {
      schema: {
        params: typeParam,
        body: s.strictObject(
          {
            email: s.email,
            type: { type: 'string', enum: PASSWORDLESS_TYPES },
            recaptchaToken: s.optionalToken,
            invitationToken: s.optionalToken,
          },
          ['email'],
        ),
      },
    },
    async (request) => {
      if (request.body.type && request.body.type !== request.params.type)
        throw httpError(400, 'Type does not match the address');
      return passwordlessPreLogin(ctx, request.params.type, request.body.email, (m) => request.log.error(m));
    },
  );

  app.post<{ Params: { type: PasswordlessType }; Body: { email?: string; code?: string; token?: string } }>(
    `${AUTH}/:type/postlogin`,
    {
      schema: {
        params: typeParam,
        body: s.strictObject({
          email: s.email,
          code,
          token: linkToken,
          recaptchaToken: s.optionalToken,
          invitationToken: s.optionalToken,
        }),
      },
    },
    async (request, reply) => {
      assertTrustedOrigin(request, ctx.options.corsOrigins);
      const { type } = request.params;
      const body = request.body;
      if (type === 'MagicLink' && !body.token) throw httpError(400, 'Token is required');
      if (type !== 'MagicLink' && !body.email) throw httpError(400, 'Email is required');
      if (type !== 'MagicLink' && !body.code) throw httpError(400, 'Code is required');
      const signedIn = await passwordlessPostLogin(
        ctx,
        type,
        body,
        clientInfo(request),
        mfaGate(ctx, ctx.mfa, request),
      );
      // MFA required: no session, no cookie; the answer carries the mfaToken (routes/mfa.ts).
      if ('mfa' in signedIn) return signedIn.mfa;
      setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
      return signedIn.authResponse;
    },
  );

  app.post<{ Body: { email: string } }>(
    `${PHONE}/reset`,
    { schema: { body: s.strictObject({ email: s.email }, ['email']) } },
    async (request) => ({
      resetPhoneNumberToken: await requestPhoneReset(ctx, request.body.email, (m) => request.log.error(m)),
    }),
  );

  app.post<{ Body: { resetPhoneNumberToken: string; code: string } }>(
    `${PHONE}/reset/verify`,
    {
      schema: {
        body: s.strictObject({ resetPhoneNumberToken: linkToken, code }, ['resetPhoneNumberToken', 'code']),
      },
    },
    async (request) => ({
      changePhoneNumberToken: await verifyPhoneReset(ctx, request.body, clientInfo(request)),
    }),
  );

  app.put<{ Body: { changePhoneNumberToken: string; phoneNumber: string } }>(
    `${PHONE}/change`,
    {
      schema: {
        body: s.strictObject(
          { changePhoneNumberToken: linkToken, phoneNumber: { type: 'string', minLength: 1, maxLength: 32 } },
          ['changePhoneNumberToken', 'phoneNumber'],
        ),
      },
    },
    async (request) => {
      await changePhoneWithToken(ctx, request.body);
      return {};
    },
  );

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
        await ctx.db.query('UPDATE vendors SET auth_strategy = $1, updated_at = now()', [
          request.body.authStrategy,
        ]);
        return { authStrategy: request.body.authStrategy };
      },
    );
  }
}
