/**
 * Demo mode's authenticator app: real TOTP (otplib in the page), the QR code of a new secret, and
 * enrolment once a code of it is right, as on the server (server/domain/mfa.ts).
 */
import type { DemoDatabase, DemoUser } from './data';
import { isSixDigitCode } from '../domain/mfa';
import { addDevice, state, type DemoMfaDevice, type DemoMfaTools } from './mfaState';

/** Whether `code` is the device's current code, not used before (its time step is kept). */
export async function checkTotp(device: DemoMfaDevice | undefined, code: string): Promise<boolean> {
  if (!device?.secret || !isSixDigitCode(code)) return false;
  const { verify } = await import('otplib');
  const result = await verify({
    secret: device.secret,
    token: code,
    epochTolerance: 30,
    ...(device.lastStep !== undefined ? { afterTimeStep: device.lastStep } : {}),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  device.lastStep = result.timeStep;
  return true;
}

/** Whether `code` is right for any of the user's authenticator apps. */
export async function anyTotp(devices: DemoMfaDevice[], code: string): Promise<boolean> {
  if (!isSixDigitCode(code)) return false;
  const apps = devices.filter((d) => d.kind === 'authenticator');
  return (await Promise.all(apps.map((d) => checkTotp(d, code)))).some(Boolean);
}

/** A new secret, pending until a code of it is right, and its QR code. */
export async function newTotp(db: DemoDatabase, user: DemoUser) {
  // Loaded on first use: the demo backend chunk stays small for pages that never touch MFA.
  const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([
    import('otplib'),
    import('qrcode'),
  ]);
  const secret = generateSecret();
  state(db).pending[user.id] = secret;
  const svg = await QRCode.toString(
    generateURI({ issuer: 'Auth Elements demo', label: user.email, secret }),
    {
      type: 'svg',
      margin: 1,
    },
  );
  return { qrCode: `data:image/svg+xml;base64,${btoa(svg)}`, secret };
}

/** Enrols the pending secret when `code` is right: the new device, and recovery codes when it is the first. */
export async function finishTotp(
  t: DemoMfaTools,
  db: DemoDatabase,
  user: DemoUser,
  code: string,
): Promise<{ recoveryCodes: string[] | null; deviceId: string } | null> {
  const secret = state(db).pending[user.id];
  if (!secret) return null;
  const device: DemoMfaDevice = { id: '', userId: user.id, kind: 'authenticator', secret, createdAt: '' };
  if (!(await checkTotp(device, code))) return null;
  delete state(db).pending[user.id];
  return addDevice(t, db, user.id, { kind: 'authenticator', secret, lastTimeStep: device.lastStep ?? null });
}
