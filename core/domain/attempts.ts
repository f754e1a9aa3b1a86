/**
 * The rules of the failed-attempt and sending counters, written once: which keys an attempt counts
 * against and their limits, the refusals, and the port both backends keep the counters behind
 * (`AttemptCounters`: the `attempt_counters` table, a count one writer at a time so racing requests
 * cannot slip under a limit; written once over the storage port, `storedAttemptCounters`, which
 * both backends use: server/storage/attempts.ts, core/demo/platform.ts).
 *
 * Fixed windows: a key's count starts with its first use and lasts SIGN_IN_LIMITS.windowSeconds;
 * at the limit the key is refused until the window ends, whatever is typed (a correct password too,
 * so a guesser learns nothing from the 429). Two keys per sign-in attempt: the email (guessing one
 * account) and the client's address where known (spraying one password over many accounts). A
 * successful sign-in clears the email's count. Refused attempts are not counted again, so the lock
 * ends when the window does; a refused send is counted, which the fixed window makes harmless.
 */
import { tooManyError } from '../contract/errors';
import type { MfaFailureCounter } from './mfa-ports';
import { SIGN_IN_LIMITS } from './passwordless';
import { col, from, oneOf, stamp, table, type RowClock, type RowOf, type Tables } from './tables';

/** Failures per IP address in one window (many people may share one address). */
const MAX_FAILURES_PER_IP = 100;

/** A counter's key and the uses its window allows. */
interface AttemptKey {
  key: string;
  limit: number;
}

const normalized = (email: string) => email.trim().toLowerCase();

/** The key of the email's failed sign-ins. */
export const emailKey = (email: string) => `email:${normalized(email)}`;

/** The key of the codes and links sent to the email. */
const sendKey = (email: string) => `send:${normalized(email)}`;

/** The keys one sign-in attempt counts against (`email` null: an attempt that names no account). */
export function attemptKeys(email: string | null, ip: string | undefined): AttemptKey[] {
  const keys: AttemptKey[] =
    email === null ? [] : [{ key: emailKey(email), limit: SIGN_IN_LIMITS.failuresPerEmail }];
  if (ip) keys.push({ key: `ip:${ip}`, limit: MAX_FAILURES_PER_IP });
  return keys;
}

/** Where an MFA code goes: an SMS number or an email address. */
export type CodeDestination = { kind: 'sms'; phone: string } | { kind: 'email'; email: string };

/**
 * The keys one MFA code sent counts against, each allowing SIGN_IN_LIMITS.sendsPerEmail in a window:
 * the user's (a signed-in user cannot have the server text any number without limit) and the
 * destination's (nor several accounts one number).
 */
function codeSendKeys(userId: string, target: CodeDestination): AttemptKey[] {
  const destination =
    target.kind === 'sms' ? `send:phone:${target.phone.replace(/[^\d+]/g, '')}` : sendKey(target.email);
  return [`send:user:${userId}`, destination].map((key) => ({ key, limit: SIGN_IN_LIMITS.sendsPerEmail }));
}

/** A key's counter while its window is open: its uses and the seconds left in the window. */
export interface OpenCounter {
  key: string;
  failures: number;
  remaining: number;
}

/**
 * The counters as a backend keeps them: the `attempt_counters` table (`storedAttemptCounters`, below,
 * on both backends; the server counts a failed sign-in in one statement of its own,
 * server/storage/attempts.ts). A key's window of `windowSeconds` starts with its first use; a use
 * after the window has ended starts a new one.
 */
export interface AttemptCounters {
  /** The counters of `keys` whose window is still open. */
  open(keys: string[], windowSeconds: number): Promise<OpenCounter[]>;
  /** Counts one use of each of `keys`. */
  add(keys: string[], windowSeconds: number): Promise<void>;
  /** Counts one use of `key` and answers its counter after it. */
  take(key: string, windowSeconds: number): Promise<Omit<OpenCounter, 'key'>>;
  /** Forgets the counter of `key`. */
  forget(key: string): Promise<void>;
}

/** A row of `attempt_counters` (migration 3): a key's uses in the window it started. */
const ATTEMPT_COUNTERS = table('attempt_counters', {
  key: col.text(),
  failures: col.int,
  windowStartedAt: col.timestamptz,
});

/**
 * The counters over the storage port, with the caller's clock. A count in an open window is one
 * increment; the first of a window is one writer at a time (the key's lock, then its row read and
 * written in one transaction), so racing requests, in any process, see each other's counts.
 */
export function storedAttemptCounters(tables: Tables, { now }: Pick<RowClock, 'now'>): AttemptCounters {
  /** The seconds left in the window of `windowSeconds` the row started. */
  const remaining = (row: RowOf<typeof ATTEMPT_COUNTERS>, windowSeconds: number) =>
    (Date.parse(row.windowStartedAt) + windowSeconds * 1000 - now()) / 1000;
  /** Where the key's counter is while its window is open (timestamps are whole milliseconds). */
  const openWhere = (keys: string[], windowSeconds: number) => ({
    key: oneOf(keys),
    windowStartedAt: from(stamp(now() - windowSeconds * 1000 + 1)),
  });
  const take = async (key: string, windowSeconds: number) => {
    // Most uses find the key's window open: counted in one statement.
    const [counted] = await tables
      .of(ATTEMPT_COUNTERS)
      .increment(openWhere([key], windowSeconds), { failures: 1 });
    if (counted) return { failures: counted.failures, remaining: remaining(counted, windowSeconds) };
    return tables.transaction(async (tx) => {
      await tx.lock(`attempt_counters:${key}`);
      const counters = tx.of(ATTEMPT_COUNTERS);
      // Another writer may have opened the window meanwhile: counted on it, as one step again (an
      // increment, never a value read and written back, which a racing increment would lose).
      const [opened] = await counters.increment(openWhere([key], windowSeconds), { failures: 1 });
      // Else a window starts: the ended one's row restarts, or the key's first row is made.
      const fresh = { failures: 1, windowStartedAt: stamp(now()) };
      const saved =
        opened ?? (await counters.update({ key }, fresh))[0] ?? (await counters.insert({ key, ...fresh }));
      return { failures: saved.failures, remaining: remaining(saved, windowSeconds) };
    });
  };
  return {
    async open(keys, windowSeconds) {
      const rows = await tables.of(ATTEMPT_COUNTERS).rows({ where: openWhere(keys, windowSeconds) });
      return rows.map((row) => ({
        key: row.key,
        failures: row.failures,
        remaining: remaining(row, windowSeconds),
      }));
    },
    async add(keys, windowSeconds) {
      for (const key of keys) await take(key, windowSeconds);
    },
    take,
    forget: async (key) => void (await tables.of(ATTEMPT_COUNTERS).remove({ key })),
  };
}

const WINDOW_SECONDS = SIGN_IN_LIMITS.windowSeconds;

/**
 * Counts one use of `key` (a refused one too) and answers null, or the seconds until its window
 * ends when the key was already used `limit` times in it. The window is fixed, so counting refused
 * uses does not make the refusal last longer.
 */
export async function takeSlot(
  counters: AttemptCounters,
  { key, limit }: AttemptKey,
): Promise<number | null> {
  const counter = await counters.take(key, WINDOW_SECONDS);
  return counter.failures > limit ? Math.max(1, Math.ceil(counter.remaining)) : null;
}

/** Counts one message sent against each of `keys`, refusing it (429 TOO_MANY_CODES) at the first key already at its limit. */
async function refuseOverLimit(counters: AttemptCounters, keys: AttemptKey[]): Promise<void> {
  for (const key of keys) {
    const seconds = await takeSlot(counters, key);
    if (seconds !== null) throw tooManyError('TOO_MANY_CODES', seconds);
  }
}

/**
 * Counts one code or link sent to `email` (known or not, so the answer does not tell), refusing the
 * request once SIGN_IN_LIMITS.sendsPerEmail were sent in the window: nobody can use the backend to
 * flood an inbox. Passwordless codes and links, the phone reset, the password reset, activation.
 */
export const limitSend = (counters: AttemptCounters, email: string): Promise<void> =>
  refuseOverLimit(counters, [{ key: sendKey(email), limit: SIGN_IN_LIMITS.sendsPerEmail }]);

/** Counts one link sent to `email` as `limitSend` does; false, not a refusal, when it was over the limit. */
export const sendAllowed = async (counters: AttemptCounters, email: string): Promise<boolean> =>
  (await takeSlot(counters, { key: sendKey(email), limit: SIGN_IN_LIMITS.sendsPerEmail })) === null;

/** Counts one MFA code sent for `userId` to `target` against the user's and the destination's keys. */
export const limitCodeSend = (counters: AttemptCounters, userId: string, target: CodeDestination) =>
  refuseOverLimit(counters, codeSendKeys(userId, target));

/** Throws TOO_MANY_ATTEMPTS (429) while any of `keys` is at its limit, until the last of those windows ends. */
async function assertNotLocked(counters: AttemptCounters, keys: AttemptKey[]): Promise<void> {
  const limits = new Map(keys.map((k) => [k.key, k.limit]));
  const waits = (await counters.open([...limits.keys()], WINDOW_SECONDS))
    .filter((counter) => counter.failures >= (limits.get(counter.key) ?? Infinity))
    .map((counter) => Math.ceil(counter.remaining));
  if (waits.length > 0) throw tooManyError('TOO_MANY_ATTEMPTS', Math.max(...waits));
}

/**
 * The limits of the sign-in flows (password, passwordless, the password change and reset), where
 * `email` null is an attempt that names no account (a forged link): it counts against the
 * client's address only.
 */
export interface SignInLimits {
  /** Counts one code or link sent to `email`; TOO_MANY_CODES over the limit. */
  countSend(email: string): Promise<void>;
  /** TOO_MANY_ATTEMPTS while the email or the client's address is at its limit. */
  assertNotLocked(email: string | null): Promise<void>;
  recordFailure(email: string | null): Promise<void>;
  /** After a success: the email's failures are forgotten (the address's count stays). */
  clearFailures(email: string): Promise<void>;
}

/** The sign-in limits of one request from `ip` (where known) over a backend's counters. */
export const signInLimits = (counters: AttemptCounters, ip: string | undefined): SignInLimits => ({
  countSend: (email) => limitSend(counters, email),
  assertNotLocked: (email) => assertNotLocked(counters, attemptKeys(email, ip)),
  recordFailure: (email) =>
    counters.add(
      attemptKeys(email, ip).map((k) => k.key),
      WINDOW_SECONDS,
    ),
  clearFailures: (email) => counters.forget(emailKey(email)),
});

/** The key of a user's wrong MFA answers (their limit and window: core/domain/mfa-challenges.ts MFA_LIMITS). */
const mfaFailureKey = (userId: string) => `mfa:user:${userId}`;

/** A user's wrong MFA answers (their limit and window: core/domain/mfa-challenges.ts) on a backend's counters. */
export const mfaFailureCounter = (counters: AttemptCounters): MfaFailureCounter => ({
  async count(userId, windowSeconds) {
    const [counter] = await counters.open([mfaFailureKey(userId)], windowSeconds);
    return counter?.failures ?? 0;
  },
  record: async (userId, windowSeconds) =>
    (await counters.take(mfaFailureKey(userId), windowSeconds)).failures,
  clear: (userId) => counters.forget(mfaFailureKey(userId)),
});
