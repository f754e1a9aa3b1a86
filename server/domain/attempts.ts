/**
 * Rate limiting of failed sign-in attempts (wrong passwords, wrong sign-in codes), of codes and
 * links sent, and of sign-ups, kept in the `attempt_counters` table (migration 3) so every server
 * process shares the counts. The keys, limits and fixed windows are the shared rules'
 * (core/domain/attempts.ts, which demo mode applies to its stored counters); here they run over
 * storage/attempts.ts, one statement per count.
 */
import { tooManyError } from '../../core/contract/errors';
import type { Database } from '../storage/database';
import type { PrincipalRow } from '../storage/principal';
import {
  addToCounter,
  deleteCounter,
  forgetFailures,
  openCounters,
  takeFromCounter,
} from '../storage/attempts';
import { SIGN_IN_LIMITS } from '../../core/domain/passwordless';
import {
  attemptKeys,
  emailKey,
  limitCodeSend,
  limitSend,
  type AttemptKey,
  type CodeDestination,
} from '../../core/domain/attempts';

export { attemptKeys };

/** The window and the per-email limits are the shared rules' (core/domain/passwordless.ts). */
const ATTEMPT_WINDOW_SECONDS = SIGN_IN_LIMITS.windowSeconds;
/** Failures per email in one window. */
export const MAX_FAILURES_PER_EMAIL = SIGN_IN_LIMITS.failuresPerEmail;

/** Seconds until the first key at its limit may try again, or null when none is at its limit. */
async function lockedFor(db: Database, keys: AttemptKey[]): Promise<number | null> {
  const rows = await openCounters(
    db,
    keys.map((k) => k.key),
    ATTEMPT_WINDOW_SECONDS,
  );
  let longest: number | null = null;
  for (const row of rows) {
    const limit = keys.find((k) => k.key === row.key)?.limit ?? Infinity;
    if (row.failures >= limit) longest = Math.max(longest ?? 0, Math.ceil(Number(row.remaining)));
  }
  return longest;
}

/** Counts one failure against every key, opening a new window where the old one has ended. */
export async function recordFailure(db: Database, keys: AttemptKey[]): Promise<void> {
  for (const { key } of keys) await addToCounter(db, key, ATTEMPT_WINDOW_SECONDS);
}

/** Forgets the failures of the email after a successful sign-in (the IP's count stays). */
export async function clearFailures(db: Database, email: string): Promise<void> {
  await deleteCounter(db, emailKey(email));
}

/**
 * After a matching password, in one statement: the email's failed attempts are forgotten and,
 * with `user`, the user's consecutive failed sign-ins (the lockout policy's count,
 * core/domain/security-policies.ts recordFailedSignIn) start again and, unless `breached` is null, the
 * breach verdict is stored (`users.breached_password_at`: set when the password is on the breach
 * list, since the first sign-in that found it; cleared when it is not). With `readPrincipal`, the
 * same statement reads the user as storage/principal.ts does (the session a sign-in opens needs
 * it: one round trip instead of two); else the answer is null.
 */
export async function passwordMatched(
  db: Database,
  email: string,
  user: { userId: string; breached: boolean | null; readPrincipal?: boolean } | null,
): Promise<PrincipalRow | null> {
  if (!user) {
    await clearFailures(db, email);
    return null;
  }
  return forgetFailures(db, emailKey(email), user);
}

/** Codes and links sent per email in one window (sign-in codes, magic links, phone-reset codes). */
export const MAX_SENDS_PER_EMAIL = SIGN_IN_LIMITS.sendsPerEmail;

/**
 * Counts one use of `key` and answers null, or the seconds until the window ends when the key was
 * already used `limit` times in it. One statement (an upsert returning the new count), so requests
 * racing each other, in one process or several, cannot all slip under the limit. Refused uses are
 * counted too; the window is fixed, so that does not make the lock last longer.
 */
async function takeSlot(db: Database, { key, limit }: AttemptKey): Promise<number | null> {
  const row = await takeFromCounter(db, key, ATTEMPT_WINDOW_SECONDS);
  return row.failures > limit ? Math.max(1, Math.ceil(Number(row.remaining))) : null;
}

/** Counts one code or link sent to `email`, and one MFA code (the shared rules' keys and limits, core/domain/attempts.ts). */
export const countSend = (db: Database, email: string) => limitSend((key) => takeSlot(db, key), email);
export const countCodeSend = (db: Database, userId: string, target: CodeDestination) =>
  limitCodeSend((key) => takeSlot(db, key), userId, target);

/**
 * Counts one use of a rule's own counter `key` (the security centre's campaigns: the rule,
 * core/domain/security-center.ts, names the key, the limit and the refusal).
 */
export const countUse = (db: Database, key: string, limit: number) => takeSlot(db, { key, limit });

/** Sign-ups accepted from one IP address in one window, unless the `signUpsPerIp` option says otherwise. */
export const DEFAULT_SIGN_UPS_PER_IP = 10;

/**
 * Counts one sign-up from `ip`, refusing it (429) once `limit` were made from that address in the
 * window. Each sign-up costs a password hash and creates an account and a tenant, so one address
 * cannot create them in bulk. Without an IP (never with a socket) nothing is counted.
 */
export async function countSignUp(db: Database, ip: string | undefined, limit: number): Promise<void> {
  if (!ip) return;
  const seconds = await takeSlot(db, { key: `signup:ip:${ip}`, limit });
  if (seconds !== null) throw tooManyError('TOO_MANY_SIGN_UPS', seconds);
}

/** Throws TOO_MANY_ATTEMPTS (429) when any key is at its limit. */
export async function assertNotLocked(db: Database, keys: AttemptKey[]): Promise<void> {
  const seconds = await lockedFor(db, keys);
  if (seconds !== null) throw tooManyError('TOO_MANY_ATTEMPTS', seconds);
}
