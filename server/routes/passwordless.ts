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
 * The handlers are written once for the server and demo mode (core/domain/passwordless-handlers.ts),
 * over ports assembled once over the platform (core/domain/passwordless-ports.ts: the public
 * `passwordlessAreaPorts`, the signed-in phone number's `phoneAreaPorts`; the pre-login cookie is
 * the visit's, server/http/visit.ts). Here, what the server adds: the path's type checked first,
 * and the development settings.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { devSwitchAuthStrategy } from '../storage/sign-in-methods';
import * as s from '../http/schemas';
import { PASSWORDLESS_PATH_TYPES } from '../../core/contract/requests';

const typeParam = s.strictObject({ type: { type: 'string', enum: PASSWORDLESS_PATH_TYPES } }, ['type']);
const AUTH = '/identity/resources/auth/v1/passwordless';

export async function passwordlessRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The path's type: one the client SDK writes, else 400 like any invalid request (the routes are
  // the public area's, registered after this hook: core/domain/back-office-areas.ts).
  app.addHook('onRoute', (route) => {
    if (route.url.includes(AUTH)) route.schema = { ...route.schema, params: typeParam };
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
