/**
 * MFA's repositories over PostgreSQL (the ports of core/domain/mfa-ports.ts): `mfa_devices`,
 * `mfa_recovery_codes`, `mfa_challenges`, `mfa_remembered_devices`, the per-user failure counter
 * in `attempt_counters`, and the policy rows a sign-in's MFA reads (`tenant_mfa_policies`, the
 * vendor's MFA row of `security_policies`). SQL only: the rules are core/domain/mfa*.ts's and
 * server/domain/mfa.ts's. Keys are the SHA-256 the service computes; nothing here sees a secret.
 */
import type {
  ChallengeRepository,
  MfaChallenge,
  MfaDevice,
  MfaDeviceRepository,
  MfaGateReader,
  MfaPorts,
  MfaPolicy,
  RecoveryCodeRepository,
  RememberedBrowserRepository,
  StoredMfaPolicies,
} from '../../core/domain/mfa-ports';
import { mfaFailureCounter } from '../../core/domain/attempts';
import { enforceMfaTypeOf } from '../../core/domain/mfa-gate';
import { attemptCounters } from './attempts';
import type { Database } from './database';

interface DeviceRow {
  id: string;
  user_id: string;
  kind: MfaDevice['kind'];
  name: string | null;
  secret_enc: string | null;
  last_time_step: string | null;
  phone: string | null;
  email: string | null;
  credential_id: string | null;
  public_key: string | null;
  sign_count: string;
  transports: string[];
  device_type: MfaDevice['deviceType'];
  passkey: boolean;
  created_at: Date;
  last_used_at: Date | null;
}
const DEVICE_COLUMNS =
  'id, user_id, kind, name, secret_enc, last_time_step, phone, email, credential_id, public_key, sign_count, transports, device_type, passkey, created_at, last_used_at';

const deviceOf = (row: DeviceRow): MfaDevice => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  name: row.name,
  secret: row.secret_enc,
  lastTimeStep: row.last_time_step === null ? null : Number(row.last_time_step),
  phone: row.phone,
  email: row.email,
  credentialId: row.credential_id,
  publicKey: row.public_key,
  signCount: Number(row.sign_count),
  transports: row.transports,
  deviceType: row.device_type,
  passkey: row.passkey,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

function deviceRepository(db: Pick<Database, 'query'>): MfaDeviceRepository {
  return {
    async list(userId) {
      const { rows } = await db.query<DeviceRow>(
        `SELECT ${DEVICE_COLUMNS} FROM mfa_devices WHERE user_id = $1 ORDER BY created_at, seq`,
        [userId],
      );
      return rows.map(deviceOf);
    },
    async find(userId, deviceId, kind) {
      const { rows } = await db.query<DeviceRow>(
        `SELECT ${DEVICE_COLUMNS} FROM mfa_devices WHERE user_id = $1 AND id = $2 AND ($3::text IS NULL OR kind = $3)`,
        [userId, deviceId, kind ?? null],
      );
      return rows[0] ? deviceOf(rows[0]) : null;
    },
    async byCredential(credentialId) {
      const { rows } = await db.query<DeviceRow>(
        `SELECT ${DEVICE_COLUMNS} FROM mfa_devices WHERE kind = 'webauthn' AND credential_id = $1`,
        [credentialId],
      );
      return rows[0] ? deviceOf(rows[0]) : null;
    },
    async add(userId, device) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO mfa_devices (user_id, kind, name, secret_enc, last_time_step, phone, email, credential_id, public_key, sign_count, transports, device_type, passkey)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text[], $12, $13) RETURNING id`,
        [
          userId,
          device.kind,
          device.name ?? null,
          device.secret ?? null,
          device.lastTimeStep ?? null,
          device.phone ?? null,
          device.email ?? null,
          device.credentialId ?? null,
          device.publicKey ?? null,
          device.signCount ?? 0,
          device.transports ?? [],
          device.deviceType ?? null,
          device.passkey ?? false,
        ],
      );
      return rows[0]!.id;
    },
    async remove(userId, deviceId, kind) {
      const { rows } = await db.query<{ id: string }>(
        'DELETE FROM mfa_devices WHERE user_id = $1 AND id = $2 AND ($3::text IS NULL OR kind = $3) RETURNING id',
        [userId, deviceId, kind ?? null],
      );
      return rows.length === 1;
    },
    // A compare-and-set: the same code (or an older one) replayed is refused, also by a second process.
    async advanceTimeStep(deviceId, step) {
      const { rows } = await db.query<{ id: string }>(
        `UPDATE mfa_devices SET last_time_step = $2, last_used_at = now()
          WHERE id = $1 AND (last_time_step IS NULL OR last_time_step < $2) RETURNING id`,
        [deviceId, step],
      );
      return rows.length === 1;
    },
    async recordUse(deviceId, signCount) {
      await db.query('UPDATE mfa_devices SET sign_count = $2, last_used_at = now() WHERE id = $1', [
        deviceId,
        signCount,
      ]);
    },
  };
}

function recoveryCodeRepository(db: Pick<Database, 'query'>): RecoveryCodeRepository {
  return {
    async replace(userId, keys) {
      await db.query('DELETE FROM mfa_recovery_codes WHERE user_id = $1', [userId]);
      if (keys.length === 0) return;
      await db.query('INSERT INTO mfa_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
        userId,
        keys,
      ]);
    },
    async use(userId, key) {
      const { rows } = await db.query<{ user_id: string }>(
        'DELETE FROM mfa_recovery_codes WHERE user_id = $1 AND code_hash = $2 RETURNING user_id',
        [userId, key],
      );
      return rows.length === 1;
    },
    async count(userId) {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM mfa_recovery_codes WHERE user_id = $1',
        [userId],
      );
      return rows[0]?.n ?? 0;
    },
  };
}

interface ChallengeRow {
  id: string;
  purpose: string;
  user_id: string | null;
  data: Record<string, unknown>;
  failed_attempts: number;
}
const CHALLENGE_COLUMNS = 'id, purpose, user_id, data, failed_attempts';
const LIVE = 'used_at IS NULL AND expires_at > now()';
const challengeOf = (row: ChallengeRow | undefined): MfaChallenge | null =>
  row
    ? {
        id: row.id,
        purpose: row.purpose,
        userId: row.user_id,
        data: row.data,
        failedAttempts: row.failed_attempts,
      }
    : null;

function challengeRepository(db: Pick<Database, 'query'>): ChallengeRepository {
  return {
    async issue({ purpose, userId, key, data, ttlSeconds }) {
      await db.query(
        `INSERT INTO mfa_challenges (purpose, user_id, token_hash, data, expires_at)
         VALUES ($1, $2, $3, $4::jsonb, now() + make_interval(secs => $5))`,
        [purpose, userId, key, JSON.stringify(data), ttlSeconds],
      );
    },
    async find(purpose, key, userId) {
      const { rows } = await db.query<ChallengeRow>(
        `SELECT ${CHALLENGE_COLUMNS} FROM mfa_challenges
          WHERE token_hash = $1 AND purpose = $2 AND ${LIVE} AND ($3::uuid IS NULL OR user_id = $3::uuid)`,
        [key, purpose, userId ?? null],
      );
      return challengeOf(rows[0]);
    },
    async consume(purpose, key, userId) {
      const { rows } = await db.query<ChallengeRow>(
        `UPDATE mfa_challenges SET used_at = now()
          WHERE token_hash = $1 AND purpose = $2 AND ${LIVE} AND ($3::uuid IS NULL OR user_id = $3::uuid)
          RETURNING ${CHALLENGE_COLUMNS}`,
        [key, purpose, userId ?? null],
      );
      return challengeOf(rows[0]);
    },
    async consumeById(id) {
      const { rows } = await db.query<{ id: string }>(
        'UPDATE mfa_challenges SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id',
        [id],
      );
      return rows.length === 1;
    },
    async fail(id, maxAttempts) {
      const { rows } = await db.query<{ failed_attempts: number }>(
        `UPDATE mfa_challenges SET failed_attempts = failed_attempts + 1,
           used_at = CASE WHEN failed_attempts + 1 >= $2 THEN now() ELSE used_at END
         WHERE id = $1 RETURNING failed_attempts`,
        [id, maxAttempts],
      );
      return rows[0]?.failed_attempts ?? maxAttempts;
    },
    async latest(userId, purpose) {
      const { rows } = await db.query<ChallengeRow>(
        `SELECT ${CHALLENGE_COLUMNS} FROM mfa_challenges
          WHERE user_id = $1 AND purpose = $2 AND ${LIVE} ORDER BY created_at DESC, seq DESC LIMIT 1`,
        [userId, purpose],
      );
      return challengeOf(rows[0]);
    },
    async retire(userId, purpose) {
      await db.query(
        'UPDATE mfa_challenges SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
        [userId, purpose],
      );
    },
  };
}

function rememberedRepository(db: Pick<Database, 'query'>): RememberedBrowserRepository {
  return {
    async remember(userId, key, seconds) {
      await db.query(
        `INSERT INTO mfa_remembered_devices (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
        [userId, key, seconds],
      );
    },
    async isRemembered(userId, key) {
      const { rows } = await db.query<{ id: string }>(
        'SELECT id FROM mfa_remembered_devices WHERE user_id = $1 AND token_hash = $2 AND expires_at > now()',
        [userId, key],
      );
      return rows.length === 1;
    },
  };
}

type GateRow = Partial<DeviceRow> & {
  policy_enforce: boolean | null;
  policy_except_saml: boolean | null;
  policy_allow_remember: boolean | null;
  policy_expiration: number | null;
  vendor_enforce: MfaPolicy['enforceMFAType'] | null;
};

/**
 * One statement for the gate: a row per second factor of the user (or one row without a device),
 * each carrying the account's MFA policy row and the vendor's enforcement (null when not saved).
 */
const GATE_SQL = `SELECT d.id, d.user_id, d.kind, d.name, d.secret_enc, d.last_time_step, d.phone, d.email,
         d.credential_id, d.public_key, d.sign_count, d.transports, d.device_type, d.passkey, d.created_at,
         d.last_used_at, t.enforce AS policy_enforce, t.except_saml AS policy_except_saml,
         t.allow_remember_device AS policy_allow_remember, t.device_expiration_seconds AS policy_expiration,
         v.settings->>'enforceMFAType' AS vendor_enforce
    FROM (SELECT 1) one
    LEFT JOIN tenant_mfa_policies t ON t.tenant_id = $2::uuid
    LEFT JOIN security_policies v ON v.kind = 'mfa' AND v.tenant_id IS NULL
    LEFT JOIN mfa_devices d ON d.user_id = $1::uuid AND NOT d.passkey
   ORDER BY d.created_at, d.seq`;

function policiesOf(row: GateRow): StoredMfaPolicies {
  return {
    account:
      row.policy_enforce === null
        ? null
        : {
            enforceMFAType: enforceMfaTypeOf(row.policy_enforce, row.policy_except_saml!),
            allowRememberDevice: row.policy_allow_remember!,
            deviceExpirationSeconds: row.policy_expiration!,
          },
    vendorEnforceMFAType: row.vendor_enforce,
  };
}

function gateReader(db: Pick<Database, 'query'>): MfaGateReader {
  return {
    async gateFacts(userId, tenantId) {
      const { rows } = await db.query<GateRow>(GATE_SQL, [userId, tenantId]);
      return {
        ...policiesOf(rows[0]!),
        secondFactors: rows.filter((row) => row.id).map((row) => deviceOf(row as DeviceRow)),
      };
    },
  };
}

/** The vendor's MFA switches: the strategies users may enrol, and whether passkeys sign in. */
export async function vendorMfaSettings(
  db: Pick<Database, 'query'>,
): Promise<{ strategies: string[]; passkeysEnabled: boolean }> {
  const { rows } = await db.query<{ mfa_strategies: string[]; passkeys_enabled: boolean }>(
    'SELECT mfa_strategies, passkeys_enabled FROM vendors ORDER BY created_at, id LIMIT 1',
  );
  return { strategies: rows[0]?.mfa_strategies ?? [], passkeysEnabled: rows[0]?.passkeys_enabled === true };
}

/** MFA's ports over one database or transaction; `keyOf` is the service's (a SHA-256). */
export function mfaStore(db: Pick<Database, 'query'>, keyOf: MfaPorts['keyOf']): MfaPorts {
  return {
    keyOf,
    devices: deviceRepository(db),
    recoveryCodes: recoveryCodeRepository(db),
    challenges: challengeRepository(db),
    remembered: rememberedRepository(db),
    failures: mfaFailureCounter(attemptCounters(db)),
    gate: gateReader(db),
  };
}
