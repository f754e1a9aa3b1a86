/**
 * Multi-factor authentication and passkeys over HTTP (spec 000 §7; paths the spec does not show
 * are this server's choice, listed in docs/contract.md). The handlers are written once for the
 * server and demo mode: the sign-in's second step and the passkey sign-in
 * (core/domain/mfa-sign-in-handlers.ts, public: the `mfaToken` of the login answer names the
 * sign-in) and a signed-in person's factors and passkeys (core/domain/mfa-handlers.ts). Here, their
 * ports over this server: the store (core/domain/mfa-store.ts over SQL), delivery in the recipient's language with the sending
 * limits, @simplewebauthn/server for the calling page's relying party, and the session service,
 * whose refresh cookie (and the remember-device cookie) go on the reply.
 *
 * Request schemas: core/contract/requests-mfa.ts and, for the WebAuthn calls, requests-webauthn.ts,
 * whose `clientWebAuthnBody` first brings the client SDK's spelling of a body to the contract's (a
 * preValidation hook that server/http/openapi.ts adds to those routes).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { MFA_HANDLERS } from '../../core/domain/mfa-handlers';
import { MFA_SIGN_IN_HANDLERS } from '../../core/domain/mfa-sign-in-handlers';
import type { MfaHandlerPorts } from '../../core/domain/mfa-steps';
import type { AppContext } from '../context';
import { verificationCodeEmail, verificationCodeSms } from '../delivery/messages';
import type { MfaService } from '../domain/mfa';
import { simpleWebauthn } from '../domain/mfa-webauthn';
import { assertTenantAllows, assertVendorAllows } from '../domain/sign-in-methods';
import { findUserById, type UserRow } from '../storage/users';
import { clientInfo } from '../http/client-info';
import { refreshCookiePath, setRefreshCookie } from '../http/cookies';
import { registerHandlers, registerPublicHandlers } from '../http/handlers';
import { activeTenantOf, REMEMBER_DEVICE_COOKIE } from '../http/mfa-gate';
import { assertTrustedOrigin } from '../http/origin';
import { callerOf } from '../http/route-table';
import { localeOfRecipient } from '../storage/locales';

/** MFA's ports for one request; `reply` takes the session's cookies. */
function mfaPorts(
  ctx: AppContext,
  mfa: MfaService,
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  impersonating: boolean,
): MfaHandlerPorts {
  const rpId = mfa.rpIdFor({ origin: request.headers.origin, host: request.headers.host });
  return {
    ...mfa.store,
    webauthn: simpleWebauthn(mfa.webauthn, rpId),
    box: mfa.box,
    vendor: () => mfa.vendorSettings(),
    user: (id) => findUserById(ctx.db, id),
    impersonating,
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
      if (remember && reply)
        reply.setCookie(REMEMBER_DEVICE_COOKIE, remember.token, {
          path: refreshCookiePath(ctx.options.prefix),
          httpOnly: true,
          secure: ctx.cookies.secure,
          sameSite: ctx.cookies.sameSite,
          ...(remember.seconds ? { maxAge: remember.seconds } : {}),
        });
      const signedIn = await ctx.auth.startSession(user as UserRow, clientInfo(request), tenantId);
      if (reply) setRefreshCookie(reply, ctx.cookies, signedIn.refreshToken);
      return signedIn.authResponse as unknown as Record<string, unknown>;
    },
    async assertPasskeySignIn(user) {
      if (user) await assertTenantAllows(ctx.db, await activeTenantOf(ctx, user as UserRow), 'Passkeys');
      else await assertVendorAllows(ctx.db, 'Passkeys');
    },
  };
}

export async function mfaRoutes(app: FastifyInstance, ctx: AppContext, mfa: MfaService): Promise<void> {
  // The sign-in's steps set cookies: the ports get the reply of their request.
  registerPublicHandlers(app, MFA_SIGN_IN_HANDLERS, (request, reply) =>
    mfaPorts(ctx, mfa, request, reply, false),
  );
  registerHandlers(app, MFA_HANDLERS, (request) =>
    mfaPorts(ctx, mfa, request, undefined, Boolean(callerOf(request).act)),
  );
}
