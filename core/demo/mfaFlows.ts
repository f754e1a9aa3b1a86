import type { AuthResponse, MfaDevices } from '../api/types';
import type { DemoDatabase, DemoUser } from './data';

/**
 * Demo mode's MFA, answering like the reference server (server/routes/mfa.ts): real TOTP (otplib in
 * the page), SMS and email codes in the demo outbox, recovery codes, remember-device. Not in the
 * demo: WebAuthn and passkeys (a demo cannot check signatures the way a server does, so the demo's
 * strategies leave them out and its public policy offers no passkeys). Secrets are sample data in
 * the visitor's own browser, not security.
 */

type Json = Record<string, unknown>;
type Answer = { status: number; body: unknown; save?: boolean };
interface Request { body: Json; query: Record<string, string>; token: string | null }

export interface DemoMfaDevice { id: string; userId: string; kind: 'authenticator' | 'sms' | 'email'; secret?: string; phone?: string; email?: string; lastStep?: number; createdAt: string }
export interface DemoMfaState {
  devices: DemoMfaDevice[];
  recovery: Record<string, string>;
  tokens: Array<{ token: string; userId: string; expiresAt: number; used: boolean; failures: number }>;
  codes: Array<{ token: string; userId: string; code: string; target: Json; expiresAt: number; used: boolean }>;
  pending: Record<string, string>;
  /** Users whose browser is remembered, until when (the demo's storage is the browser). */
  remembered: Record<string, number>;
}

export interface DemoMfaTools {
  startSession(db: DemoDatabase, user: DemoUser): AuthResponse;
  userOfToken(db: DemoDatabase, token: string | null): DemoUser | null;
  random(): string;
  now(): number;
}

const STRATEGIES = ['AuthenticatorApp', 'SMS', 'EmailCode', 'WebAuthnPlatform', 'WebAuthnCrossPlatform'];
const DEMO_ACTIVE = ['AuthenticatorApp', 'SMS', 'EmailCode'];
const MESSAGES = {
  invalidMfaToken: 'Your sign-in attempt has expired. Sign in again.',
  wrongCode: 'That code is not correct. Check it and try again.',
  expiredCode: 'That code has expired or was already used. Ask for a new one.',
  tooManyAttempts: 'Too many wrong attempts. Wait 15 minutes, then sign in again.',
  wrongRecoveryCode: 'That recovery code is not correct.',
  unknownDevice: 'This device is not registered to your account.',
  noPhone: 'Enter a phone number in international format, like +14155550123.',
};
const DEVICE_EXPIRATION_SECONDS = 14 * 24 * 3600;
const fail = (status: number, ...errors: string[]): Answer => ({ status, body: { errors } });
const ok = (body: unknown, save = true): Answer => ({ status: 200, body, save });
const CODE = /^[0-9]{6}$/;
const PHONE = /^\+[1-9][0-9]{6,14}$/;

export function createDemoMfa(tools: DemoMfaTools) {
  const state = (db: DemoDatabase): DemoMfaState => ((db as DemoDatabase & { mfa?: DemoMfaState }).mfa ??= { devices: [], recovery: {}, tokens: [], codes: [], pending: {}, remembered: {} });
  const devicesOf = (db: DemoDatabase, userId: string) => state(db).devices.filter((d) => d.userId === userId);
  const code6 = () => String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0');
  const recoveryCode = () => Array.from({ length: 4 }, () => tools.random().slice(0, 4).toUpperCase().padEnd(4, 'X')).join('-');
  const norm = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

  function send(db: DemoDatabase, channel: 'email' | 'sms', to: string, code: string) {
    const text = `Your verification code is ${code}. It works once, for five minutes.`;
    (db.outbox ??= []).unshift({ channel, to, subject: channel === 'email' ? `Your verification code is ${code}` : null, text, createdAt: new Date(tools.now()).toISOString() });
    db.outbox.length = Math.min(db.outbox.length, 50);
    console.info(`[auth-elements demo] ${channel} to ${to}: ${text}`);
  }

  function describe(devices: DemoMfaDevice[], masked: boolean): MfaDevices {
    const mask = (text: string) => (masked ? `${'•'.repeat(Math.max(0, text.length - 4))}${text.slice(-4)}` : text);
    return {
      webauthn: [],
      authenticators: devices.filter((d) => d.kind === 'authenticator').map((d) => ({ id: d.id, name: 'Authenticator app', createdAt: d.createdAt })),
      phones: devices.filter((d) => d.kind === 'sms').map((d) => ({ id: d.id, phoneNumber: mask(d.phone ?? ''), createdAt: d.createdAt })),
      emails: devices.filter((d) => d.kind === 'email').map((d) => ({ id: d.id, email: d.email ?? '', createdAt: d.createdAt })),
    };
  }

  /** The MFA gate of the demo's password sign-in: like the server's (a device, or the demo's "enforce" switch). */
  function gate(db: DemoDatabase, user: DemoUser): Json | null {
    const devices = devicesOf(db, user.id);
    const enforce = (db.settings as { mfaEnforced?: boolean } | undefined)?.mfaEnforced === true;
    if (devices.length === 0 && !enforce) return null;
    if (devices.length > 0 && (state(db).remembered[user.id] ?? 0) > tools.now()) return null;
    const token = `${tools.random()}${tools.random()}`;
    state(db).tokens.push({ token, userId: user.id, expiresAt: tools.now() + 5 * 60_000, used: false, failures: 0 });
    return {
      mfaRequired: true, mfaToken: token, mfaEnrolled: devices.length > 0, mfaDevices: describe(devices, true),
      mfaStrategies: STRATEGIES.map((strategy) => ({ strategy, isActive: DEMO_ACTIVE.includes(strategy) })), email: user.email,
    };
  }

  function loginOf(db: DemoDatabase, body: Json) {
    const row = state(db).tokens.find((t) => t.token === body.mfaToken && !t.used && t.expiresAt > tools.now());
    const user = row && db.users.find((u) => u.id === row.userId);
    return row && user ? { row, user } : null;
  }

  function wrong(login: { row: DemoMfaState['tokens'][number] }, message: string): Answer {
    login.row.failures += 1;
    if (login.row.failures >= 5) {
      login.row.used = true;
      return { ...fail(429, MESSAGES.tooManyAttempts), save: true };
    }
    return { ...fail(400, message), save: true };
  }

  function addDevice(db: DemoDatabase, userId: string, device: Omit<DemoMfaDevice, 'id' | 'userId' | 'createdAt'>): string | null {
    const first = devicesOf(db, userId).length === 0;
    state(db).devices.push({ ...device, id: tools.random(), userId, createdAt: new Date(tools.now()).toISOString() });
    if (!first) return null;
    const code = recoveryCode();
    state(db).recovery[userId] = norm(code);
    return code;
  }

  function finish(db: DemoDatabase, login: { row: DemoMfaState['tokens'][number]; user: DemoUser }, extra: { rememberDevice?: unknown; recoveryCode?: string | null }): Answer {
    login.row.used = true;
    if (extra.rememberDevice === true) state(db).remembered[login.user.id] = tools.now() + DEVICE_EXPIRATION_SECONDS * 1000;
    return ok({ ...tools.startSession(db, login.user), ...(extra.recoveryCode ? { recoveryCode: extra.recoveryCode } : {}) });
  }

  async function checkTotp(device: DemoMfaDevice | undefined, code: string): Promise<boolean> {
    if (!device?.secret || !CODE.test(code)) return false;
    const { verify } = await import('otplib');
    const result = await verify({ secret: device.secret, token: code, epochTolerance: 30, ...(device.lastStep !== undefined ? { afterTimeStep: device.lastStep } : {}) });
    if (!result.valid || !('timeStep' in result)) return false;
    device.lastStep = result.timeStep;
    return true;
  }

  function issueCode(db: DemoDatabase, userId: string, target: Json, to: string, channel: 'sms' | 'email') {
    const code = code6();
    const token = `${tools.random()}${tools.random()}`;
    state(db).codes.push({ token, userId, code, target, expiresAt: tools.now() + 5 * 60_000, used: false });
    send(db, channel, to, code);
    return token;
  }

  function useCode(db: DemoDatabase, userId: string, body: Json): { ok: true; target: Json } | { ok: false; expired: boolean } {
    const row = state(db).codes.find((c) => c.token === body.otcToken && c.userId === userId && !c.used && c.expiresAt > tools.now());
    if (!row) return { ok: false, expired: true };
    if (row.code !== String(body.code ?? '').trim()) return { ok: false, expired: false };
    row.used = true;
    return { ok: true, target: row.target };
  }

  async function newTotp(db: DemoDatabase, user: DemoUser) {
    // Loaded on first use: the demo backend chunk stays small for pages that never touch MFA.
    const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([import('otplib'), import('qrcode')]);
    const secret = generateSecret();
    state(db).pending[user.id] = secret;
    const svg = await QRCode.toString(generateURI({ issuer: 'Auth Elements demo', label: user.email, secret }), { type: 'svg', margin: 1 });
    return { qrCode: `data:image/svg+xml;base64,${btoa(svg)}`, secret };
  }

  async function finishTotp(db: DemoDatabase, user: DemoUser, code: string): Promise<{ recoveryCode: string | null; deviceId: string } | null> {
    const secret = state(db).pending[user.id];
    if (!secret) return null;
    const device: DemoMfaDevice = { id: '', userId: user.id, kind: 'authenticator', secret, createdAt: '' };
    if (!(await checkTotp(device, code))) return null;
    delete state(db).pending[user.id];
    const recovery = addDevice(db, user.id, { kind: 'authenticator', secret, lastStep: device.lastStep });
    return { recoveryCode: recovery, deviceId: devicesOf(db, user.id).at(-1)!.id };
  }

  const A = '/identity/resources/auth/v1/user/mfa';
  const U = '/identity/resources/users/v1/mfa';

  /** Answers an MFA path, or null when the path is not one of these. */
  async function handle(db: DemoDatabase, method: string, path: string, request: Request): Promise<Answer | null> {
    const { body } = request;
    const route = `${method.toUpperCase()} ${path}`;
    if (route === 'GET /identity/resources/configurations/v1/mfa/strategies') {
      return ok({ strategies: STRATEGIES.map((strategy) => ({ strategy, isActive: DEMO_ACTIVE.includes(strategy) })) }, false);
    }
    if (route === 'GET /identity/resources/configurations/v1/mfa-policy/allow-remember-device') {
      return loginOf(db, { mfaToken: request.query.mfaToken }) ? ok({ isAllowedToRemember: true, mfaDeviceExpiration: DEVICE_EXPIRATION_SECONDS }, false) : fail(401, MESSAGES.invalidMfaToken);
    }
    if (path.startsWith(`${A}/`) && method.toUpperCase() === 'POST') {
      const login = loginOf(db, body);
      if (!login) return fail(401, MESSAGES.invalidMfaToken);
      const rest = path.slice(A.length);
      const sms = /^\/sms\/([^/]+)(\/verify)?$/.exec(rest);
      const app = rest === '/authenticator/enroll/verify' ? null : /^\/authenticator\/([^/]+)\/verify$/.exec(rest);
      if (rest === '/verify' || app) {
        const devices = devicesOf(db, login.user.id).filter((d) => d.kind === 'authenticator' && (!app || d.id === app[1]));
        for (const device of devices) if (await checkTotp(device, String(body.value ?? '').trim())) return finish(db, login, { rememberDevice: body.rememberDevice });
        return wrong(login, MESSAGES.wrongCode);
      }
      if (rest === '/authenticator/enroll') return ok(await newTotp(db, login.user));
      if (rest === '/authenticator/enroll/verify') {
        const done = await finishTotp(db, login.user, String(body.token ?? '').trim());
        return done ? finish(db, login, { recoveryCode: done.recoveryCode }) : wrong(login, MESSAGES.wrongCode);
      }
      if (rest === '/recover') {
        const saved = state(db).recovery[login.user.id];
        if (!saved || saved !== norm(String(body.recoveryCode ?? ''))) return wrong(login, MESSAGES.wrongRecoveryCode);
        const fresh = recoveryCode();
        state(db).recovery[login.user.id] = norm(fresh);
        return finish(db, login, { recoveryCode: fresh });
      }
      if (rest === '/sms/enroll') {
        if (typeof body.phoneNumber !== 'string' || !PHONE.test(body.phoneNumber)) return fail(400, MESSAGES.noPhone);
        return ok({ otcToken: issueCode(db, login.user.id, { kind: 'sms', phone: body.phoneNumber }, body.phoneNumber, 'sms'), phoneNumber: body.phoneNumber });
      }
      if (rest === '/sms/enroll/verify' || rest === '/emailcode/enroll/verify') {
        const used = useCode(db, login.user.id, body);
        if (!used.ok) return used.expired ? fail(400, MESSAGES.expiredCode) : wrong(login, MESSAGES.wrongCode);
        const target = used.target;
        const recovery = addDevice(db, login.user.id, target.kind === 'sms' ? { kind: 'sms', phone: String(target.phone) } : { kind: 'email', email: login.user.email });
        return finish(db, login, { recoveryCode: recovery });
      }
      if (sms && !sms[2] && sms[1] !== 'enroll') {
        const device = devicesOf(db, login.user.id).find((d) => d.id === sms[1] && d.kind === 'sms');
        if (!device) return fail(404, MESSAGES.unknownDevice);
        return ok({ otcToken: issueCode(db, login.user.id, { kind: 'sms', deviceId: device.id }, device.phone ?? '', 'sms'), phoneNumber: describe([device], true).phones[0]?.phoneNumber });
      }
      if ((sms && sms[2]) || rest === '/emailcode/verify') {
        const used = useCode(db, login.user.id, body);
        if (!used.ok) return used.expired ? fail(400, MESSAGES.expiredCode) : wrong(login, MESSAGES.wrongCode);
        return finish(db, login, { rememberDevice: body.rememberDevice });
      }
      if (rest === '/emailcode/enroll') return ok({ otcToken: issueCode(db, login.user.id, { kind: 'email' }, login.user.email, 'email') });
      if (rest === '/emailcode') {
        const device = devicesOf(db, login.user.id).find((d) => d.kind === 'email');
        if (!device) return fail(404, MESSAGES.unknownDevice);
        return ok({ otcToken: issueCode(db, login.user.id, { kind: 'email', deviceId: device.id }, device.email ?? login.user.email, 'email') });
      }
      return fail(400, 'This verification method is not enabled.');
    }
    if (path === `${U}/devices` || path.startsWith(`${U}/`)) {
      const user = tools.userOfToken(db, request.token);
      if (!user) return fail(401, 'Invalid or expired token');
      const rest = path.slice(U.length);
      const disable = /^\/(authenticator|sms|emailcode|webauthn)\/([^/]+)\/disable$/.exec(rest);
      if (route === `GET ${U}/devices`) return ok(describe(devicesOf(db, user.id), false), false);
      if (rest === '/enroll') return ok(await newTotp(db, user));
      if (rest === '/enroll/verify') {
        const done = await finishTotp(db, user, String(body.token ?? '').trim());
        return done ? ok({ deviceId: done.deviceId, ...(done.recoveryCode ? { recoveryCode: done.recoveryCode } : {}) }) : fail(400, MESSAGES.wrongCode);
      }
      if (rest === '/sms/enroll') {
        if (typeof body.phoneNumber !== 'string' || !PHONE.test(body.phoneNumber)) return fail(400, MESSAGES.noPhone);
        return ok({ otcToken: issueCode(db, user.id, { kind: 'sms', phone: body.phoneNumber }, body.phoneNumber, 'sms'), phoneNumber: body.phoneNumber });
      }
      if (rest === '/sms/enroll/verify') {
        const used = useCode(db, user.id, body);
        if (!used.ok) return fail(400, used.expired ? MESSAGES.expiredCode : MESSAGES.wrongCode);
        const recovery = addDevice(db, user.id, { kind: 'sms', phone: String(used.target.phone) });
        return ok({ deviceId: devicesOf(db, user.id).at(-1)!.id, ...(recovery ? { recoveryCode: recovery } : {}) });
      }
      if (disable || rest === '/disable') {
        const kind = disable ? ({ authenticator: 'authenticator', sms: 'sms', emailcode: 'email', webauthn: 'webauthn' } as const)[disable[1] as 'sms'] : 'authenticator';
        const targets = devicesOf(db, user.id).filter((d) => d.kind === kind && (!disable || d.id === disable[2]));
        if (targets.length === 0) return fail(404, MESSAGES.unknownDevice);
        if (kind === 'authenticator') {
          const proof = String(body.token ?? '').trim();
          const byCode = CODE.test(proof) && (await Promise.all(targets.map((d) => checkTotp(d, proof)))).some(Boolean);
          const byRecovery = !CODE.test(proof) && state(db).recovery[user.id] === norm(proof);
          if (!byCode && !byRecovery) return fail(400, MESSAGES.wrongCode);
          if (byRecovery) delete state(db).recovery[user.id];
        }
        state(db).devices = state(db).devices.filter((d) => !targets.includes(d));
        if (devicesOf(db, user.id).length === 0) delete state(db).recovery[user.id];
        return ok({});
      }
      return fail(400, 'This verification method is not enabled.');
    }
    return null;
  }

  return { gate, handle };
}
