// The shared rules of the attempt counters (core/domain/attempts.ts); the limits run on both backends
// in test/contract/passwordless.contract.test.ts and recovery.contract.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isContractError } from '../contract/errors';
import {
  attemptKeys,
  counted,
  limitCodeSend,
  lockedForMs,
  mfaFailureKey,
  takeSlot,
  usesIn,
} from './attempts';
import { SIGN_IN_LIMITS } from './passwordless';

const WINDOW_MS = SIGN_IN_LIMITS.windowSeconds * 1000;

describe('attempt counters (the rules both backends apply)', () => {
  it('an attempt counts against the email, and the address when known', () => {
    assert.deepEqual(
      attemptKeys(' Someone@Example.com ', undefined).map((k) => k.key),
      ['email:someone@example.com'],
    );
    assert.deepEqual(
      attemptKeys('a@example.com', '10.0.0.1').map((k) => [k.key, k.limit]),
      [
        ['email:a@example.com', SIGN_IN_LIMITS.failuresPerEmail],
        ['ip:10.0.0.1', 100],
      ],
    );
  });

  it('a key at its limit is locked until its window ends; a new window starts after it', () => {
    let entry = counted(undefined, 0);
    for (let i = 1; i < 3; i += 1) entry = counted(entry, 1000 * i);
    assert.deepEqual(entry, { failures: 3, startedAt: 0 });
    assert.equal(lockedForMs(entry, 4, 5000), 0);
    assert.equal(lockedForMs(entry, 3, 5000), WINDOW_MS - 5000);
    assert.equal(lockedForMs(entry, 3, WINDOW_MS), 0);
    assert.deepEqual(counted(entry, WINDOW_MS), { failures: 1, startedAt: WINDOW_MS });
  });

  it('a slot is refused once the limit was used in the window, with the seconds left, and counted', () => {
    let entry = undefined as ReturnType<typeof counted> | undefined;
    for (let i = 0; i < 2; i += 1) {
      const slot = takeSlot(entry, 2, 0);
      assert.equal(slot.refusedForSeconds, null);
      entry = slot.entry;
    }
    const refused = takeSlot(entry, 2, 60_000);
    assert.equal(refused.refusedForSeconds, SIGN_IN_LIMITS.windowSeconds - 60);
    assert.equal(refused.entry.failures, 3);
    assert.equal(takeSlot(refused.entry, 2, WINDOW_MS).refusedForSeconds, null);
  });

  it('an MFA code counts against the user and the destination, and the first key at its limit refuses it', async () => {
    const taken: [string, number][] = [];
    const take = async ({ key, limit }: { key: string; limit: number }) => {
      taken.push([key, limit]);
      return key === 'send:phone:+15550100' ? 42 : null;
    };
    await limitCodeSend(take, 'u1', { kind: 'email', email: ' A@Example.com' });
    await assert.rejects(
      limitCodeSend(take, 'u1', { kind: 'sms', phone: '+1 (555) 0100' }),
      (error: unknown) =>
        isContractError(error) && error.codes.includes('TOO_MANY_CODES') && error.retryAfterSeconds === 42,
    );
    const limit = SIGN_IN_LIMITS.sendsPerEmail;
    assert.deepEqual(taken, [
      ['send:user:u1', limit],
      ['send:a@example.com', limit],
      ['send:user:u1', limit],
      ['send:phone:+15550100', limit],
    ]);
  });

  it("a user's wrong MFA answers are one counter in a window of its own", () => {
    assert.equal(mfaFailureKey('u1'), 'mfa:user:u1');
    const entry = counted(counted(undefined, 0, 900), 1000, 900);
    assert.deepEqual(entry, { failures: 2, startedAt: 0 });
    assert.equal(usesIn(entry, 899_999, 900), 2);
    assert.equal(usesIn(entry, 900_000, 900), 0);
    assert.deepEqual(counted(entry, 900_000, 900), { failures: 1, startedAt: 900_000 });
  });
});
