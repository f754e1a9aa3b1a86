/**
 * The rules of the failed-attempt and sending counters, written once: which keys an attempt counts
 * against and their limits, and the fixed windows that count them. The server keeps the counters
 * in its `attempt_counters` table and applies these windows in SQL (server/domain/attempts.ts, one
 * statement per count so racing requests cannot slip under a limit); demo mode keeps them in its
 * stored data and applies them here (core/demo/passwordlessPorts.ts).
 *
 * Fixed windows: a key's count starts with its first use and lasts SIGN_IN_LIMITS.windowSeconds;
 * at the limit the key is refused until the window ends, whatever is typed (a correct password too,
 * so a guesser learns nothing from the 429). Two keys per sign-in attempt: the email (guessing one
 * account) and the client's address where known (spraying one password over many accounts). A
 * successful sign-in clears the email's count. Refused attempts are not counted again, so the lock
 * ends when the window does; a refused send is counted, which the fixed window makes harmless.
 */
import { tooManyError } from '../contract/errors';
import { SIGN_IN_LIMITS } from './passwordless';

/** Failures per IP address in one window (many people may share one address). */
const MAX_FAILURES_PER_IP = 100;

/** A counter's key and the uses its window allows. */
export interface AttemptKey {
  key: string;
  limit: number;
}

const normalized = (email: string) => email.trim().toLowerCase();

/** The key of the email's failed sign-ins. */
export const emailKey = (email: string) => `email:${normalized(email)}`;

/** The key of the codes and links sent to the email. */
const sendKey = (email: string) => `send:${normalized(email)}`;

/** The keys one sign-in attempt counts against. */
export function attemptKeys(email: string, ip: string | undefined): AttemptKey[] {
  const keys: AttemptKey[] = [{ key: emailKey(email), limit: SIGN_IN_LIMITS.failuresPerEmail }];
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

/** Counts one use of a key: the seconds until its window ends when it was at its limit, else null. */
type Take = (key: AttemptKey) => Promise<number | null>;

/**
 * Counts one message sent against each of `keys`, refusing it (429 TOO_MANY_CODES) at the first key
 * already at its limit. `take` is server/domain/attempts.ts's (one statement per key) or demo mode's
 * (its stored counters, with `takeSlot`).
 */
async function refuseOverLimit(take: Take, keys: AttemptKey[]): Promise<void> {
  for (const key of keys) {
    const seconds = await take(key);
    if (seconds !== null) throw tooManyError('TOO_MANY_CODES', seconds);
  }
}

/**
 * Counts one code or link sent to `email` (known or not, so the answer does not tell), refusing the
 * request once SIGN_IN_LIMITS.sendsPerEmail were sent in the window: nobody can use the backend to
 * flood an inbox. Passwordless codes and links, the phone reset, the password reset, activation.
 */
export const limitSend = (take: Take, email: string): Promise<void> =>
  refuseOverLimit(take, [{ key: sendKey(email), limit: SIGN_IN_LIMITS.sendsPerEmail }]);

/** Counts one link sent to `email` as `limitSend` does; false, not a refusal, when it was over the limit. */
export const sendAllowed = async (take: Take, email: string): Promise<boolean> =>
  (await take({ key: sendKey(email), limit: SIGN_IN_LIMITS.sendsPerEmail })) === null;

/** Counts one MFA code sent for `userId` to `target` against the user's and the destination's keys. */
export const limitCodeSend = (take: Take, userId: string, target: CodeDestination): Promise<void> =>
  refuseOverLimit(take, codeSendKeys(userId, target));

/** The key of a user's wrong MFA answers (their limit and window: core/domain/mfa-challenges.ts MFA_LIMITS). */
export const mfaFailureKey = (userId: string) => `mfa:user:${userId}`;

/** One key's counter: its uses in the window that started at `startedAt` (milliseconds). */
interface AttemptWindow {
  failures: number;
  startedAt: number;
}

const WINDOW_MS = SIGN_IN_LIMITS.windowSeconds * 1000;
const live = (entry: AttemptWindow | undefined, now: number, windowMs = WINDOW_MS): entry is AttemptWindow =>
  entry !== undefined && entry.startedAt + windowMs > now;

/** A counter's uses in its window (0 once the window has ended); `windowSeconds` unless the sign-in's. */
export const usesIn = (entry: AttemptWindow | undefined, now: number, windowSeconds: number): number =>
  live(entry, now, windowSeconds * 1000) ? entry.failures : 0;

/** Milliseconds until a key at its limit may be used again; 0 when it is not at its limit. */
export function lockedForMs(entry: AttemptWindow | undefined, limit: number, now: number): number {
  return live(entry, now) && entry.failures >= limit ? entry.startedAt + WINDOW_MS - now : 0;
}

/** The counter after one more use: a new window (of `windowSeconds`, else the sign-in's) where the old one has ended. */
export const counted = (
  entry: AttemptWindow | undefined,
  now: number,
  windowSeconds?: number,
): AttemptWindow =>
  live(entry, now, windowSeconds === undefined ? WINDOW_MS : windowSeconds * 1000)
    ? { ...entry, failures: entry.failures + 1 }
    : { failures: 1, startedAt: now };

/**
 * Counts one use (a refused one too) and answers the counter, with the seconds until the window
 * ends when the key was already used `limit` times in it (null: allowed).
 */
export function takeSlot(
  entry: AttemptWindow | undefined,
  limit: number,
  now: number,
): { entry: AttemptWindow; refusedForSeconds: number | null } {
  const next = counted(entry, now);
  const refused = next.failures > limit;
  return {
    entry: next,
    refusedForSeconds: refused ? Math.max(1, Math.ceil((next.startedAt + WINDOW_MS - now) / 1000)) : null,
  };
}
