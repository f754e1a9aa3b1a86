// Demo mode's MFA store over data saved by an older version of the page (the store's shared cases:
// server/storage/mfa.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedDemoDatabase } from './data';
import { demoMfaRepository } from './mfaRepository';

test('a device saved with only its fields set and the time step as lastStep reads as the server answers it', async () => {
  const db = Object.assign(seedDemoDatabase(), {
    mfa: {
      devices: [
        {
          id: 'app',
          userId: 'u1',
          kind: 'authenticator',
          createdAt: '2026-01-01T00:00:00.000Z',
          lastStep: 7,
        },
      ],
      recovery: { u1: 'ONE' },
    },
  });
  const repo = demoMfaRepository(db, { now: () => Date.parse('2026-01-02T00:00:00Z'), random: () => 'id' });
  const device = await repo.devices.find('u1', 'app', 'authenticator');
  assert.equal(device?.lastTimeStep, 7);
  assert.deepEqual(
    [device?.name, device?.signCount, device?.passkey, device?.transports],
    [null, 0, false, []],
  );
  assert.equal(await repo.devices.advanceTimeStep('app', 7), false);
  assert.equal(await repo.devices.advanceTimeStep('app', 8), true);
  assert.equal((await repo.devices.list('u1'))[0]?.lastTimeStep, 8);
  // One recovery code saved as a string before sets.
  assert.equal(await repo.recoveryCodes.count('u1'), 1);
  assert.equal(await repo.recoveryCodes.use('u1', 'ONE'), true);
  assert.equal(await repo.recoveryCodes.count('u1'), 0);
});
