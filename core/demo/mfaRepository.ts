/**
 * Demo mode's MFA store: the ports of core/domain/mfa-ports.ts that the shared use cases
 * (core/domain/mfa-devices.ts, mfa-gate.ts) run over, kept in the page's storage (mfaState.ts's
 * devices and recovery codes). The server's are server/storage/mfa.ts; server/storage/mfa.test.ts
 * holds both to the same cases. Keys are the values themselves: demo mode's secrets are sample data
 * in the visitor's own browser.
 */
import type { MfaDevice, MfaPorts } from '../domain/mfa-ports';
import type { DemoDatabase } from './data';
import { demoMfaPolicies, state, type DemoMfaDevice } from './mfaData';

/** The ports demo mode keeps: devices, recovery codes and the gate's reads. */
export type DemoMfaPorts = Pick<MfaPorts, 'keyOf' | 'devices' | 'recoveryCodes' | 'gate'>;

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
    gate: {
      gateFacts: async (userId) => ({
        ...demoMfaPolicies(db),
        secondFactors: secondFactors(userId).map(portDevice),
      }),
      policies: async () => demoMfaPolicies(db),
    },
  };
}
