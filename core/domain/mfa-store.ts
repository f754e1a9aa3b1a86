/**
 * MFA's repositories (the ports of mfa-ports.ts), written once over the storage port
 * (core/domain/tables.ts), and MFA's store assembled from them (`mfaStorePorts`): the server's over
 * PostgreSQL (server/storage/mfa.ts), demo mode's over the page's stored data (core/demo/mfaRepository.ts). The tables are declared as the SQL schema
 * has them (server/storage/schema/mfa.ts). Ids and timestamps come from the caller (the server's
 * `randomUUID` and clock, the demo's), so both stores hold the same rows. Keys are what the caller's
 * `keyOf` made of a token (the server's SHA-256): nothing here sees a secret.
 */
import { limitCodeSend, mfaFailureCounter, storedAttemptCounters, type CodeDestination } from './attempts';
import type {
  ChallengeRepository,
  MfaChallenge,
  MfaDevice,
  MfaDeviceRepository,
  MfaGateReader,
  MfaPorts,
  RecoveryCodeRepository,
  RememberedBrowserRepository,
} from './mfa-ports';
import {
  before,
  col,
  from,
  nullable,
  stamp,
  table,
  type RowClock,
  type RowOf,
  type Tables,
  type Where,
} from './tables';

/** A row of `mfa_devices`: a second factor or passkey. */
export const MFA_DEVICES = table('mfa_devices', {
  id: col.uuid,
  userId: col.uuid,
  kind: col.text<MfaDevice['kind']>(),
  name: nullable(col.text()),
  /** The authenticator's secret as sealed by the caller (the server's AES-GCM, the demo's plain). */
  secretEnc: nullable(col.text()),
  lastTimeStep: nullable(col.bigint),
  phone: nullable(col.text()),
  email: nullable(col.text()),
  credentialId: nullable(col.text()),
  publicKey: nullable(col.text()),
  signCount: col.bigint,
  transports: col.textArray(),
  deviceType: nullable(col.text<NonNullable<MfaDevice['deviceType']>>()),
  passkey: col.bool,
  createdAt: col.timestamptz,
  lastUsedAt: nullable(col.timestamptz),
  /** The insertion order: devices added within one millisecond keep it. */
  seq: col.serial,
});
export type MfaDeviceRow = RowOf<typeof MFA_DEVICES>;

/** A row of `mfa_recovery_codes`: one code of the user's set, by its key. */
const MFA_RECOVERY_CODES = table('mfa_recovery_codes', {
  id: col.uuid,
  userId: col.uuid,
  codeHash: col.text(),
  createdAt: col.timestamptz,
});

/** A row of `mfa_challenges`: a short-lived, single-use secret of an MFA flow, by its key. */
const MFA_CHALLENGES = table('mfa_challenges', {
  id: col.uuid,
  purpose: col.text(),
  userId: nullable(col.uuid),
  tokenHash: col.text(),
  data: col.jsonb<Record<string, unknown>>(),
  failedAttempts: col.int,
  expiresAt: col.timestamptz,
  usedAt: nullable(col.timestamptz),
  createdAt: col.timestamptz,
  /** The insertion order: "the latest challenge" among those of one millisecond. */
  seq: col.serial,
});
type ChallengeRow = RowOf<typeof MFA_CHALLENGES>;

/** A row of `mfa_remembered_devices`: a browser that skips MFA until `expiresAt`. */
const MFA_REMEMBERED_DEVICES = table('mfa_remembered_devices', {
  id: col.uuid,
  userId: col.uuid,
  tokenHash: col.text(),
  expiresAt: col.timestamptz,
  createdAt: col.timestamptz,
});

/** A stored device as the domain reads it (of a row that may carry other columns: the gate's). */
export const deviceOf = (row: Omit<MfaDeviceRow, 'seq'>): MfaDevice => ({
  id: row.id,
  userId: row.userId,
  kind: row.kind,
  name: row.name,
  secret: row.secretEnc,
  lastTimeStep: row.lastTimeStep === null ? null : Number(row.lastTimeStep),
  phone: row.phone,
  email: row.email,
  credentialId: row.credentialId,
  publicKey: row.publicKey,
  signCount: Number(row.signCount),
  transports: row.transports,
  deviceType: row.deviceType,
  passkey: row.passkey,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

/** Oldest first; devices added within one millisecond in the order they were added. */
const DEVICE_ORDER = [{ by: 'createdAt' as const }, { by: 'seq' as const }];

function deviceRepository(tables: Tables, { now, newId }: RowClock): MfaDeviceRepository {
  const devices = tables.of(MFA_DEVICES);
  const named = (userId: string, id: string, kind?: MfaDevice['kind']): Where<MfaDeviceRow> => ({
    userId,
    id,
    ...(kind ? { kind } : {}),
  });
  return {
    list: async (userId) => (await devices.rows({ where: { userId }, orderBy: DEVICE_ORDER })).map(deviceOf),
    async find(userId, deviceId, kind) {
      const row = await devices.row(named(userId, deviceId, kind));
      return row && deviceOf(row);
    },
    async byCredential(credentialId) {
      const row = await devices.row({ kind: 'webauthn', credentialId });
      return row && deviceOf(row);
    },
    async add(userId, device) {
      const row = await devices.insert({
        id: newId(),
        userId,
        kind: device.kind,
        name: device.name ?? null,
        secretEnc: device.secret ?? null,
        lastTimeStep: device.lastTimeStep ?? null,
        phone: device.phone ?? null,
        email: device.email ?? null,
        credentialId: device.credentialId ?? null,
        publicKey: device.publicKey ?? null,
        signCount: device.signCount ?? 0,
        transports: device.transports ?? [],
        deviceType: device.deviceType ?? null,
        passkey: device.passkey ?? false,
        createdAt: stamp(now()),
        lastUsedAt: null,
      });
      return row.id;
    },
    remove: async (userId, deviceId, kind) =>
      (await devices.remove(named(userId, deviceId, kind))).length === 1,
    // A compare-and-set: the same code (or an older one) replayed is refused, also by a second
    // process. An enrolled authenticator keeps the step of its enrolment code, so a sign-in takes one
    // statement; only a device without a step yet (none since issue 4's enrolment) takes a second.
    async advanceTimeStep(deviceId, step) {
      const changes = { lastTimeStep: step, lastUsedAt: stamp(now()) };
      const [moved] = await devices.update({ id: deviceId, lastTimeStep: before(step) }, changes);
      if (moved) return true;
      return (await devices.update({ id: deviceId, lastTimeStep: null }, changes)).length === 1;
    },
    async recordUse(deviceId, signCount) {
      await devices.update({ id: deviceId }, { signCount, lastUsedAt: stamp(now()) });
    },
  };
}

function recoveryCodeRepository(tables: Tables, { now, newId }: RowClock): RecoveryCodeRepository {
  const codes = tables.of(MFA_RECOVERY_CODES);
  return {
    replace: (userId, keys) =>
      tables.transaction(async (tx) => {
        const mine = tx.of(MFA_RECOVERY_CODES);
        await mine.remove({ userId });
        const createdAt = stamp(now());
        for (const codeHash of keys) await mine.insert({ id: newId(), userId, codeHash, createdAt });
      }),
    use: async (userId, key) => (await codes.remove({ userId, codeHash: key })).length === 1,
    count: (userId) => codes.count({ where: { userId } }),
  };
}

const challengeOf = (row: ChallengeRow | null | undefined): MfaChallenge | null =>
  row
    ? {
        id: row.id,
        purpose: row.purpose,
        userId: row.userId,
        data: row.data,
        failedAttempts: row.failedAttempts,
      }
    : null;

function challengeRepository(tables: Tables, { now, newId }: RowClock): ChallengeRepository {
  const challenges = tables.of(MFA_CHALLENGES);
  // Unused and not expired: an expiry later than now (timestamps are whole milliseconds).
  const live = (): Where<ChallengeRow> => ({ usedAt: null, expiresAt: from(stamp(now() + 1)) });
  const named = (purpose: string, key: string, userId: string | null | undefined) => ({
    tokenHash: key,
    purpose,
    ...live(),
    ...(userId == null ? {} : { userId }),
  });
  const used = () => ({ usedAt: stamp(now()) });
  return {
    async issue({ purpose, userId, key, data, ttlSeconds }) {
      const at = now();
      await challenges.insert({
        id: newId(),
        purpose,
        userId,
        tokenHash: key,
        data,
        failedAttempts: 0,
        expiresAt: stamp(at + ttlSeconds * 1000),
        usedAt: null,
        createdAt: stamp(at),
      });
    },
    find: async (purpose, key, userId) => challengeOf(await challenges.row(named(purpose, key, userId))),
    async consume(purpose, key, userId) {
      return challengeOf((await challenges.update(named(purpose, key, userId), used()))[0]);
    },
    consumeById: async (id) => (await challenges.update({ id, usedAt: null }, used())).length === 1,
    // A compare-and-set on the count the caller read: one statement, and a wrong answer counted
    // meanwhile by another request is read again rather than lost.
    async fail(challenge, maxAttempts) {
      let seen: number | undefined = challenge.failedAttempts;
      while (seen !== undefined) {
        const failedAttempts = seen + 1;
        const burned = failedAttempts >= maxAttempts ? used() : {};
        const [row] = await challenges.update(
          { id: challenge.id, failedAttempts: seen },
          { failedAttempts, ...burned },
        );
        if (row) return failedAttempts;
        seen = (await challenges.row({ id: challenge.id }))?.failedAttempts;
      }
      return maxAttempts;
    },
    async latest(userId, purpose) {
      const newest = [
        { by: 'createdAt' as const, desc: true },
        { by: 'seq' as const, desc: true },
      ];
      return challengeOf(await challenges.row({ userId, purpose, ...live() }, newest));
    },
    async retire(userId, purpose) {
      await challenges.update({ userId, purpose, usedAt: null }, used());
    },
  };
}

function rememberedRepository(tables: Tables, { now, newId }: RowClock): RememberedBrowserRepository {
  const browsers = tables.of(MFA_REMEMBERED_DEVICES);
  return {
    async remember(userId, key, seconds) {
      const at = now();
      await browsers.insert({
        id: newId(),
        userId,
        tokenHash: key,
        expiresAt: stamp(at + seconds * 1000),
        createdAt: stamp(at),
      });
    },
    isRemembered: async (userId, key) =>
      (await browsers.row({ userId, tokenHash: key, expiresAt: from(stamp(now() + 1)) })) !== null,
  };
}

/** MFA's repositories over `tables`, with the caller's clock and ids. */
function mfaRepositories(tables: Tables, tools: RowClock) {
  return {
    devices: deviceRepository(tables, tools),
    recoveryCodes: recoveryCodeRepository(tables, tools),
    challenges: challengeRepository(tables, tools),
    remembered: rememberedRepository(tables, tools),
  };
}

/** What MFA's store takes of its backend besides its tables and clock. */
interface MfaStoreExtras {
  /** The key kept for a token of `purpose` (the server's SHA-256; demo mode's the token itself). */
  keyOf: MfaPorts['keyOf'];
  /**
   * The gate's read of a sign-in (the server's one statement, a sign-in's hot path; demo mode's over
   * its tables). Read outside the store's transactions: no work of `atomically` reads it.
   */
  gate: MfaGateReader;
}

/**
 * MFA's store on both backends (the server per process, demo mode per call): the repositories, the
 * wrong answers and the codes sent in the attempt counters (core/domain/attempts.ts), and work in
 * one transaction over the same store.
 */
export function mfaStorePorts(tables: Tables, clock: RowClock, extras: MfaStoreExtras) {
  const store = (over: Tables): MfaPorts => ({
    ...extras,
    ...mfaRepositories(over, clock),
    failures: mfaFailureCounter(storedAttemptCounters(over, clock)),
  });
  return {
    ...store(tables),
    /** Counts a code about to be sent against the user's and the destination's limits (429 beyond them). */
    limitSend: (userId: string, target: CodeDestination) =>
      limitCodeSend(storedAttemptCounters(tables, clock), userId, target),
    /** Runs `work` over the store in one transaction. */
    atomically: <T>(work: (store: MfaPorts) => Promise<T>): Promise<T> =>
      tables.transaction((tx) => work(store(tx))),
  };
}
