/**
 * Demo mode's MFA ports (core/domain/mfa-steps.ts `MfaHandlerPorts`) over the page's storage: the
 * store of mfaRepository.ts, WebCrypto for WebAuthn on the page's own host, the demo outbox, and the
 * demo's session; and the MFA gate of its first-factor sign-ins. The rules and answers are
 * core/domain's, as on the server. Secrets are sample data in the visitor's own browser.
 */
import type { AuthResponse } from '../api/types';
import { issueChallenge, mfaTokenChallenge, newMfaToken } from '../domain/mfa-challenges';
import { enrolDevice } from '../domain/mfa-devices';
import { gateStep, mfaPolicyOf, mfaRequiredAnswer } from '../domain/mfa-gate';
import { strategyList, type MfaHandlerPorts } from '../domain/mfa-steps';
import { webCryptoWebauthn } from '../domain/webauthn-crypto';
import type { DemoDatabase, DemoUser } from './data';
import { demoMfaCode } from './delivery';
import { demoMfaPolicies, state } from './mfaData';
import { demoMfaRepository } from './mfaRepository';
import { demoAttemptCounters } from './passwordlessPorts';

export interface DemoMfaTools {
  startSession(db: DemoDatabase, user: DemoUser): AuthResponse;
  userOfToken(db: DemoDatabase, token: string | null): DemoUser | null;
  random(): string;
  now(): number;
}

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
      const message = demoMfaCode(db, to.id, target.kind, code);
      const address = target.kind === 'sms' ? target.phone : target.email;
      (db.outbox ??= []).unshift({
        channel: target.kind,
        to: address,
        ...message,
        createdAt: new Date(t.now()).toISOString(),
      });
      db.outbox.length = Math.min(db.outbox.length, 50);
      console.info(`[auth-elements demo] ${target.kind} to ${address}: ${message.text}`);
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

/** The MFA gate of the demo's first-factor sign-ins (core/domain/mfa-gate.ts), over the demo's devices and switch. */
export function gate(
  t: Pick<DemoMfaTools, 'random' | 'now'>,
  db: DemoDatabase,
  user: DemoUser,
): Record<string, unknown> | null {
  const devices = state(db).devices.filter((d) => d.userId === user.id && !d.passkey);
  const step = gateStep(devices.length, mfaPolicyOf(demoMfaPolicies(db)));
  if (step === 'signIn') return null;
  // The gate answers at once: it reads the remembered browsers itself, and the demo's store writes
  // the token before its first await (mfaRepository.ts).
  const token = state(db).browserToken;
  const remembered = token !== undefined && (state(db).browsers?.[user.id]?.[token] ?? 0) > t.now();
  if (step === 'askUnlessRemembered' && remembered) return null;
  const mfaToken = newMfaToken();
  void issueChallenge(demoMfaRepository(db, t), mfaTokenChallenge(user.id, null), mfaToken);
  return mfaRequiredAnswer({
    mfaToken,
    devices: devices.map((d) => ({ ...d, name: d.name ?? null })),
    strategies: strategyList(VENDOR.strategies),
    email: user.email,
  });
}
