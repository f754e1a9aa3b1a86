import type { AuthResponse, MfaDevices } from '../api/types';
import { type Answer, fail, ok as answer } from '../contract/answer';
import { maskPhone } from '../contract/phone';
import { clientDeviceType } from '../contract/requests-webauthn';
import type { DemoDatabase, DemoUser } from './data';
import { demoMfaCode } from './delivery';
import {
  COSE_ES256,
  COSE_RS256,
  checkRegistration,
  fromBase64Url,
  newChallenge,
  toBase64Url,
  verifyAssertion,
  type AuthenticationJson,
  type RegistrationJson,
} from './webauthnCrypto';

/**
 * Demo mode's MFA, answering like the reference server (server/routes/mfa.ts): real TOTP (otplib in
 * the page), SMS and email codes in the demo outbox, recovery codes, remember-device. Not in the
 * WebAuthn second factors and passkeys (core/demo/webauthnCrypto.ts: random single-use challenges, the
 * credential's SPKI public key stored at registration, assertions verified with WebCrypto; rp id is
 * location.hostname, origin location.origin). Secrets are sample data in the visitor's own browser,
 * not security.
 */

type Json = Record<string, unknown>;
interface Request {
  body: Json;
  query: Record<string, string>;
  token: string | null;
}

interface DemoMfaDevice {
  id: string;
  userId: string;
  kind: 'authenticator' | 'sms' | 'email' | 'webauthn';
  secret?: string;
  phone?: string;
  email?: string;
  lastStep?: number;
  createdAt: string;
  /** WebAuthn: the credential (base64url id, SPKI public key, COSE algorithm, counter), its type and whether it is a passkey (first factor). */
  credentialId?: string;
  publicKey?: string;
  algorithm?: number;
  signCount?: number;
  deviceType?: DeviceType;
  passkey?: boolean;
  name?: string;
  lastUsedAt?: string;
}
type DeviceType = 'platform' | 'cross-platform';
/** A WebAuthn challenge the demo issued: single use, five minutes, for one purpose (and user, when known). */
interface DemoChallenge {
  challenge: string;
  purpose: string;
  userId: string | null;
  deviceType: DeviceType;
  passkey: boolean;
  expiresAt: number;
  used: boolean;
}
interface DemoMfaState {
  devices: DemoMfaDevice[];
  /** Each user's set of recovery codes (normalised; one string in data saved before sets). */
  recovery: Record<string, string[] | string>;
  tokens: Array<{ token: string; userId: string; expiresAt: number; used: boolean; failures: number }>;
  codes: Array<{
    token: string;
    userId: string;
    code: string;
    target: Json;
    expiresAt: number;
    used: boolean;
  }>;
  pending: Record<string, string>;
  /** Users whose browser is remembered, until when (the demo's storage is the browser). */
  remembered: Record<string, number>;
  challenges?: DemoChallenge[];
}

interface DemoMfaTools {
  startSession(db: DemoDatabase, user: DemoUser): AuthResponse;
  userOfToken(db: DemoDatabase, token: string | null): DemoUser | null;
  random(): string;
  now(): number;
}

const STRATEGIES = ['AuthenticatorApp', 'SMS', 'EmailCode', 'WebAuthnPlatform', 'WebAuthnCrossPlatform'];
const DEMO_ACTIVE = STRATEGIES;
const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60_000;
const DEVICE_EXPIRATION_SECONDS = 14 * 24 * 3600;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** The contract's answer (core/contract/answer.ts); an MFA answer saves unless told not to. */
const ok = (body: unknown, save = true): Answer => answer(body, save);
const CODE = /^[0-9]{6}$/;

export function createDemoMfa(tools: DemoMfaTools) {
  const state = (db: DemoDatabase): DemoMfaState =>
    ((db as DemoDatabase & { mfa?: DemoMfaState }).mfa ??= {
      devices: [],
      recovery: {},
      tokens: [],
      codes: [],
      pending: {},
      remembered: {},
    });
  /** Second factors only: passkeys (a sign-in method) do not count, as on the server. */
  const devicesOf = (db: DemoDatabase, userId: string) =>
    state(db).devices.filter((d) => d.userId === userId && !d.passkey);
  const passkeysOf = (db: DemoDatabase, userId: string) =>
    state(db).devices.filter((d) => d.userId === userId && d.passkey);
  const code6 = () => String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0');
  const recoveryCode = () =>
    Array.from({ length: 4 }, () => tools.random().slice(0, 4).toUpperCase().padEnd(4, 'X')).join('-');
  const norm = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  /** A new set of 10 recovery codes replacing the user's old one, as on the server. */
  const issueRecoveryCodes = (db: DemoDatabase, userId: string) => {
    const codes = Array.from({ length: 10 }, () => recoveryCode());
    state(db).recovery[userId] = codes.map(norm);
    return codes;
  };
  /** Uses one code of the user's set up; true when it was one of them. */
  const spendRecoveryCode = (db: DemoDatabase, userId: string, code: string) => {
    const saved = [state(db).recovery[userId] ?? []].flat();
    const at = saved.indexOf(norm(code));
    if (at < 0) return false;
    saved.splice(at, 1);
    state(db).recovery[userId] = saved;
    return true;
  };
  /** The server's answer fields for a new set: `recoveryCodes`, and `recoveryCode` (the first). */
  const recoveryAnswer = (codes: string[] | null | undefined) =>
    codes?.length ? { recoveryCode: codes[0]!, recoveryCodes: codes } : {};

  function send(db: DemoDatabase, channel: 'email' | 'sms', to: string, code: string, userId: string) {
    const message = demoMfaCode(db, userId, channel, code);
    (db.outbox ??= []).unshift({ channel, to, ...message, createdAt: new Date(tools.now()).toISOString() });
    db.outbox.length = Math.min(db.outbox.length, 50);
    console.info(`[auth-elements demo] ${channel} to ${to}: ${message.text}`);
  }

  function describe(devices: DemoMfaDevice[], masked: boolean): MfaDevices {
    const mask = (phone: string) => (masked ? maskPhone(phone, 4) : phone);
    return {
      webauthn: devices
        .filter((d) => d.kind === 'webauthn')
        .map((d) => ({
          id: d.id,
          deviceType: clientDeviceType(d.deviceType),
          name: d.name ?? null,
          createdAt: d.createdAt,
        })),
      authenticators: devices
        .filter((d) => d.kind === 'authenticator')
        .map((d) => ({ id: d.id, name: 'Authenticator app', createdAt: d.createdAt })),
      phones: devices
        .filter((d) => d.kind === 'sms')
        .map((d) => ({ id: d.id, phoneNumber: mask(d.phone ?? ''), createdAt: d.createdAt })),
      emails: devices
        .filter((d) => d.kind === 'email')
        .map((d) => ({ id: d.id, email: d.email ?? '', createdAt: d.createdAt })),
    };
  }

  /** The MFA gate of the demo's password sign-in: like the server's (a device, or the demo's "enforce" switch). */
  function gate(db: DemoDatabase, user: DemoUser): Json | null {
    const devices = devicesOf(db, user.id);
    const enforce = (db.settings as { mfaEnforced?: boolean } | undefined)?.mfaEnforced === true;
    if (devices.length === 0 && !enforce) return null;
    if (devices.length > 0 && (state(db).remembered[user.id] ?? 0) > tools.now()) return null;
    const token = `${tools.random()}${tools.random()}`;
    state(db).tokens.push({
      token,
      userId: user.id,
      expiresAt: tools.now() + 5 * 60_000,
      used: false,
      failures: 0,
    });
    return {
      mfaRequired: true,
      mfaToken: token,
      mfaEnrolled: devices.length > 0,
      mfaDevices: describe(devices, true),
      mfaStrategies: STRATEGIES.map((strategy) => ({ strategy, isActive: DEMO_ACTIVE.includes(strategy) })),
      email: user.email,
    };
  }

  function loginOf(db: DemoDatabase, body: Json) {
    const row = state(db).tokens.find(
      (t) => t.token === body.mfaToken && !t.used && t.expiresAt > tools.now(),
    );
    const user = row && db.users.find((u) => u.id === row.userId);
    return row && user ? { row, user } : null;
  }

  function wrong(
    login: { row: DemoMfaState['tokens'][number] },
    code: 'MFA_CODE_WRONG' | 'MFA_WEBAUTHN_FAILED' | 'MFA_RECOVERY_CODE_WRONG',
  ): Answer {
    login.row.failures += 1;
    if (login.row.failures >= 5) {
      login.row.used = true;
      return { ...fail('MFA_TOO_MANY_ATTEMPTS'), save: true };
    }
    return { ...fail(code), save: true };
  }

  function addDevice(
    db: DemoDatabase,
    userId: string,
    device: Omit<DemoMfaDevice, 'id' | 'userId' | 'createdAt'>,
  ): string[] | null {
    const first = !device.passkey && devicesOf(db, userId).length === 0;
    state(db).devices.push({
      ...device,
      id: tools.random(),
      userId,
      createdAt: new Date(tools.now()).toISOString(),
    });
    return first ? issueRecoveryCodes(db, userId) : null;
  }

  function finish(
    db: DemoDatabase,
    login: { row: DemoMfaState['tokens'][number]; user: DemoUser },
    extra: { rememberDevice?: unknown; recoveryCodes?: string[] | null },
  ): Answer {
    login.row.used = true;
    if (extra.rememberDevice === true)
      state(db).remembered[login.user.id] = tools.now() + DEVICE_EXPIRATION_SECONDS * 1000;
    return ok({
      ...tools.startSession(db, login.user),
      ...recoveryAnswer(extra.recoveryCodes),
    });
  }

  async function checkTotp(device: DemoMfaDevice | undefined, code: string): Promise<boolean> {
    if (!device?.secret || !CODE.test(code)) return false;
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

  function issueCode(db: DemoDatabase, userId: string, target: Json, to: string, channel: 'sms' | 'email') {
    const code = code6();
    const token = `${tools.random()}${tools.random()}`;
    state(db).codes.push({ token, userId, code, target, expiresAt: tools.now() + 5 * 60_000, used: false });
    send(db, channel, to, code, userId);
    return token;
  }

  function spendCode(
    db: DemoDatabase,
    userId: string,
    body: Json,
  ): { ok: true; target: Json } | { ok: false; expired: boolean } {
    const row = state(db).codes.find(
      (c) => c.token === body.otcToken && c.userId === userId && !c.used && c.expiresAt > tools.now(),
    );
    if (!row) return { ok: false, expired: true };
    if (row.code !== String(body.code ?? '').trim()) return { ok: false, expired: false };
    row.used = true;
    return { ok: true, target: row.target };
  }

  async function newTotp(db: DemoDatabase, user: DemoUser) {
    // Loaded on first use: the demo backend chunk stays small for pages that never touch MFA.
    const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([
      import('otplib'),
      import('qrcode'),
    ]);
    const secret = generateSecret();
    state(db).pending[user.id] = secret;
    const svg = await QRCode.toString(
      generateURI({ issuer: 'Auth Elements demo', label: user.email, secret }),
      { type: 'svg', margin: 1 },
    );
    return { qrCode: `data:image/svg+xml;base64,${btoa(svg)}`, secret };
  }

  async function finishTotp(
    db: DemoDatabase,
    user: DemoUser,
    code: string,
  ): Promise<{ recoveryCodes: string[] | null; deviceId: string } | null> {
    const secret = state(db).pending[user.id];
    if (!secret) return null;
    const device: DemoMfaDevice = { id: '', userId: user.id, kind: 'authenticator', secret, createdAt: '' };
    if (!(await checkTotp(device, code))) return null;
    delete state(db).pending[user.id];
    const recovery = addDevice(db, user.id, { kind: 'authenticator', secret, lastStep: device.lastStep });
    return { recoveryCodes: recovery, deviceId: devicesOf(db, user.id).at(-1)!.id };
  }

  // ------------------------------------------------ WebAuthn (second factor) and passkeys
  /** The demo's relying party: the page's own host and origin. */
  const site = () => ({
    rpId: globalThis.location?.hostname ?? '',
    origin: globalThis.location?.origin ?? '',
  });
  const challenges = (db: DemoDatabase) => (state(db).challenges ??= []);

  function issueChallenge(
    db: DemoDatabase,
    purpose: string,
    userId: string | null,
    data: { deviceType: DeviceType; passkey: boolean },
  ): string {
    const live = challenges(db).filter((c) => !c.used && c.expiresAt > tools.now());
    const challenge = newChallenge();
    live.push({
      challenge,
      purpose,
      userId,
      ...data,
      expiresAt: tools.now() + WEBAUTHN_CHALLENGE_TTL_MS,
      used: false,
    });
    state(db).challenges = live.slice(-20);
    return challenge;
  }

  /** Takes a live challenge of this purpose (and user, when given) and burns it: single use, even when the rest fails. */
  function consumeChallenge(
    db: DemoDatabase,
    purpose: string,
    challenge: string,
    userId: string | null,
    webauthnToken?: string,
  ): DemoChallenge | null {
    const row = challenges(db).find(
      (c) =>
        c.challenge === challenge &&
        c.purpose === purpose &&
        !c.used &&
        c.expiresAt > tools.now() &&
        (userId === null || c.userId === userId),
    );
    if (!row) return null;
    row.used = true;
    return webauthnToken === undefined || webauthnToken === challenge ? row : null;
  }

  function registrationOptions(
    db: DemoDatabase,
    user: DemoUser,
    input: { deviceType: DeviceType; passkey: boolean; purpose: string },
  ) {
    const challenge = issueChallenge(db, input.purpose, user.id, input);
    const options = {
      rp: { name: 'Auth Elements demo', id: site().rpId },
      user: {
        id: toBase64Url(new TextEncoder().encode(user.id)),
        name: user.email,
        displayName: user.name || user.email,
      },
      challenge,
      pubKeyCredParams: [
        { type: 'public-key', alg: COSE_ES256 },
        { type: 'public-key', alg: COSE_RS256 },
      ],
      timeout: WEBAUTHN_CHALLENGE_TTL_MS,
      attestation: 'none',
      excludeCredentials: state(db)
        .devices.filter((d) => d.userId === user.id && d.kind === 'webauthn')
        .map((d) => ({ id: d.credentialId!, type: 'public-key' })),
      authenticatorSelection: {
        authenticatorAttachment: input.deviceType,
        residentKey: input.passkey ? 'required' : 'preferred',
        requireResidentKey: input.passkey,
        userVerification: input.passkey ? 'required' : 'preferred',
      },
    };
    return { options, webauthnToken: challenge };
  }

  /** Checks the browser's registration JSON against a live challenge of this user; stores the credential. Null when anything fails. */
  async function finishRegistration(
    db: DemoDatabase,
    user: DemoUser,
    json: unknown,
    input: { purpose: string; webauthnToken?: string; deviceType?: unknown; name?: string },
  ) {
    if (!isObject(json) || !isObject(json.response)) return null;
    let row: DemoChallenge | null = null;
    const credential = await checkRegistration(json as unknown as RegistrationJson, {
      ...site(),
      userVerification: false,
      challenge: (challenge) =>
        (row = consumeChallenge(db, input.purpose, challenge, user.id, input.webauthnToken)) !== null,
    });
    const issued = row as DemoChallenge | null;
    if (!credential || !issued) return null;
    if (state(db).devices.some((d) => d.credentialId === credential.credentialId)) return null;
    const deviceType: DeviceType =
      input.deviceType === 'platform' || input.deviceType === 'cross-platform'
        ? input.deviceType
        : issued.deviceType;
    const recoveryCodes = addDevice(db, user.id, {
      kind: 'webauthn',
      ...credential,
      deviceType,
      passkey: issued.passkey,
      name: input.name ?? (deviceType === 'platform' ? 'This device' : 'Security key'),
    });
    return { recoveryCodes, deviceId: state(db).devices.at(-1)!.id };
  }

  function authenticationOptions(
    db: DemoDatabase,
    userId: string | null,
    purpose: string,
    devices: DemoMfaDevice[],
  ) {
    const challenge = issueChallenge(db, purpose, userId, { deviceType: 'cross-platform', passkey: false });
    return {
      options: {
        challenge,
        rpId: site().rpId,
        timeout: WEBAUTHN_CHALLENGE_TTL_MS,
        userVerification: 'preferred',
        allowCredentials: devices.map((d) => ({ id: d.credentialId!, type: 'public-key' })),
      },
      webauthnToken: challenge,
    };
  }

  /** Verifies an assertion with WebCrypto against the stored credential; returns the device, or null. */
  async function finishAuthentication(
    db: DemoDatabase,
    json: unknown,
    input: {
      purpose: string;
      userId: string | null;
      webauthnToken?: string;
      deviceId?: string;
      passkeyOnly?: boolean;
    },
  ): Promise<DemoMfaDevice | null> {
    if (!isObject(json) || !isObject(json.response) || typeof json.id !== 'string') return null;
    const assertion = json as unknown as AuthenticationJson;
    const device = state(db).devices.find((d) => d.kind === 'webauthn' && d.credentialId === assertion.id);
    const fits =
      device &&
      (!input.userId || device.userId === input.userId) &&
      (!input.deviceId || device.id === input.deviceId) &&
      (!input.passkeyOnly || device.passkey);
    const handle =
      typeof assertion.response.userHandle === 'string' && assertion.response.userHandle
        ? assertion.response.userHandle
        : null;
    let handleOk = true;
    try {
      if (fits && input.passkeyOnly && handle)
        handleOk = new TextDecoder().decode(fromBase64Url(handle)) === device.userId;
    } catch {
      handleOk = false;
    }
    const checked =
      fits && handleOk
        ? await verifyAssertion(
            assertion,
            { publicKey: device.publicKey!, algorithm: device.algorithm!, signCount: device.signCount ?? 0 },
            {
              ...site(),
              userVerification: input.passkeyOnly === true,
              challenge: (challenge) =>
                consumeChallenge(db, input.purpose, challenge, input.userId, input.webauthnToken) !== null,
            },
          )
        : null;
    if (!checked || !device) {
      // Burn the challenge anyway: a response is never retried against the same challenge.
      try {
        const client = JSON.parse(
          new TextDecoder().decode(fromBase64Url(String(assertion.response.clientDataJSON ?? ''))),
        ) as { challenge?: unknown };
        if (typeof client.challenge === 'string')
          consumeChallenge(db, input.purpose, client.challenge, input.userId);
      } catch {
        /* not even JSON: nothing to burn */
      }
      return null;
    }
    device.signCount = checked.signCount;
    device.lastUsedAt = new Date(tools.now()).toISOString();
    return device;
  }

  /**
   * The device type asked for, or the route's default. The body has passed the contract's schema,
   * after the client SDK's spelling was brought to its own (core/contract/requests-webauthn.ts).
   */
  const deviceTypeOf = (body: Json, fallback: DeviceType): DeviceType =>
    (body.deviceType as DeviceType | undefined) ?? fallback;

  const A = '/identity/resources/auth/v1/user/mfa';
  const U = '/identity/resources/users/v1/mfa';
  const AUTH = '/identity/resources/auth';
  const PASSKEYS = '/identity/resources/users/webauthn/v1/devices';

  /** Answers an MFA path, or null when the path is not one of these. */
  async function handle(
    db: DemoDatabase,
    method: string,
    path: string,
    request: Request,
  ): Promise<Answer | null> {
    const body: Json = isObject(request.body) ? request.body : {};
    const route = `${method.toUpperCase()} ${path}`;
    if (route === 'GET /identity/resources/configurations/v1/mfa/strategies') {
      return ok(
        {
          strategies: STRATEGIES.map((strategy) => ({ strategy, isActive: DEMO_ACTIVE.includes(strategy) })),
        },
        false,
      );
    }
    if (route === 'GET /identity/resources/configurations/v1/mfa-policy/allow-remember-device') {
      return loginOf(db, { mfaToken: request.query.mfaToken })
        ? ok({ isAllowedToRemember: true, mfaDeviceExpiration: DEVICE_EXPIRATION_SECONDS }, false)
        : fail('MFA_TOKEN_EXPIRED');
    }
    if (path.startsWith(`${A}/`) && method.toUpperCase() === 'POST') {
      const login = loginOf(db, body);
      if (!login) return fail('MFA_TOKEN_EXPIRED');
      const rest = path.slice(A.length);
      const sms = /^\/sms\/([^/]+)(\/verify)?$/.exec(rest);
      const app =
        rest === '/authenticator/enroll/verify' ? null : /^\/authenticator\/([^/]+)\/verify$/.exec(rest);
      if (rest === '/verify' || app) {
        const devices = devicesOf(db, login.user.id).filter(
          (d) => d.kind === 'authenticator' && (!app || d.id === app[1]),
        );
        for (const device of devices)
          if (await checkTotp(device, String(body.value ?? '').trim()))
            return finish(db, login, { rememberDevice: body.rememberDevice });
        return wrong(login, 'MFA_CODE_WRONG');
      }
      if (rest === '/webauthn/enroll') {
        return ok(
          registrationOptions(db, login.user, {
            deviceType: deviceTypeOf(body, 'cross-platform'),
            passkey: false,
            purpose: 'mfaWebauthnRegister',
          }),
        );
      }
      if (rest === '/webauthn/enroll/verify') {
        const added = await finishRegistration(db, login.user, body.options, {
          purpose: 'mfaWebauthnRegister',
          webauthnToken: String(body.webauthnToken ?? ''),
          deviceType: body.deviceType,
        });
        return added
          ? finish(db, login, { recoveryCodes: added.recoveryCodes })
          : wrong(login, 'MFA_WEBAUTHN_FAILED');
      }
      const webauthn = /^\/webauthn\/([^/]+)(\/verify)?$/.exec(rest);
      if (webauthn) {
        const device = devicesOf(db, login.user.id).find(
          (d) => d.id === webauthn[1] && d.kind === 'webauthn',
        );
        if (!device) return fail('MFA_DEVICE_UNKNOWN');
        if (!webauthn[2]) return ok(authenticationOptions(db, login.user.id, 'mfaWebauthnLogin', [device]));
        const used = await finishAuthentication(db, body.options, {
          purpose: 'mfaWebauthnLogin',
          userId: login.user.id,
          webauthnToken: String(body.webauthnToken ?? ''),
          deviceId: device.id,
        });
        return used
          ? finish(db, login, { rememberDevice: body.rememberDevice })
          : wrong(login, 'MFA_WEBAUTHN_FAILED');
      }
      if (rest === '/authenticator/enroll') return ok(await newTotp(db, login.user));
      if (rest === '/authenticator/enroll/verify') {
        const done = await finishTotp(db, login.user, String(body.token ?? '').trim());
        return done
          ? finish(db, login, { recoveryCodes: done.recoveryCodes })
          : wrong(login, 'MFA_CODE_WRONG');
      }
      if (rest === '/recover') {
        if (!spendRecoveryCode(db, login.user.id, String(body.recoveryCode ?? '')))
          return wrong(login, 'MFA_RECOVERY_CODE_WRONG');
        // The other codes of the set still work; after the last one, a new set (as on the server).
        const left = [state(db).recovery[login.user.id] ?? []].flat().length;
        return finish(db, login, { recoveryCodes: left ? null : issueRecoveryCodes(db, login.user.id) });
      }
      if (rest === '/sms/enroll') {
        // The number passed the contract's schema (core/contract/requests-mfa.ts).
        const phone = body.phoneNumber as string;
        return ok({
          otcToken: issueCode(db, login.user.id, { kind: 'sms', phone }, phone, 'sms'),
          phoneNumber: phone,
        });
      }
      if (rest === '/sms/enroll/verify' || rest === '/emailcode/enroll/verify') {
        const used = spendCode(db, login.user.id, body);
        if (!used.ok) return used.expired ? fail('MFA_CODE_EXPIRED') : wrong(login, 'MFA_CODE_WRONG');
        const target = used.target;
        const recovery = addDevice(
          db,
          login.user.id,
          target.kind === 'sms'
            ? { kind: 'sms', phone: String(target.phone) }
            : { kind: 'email', email: login.user.email },
        );
        return finish(db, login, { recoveryCodes: recovery });
      }
      if (sms && !sms[2] && sms[1] !== 'enroll') {
        const device = devicesOf(db, login.user.id).find((d) => d.id === sms[1] && d.kind === 'sms');
        if (!device) return fail('MFA_DEVICE_UNKNOWN');
        return ok({
          otcToken: issueCode(
            db,
            login.user.id,
            { kind: 'sms', deviceId: device.id },
            device.phone ?? '',
            'sms',
          ),
          phoneNumber: describe([device], true).phones[0]?.phoneNumber,
        });
      }
      if ((sms && sms[2]) || rest === '/emailcode/verify') {
        const used = spendCode(db, login.user.id, body);
        if (!used.ok) return used.expired ? fail('MFA_CODE_EXPIRED') : wrong(login, 'MFA_CODE_WRONG');
        return finish(db, login, { rememberDevice: body.rememberDevice });
      }
      if (rest === '/emailcode/enroll')
        return ok({ otcToken: issueCode(db, login.user.id, { kind: 'email' }, login.user.email, 'email') });
      if (rest === '/emailcode') {
        const device = devicesOf(db, login.user.id).find((d) => d.kind === 'email');
        if (!device) return fail('MFA_DEVICE_UNKNOWN');
        return ok({
          otcToken: issueCode(
            db,
            login.user.id,
            { kind: 'email', deviceId: device.id },
            device.email ?? login.user.email,
            'email',
          ),
        });
      }
      return fail('MFA_STRATEGY_DISABLED');
    }
    if (path === `${U}/devices` || path.startsWith(`${U}/`)) {
      const user = tools.userOfToken(db, request.token);
      if (!user) return fail('TOKEN_INVALID');
      const rest = path.slice(U.length);
      // The authenticator app is removed at `/disable/verify` with a code (the client SDK's path);
      // the email factor in one step; SMS and WebAuthn in two (below, as the server does).
      const disable =
        /^\/(authenticator)\/([^/]+)\/disable\/verify$/.exec(rest) ??
        /^\/(emailcode)\/([^/]+)\/disable$/.exec(rest);
      const twoStep = /^\/(sms|webauthn)\/([^/]+)\/disable(\/verify)?$/.exec(rest);
      if (twoStep) {
        const [, kind, id, verify] = twoStep as unknown as [string, 'sms' | 'webauthn', string, string?];
        const device = devicesOf(db, user.id).find((d) => d.id === id && d.kind === kind && !d.passkey);
        if (!device) return fail('MFA_DEVICE_UNKNOWN');
        const remove = () => {
          state(db).devices = state(db).devices.filter((d) => d !== device);
          if (devicesOf(db, user.id).length === 0) delete state(db).recovery[user.id];
          return ok({});
        };
        if (kind === 'sms' && !verify)
          return ok({
            otcToken: issueCode(
              db,
              user.id,
              { kind: 'sms', deviceId: device.id, removal: true },
              device.phone ?? '',
              'sms',
            ),
            phoneNumber: describe([device], true).phones[0]?.phoneNumber,
          });
        if (kind === 'sms') {
          const used = spendCode(db, user.id, body);
          if (!used.ok) return fail(used.expired ? 'MFA_CODE_EXPIRED' : 'MFA_CODE_WRONG');
          if (used.target.deviceId !== device.id || used.target.removal !== true)
            return fail('MFA_CODE_EXPIRED');
          return remove();
        }
        if (!verify) return ok(authenticationOptions(db, user.id, 'accountWebauthnDisable', [device]));
        const used = await finishAuthentication(db, body.options, {
          purpose: 'accountWebauthnDisable',
          userId: user.id,
          webauthnToken: String(body.webauthnToken ?? ''),
          deviceId: device.id,
        });
        return used ? remove() : { ...fail('MFA_WEBAUTHN_FAILED'), save: true };
      }
      if (route === `GET ${U}/devices`) return ok(describe(devicesOf(db, user.id), false), false);
      if (rest === '/enroll' || rest === '/authenticator/enroll') return ok(await newTotp(db, user));
      if (rest === '/enroll/verify' || rest === '/authenticator/enroll/verify') {
        const done = await finishTotp(db, user, String(body.token ?? '').trim());
        return done
          ? ok({ deviceId: done.deviceId, ...recoveryAnswer(done.recoveryCodes) })
          : fail('MFA_CODE_WRONG');
      }
      if (rest === '/webauthn/enroll') {
        return ok(
          registrationOptions(db, user, {
            deviceType: deviceTypeOf(body, 'cross-platform'),
            passkey: false,
            purpose: 'accountWebauthnRegister',
          }),
        );
      }
      if (rest === '/webauthn/enroll/verify') {
        const added = await finishRegistration(db, user, body.options, {
          purpose: 'accountWebauthnRegister',
          webauthnToken: String(body.webauthnToken ?? ''),
          deviceType: body.deviceType,
        });
        return added
          ? ok({
              deviceId: added.deviceId,
              ...recoveryAnswer(added.recoveryCodes),
            })
          : { ...fail('MFA_WEBAUTHN_FAILED'), save: true };
      }
      if (rest === '/sms/enroll') {
        // The number passed the contract's schema (core/contract/requests-mfa.ts).
        const phone = body.phoneNumber as string;
        return ok({
          otcToken: issueCode(db, user.id, { kind: 'sms', phone }, phone, 'sms'),
          phoneNumber: phone,
        });
      }
      if (rest === '/sms/enroll/verify') {
        const used = spendCode(db, user.id, body);
        if (!used.ok) return fail(used.expired ? 'MFA_CODE_EXPIRED' : 'MFA_CODE_WRONG');
        const recovery = addDevice(db, user.id, { kind: 'sms', phone: String(used.target.phone) });
        return ok({
          deviceId: devicesOf(db, user.id).at(-1)!.id,
          ...recoveryAnswer(recovery),
        });
      }
      if (rest === '/recovery-codes') {
        // A new set, proven with an authenticator code or a current recovery code (as on the server).
        const devices = devicesOf(db, user.id);
        if (devices.length === 0) return fail('MFA_NOT_ENROLLED');
        const proof = String(body.token ?? '').trim();
        const byCode =
          CODE.test(proof) &&
          (
            await Promise.all(
              devices.filter((d) => d.kind === 'authenticator').map((d) => checkTotp(d, proof)),
            )
          ).some(Boolean);
        if (!byCode && !(!CODE.test(proof) && spendRecoveryCode(db, user.id, proof)))
          return fail('MFA_CODE_WRONG');
        return ok(recoveryAnswer(issueRecoveryCodes(db, user.id)), true);
      }
      if (disable || rest === '/disable') {
        const kind = disable
          ? (
              {
                authenticator: 'authenticator',
                emailcode: 'email',
              } as const
            )[disable[1] as 'emailcode']
          : 'authenticator';
        const targets = devicesOf(db, user.id).filter(
          (d) => d.kind === kind && (!disable || d.id === disable[2]),
        );
        if (targets.length === 0) return fail('MFA_DEVICE_UNKNOWN');
        if (kind === 'authenticator') {
          const proof = String(body.token ?? '').trim();
          const byCode =
            CODE.test(proof) && (await Promise.all(targets.map((d) => checkTotp(d, proof)))).some(Boolean);
          const byRecovery = !byCode && !CODE.test(proof) && spendRecoveryCode(db, user.id, proof);
          if (!byCode && !byRecovery) return fail('MFA_CODE_WRONG');
        }
        state(db).devices = state(db).devices.filter((d) => !targets.includes(d));
        if (devicesOf(db, user.id).length === 0) delete state(db).recovery[user.id];
        return ok({});
      }
      return fail('MFA_STRATEGY_DISABLED');
    }
    if (route === `POST ${AUTH}/v1/webauthn/prelogin`) {
      // Discoverable credentials: the browser offers the passkeys it holds for this site.
      return ok(authenticationOptions(db, null, 'passkeyLogin', []).options);
    }
    if (route === `POST ${AUTH}/v2/webauthn/postlogin` || route === `POST ${AUTH}/v1/webauthn/postlogin`) {
      const { recaptchaToken: _r, invitationToken: _i, ...assertion } = body;
      const device = await finishAuthentication(db, assertion, {
        purpose: 'passkeyLogin',
        userId: null,
        passkeyOnly: true,
      });
      const user = device && db.users.find((u) => u.id === device.userId);
      // A passkey is possession plus user verification: no second factor is asked after it.
      return user ? ok(tools.startSession(db, user)) : { ...fail('MFA_WEBAUTHN_FAILED'), save: true };
    }
    if (path === PASSKEYS || path.startsWith(`${PASSKEYS}/`)) {
      const user = tools.userOfToken(db, request.token);
      if (!user) return fail('TOKEN_INVALID');
      if (route === `POST ${PASSKEYS}`) {
        // The client SDK's answer: the creation options themselves.
        return ok(
          registrationOptions(db, user, {
            deviceType: deviceTypeOf(body, 'platform'),
            passkey: true,
            purpose: 'passkeyRegister',
          }).options,
        );
      }
      if (route === `POST ${PASSKEYS}/verify`) {
        const type = deviceTypeOf(body, 'platform');
        // The client SDK's body: `{ id, response: <the authenticator's response> }`; a whole credential is accepted too.
        const sent = body.response as Json;
        const credential =
          'rawId' in sent
            ? sent
            : { id: body.id, rawId: body.id, type: 'public-key', response: sent, clientExtensionResults: {} };
        if (body.id !== credential.id) return { ...fail('MFA_WEBAUTHN_FAILED'), save: true };
        const added = await finishRegistration(db, user, credential, {
          purpose: 'passkeyRegister',
          deviceType: type,
          name: type === 'platform' ? 'Passkey on this device' : 'Passkey on a security key or phone',
        });
        return added ? ok({ id: added.deviceId }) : { ...fail('MFA_WEBAUTHN_FAILED'), save: true };
      }
      if (route === `GET ${PASSKEYS}`) {
        return ok(
          {
            devices: passkeysOf(db, user.id).map((d) => ({
              id: d.id,
              deviceType: d.deviceType === 'platform' ? 'Platform' : 'CrossPlatform',
              name: d.name ?? null,
              createdAt: d.createdAt,
              lastUsedAt: d.lastUsedAt ?? null,
            })),
          },
          false,
        );
      }
      const remove = method.toUpperCase() === 'DELETE' && /^\/([^/]+)$/.exec(path.slice(PASSKEYS.length));
      if (remove) {
        const device = passkeysOf(db, user.id).find((d) => d.id === remove[1]);
        if (!device) return fail('MFA_DEVICE_UNKNOWN');
        state(db).devices = state(db).devices.filter((d) => d !== device);
        return ok({});
      }
      return fail('NOT_FOUND');
    }
    return null;
  }

  return { gate, handle };
}
