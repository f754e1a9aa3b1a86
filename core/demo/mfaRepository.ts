/**
 * Demo mode's MFA store: the ports of core/domain/mfa-ports.ts that the shared use cases
 * (core/domain/mfa-devices.ts, mfa-gate.ts, mfa-challenges.ts) run over, kept in the page's storage
 * (core/demo/mfaData.ts). The server's are server/storage/mfa.ts; server/storage/mfa.test.ts
 * holds both to the same cases. Keys are the values themselves: demo mode's secrets are sample data
 * in the visitor's own browser.
 */
import type { MfaChallenge, MfaDevice, MfaPorts } from '../domain/mfa-ports';
import type { DemoDatabase } from './data';
import { demoMfaPolicies, state, type DemoLiveChallenge, type DemoMfaDevice } from './mfaData';

/** The ports demo mode keeps: all of MFA's. */
export type DemoMfaPorts = MfaPorts;

const portDevice = (d: DemoMfaDevice): MfaDevice => ({
  id: d.id,
  userId: d.userId,
  kind: d.kind,
  name: d.name ?? null,
  secret: d.secret ?? null,
  lastTimeStep: d.lastStep ?? null,
  phone: d.phone ?? null,
  email: d.email ?? null,
  credentialId: d.credentialId ?? null,
  publicKey: d.publicKey ?? null,
  algorithm: d.algorithm,
  signCount: d.signCount ?? 0,
  transports: [],
  deviceType: d.deviceType ?? null,
  passkey: d.passkey === true,
  createdAt: d.createdAt,
  lastUsedAt: d.lastUsedAt ?? null,
});

/** The stored record of a new device: the fields given, no empty ones. */
function demoDevice(
  id: string,
  userId: string,
  createdAt: string,
  device: Partial<MfaDevice>,
): DemoMfaDevice {
  const fields: Partial<DemoMfaDevice> = {
    kind: device.kind!,
    secret: device.secret ?? undefined,
    lastStep: device.lastTimeStep ?? undefined,
    phone: device.phone ?? undefined,
    email: device.email ?? undefined,
    credentialId: device.credentialId ?? undefined,
    publicKey: device.publicKey ?? undefined,
    algorithm: device.algorithm,
    signCount: device.signCount ?? undefined,
    deviceType: device.deviceType ?? undefined,
    passkey: device.passkey || undefined,
    name: device.name ?? undefined,
  };
  const given = Object.entries(fields).filter(([, value]) => value !== undefined);
  return { id, userId, createdAt, ...Object.fromEntries(given) } as DemoMfaDevice;
}

const codesOf = (db: DemoDatabase, userId: string) => [state(db).recovery[userId] ?? []].flat();

export function demoMfaRepository(
  db: DemoDatabase,
  tools: { random(): string; now(): number },
): DemoMfaPorts {
  const secondFactors = (userId: string) =>
    state(db).devices.filter((d) => d.userId === userId && !d.passkey);
  return {
    keyOf: (_purpose, token) => token,
    devices: {
      list: async (userId) =>
        state(db)
          .devices.filter((d) => d.userId === userId)
          .map(portDevice),
      async find(userId, deviceId, kind) {
        const found = state(db).devices.find(
          (d) => d.userId === userId && d.id === deviceId && (!kind || d.kind === kind),
        );
        return found ? portDevice(found) : null;
      },
      async byCredential(credentialId) {
        const found = state(db).devices.find((d) => d.kind === 'webauthn' && d.credentialId === credentialId);
        return found ? portDevice(found) : null;
      },
      countSecondFactors: async (userId) => secondFactors(userId).length,
      async add(userId, device) {
        const id = tools.random();
        state(db).devices.push(demoDevice(id, userId, new Date(tools.now()).toISOString(), device));
        return id;
      },
      async remove(userId, deviceId, kind) {
        const before = state(db).devices.length;
        state(db).devices = state(db).devices.filter(
          (d) => !(d.userId === userId && d.id === deviceId && (!kind || d.kind === kind)),
        );
        return state(db).devices.length < before;
      },
      async advanceTimeStep(deviceId, step) {
        const device = state(db).devices.find((d) => d.id === deviceId);
        if (!device || (device.lastStep !== undefined && device.lastStep >= step)) return false;
        device.lastStep = step;
        device.lastUsedAt = new Date(tools.now()).toISOString();
        return true;
      },
      async recordUse(deviceId, signCount) {
        const device = state(db).devices.find((d) => d.id === deviceId);
        if (!device) return;
        device.signCount = signCount;
        device.lastUsedAt = new Date(tools.now()).toISOString();
      },
    },
    recoveryCodes: {
      async replace(userId, keys) {
        state(db).recovery[userId] = [...keys];
      },
      async use(userId, key) {
        const saved = codesOf(db, userId);
        const at = saved.indexOf(key);
        if (at < 0) return false;
        saved.splice(at, 1);
        state(db).recovery[userId] = saved;
        return true;
      },
      count: async (userId) => codesOf(db, userId).length,
      async clear(userId) {
        delete state(db).recovery[userId];
      },
    },
    challenges: demoChallenges(db, tools),
    remembered: {
      async remember(userId, key, seconds) {
        ((state(db).browsers ??= {})[userId] ??= {})[key] = tools.now() + seconds * 1000;
      },
      isRemembered: async (userId, key) => (state(db).browsers?.[userId]?.[key] ?? 0) > tools.now(),
    },
    failures: demoFailures(db, tools),
    gate: {
      gateFacts: async (userId) => ({
        ...demoMfaPolicies(db),
        secondFactors: secondFactors(userId).map(portDevice),
      }),
      policies: async () => demoMfaPolicies(db),
    },
  };
}

const challengeOf = (c: DemoLiveChallenge | undefined): MfaChallenge | null =>
  c
    ? { id: c.id, purpose: c.purpose, userId: c.userId, data: c.data, failedAttempts: c.failedAttempts }
    : null;

/**
 * The mfaTokens and one-time codes. `issue` stores synchronously (no await before the write), so the
 * demo's MFA gate, which answers at once, can issue its mfaToken through core/domain/mfa-challenges.ts.
 */
function demoChallenges(
  db: DemoDatabase,
  tools: { random(): string; now(): number },
): MfaPorts['challenges'] {
  const all = () => (state(db).live ??= []);
  const live = (c: DemoLiveChallenge) => !c.used && c.expiresAt > tools.now();
  const named = (purpose: string, key: string, userId: string | null | undefined) =>
    all().find(
      (c) => c.key === key && c.purpose === purpose && live(c) && (userId == null || c.userId === userId),
    );
  return {
    async issue({ purpose, userId, key, data, ttlSeconds }) {
      const now = tools.now();
      // Expired secrets go: the page's storage keeps only what may still be used.
      state(db).live = all().filter((c) => c.expiresAt > now);
      all().push({
        id: tools.random(),
        purpose,
        userId,
        key,
        data,
        failedAttempts: 0,
        createdAt: now,
        expiresAt: now + ttlSeconds * 1000,
        used: false,
      });
    },
    find: async (purpose, key, userId) => challengeOf(named(purpose, key, userId)),
    async consume(purpose, key, userId) {
      const found = named(purpose, key, userId);
      if (found) found.used = true;
      return challengeOf(found);
    },
    async consumeById(id) {
      const found = all().find((c) => c.id === id && !c.used);
      if (found) found.used = true;
      return Boolean(found);
    },
    async fail(id, maxAttempts) {
      const found = all().find((c) => c.id === id);
      if (!found) return maxAttempts;
      found.failedAttempts += 1;
      if (found.failedAttempts >= maxAttempts) found.used = true;
      return found.failedAttempts;
    },
    async latest(userId, purpose) {
      const mine = all().filter((c) => c.userId === userId && c.purpose === purpose && live(c));
      return challengeOf(mine.sort((a, b) => b.createdAt - a.createdAt)[0]);
    },
    async retire(userId, purpose) {
      for (const c of all()) if (c.userId === userId && c.purpose === purpose) c.used = true;
    },
  };
}

/** Wrong MFA answers per user, in a window that starts at the first of them. */
function demoFailures(db: DemoDatabase, tools: { now(): number }): MfaPorts['failures'] {
  const current = (userId: string, windowSeconds: number) => {
    const entry = state(db).failures?.[userId];
    return entry && entry.startedAt > tools.now() - windowSeconds * 1000 ? entry : null;
  };
  return {
    count: async (userId, windowSeconds) => current(userId, windowSeconds)?.count ?? 0,
    async record(userId, windowSeconds) {
      const entry = current(userId, windowSeconds);
      if (entry) return (entry.count += 1);
      (state(db).failures ??= {})[userId] = { count: 1, startedAt: tools.now() };
      return 1;
    },
    async clear(userId) {
      delete state(db).failures?.[userId];
    },
  };
}
