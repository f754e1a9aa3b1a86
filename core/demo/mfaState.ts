/**
 * Demo mode's MFA ports (core/domain/mfa-steps.ts `MfaHandlerPorts`) over the page's storage: the
 * store of mfaRepository.ts, WebCrypto for WebAuthn on the page's own host, the demo outbox, and the
 * demo's session; and the MFA gate of its first-factor sign-ins. The rules and answers are
 * core/domain's, as on the server. Secrets are sample data in the visitor's own browser.
 */
import { enrolDevice } from '../domain/mfa-devices';
import { mfaGateAnswer, type MfaHandlerPorts } from '../domain/mfa-steps';
import { webCryptoWebauthn } from '../domain/webauthn-crypto';
import type { DemoDatabase, DemoUser } from './data';
import { demoMfaCode } from './delivery';
import { state } from './mfaData';
import { demoMfaRepository } from './mfaRepository';
import { demoAttemptCounters, send } from './passwordlessPorts';
import type { DemoClock } from './rows';
import type { DemoTokens } from './sessions';

export type DemoMfaTools = Pick<DemoTokens, 'startSession' | 'signedIn'> & DemoClock;

/** Every strategy is on in demo mode, and passkeys too. */
const VENDOR = {
  strategies: ['AuthenticatorApp', 'SMS', 'EmailCode', 'WebAuthnPlatform', 'WebAuthnCrossPlatform'],
  passkeysEnabled: true,
};
const NAME = 'Auth Elements demo';

export function demoMfaPorts(t: DemoMfaTools, db: DemoDatabase): MfaHandlerPorts {
  const store = demoMfaRepository(db, t);
  const user = (id: string) => db.users.find((u) => u.id === id) ?? null;
  const { countSend } = demoAttemptCounters(t.now);
  return {
    ...store,
    webauthn: webCryptoWebauthn({
      rpId: globalThis.location?.hostname ?? '',
      rpName: NAME,
      origin: globalThis.location?.origin ?? '',
    }),
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
    // The server's limit (countCodeSend): per user and per destination.
    async limitSend(userId, target) {
      countSend(db, `user:${userId}`);
      countSend(db, target.kind === 'sms' ? `phone:${target.phone.replace(/[^\d+]/g, '')}` : target.email);
    },
    async deliver(to, target, code) {
      const { subject, text } = demoMfaCode(db, to.id, target.kind, code);
      send(db, t.now(), target.kind, target.kind === 'sms' ? target.phone : target.email, subject, text);
    },
    addDevice: (userId, device) => enrolDevice(store, userId, device),
    atomically: (work) => work(store),
    // The browser's remember-device token is kept where the server keeps its cookie: with the browser.
    async startSession(person, _tenantId, remember) {
      if (remember) state(db).browserToken = remember.token;
      return { ...t.startSession(db, user(person.id)!) };
    },
    assertPasskeySignIn: async () => {},
  };
}

/**
 * The MFA gate of the demo's first-factor sign-ins (core/domain/mfa-steps.ts, as the server's), over
 * the demo's devices and switch and this browser's remember-device token.
 */
export const gate = (t: DemoClock, db: DemoDatabase, user: DemoUser) =>
  mfaGateAnswer(
    { ...demoMfaRepository(db, t), vendor: async () => VENDOR },
    user,
    null,
    state(db).browserToken,
  );
