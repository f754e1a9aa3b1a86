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
export const sendKey = (email: string) => `send:${normalized(email)}`;

/** The keys one sign-in attempt counts against. */
export function attemptKeys(email: string, ip: string | undefined): AttemptKey[] {
  const keys: AttemptKey[] = [{ key: emailKey(email), limit: SIGN_IN_LIMITS.failuresPerEmail }];
  if (ip) keys.push({ key: `ip:${ip}`, limit: MAX_FAILURES_PER_IP });
  return keys;
}

/** One key's counter: its uses in the window that started at `startedAt` (milliseconds). */
interface AttemptWindow {
  failures: number;
  startedAt: number;
}

const WINDOW_MS = SIGN_IN_LIMITS.windowSeconds * 1000;
const live = (entry: AttemptWindow | undefined, now: number): entry is AttemptWindow =>
  entry !== undefined && entry.startedAt + WINDOW_MS > now;

/** Milliseconds until a key at its limit may be used again; 0 when it is not at its limit. */
export function lockedForMs(entry: AttemptWindow | undefined, limit: number, now: number): number {
  return live(entry, now) && entry.failures >= limit ? entry.startedAt + WINDOW_MS - now : 0;
}

/** The counter after one more use: a new window where the old one has ended. */
export const counted = (entry: AttemptWindow | undefined, now: number): AttemptWindow =>
  live(entry, now) ? { ...entry, failures: entry.failures + 1 } : { failures: 1, startedAt: now };

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
