/**
 * Demo mode's MFA store: the ports of core/domain/mfa-ports.ts that the shared use cases
 * (core/domain/mfa-devices.ts, mfa-gate.ts, mfa-challenges.ts) run over, kept in the page's storage:
 * devices, recovery codes, mfaTokens and one-time codes, remembered browsers and wrong answers. The
 * server's are server/storage/mfa.ts; server/storage/mfa.test.ts holds both to the same cases. The
 * records are mfaData.ts's; keys are the values themselves (sample data in the visitor's browser).
 */
import type { MfaChallenge, MfaDevice, MfaPorts, NewMfaDevice } from '../domain/mfa-ports';
import type { DemoDatabase } from './data';
import { demoMfaPolicies, state, type DemoLiveChallenge, type DemoMfaDevice } from './mfaData';

const UNSET = { name: null, secret: null, phone: null, email: null, credentialId: null, publicKey: null };
const portDevice = ({ lastStep, ...d }: DemoMfaDevice): MfaDevice => ({
  ...{ ...UNSET, deviceType: null, lastUsedAt: null, transports: [] },
  ...d,
  lastTimeStep: lastStep ?? null,
  signCount: d.signCount ?? 0,
  passkey: d.passkey === true,
});

type Tools = { random(): string; now(): number };

export function demoMfaRepository(db: DemoDatabase, tools: Tools): MfaPorts {
  const iso = () => new Date(tools.now()).toISOString();
  const devices = () => state(db).devices;
  const named = (userId: string, deviceId: string, kind?: string) => (d: DemoMfaDevice) =>
    d.userId === userId && d.id === deviceId && (!kind || d.kind === kind);
  const secondFactors = (userId: string) => devices().filter((d) => d.userId === userId && !d.passkey);
  const codesOf = (userId: string) => [state(db).recovery[userId] ?? []].flat();
  const found = (d: DemoMfaDevice | undefined) => (d ? portDevice(d) : null);
  return {
    keyOf: (_purpose, token) => token,
    devices: {
      list: async (userId) =>
        devices()
          .filter((d) => d.userId === userId)
          .map(portDevice),
      find: async (userId, deviceId, kind) => found(devices().find(named(userId, deviceId, kind))),
      byCredential: async (id) =>
        found(devices().find((d) => d.kind === 'webauthn' && d.credentialId === id)),
      countSecondFactors: async (userId) => secondFactors(userId).length,
      async add(userId, { lastTimeStep, transports: _, ...device }: NewMfaDevice) {
        const id = tools.random();
        // Only the fields given are stored.
        const given = Object.entries({ ...device, lastStep: lastTimeStep, passkey: device.passkey || null });
        const fields = Object.fromEntries(given.filter(([, value]) => value != null));
        devices().push({ ...fields, id, userId, createdAt: iso() } as DemoMfaDevice);
        return id;
      },
      async remove(userId, deviceId, kind) {
        const before = devices().length;
        state(db).devices = devices().filter((d) => !named(userId, deviceId, kind)(d));
        return devices().length < before;
      },
      async advanceTimeStep(deviceId, step) {
        const device = devices().find((d) => d.id === deviceId);
        if (!device || (device.lastStep !== undefined && device.lastStep >= step)) return false;
        device.lastStep = step;
        device.lastUsedAt = iso();
        return true;
      },
      async recordUse(deviceId, signCount) {
        const device = devices().find((d) => d.id === deviceId);
        if (device) Object.assign(device, { signCount, lastUsedAt: iso() });
      },
    },
    recoveryCodes: {
      async replace(userId, keys) {
        state(db).recovery[userId] = [...keys];
      },
      async use(userId, key) {
        const saved = codesOf(userId);
        const at = saved.indexOf(key);
        if (at >= 0) state(db).recovery[userId] = saved.filter((_, i) => i !== at);
        return at >= 0;
      },
      count: async (userId) => codesOf(userId).length,
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
function demoChallenges(db: DemoDatabase, tools: Tools): MfaPorts['challenges'] {
  const all = () => (state(db).live ??= []);
  const live = (c: DemoLiveChallenge) => !c.used && c.expiresAt > tools.now();
  const named = (purpose: string, key: string, userId: string | null | undefined) =>
    all().find(
      (c) => c.key === key && c.purpose === purpose && live(c) && (userId == null || c.userId === userId),
    );
  const used = <T extends DemoLiveChallenge | undefined>(c: T) => {
    if (c) c.used = true;
    return c;
  };
  return {
    async issue({ purpose, userId, key, data, ttlSeconds }) {
      const now = tools.now();
      // Expired secrets go: the page's storage keeps only what may still be used.
      state(db).live = all().filter((c) => c.expiresAt > now);
      const expiresAt = now + ttlSeconds * 1000;
      all().push({
        id: tools.random(),
        purpose,
        userId,
        key,
        data,
        failedAttempts: 0,
        createdAt: now,
        expiresAt,
        used: false,
      });
    },
    find: async (purpose, key, userId) => challengeOf(named(purpose, key, userId)),
    consume: async (purpose, key, userId) => challengeOf(used(named(purpose, key, userId))),
    consumeById: async (id) => Boolean(used(all().find((c) => c.id === id && !c.used))),
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
function demoFailures(db: DemoDatabase, tools: Pick<Tools, 'now'>): MfaPorts['failures'] {
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
