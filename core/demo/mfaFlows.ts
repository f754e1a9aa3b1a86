/**
 * Demo mode's MFA, answering as the reference server does: the handlers written once
 * (core/domain/mfa-sign-in-handlers.ts for the sign-in's second step and passkey sign-in,
 * core/domain/mfa-handlers.ts for a signed-in person's factors and passkeys) and the MFA gate of the
 * demo's first-factor sign-ins, over its ports (core/domain/mfa-steps.ts `MfaHandlerPorts`): the
 * store of mfaRepository.ts, real TOTP (otplib in the page), SMS and email codes in the demo outbox,
 * WebAuthn second factors and passkeys with WebCrypto on the page's own host, the demo's session.
 * Secrets are sample data in the visitor's own browser. Loaded on first use (core/demo/backend.ts).
 */
import { enrolDevice } from '../domain/mfa-devices';
import { MFA_HANDLERS } from '../domain/mfa-handlers';
import { MFA_SIGN_IN_HANDLERS } from '../domain/mfa-sign-in-handlers';
import type { WebauthnCrypto } from '../domain/mfa-ports';
import type { MfaHandlerPorts } from '../domain/mfa-steps';
import { assertAccountAllows, assertVendorAllows } from '../domain/sign-in-methods';
import { demoUserOf, updateUser, userById, type DemoDatabase } from './data';
import { demoMfaCode } from './delivery';
import { DEMO_MFA_VENDOR as VENDOR, demoMfaRepository } from './mfaRepository';
import { demoOutbox } from './passwordlessPorts';
import type { DemoClock } from './rows';
import type { DemoTokens } from './sessions';
import { demoHandlers, demoPublicHandlers } from './shared';
import { demoSignInMethodPorts } from './signInMethods';

type DemoMfaTools = Pick<DemoTokens, 'startSession' | 'signedIn'> & DemoClock;

const NAME = 'Auth Elements demo';

/**
 * WebAuthn's checks with WebCrypto on the page's own host (core/domain/webauthn-crypto.ts), loaded
 * with the first ceremony: the sign-in page's demo chunk does not carry them.
 */
function lazyWebauthn(): WebauthnCrypto {
  const site = {
    rpId: globalThis.location?.hostname ?? '',
    rpName: NAME,
    origin: globalThis.location?.origin ?? '',
  };
  const checks = () => import('../domain/webauthn-crypto').then((m) => m.webCryptoWebauthn(site));
  return {
    rpId: site.rpId,
    registrationOptions: async (input) => (await checks()).registrationOptions(input),
    verifyRegistration: async (response, challenge) =>
      (await checks()).verifyRegistration(response, challenge),
    authenticationOptions: async (input) => (await checks()).authenticationOptions(input),
    verifyAuthentication: async (response, device, input) =>
      (await checks()).verifyAuthentication(response, device, input),
  };
}

function demoMfaPorts(t: DemoMfaTools, db: DemoDatabase): MfaHandlerPorts {
  const store = demoMfaRepository(db, t);
  const user = (id: string) => userById(db, id) ?? null;
  return {
    ...store,
    webauthn: lazyWebauthn(),
    box: { seal: (secret) => secret, open: (secret) => secret },
    vendor: async () => VENDOR,
    user: async (id) => user(id),
    impersonating: Boolean(db.session?.impersonatorId),
    checkOrigin: () => {},
    totpIssuer: NAME,
    async qrCode(uri) {
      const { default: QRCode } = await import('qrcode');
      return `data:image/svg+xml;base64,${btoa(await QRCode.toString(uri, { type: 'svg', margin: 1 }))}`;
    },
    async deliver(to, target, code) {
      const message = demoMfaCode(db, to.id, target.kind, code);
      const address = target.kind === 'sms' ? target.phone : target.email;
      demoOutbox(db, t.now, { channel: target.kind, to: address, ...message });
    },
    addDevice: (userId, device) => enrolDevice(store, userId, device),
    // The browser's remember-device token is kept where the server keeps its cookie: with the browser.
    // As the server's: the session opens in the account the mfaToken keeps (a login alias's).
    async startSession(person, tenantId, remember) {
      if (remember) db.rememberedBrowser = remember.token;
      if (tenantId) updateUser(db, person.id, { activeTenantId: tenantId });
      return { ...t.startSession(db, demoUserOf(db, person.id)!) };
    },
    // As the server: the application's sign-in methods, and the user's account once known.
    async assertPasskeySignIn(person) {
      const methods = demoSignInMethodPorts(db);
      if (person) await assertAccountAllows(methods, demoUserOf(db, person.id)?.tenantId ?? null, 'Passkeys');
      else await assertVendorAllows(methods, 'Passkeys');
    },
  };
}

/** MFA's routes: the sign-in's second step and passkey sign-in, a signed-in person's factors and passkeys. */
export function demoMfaRoutes(tools: DemoMfaTools) {
  const ports = (db: DemoDatabase) => demoMfaPorts(tools, db);
  return {
    ...demoPublicHandlers(MFA_SIGN_IN_HANDLERS, ports),
    // The descriptor's access has found a bearer; its user, unless deleted since.
    ...tools.signedIn(demoHandlers(MFA_HANDLERS, ports), 'TOKEN_INVALID'),
  };
}
