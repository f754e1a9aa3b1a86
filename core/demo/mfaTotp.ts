/**
 * Demo mode's authenticator app: real TOTP in the page, the QR code of a new secret, and the rules
 * of core/domain/mfa-totp.ts (the server's own) over the demo's store. The secret is kept as it is:
 * sample data in the visitor's own browser.
 */
import { contractError } from '../contract/errors';
import type { DemoDatabase, DemoUser } from './data';
import {
  finishAuthenticatorEnrolment,
  requireProof,
  startAuthenticatorEnrolment,
  verifyAnyAuthenticator,
  verifyAuthenticator,
  type SecretBox,
} from '../domain/mfa-totp';
import { addDevice, mfaStore, type DemoMfaTools } from './mfaState';

const PLAIN: SecretBox = { seal: (secret) => secret, open: (secret) => secret };

/** A new secret, pending until a code of it is right, and its QR code. */
export async function newTotp(t: DemoMfaTools, db: DemoDatabase, user: DemoUser) {
  // Loaded on first use: the demo backend chunk stays small for pages that never touch MFA.
  const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([
    import('otplib'),
    import('qrcode'),
  ]);
  const secret = generateSecret();
  await startAuthenticatorEnrolment(mfaStore(t, db), PLAIN, user.id, secret);
  const uri = generateURI({ issuer: 'Auth Elements demo', label: user.email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 });
  return { qrCode: `data:image/svg+xml;base64,${btoa(svg)}`, secret };
}

/** Enrols the pending secret when `code` is right: the new device, and recovery codes when it is the first. */
export const finishTotp = (t: DemoMfaTools, db: DemoDatabase, user: DemoUser, code: string) =>
  finishAuthenticatorEnrolment(mfaStore(t, db), PLAIN, user.id, code, (device) =>
    addDevice(t, db, user.id, device),
  );

/** Whether `code` is right for the app `deviceId` names (MFA_DEVICE_UNKNOWN when none), or any of the user's. */
export async function appCode(
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  code: string,
  deviceId?: string,
) {
  const store = mfaStore(t, db);
  if (!deviceId) return verifyAnyAuthenticator(store, PLAIN, userId, code);
  const device = await store.devices.find(userId, deviceId, 'authenticator');
  if (!device) throw contractError('MFA_DEVICE_UNKNOWN');
  return verifyAuthenticator(store, PLAIN, device, code);
}

/** An account change's proof: a code of `appIds` (the user's apps, unless given) or a recovery code. */
export async function proof(
  t: DemoMfaTools,
  db: DemoDatabase,
  userId: string,
  value: unknown,
  appIds?: string[],
) {
  const store = mfaStore(t, db);
  const apps = (await store.devices.list(userId)).filter((d) => !appIds || appIds.includes(d.id));
  await requireProof(store, PLAIN, { userId, proof: String(value ?? ''), apps });
}
