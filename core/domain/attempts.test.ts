// The shared rules of the attempt counters (core/domain/attempts.ts); the counters' windows run on
// both backends in server/storage/attempts.test.ts, the limits in test/contract/passwordless.contract.test.ts
// and recovery.contract.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isContractError } from '../contract/errors';
import { attemptKeys, limitCodeSend, type AttemptCounters } from './attempts';
import { SIGN_IN_LIMITS } from './passwordless';

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
    // An attempt that names no account (a forged link) counts against the address only.
    assert.deepEqual(
      attemptKeys(null, '10.0.0.1').map((k) => k.key),
      ['ip:10.0.0.1'],
    );
    assert.deepEqual(attemptKeys(null, undefined), []);
  });

  it('an MFA code counts against the user and the destination, and the first key at its limit refuses it', async () => {
    const limit = SIGN_IN_LIMITS.sendsPerEmail;
    const taken: string[] = [];
    const take: AttemptCounters = {
      async take(key) {
        taken.push(key);
        return { failures: key === 'send:phone:+15550100' ? limit + 1 : 1, remaining: 41.2 };
      },
      open: async () => [],
      add: async () => {},
      forget: async () => {},
    };
    await limitCodeSend(take, 'u1', { kind: 'email', email: ' A@Example.com' });
    await assert.rejects(
      limitCodeSend(take, 'u1', { kind: 'sms', phone: '+1 (555) 0100' }),
      (error: unknown) =>
        isContractError(error) && error.codes.includes('TOO_MANY_CODES') && error.retryAfterSeconds === 42,
    );
    assert.deepEqual(taken, ['send:user:u1', 'send:a@example.com', 'send:user:u1', 'send:phone:+15550100']);
  });
});
