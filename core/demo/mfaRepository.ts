/**
 * Demo mode's MFA store: the ports of core/domain/mfa-ports.ts that the shared use cases
 * (core/domain/mfa-devices.ts, mfa-steps.ts, mfa-challenges.ts) run over, kept in the page's storage:
 * devices, recovery codes, mfaTokens and one-time codes, remembered browsers and wrong answers (in
 * the demo's attempt counters). The server's are server/storage/mfa.ts; server/storage/mfa.test.ts
 * holds both to the same cases. Keys are the values themselves (sample data in the visitor's browser).
 */
import { mfaFailureCounter } from '../domain/attempts';
import { DEFAULT_MFA_POLICY, enforceMfaTypeOf } from '../domain/mfa-gate';
import { MFA_POLICIES } from '../domain/security-policy-tables';
import type { MfaChallenge, MfaDevice, MfaPorts, StoredMfaPolicies } from '../domain/mfa-ports';
import { storedRows, type DemoDatabase } from './data';
import { demoAttemptCounters } from './passwordlessPorts';
import { given, isoNow, keep, remove, update, withId, type DemoClock } from './rows';

/** A short-lived secret of core/domain/mfa-challenges.ts (the mfaToken, a one-time code), by its key. */
type DemoLiveChallenge = MfaChallenge & { key: string; expiresAt: number; used: boolean };
interface DemoMfaState {
  /** The ports' records (core/domain/mfa-ports.ts). */
  devices: MfaDevice[];
  /** Each user's set of recovery codes. */
  recovery: Record<string, string[]>;
  /** The mfaTokens and one-time codes. */
  live?: DemoLiveChallenge[];
  /** Remembered browsers: per user, the key and until when. */
  browsers?: Record<string, Record<string, number>>;
  /** This browser's remember-device token (the server's cookie). */
  browserToken?: string;
}
export const state = (db: DemoDatabase): DemoMfaState =>
  ((db as DemoDatabase & { mfa?: DemoMfaState }).mfa ??= { devices: [], recovery: {} });

/**
 * The policy rows of demo mode, as the server's gate reads them: the MFA policy the account saved on
 * its security page (its row of `tenant_mfa_policies`, core/domain/security-policy-tables.ts), with the remember-device
 * settings the server's columns default to (the page saves none); the demo's "enforce MFA" switch is
 * the vendor's.
 */
function demoMfaPolicies(db: DemoDatabase, tenantId: string | null): StoredMfaPolicies {
  const saved = storedRows(db.tables, MFA_POLICIES).find((row) => row.tenantId === tenantId);
  return {
    account: saved
      ? { ...DEFAULT_MFA_POLICY, enforceMFAType: enforceMfaTypeOf(saved.enforce, saved.exceptSaml) }
      : null,
    vendorEnforceMFAType: db.settings?.mfaEnforced ? 'Force' : null,
  };
}

/** What a new device's fields not given are, as the server's columns default them. */
const DEVICE_DEFAULTS = {
  ...{ name: null, secret: null, phone: null, email: null, credentialId: null, publicKey: null },
  ...{ signCount: 0, transports: [], deviceType: null, passkey: false, lastUsedAt: null, lastTimeStep: null },
};

export function demoMfaRepository(db: DemoDatabase, tools: DemoClock): MfaPorts {
  const devices = () => state(db).devices;
  const named = (userId: string, deviceId: string, kind?: string) => (d: MfaDevice) =>
    d.userId === userId && d.id === deviceId && (!kind || d.kind === kind);
  const codesOf = (userId: string) => state(db).recovery[userId] ?? [];
  return {
    keyOf: (_purpose, token) => token,
    devices: {
      list: async (userId) => devices().filter((d) => d.userId === userId),
      find: async (userId, deviceId, kind) => devices().find(named(userId, deviceId, kind)) ?? null,
      byCredential: async (id) =>
        devices().find((d) => d.kind === 'webauthn' && d.credentialId === id) ?? null,
      async add(userId, device) {
        const id = tools.random();
        const createdAt = isoNow(tools.now);
        devices().push({ ...DEVICE_DEFAULTS, ...given(device), kind: device.kind, id, userId, createdAt });
        return id;
      },
      remove: async (userId, deviceId, kind) => remove(devices(), named(userId, deviceId, kind)),
      // The server's compare-and-set: a code of this time step (or an older one) is refused.
      async advanceTimeStep(deviceId, step) {
        const device = devices().find(withId(deviceId));
        if (!device || (device.lastTimeStep ?? -1) >= step) return false;
        Object.assign(device, { lastTimeStep: step, lastUsedAt: isoNow(tools.now) });
        return true;
      },
      async recordUse(deviceId, signCount) {
        update(devices(), withId(deviceId), { signCount, lastUsedAt: isoNow(tools.now) });
      },
    },
    recoveryCodes: {
      async replace(userId, keys) {
        state(db).recovery[userId] = [...keys];
      },
      async use(userId, key) {
        return remove(codesOf(userId), (saved) => saved === key);
      },
      count: async (userId) => codesOf(userId).length,
    },
    challenges: demoChallenges(db, tools),
    remembered: {
      async remember(userId, key, seconds) {
        ((state(db).browsers ??= {})[userId] ??= {})[key] = tools.now() + seconds * 1000;
      },
      isRemembered: async (userId, key) => (state(db).browsers?.[userId]?.[key] ?? 0) > tools.now(),
    },
    // Wrong answers: the shared rule's key among the demo's attempt counters, as the server keeps them.
    failures: mfaFailureCounter(demoAttemptCounters(db, tools.now)),
    gate: {
      gateFacts: async (userId, tenantId) => ({
        ...demoMfaPolicies(db, tenantId),
        secondFactors: devices().filter((d) => d.userId === userId && !d.passkey),
      }),
    },
  };
}

/** The mfaTokens and one-time codes, newest last; the ports answer the stored records. */
function demoChallenges(db: DemoDatabase, tools: DemoClock): MfaPorts['challenges'] {
  const all = () => (state(db).live ??= []);
  const live = (c: DemoLiveChallenge) => !c.used && c.expiresAt > tools.now();
  const named = (purpose: string, key: string, userId: string | null | undefined) =>
    all().find(
      (c) => c.key === key && c.purpose === purpose && live(c) && (userId == null || c.userId === userId),
    ) ?? null;
  const used = (c: DemoLiveChallenge | null | undefined) => (c ? Object.assign(c, { used: true }) : null);
  return {
    async issue({ ttlSeconds, ...input }) {
      const now = tools.now();
      // Expired secrets go: the page's storage keeps only what may still be used.
      keep(all(), (c) => c.expiresAt > now);
      all().push({
        ...input,
        id: tools.random(),
        failedAttempts: 0,
        expiresAt: now + ttlSeconds * 1000,
        used: false,
      });
    },
    find: async (purpose, key, userId) => named(purpose, key, userId),
    consume: async (purpose, key, userId) => used(named(purpose, key, userId)),
    consumeById: async (id) => !!used(all().find((c) => c.id === id && !c.used)),
    async fail(id, maxAttempts) {
      const found = all().find(withId(id));
      if (!found) return maxAttempts;
      found.failedAttempts += 1;
      if (found.failedAttempts >= maxAttempts) found.used = true;
      return found.failedAttempts;
    },
    latest: async (userId, purpose) =>
      all().findLast((c) => c.userId === userId && c.purpose === purpose && live(c)) ?? null,
    async retire(userId, purpose) {
      for (const c of all()) if (c.userId === userId && c.purpose === purpose) c.used = true;
    },
  };
}
