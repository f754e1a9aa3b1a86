/**
 * Multi-factor authentication and passkeys over HTTP (spec 000 §7; paths the spec does not show
 * are this server's choice, listed in docs/contract.md). The handlers are written once for the
 * server and demo mode: the sign-in's second step and the passkey sign-in
 * (core/domain/mfa-sign-in-handlers.ts, public: the `mfaToken` of the login answer names the
 * sign-in), over ports assembled once for both backends (core/domain/mfa-assembly.ts: the store, enrolment, passkeys'
 * sign-in methods) over this database; a signed-in person's factors and passkeys
 * (core/domain/mfa-handlers.ts) are an area over the platform (mfa-assembly.ts `mfaAreaPorts`,
 * the server's `mfa` member in server/platform.ts). Here, what the server adds: the gate's one statement,
 * delivery in the recipient's language, @simplewebauthn/server for the calling page's relying
 * party, the webhooks of an enrolment, and the session service, whose refresh cookie (and the
 * remember-device cookie) go on the reply.
 *
 * Request schemas: core/contract/requests-mfa.ts and, for the WebAuthn calls, requests-webauthn.ts,
 * whose `clientWebAuthnBody` first brings the client SDK's spelling of a body to the contract's (a
 * preValidation hook that server/http/openapi.ts adds to those routes).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { MFA_SIGN_IN_HANDLERS } from '../../core/domain/mfa-sign-in-handlers';
import { mfaPortsOver } from '../../core/domain/mfa-assembly';
import type { MfaHandlerPorts } from '../../core/domain/mfa-steps';
import type { AppContext } from '../context';
import { verificationCodeEmail, verificationCodeSms } from '../delivery/messages';
import type { MfaService } from '../domain/mfa';
import { keyOf } from '../domain/mfa-base';
import { simpleWebauthn } from '../domain/mfa-webauthn';
import { findUserById, type UserRow } from '../storage/users';
import { clientInfo } from '../http/client-info';
import { refreshCookiePath, setRefreshCookie } from '../http/cookies';
import { registerPublicHandlers } from '../http/handlers';
import { activeTenantOf, REMEMBER_DEVICE_COOKIE } from '../http/mfa-gate';
import { assertTrustedOrigin } from '../http/origin';
import { localeOfRecipient } from '../storage/locales';
import { gateReader } from '../storage/mfa';
import { signInMethodRepository } from '../storage/sign-in-methods';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';

/** MFA's ports for one request; `reply` takes the session's cookies. */
function mfaPorts(
  ctx: AppContext,
  mfa: MfaService,
  request: FastifyRequest,
  reply: FastifyReply,
): MfaHandlerPorts {
  const rpId = mfa.rpIdFor({ origin: request.headers.origin, host: request.headers.host });
  return mfaPortsOver(sqlTables(ctx.db), SERVER_ROW_CLOCK, {
    keyOf,
    gate: gateReader(ctx.db),
    webauthn: simpleWebauthn(mfa.webauthn, rpId),
    box: mfa.box,
    vendor: () => mfa.vendorSettings(),
    user: (id) => findUserById(ctx.db, id),
    impersonating: false,
    checkOrigin: () => assertTrustedOrigin(request, ctx.options.corsOrigins),
    totpIssuer: mfa.issuerName,
    qrCode: (uri) => QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 }),
    async deliver(user, target, code) {
      const locale = await localeOfRecipient(ctx.db, user.id);
      if (target.kind === 'sms') await ctx.delivery.sendSms(verificationCodeSms(target.phone, code, locale));
      else await ctx.delivery.sendEmail(verificationCodeEmail(target.email, code, locale));
    },
    addDevice: (userId, device) => mfa.addDevice(userId, device),
    async startSession(user, tenantId, remember) {
      if (remember)
        reply.setCookie(REMEMBER_DEVICE_COOKIE, remember.token, {
          path: refreshCookiePath(ctx.options.prefix),
          httpOnly: true,
          secure: ctx.cookies.secure,
          sameSite: ctx.cookies.sameSite,
          ...(remember.seconds ? { maxAge: remember.seconds } : {}),
        });
      const signedIn = await ctx.auth.startSession(user as UserRow, clientInfo(request), tenantId);
      setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
      return signedIn.authResponse as unknown as Record<string, unknown>;
    },
    signInMethods: signInMethodRepository(ctx.db),
    accountOf: (user) => activeTenantOf(ctx, user as UserRow),
  });
}

export async function mfaRoutes(app: FastifyInstance, ctx: AppContext, mfa: MfaService): Promise<void> {
  // The sign-in's steps set cookies: the ports get the reply of their request.
  registerPublicHandlers(app, MFA_SIGN_IN_HANDLERS, (request, reply) => mfaPorts(ctx, mfa, request, reply));
}
