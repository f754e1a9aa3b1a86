// The attempt counters, one suite for both stores: the counter written once over the storage port
// (core/domain/attempts.ts `storedAttemptCounters`) over PGlite, with the server's one-statement count
// of a failed sign-in (server/storage/attempts.ts), and over demo mode's tables (its platform's
// counters, core/demo/platform.ts), under the shared rules (the sign-in lock, the sending slots).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { isContractError } from '../../core/contract/errors';
import { seedDemoDatabase } from '../../core/demo/data';
import { demoPlatform } from '../../core/demo/platform';
import { signInLimits, takeSlot, type AttemptCounters } from '../../core/domain/attempts';
import { SIGN_IN_LIMITS } from '../../core/domain/passwordless';
import { repositorySuite } from '../../test/support/repository-suite';
import { attemptCounters } from './attempts';

/** The store, and a clock moved `seconds` later (the server's: every window started that much earlier). */
interface Fixture {
  counters: AttemptCounters;
  later(seconds: number): Promise<void>;
  /** Calls at once: the server's (its lock holds writers of a key apart); the demo answers one call at a time. */
  atOnce: boolean;
}

const WINDOW = SIGN_IN_LIMITS.windowSeconds;

const refusal = (code: string, atMost: number) => (error: unknown) =>
  isContractError(error) &&
  error.codes.includes(code as never) &&
  error.retryAfterSeconds! > 0 &&
  error.retryAfterSeconds! <= atMost;

repositorySuite<Fixture>(
  'attempt counters',
  {
    pglite: (db) => ({
      counters: attemptCounters(db),
      atOnce: true,
      async later(seconds) {
        await db.query(
          'UPDATE attempt_counters SET window_started_at = window_started_at - make_interval(secs => $1)',
          [seconds],
        );
      },
    }),
    demo: () => {
      const db = seedDemoDatabase();
      let now = Date.parse('2026-01-01T00:00:00Z');
      return {
        counters: demoPlatform(db, { now: () => now, random: randomUUID }).attempts,
        later: async (seconds) => void (now += seconds * 1000),
        atOnce: false,
      };
    },
  },
  (context) => {
    test('an email at its limit is refused until its window ends, a right password too; a success forgets it', async () => {
      const { counters, later } = context.repos;
      const email = `lock-${randomUUID()}@example.com`;
      const limits = signInLimits(counters, '192.0.2.1');
      for (let i = 0; i < SIGN_IN_LIMITS.failuresPerEmail; i += 1) {
        await limits.assertNotLocked(email);
        await limits.recordFailure(email);
      }
      await assert.rejects(limits.assertNotLocked(email.toUpperCase()), refusal('TOO_MANY_ATTEMPTS', WINDOW));
      await later(60);
      await assert.rejects(limits.assertNotLocked(email), refusal('TOO_MANY_ATTEMPTS', WINDOW - 60));
      await limits.clearFailures(email);
      await limits.assertNotLocked(email);
      for (let i = 0; i < SIGN_IN_LIMITS.failuresPerEmail; i += 1) await limits.recordFailure(email);
      await later(WINDOW);
      await limits.assertNotLocked(email);
    });

    test('an attempt that names no account counts against the address only', async () => {
      const { counters } = context.repos;
      const ip = `test-${randomUUID()}`;
      const limits = signInLimits(counters, ip);
      await limits.recordFailure(null);
      const [counter] = await counters.open([`ip:${ip}`], WINDOW);
      assert.equal(counter?.failures, 1);
      await limits.assertNotLocked(null);
    });

    test('a slot is refused once its limit was used in the window, counted, and free again in a new window', async () => {
      const { counters, later } = context.repos;
      const slot = { key: `use:${randomUUID()}`, limit: 2 };
      assert.equal(await takeSlot(counters, slot), null);
      assert.equal(await takeSlot(counters, slot), null);
      await later(60);
      const seconds = await takeSlot(counters, slot);
      assert.ok(seconds !== null && seconds > WINDOW - 62 && seconds <= WINDOW - 60, String(seconds));
      assert.equal((await counters.open([slot.key], WINDOW))[0]?.failures, 3);
      await later(WINDOW);
      assert.deepEqual(await counters.open([slot.key], WINDOW), []);
      assert.equal(await takeSlot(counters, slot), null);
    });

    test("a counter's window is the length its reader names (the MFA answers' 15 minutes); a key can be forgotten", async () => {
      const { counters, later } = context.repos;
      const key = `mfa:${randomUUID()}`;
      assert.equal((await counters.take(key, 900)).failures, 1);
      await counters.add([key], 900);
      await later(899);
      assert.equal((await counters.open([key], 900))[0]?.failures, 2);
      await later(1);
      assert.deepEqual(await counters.open([key], 900), []);
      assert.equal((await counters.take(key, 900)).failures, 1);
      await counters.forget(key);
      assert.deepEqual(await counters.open([key], 900), []);
    });

    test('counts taken at once are each counted (one writer of a key at a time)', async () => {
      const { counters, atOnce } = context.repos;
      const key = `race:${randomUUID()}`;
      const take = () => counters.take(key, WINDOW);
      const taken = atOnce
        ? await Promise.all([1, 2, 3, 4].map(take))
        : [await take(), await take(), await take(), await take()];
      assert.deepEqual(taken.map((t) => t.failures).sort(), [1, 2, 3, 4]);
      assert.equal((await counters.open([key], WINDOW))[0]?.failures, 4);
    });
  },
);
