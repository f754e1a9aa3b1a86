/**
 * Multi-factor authentication and passkeys: devices, TOTP, one-time codes by SMS and email,
 * recovery codes, the login `mfaToken`, remembered browsers, WebAuthn registration and
 * authentication, and the per-user attempt limit.
 *
 * Secrets at rest: TOTP seeds AES-256-GCM encrypted (mfa-crypto.ts); every token and code the
 * server hands out (mfaToken, otcToken, codes, recovery codes, remember-device tokens, WebAuthn
 * challenges) is stored only as a SHA-256.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { describeDevices, securityKeyName } from '../../core/domain/mfa';
import QRCode from 'qrcode';
import { contractError, isContractError, type ContractError } from '../../core/contract/errors';
import type { Database } from '../storage/database';
import { countCodeSend } from './attempts';
import { tenantMfaPolicy } from './security-policies';
import type { SecretBox } from './mfa-crypto';
import type { UserRow } from './users';
import { emitForUser } from './connectivity';

/** Lifetimes in seconds. */
const MFA_TOKEN_TTL_SECONDS = 5 * 60;
const MFA_CODE_TTL_SECONDS = 5 * 60;
const MFA_ENROLL_TTL_SECONDS = 10 * 60;
const WEBAUTHN_CHALLENGE_TTL_SECONDS = 5 * 60;
/** Wrong answers one mfaToken (or one otcToken) survives; the next one burns it. */
const MAX_ATTEMPTS_PER_TOKEN = 5;
/** Wrong answers per user in USER_WINDOW_SECONDS before every MFA check of that user answers 429. */
const MAX_FAILURES_PER_USER = 10;
const USER_WINDOW_SECONDS = 15 * 60;
/** Codes from the previous and next 30-second step are accepted (clock drift). */
const TOTP_TOLERANCE_SECONDS = 30;

const MFA_STRATEGIES = [
  'AuthenticatorApp',
  'SMS',
  'EmailCode',
  'WebAuthnPlatform',
  'WebAuthnCrossPlatform',
] as const;
type MfaStrategy = (typeof MFA_STRATEGIES)[number];
export type DeviceType = 'platform' | 'cross-platform';

/** An MFA refusal (a ContractError of an `MFA_` code): a wrong answer counts against the limits. */
export const isMfaError = (error: unknown): error is ContractError =>
  isContractError(error) && error.codes.some((code) => code.startsWith('MFA_'));

interface MfaPolicy {
  enforce: boolean;
  /** ForceExceptSAML: a SAML sign-in is not made to enrol (the IdP is trusted to have done MFA). */
  exceptSaml: boolean;
  allowRememberDevice: boolean;
  deviceExpirationSeconds: number;
}

interface DeviceRow {
  id: string;
  user_id: string;
  kind: 'authenticator' | 'sms' | 'email' | 'webauthn';
  name: string | null;
  secret_enc: string | null;
  last_time_step: string | null;
  phone: string | null;
  email: string | null;
  credential_id: string | null;
  public_key: string | null;
  sign_count: string;
  transports: string[];
  device_type: DeviceType | null;
  passkey: boolean;
  created_at: Date;
  last_used_at: Date | null;
}

export interface ChallengeRow {
  id: string;
  purpose: string;
  user_id: string | null;
  data: Record<string, unknown>;
  failed_attempts: number;
  expires_at: Date;
}

interface WebAuthnSettings {
  rpId: string;
  rpName: string;
  origins: string[];
  /**
   * Development mode without WEBAUTHN_RP_ID: the relying party is the calling page's host name
   * (`rpIdFor`), so a page opened at http://localhost works whatever APP_URL says. `rpId` is then
   * only the fallback for a call that names no page.
   */
  rpIdFromRequest?: boolean;
}

/** The page a WebAuthn call comes from: its Origin header, else the Host it was sent to. */
interface WebAuthnCaller {
  origin?: string;
  host?: string;
}

function hostnameOf(address: string): string | null {
  try {
    return new URL(address).hostname || null;
  } catch {
    return null;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hashToken = (purpose: string, token: string) => sha256(`${purpose}:${token}`);
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;
const CODE_SHAPE = /^[0-9]{6}$/;

/** Recovery codes: 16 characters of a 32-letter alphabet without look-alikes (80 bits), shown in groups of four. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
/** How many recovery codes a set has; each works once. */
const RECOVERY_CODE_COUNT = 10;

/** Replaces the user's recovery codes with a new set, stored as SHA-256; the codes are returned once. */
async function issueRecoveryCodes(db: Pick<Database, 'query'>, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
  await db.query('DELETE FROM mfa_recovery_codes WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO mfa_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
    userId,
    codes.map((code) => hashToken('recovery', normalizeRecoveryCode(code))),
  ]);
  return codes;
}

function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Phone numbers and emails shown before the second factor is verified are partly hidden. */
function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

export class MfaService {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    readonly webauthn: WebAuthnSettings,
    private readonly issuerName: string,
  ) {}

  // ---------------------------------------------------------------- settings and policy

  async vendorSettings(): Promise<{ strategies: MfaStrategy[]; passkeysEnabled: boolean }> {
    const { rows } = await this.db.query<{ mfa_strategies: string[]; passkeys_enabled: boolean }>(
      'SELECT mfa_strategies, passkeys_enabled FROM vendors ORDER BY created_at, id LIMIT 1',
    );
    const row = rows[0];
    return {
      strategies: (row?.mfa_strategies ?? []).filter((s): s is MfaStrategy =>
        (MFA_STRATEGIES as readonly string[]).includes(s),
      ),
      passkeysEnabled: row?.passkeys_enabled === true,
    };
  }

  /** The strategies list of spec 000 §3: every known strategy with isActive. */
  async strategies(): Promise<Array<{ strategy: MfaStrategy; isActive: boolean }>> {
    const { strategies } = await this.vendorSettings();
    return MFA_STRATEGIES.map((strategy) => ({ strategy, isActive: strategies.includes(strategy) }));
  }

  async assertStrategy(strategy: MfaStrategy): Promise<void> {
    const { strategies } = await this.vendorSettings();
    if (!strategies.includes(strategy)) throw contractError('MFA_STRATEGY_DISABLED');
  }

  /**
   * The MFA policy of sign-ins into `tenantId`: enforcement from the security page's MFA policy (the
   * tenant's, else the vendor's default; `exceptSaml` for ForceExceptSAML), remember-device from
   * the tenant's row.
   */
  async policyFor(tenantId: string | null): Promise<MfaPolicy> {
    const { rows } = tenantId
      ? await this.db.query<{ allow_remember_device: boolean; device_expiration_seconds: number }>(
          'SELECT allow_remember_device, device_expiration_seconds FROM tenant_mfa_policies WHERE tenant_id = $1',
          [tenantId],
        )
      : { rows: [] };
    const row = rows[0];
    const { enforceMFAType } = await tenantMfaPolicy(this.db, tenantId);
    return {
      enforce: enforceMFAType !== 'DontForce',
      exceptSaml: enforceMFAType === 'ForceExceptSAML',
      allowRememberDevice: row?.allow_remember_device ?? true,
      deviceExpirationSeconds: row?.device_expiration_seconds ?? 14 * 24 * 60 * 60,
    };
  }

  // ---------------------------------------------------------------- devices

  async devices(userId: string): Promise<DeviceRow[]> {
    const { rows } = await this.db.query<DeviceRow>(
      'SELECT * FROM mfa_devices WHERE user_id = $1 ORDER BY created_at, id',
      [userId],
    );
    return rows;
  }

  async device(userId: string, deviceId: string, kind?: DeviceRow['kind']): Promise<DeviceRow> {
    const { rows } = await this.db.query<DeviceRow>(
      'SELECT * FROM mfa_devices WHERE user_id = $1 AND id = $2 AND ($3::text IS NULL OR kind = $3)',
      [userId, deviceId, kind ?? null],
    );
    if (!rows[0]) throw contractError('MFA_DEVICE_UNKNOWN');
    return rows[0];
  }

  /** Second factors only: passkeys registered as a sign-in method do not count as MFA devices. */
  async secondFactors(userId: string): Promise<DeviceRow[]> {
    return (await this.devices(userId)).filter((d) => !d.passkey);
  }

  /** The devices list of spec 000 §3 (webauthn, phones, authenticators; plus emails). Masked before sign-in. */
  describeDevices(devices: DeviceRow[], masked: boolean) {
    const views = devices.map((d) => ({
      ...d,
      deviceType: d.device_type,
      createdAt: d.created_at.toISOString(),
    }));
    return describeDevices(views, masked);
  }

  async deleteDevice(userId: string, deviceId: string, kind?: DeviceRow['kind']): Promise<void> {
    const { rows } = await this.db.query<{ id: string }>(
      'DELETE FROM mfa_devices WHERE user_id = $1 AND id = $2 AND ($3::text IS NULL OR kind = $3) RETURNING id',
      [userId, deviceId, kind ?? null],
    );
    if (!rows[0]) throw contractError('MFA_DEVICE_UNKNOWN');
    // With no second factor left the recovery code has nothing to recover.
    if ((await this.secondFactors(userId)).length === 0)
      await this.db.query('DELETE FROM mfa_recovery_codes WHERE user_id = $1', [userId]);
  }

  /**
   * Stores a verified device. The first second factor of a user also gets a recovery code, shown
   * once (returned here, stored hashed).
   */
  async addDevice(
    userId: string,
    device: Partial<Omit<DeviceRow, 'id' | 'user_id'>> & { kind: DeviceRow['kind'] },
  ): Promise<{ deviceId: string; recoveryCodes: string[] | null }> {
    return this.db.transaction(async (tx) => {
      const before =
        (
          await tx.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM mfa_devices WHERE user_id = $1 AND NOT passkey',
            [userId],
          )
        ).rows[0]?.n ?? 0;
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO mfa_devices (user_id, kind, name, secret_enc, last_time_step, phone, email, credential_id, public_key, sign_count, transports, device_type, passkey)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text[], $12, $13) RETURNING id`,
        [
          userId,
          device.kind,
          device.name ?? null,
          device.secret_enc ?? null,
          device.last_time_step ?? null,
          device.phone ?? null,
          device.email ?? null,
          device.credential_id ?? null,
          device.public_key ?? null,
          device.sign_count ?? 0,
          device.transports ?? [],
          device.device_type ?? null,
          device.passkey ?? false,
        ],
      );
      const recoveryCodes = !device.passkey && before === 0 ? await issueRecoveryCodes(tx, userId) : null;
      if (!device.passkey)
        await emitForUser({ db: tx }, userId, 'user.mfaEnrolled', { deviceKind: device.kind });
      return { deviceId: rows[0]!.id, recoveryCodes };
    });
  }

  // ---------------------------------------------------------------- challenges (mfaToken, otcToken, enrolment, WebAuthn)

  async issueChallenge(
    purpose: string,
    userId: string | null,
    data: Record<string, unknown>,
    ttlSeconds: number,
    token = newToken(),
  ): Promise<string> {
    await this.db.query(
      `INSERT INTO mfa_challenges (purpose, user_id, token_hash, data, expires_at) VALUES ($1, $2, $3, $4::jsonb, now() + make_interval(secs => $5))`,
      [purpose, userId, hashToken(purpose, token), JSON.stringify(data), ttlSeconds],
    );
    return token;
  }

  /** The live row of a challenge, without using it up. */
  async findChallenge(purpose: string, token: string, userId?: string | null): Promise<ChallengeRow | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const { rows } = await this.db.query<ChallengeRow>(
      `SELECT id, purpose, user_id, data, failed_attempts, expires_at FROM mfa_challenges
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() AND ($3::uuid IS NULL OR user_id = $3::uuid)`,
      [hashToken(purpose, token), purpose, userId ?? null],
    );
    return rows[0] ?? null;
  }

  /** Uses a challenge once; null when unknown, expired, used, or another user's. */
  async consumeChallenge(
    purpose: string,
    token: string,
    userId?: string | null,
  ): Promise<ChallengeRow | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const { rows } = await this.db.query<ChallengeRow>(
      `UPDATE mfa_challenges SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() AND ($3::uuid IS NULL OR user_id = $3::uuid)
        RETURNING id, purpose, user_id, data, failed_attempts, expires_at`,
      [hashToken(purpose, token), purpose, userId ?? null],
    );
    return rows[0] ?? null;
  }

  /** Counts a wrong answer against a challenge; the MAX_ATTEMPTS_PER_TOKEN-th burns it. True when burned. */
  async failChallenge(id: string): Promise<boolean> {
    const { rows } = await this.db.query<{ failed_attempts: number }>(
      `UPDATE mfa_challenges SET failed_attempts = failed_attempts + 1,
         used_at = CASE WHEN failed_attempts + 1 >= $2 THEN now() ELSE used_at END
       WHERE id = $1 RETURNING failed_attempts`,
      [id, MAX_ATTEMPTS_PER_TOKEN],
    );
    return (rows[0]?.failed_attempts ?? MAX_ATTEMPTS_PER_TOKEN) >= MAX_ATTEMPTS_PER_TOKEN;
  }

  // ---------------------------------------------------------------- the login mfaToken

  /** A short-lived, single-purpose token bound to the user who passed the first factor. */
  issueMfaToken(userId: string, tenantId: string | null): Promise<string> {
    return this.issueChallenge('mfaLogin', userId, { tenantId }, MFA_TOKEN_TTL_SECONDS);
  }

  /** The live mfaToken's row; 401 when forged, expired or used; 429 while the user is locked out. */
  async requireMfaToken(token: string): Promise<ChallengeRow & { user_id: string }> {
    const row = await this.findChallenge('mfaLogin', token);
    if (!row?.user_id) throw contractError('MFA_TOKEN_EXPIRED');
    await this.assertNotLocked(row.user_id);
    return row as ChallengeRow & { user_id: string };
  }

  /** Uses the mfaToken up at the successful end of the MFA step. */
  async finishMfaToken(token: string, userId: string): Promise<void> {
    if (!(await this.consumeChallenge('mfaLogin', token, userId))) throw contractError('MFA_TOKEN_EXPIRED');
    await this.clearFailures(userId);
  }

  /**
   * A wrong answer during login: counts against the mfaToken (burned after MAX_ATTEMPTS_PER_TOKEN)
   * and against the user. Throws the answer to give.
   */
  async wrongAnswer(mfaRow: ChallengeRow | null, userId: string, answer: ContractError): Promise<never> {
    const burned = mfaRow ? await this.failChallenge(mfaRow.id) : false;
    const locked = await this.recordFailure(userId);
    if (locked || burned) throw contractError('MFA_TOO_MANY_ATTEMPTS');
    throw answer.withStatus(400);
  }

  // ---------------------------------------------------------------- per-user attempt limit (attempt_counters)

  private counterKey(userId: string) {
    return `mfa:user:${userId}`;
  }

  async assertNotLocked(userId: string): Promise<void> {
    const { rows } = await this.db.query<{ failures: number }>(
      `SELECT failures FROM attempt_counters WHERE key = $1 AND window_started_at > now() - make_interval(secs => $2)`,
      [this.counterKey(userId), USER_WINDOW_SECONDS],
    );
    if ((rows[0]?.failures ?? 0) >= MAX_FAILURES_PER_USER) throw contractError('MFA_TOO_MANY_ATTEMPTS');
  }

  /** True when this failure reaches the limit. */
  async recordFailure(userId: string): Promise<boolean> {
    const { rows } = await this.db.query<{ failures: number }>(
      `INSERT INTO attempt_counters (key, failures, window_started_at) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN attempt_counters.window_started_at > now() - make_interval(secs => $2) THEN attempt_counters.failures + 1 ELSE 1 END,
         window_started_at = CASE WHEN attempt_counters.window_started_at > now() - make_interval(secs => $2) THEN attempt_counters.window_started_at ELSE now() END
       RETURNING failures`,
      [this.counterKey(userId), USER_WINDOW_SECONDS],
    );
    return (rows[0]?.failures ?? 0) >= MAX_FAILURES_PER_USER;
  }

  async clearFailures(userId: string): Promise<void> {
    await this.db.query('DELETE FROM attempt_counters WHERE key = $1', [this.counterKey(userId)]);
  }

  // ---------------------------------------------------------------- TOTP

  /** A new secret with its otpauth URI and QR code (a PNG data URL). */
  async newTotp(
    user: Pick<UserRow, 'email'>,
  ): Promise<{ secret: string; otpauthUri: string; qrCode: string }> {
    const secret = generateSecret();
    const otpauthUri = generateURI({ issuer: this.issuerName, label: user.email, secret });
    const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
    return { secret, otpauthUri, qrCode };
  }

  /** Keeps a pending authenticator secret (encrypted) until the first code proves the app has it. */
  async startTotpEnrolment(userId: string, secret: string): Promise<string> {
    await this.db.query(
      `UPDATE mfa_challenges SET used_at = now() WHERE user_id = $1 AND purpose = 'enrollTotp' AND used_at IS NULL`,
      [userId],
    );
    return this.issueChallenge(
      'enrollTotp',
      userId,
      { secretEnc: this.box.seal(secret, userId) },
      MFA_ENROLL_TTL_SECONDS,
    );
  }

  /** The user's latest pending authenticator secret, if any. */
  async pendingTotp(userId: string): Promise<{ row: ChallengeRow; secret: string } | null> {
    const { rows } = await this.db.query<ChallengeRow>(
      `SELECT id, purpose, user_id, data, failed_attempts, expires_at FROM mfa_challenges
        WHERE user_id = $1 AND purpose = 'enrollTotp' AND used_at IS NULL AND expires_at > now() ORDER BY created_at DESC LIMIT 1`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    return { row, secret: this.box.open(String(row.data.secretEnc), userId) };
  }

  /** Checks a code against a secret; returns the time step it belongs to, or null. */
  async checkTotp(secret: string, code: string, afterTimeStep?: number): Promise<number | null> {
    if (!CODE_SHAPE.test(code)) return null;
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(afterTimeStep !== undefined ? { afterTimeStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /** Completes a pending enrolment with a first code; the code's time step is remembered (no replay). */
  async finishTotpEnrolment(
    userId: string,
    code: string,
    name = 'Authenticator app',
  ): Promise<{ deviceId: string; recoveryCodes: string[] | null } | null> {
    const pending = await this.pendingTotp(userId);
    if (!pending) throw contractError('MFA_CODE_EXPIRED');
    const step = await this.checkTotp(pending.secret, code);
    if (step === null) {
      await this.failChallenge(pending.row.id);
      return null;
    }
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE mfa_challenges SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`,
      [pending.row.id],
    );
    if (!rows[0]) throw contractError('MFA_CODE_EXPIRED');
    return this.addDevice(userId, {
      kind: 'authenticator',
      name,
      secret_enc: this.box.seal(pending.secret, userId),
      last_time_step: String(step),
    });
  }

  /**
   * Verifies a code of an enrolled authenticator. A code is accepted once: the time step is
   * advanced with a compare-and-set, so the same code (or an older one) replayed is refused, also
   * by a second server process.
   */
  async verifyAuthenticator(device: DeviceRow, code: string): Promise<boolean> {
    if (device.kind !== 'authenticator' || !device.secret_enc) return false;
    const secret = this.box.open(device.secret_enc, device.user_id);
    const last = device.last_time_step === null ? undefined : Number(device.last_time_step);
    const step = await this.checkTotp(secret, code, last);
    if (step === null) return false;
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE mfa_devices SET last_time_step = $2, last_used_at = now() WHERE id = $1 AND (last_time_step IS NULL OR last_time_step < $2) RETURNING id`,
      [device.id, step],
    );
    return rows.length === 1;
  }

  /** Tries every enrolled authenticator of the user (spec: POST /user/mfa/verify names no device). */
  async verifyAnyAuthenticator(userId: string, code: string): Promise<boolean> {
    for (const device of (await this.devices(userId)).filter((d) => d.kind === 'authenticator')) {
      if (await this.verifyAuthenticator(device, code)) return true;
    }
    return false;
  }

  /** For tests and the dev tools: the current code of a secret. */
  static currentCode(secret: string): Promise<string> {
    return generate({ secret });
  }

  // ---------------------------------------------------------------- one-time codes (SMS, email)

  /**
   * A 6-digit code bound to an otcToken; the code goes out by SMS or email, the token to the browser.
   * Each counts against the sending limits of the user and of the destination (429 beyond them).
   */
  async issueCode(
    userId: string,
    purpose: 'otc',
    target: Record<string, unknown>,
  ): Promise<{ otcToken: string; code: string }> {
    if (target.kind === 'sms' && typeof target.phone === 'string')
      await countCodeSend(this.db, userId, { kind: 'sms', phone: target.phone });
    else if (target.kind === 'email' && typeof target.email === 'string')
      await countCodeSend(this.db, userId, { kind: 'email', email: target.email });
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = randomBytes(16).toString('base64url');
    const otcToken = await this.issueChallenge(
      purpose,
      userId,
      { ...target, salt, codeHash: sha256(`${salt}:${code}`) },
      MFA_CODE_TTL_SECONDS,
    );
    return { otcToken, code };
  }

  /** Checks a code against its otcToken: 'ok' uses it up; wrong answers count, the fifth burns the token. */
  async checkCode(
    userId: string,
    otcToken: string,
    code: string,
  ): Promise<{ ok: true; data: Record<string, unknown> } | { ok: false; reason: 'wrong' | 'expired' }> {
    const row = await this.findChallenge('otc', otcToken, userId);
    if (!row) return { ok: false, reason: 'expired' };
    const expected = Buffer.from(String(row.data.codeHash));
    const given = Buffer.from(
      sha256(`${String(row.data.salt)}:${CODE_SHAPE.test(code) ? code : 'not-a-code'}`),
    );
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      if (!(await this.consumeChallenge('otc', otcToken, userId))) return { ok: false, reason: 'expired' };
      return { ok: true, data: row.data };
    }
    return { ok: false, reason: (await this.failChallenge(row.id)) ? 'expired' : 'wrong' };
  }

  // ---------------------------------------------------------------- recovery codes

  /** Uses the recovery code up; true when it matched. */
  async useRecoveryCode(userId: string, code: string): Promise<boolean> {
    const { rows } = await this.db.query<{ user_id: string }>(
      'DELETE FROM mfa_recovery_codes WHERE user_id = $1 AND code_hash = $2 RETURNING user_id',
      [userId, hashToken('recovery', normalizeRecoveryCode(code))],
    );
    return rows.length === 1;
  }

  /**
   * After a recovery sign-in: a new set when that was the last code (so the user is never left
   * without one), else null (the other codes of the set still work).
   */
  async recoveryCodesAfterUse(userId: string): Promise<string[] | null> {
    const { rows } = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM mfa_recovery_codes WHERE user_id = $1',
      [userId],
    );
    return rows[0]!.n > 0 ? null : this.db.transaction((tx) => issueRecoveryCodes(tx, userId));
  }

  /** A new set of recovery codes; the old set stops working. */
  async regenerateRecoveryCodes(userId: string): Promise<string[]> {
    return this.db.transaction((tx) => issueRecoveryCodes(tx, userId));
  }

  // ---------------------------------------------------------------- remembered browsers

  async rememberBrowser(userId: string, seconds: number): Promise<string> {
    const token = newToken();
    await this.db.query(
      `INSERT INTO mfa_remembered_devices (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [userId, hashToken('remember', token), seconds],
    );
    return token;
  }

  async isRemembered(userId: string, token: string | undefined): Promise<boolean> {
    if (!token || !TOKEN_SHAPE.test(token)) return false;
    const { rows } = await this.db.query<{ id: string }>(
      'SELECT id FROM mfa_remembered_devices WHERE user_id = $1 AND token_hash = $2 AND expires_at > now()',
      [userId, hashToken('remember', token)],
    );
    return rows.length === 1;
  }

  // ---------------------------------------------------------------- WebAuthn

  /**
   * The relying-party id of a ceremony. Fixed by configuration (WEBAUTHN_RP_ID, else APP_URL's host
   * name), except in development mode without WEBAUTHN_RP_ID: there it is the calling page's host
   * name (its Origin when that is one the ceremonies may run on, else the Host header), because a
   * browser accepts only the page's own domain or a parent of it, never an IP address. The options
   * and the verification of one ceremony come from the same page, so they agree.
   */
  rpIdFor(caller: WebAuthnCaller): string {
    if (!this.webauthn.rpIdFromRequest) return this.webauthn.rpId;
    const origin = caller.origin && this.webauthn.origins.includes(caller.origin) ? caller.origin : undefined;
    const hostname = origin ? hostnameOf(origin) : caller.host ? hostnameOf(`http://${caller.host}`) : null;
    return hostname ?? this.webauthn.rpId;
  }

  /**
   * Registration options. The challenge is stored hashed (single-use, five minutes, bound to the
   * user and the purpose) and doubles as the `webauthnToken`.
   */
  async registrationOptions(
    user: Pick<UserRow, 'id' | 'email' | 'name'>,
    input: { deviceType: DeviceType; passkey: boolean; purpose: string; rpId: string },
  ) {
    const existing = (await this.devices(user.id)).filter((d) => d.kind === 'webauthn' && d.credential_id);
    const options = await generateRegistrationOptions({
      rpName: this.webauthn.rpName,
      rpID: input.rpId,
      userName: user.email,
      userDisplayName: user.name ?? user.email,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((d) => ({
        id: d.credential_id!,
        transports: d.transports as AuthenticatorTransport[],
      })),
      authenticatorSelection: {
        authenticatorAttachment: input.deviceType,
        residentKey: input.passkey ? 'required' : 'preferred',
        userVerification: input.passkey ? 'required' : 'preferred',
      },
      timeout: WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
    });
    await this.issueChallenge(
      input.purpose,
      user.id,
      { deviceType: input.deviceType, passkey: input.passkey },
      WEBAUTHN_CHALLENGE_TTL_SECONDS,
      options.challenge,
    );
    return { options, webauthnToken: options.challenge };
  }

  /**
   * Verifies a registration: the challenge in the response must be a live one of this user and
   * purpose (and the given webauthnToken, when there is one); origin and RP id must be the
   * configured ones. Nothing is stored unless everything checks.
   */
  async finishRegistration(
    userId: string,
    response: RegistrationResponseJSON,
    input: { purpose: string; webauthnToken?: string; deviceType?: DeviceType; name?: string; rpId: string },
  ) {
    let challengeData: Record<string, unknown> | null = null;
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: async (challenge) => {
          if (input.webauthnToken !== undefined && challenge !== input.webauthnToken) return false;
          const row = await this.consumeChallenge(input.purpose, challenge, userId);
          challengeData = row?.data ?? null;
          return row !== null;
        },
        expectedOrigin: this.webauthn.origins,
        expectedRPID: input.rpId,
        requireUserVerification: false,
      });
    } catch {
      throw contractError('MFA_WEBAUTHN_FAILED');
    }
    if (!verification.verified || !challengeData) throw contractError('MFA_WEBAUTHN_FAILED');
    const data = challengeData as { deviceType?: DeviceType; passkey?: boolean };
    const { credential } = verification.registrationInfo;
    const deviceType: DeviceType = input.deviceType ?? data.deviceType ?? 'cross-platform';
    return this.addDevice(userId, {
      kind: 'webauthn',
      name: input.name ?? securityKeyName(deviceType),
      credential_id: credential.id,
      public_key: toBase64Url(credential.publicKey),
      sign_count: String(credential.counter),
      transports: credential.transports ?? response.response.transports ?? [],
      device_type: deviceType,
      passkey: data.passkey === true,
    });
  }

  /** Authentication options for the user's WebAuthn devices, or for any passkey (userId null: discoverable credentials). */
  async authenticationOptions(userId: string | null, purpose: string, rpId: string, devices?: DeviceRow[]) {
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      allowCredentials: (devices ?? [])
        .filter((d) => d.credential_id)
        .map((d) => ({ id: d.credential_id!, transports: d.transports as AuthenticatorTransport[] })),
      userVerification: 'preferred',
      timeout: WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
    });
    await this.issueChallenge(purpose, userId, {}, WEBAUTHN_CHALLENGE_TTL_SECONDS, options.challenge);
    return { options, webauthnToken: options.challenge };
  }

  /**
   * Verifies an assertion against a stored credential: live challenge of this purpose (and user,
   * when known), configured origin and RP id, signature, and a counter that moved forward.
   * Returns the device.
   */
  async finishAuthentication(
    response: AuthenticationResponseJSON,
    input: {
      purpose: string;
      userId: string | null;
      webauthnToken?: string;
      deviceId?: string;
      passkeyOnly?: boolean;
      rpId: string;
    },
  ): Promise<DeviceRow> {
    const { rows } = await this.db.query<DeviceRow>(
      `SELECT * FROM mfa_devices WHERE kind = 'webauthn' AND credential_id = $1`,
      [response.id],
    );
    const device = rows[0];
    const fits =
      device &&
      (!input.userId || device.user_id === input.userId) &&
      (!input.deviceId || device.id === input.deviceId) &&
      (!input.passkeyOnly || device.passkey);
    if (!fits) {
      // Burn the challenge anyway: a response is never retried against the same challenge.
      const challenge = challengeOf(response);
      if (challenge) await this.consumeChallenge(input.purpose, challenge, input.userId);
      throw input.passkeyOnly
        ? contractError('MFA_WEBAUTHN_FAILED')
        : contractError('MFA_DEVICE_UNKNOWN').withStatus(400);
    }
    if (input.passkeyOnly && response.response.userHandle) {
      const handle = Buffer.from(response.response.userHandle, 'base64url').toString('utf8');
      if (handle !== device.user_id) throw contractError('MFA_WEBAUTHN_FAILED');
    }
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: async (challenge) => {
          if (input.webauthnToken !== undefined && challenge !== input.webauthnToken) return false;
          return (await this.consumeChallenge(input.purpose, challenge, input.userId ?? undefined)) !== null;
        },
        expectedOrigin: this.webauthn.origins,
        expectedRPID: input.rpId,
        credential: {
          id: device.credential_id!,
          publicKey: new Uint8Array(Buffer.from(device.public_key!, 'base64url')),
          counter: Number(device.sign_count),
          transports: device.transports as AuthenticatorTransport[],
        },
        requireUserVerification: input.passkeyOnly === true,
      });
    } catch {
      throw contractError('MFA_WEBAUTHN_FAILED');
    }
    if (!verification.verified) throw contractError('MFA_WEBAUTHN_FAILED');
    await this.db.query('UPDATE mfa_devices SET sign_count = $2, last_used_at = now() WHERE id = $1', [
      device.id,
      verification.authenticationInfo.newCounter,
    ]);
    return device;
  }
}

/** The challenge a WebAuthn response signed (from its clientDataJSON), or null. */
function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}
