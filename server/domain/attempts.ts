/**
 * Rate limiting of failed sign-in attempts (wrong passwords, wrong sign-in codes), of codes and
 * links sent, and of sign-ups, kept in the `attempt_counters` table (migration 3) so every server
 * process shares the counts. The keys, limits, windows and refusals are the shared rules'
 * (core/domain/attempts.ts, which demo mode applies to its stored counters); here they run over
 * storage/attempts.ts, one statement per count.
 */
import { tooManyError } from '../../core/contract/errors';
import type { Database } from '../storage/database';
import type { PrincipalRow } from '../storage/principal';
import { attemptCounters, forgetFailures } from '../storage/attempts';
import { SIGN_IN_LIMITS } from '../../core/domain/passwordless';
import { emailKey, limitSend, takeSlot } from '../../core/domain/attempts';

/** Failures per email in one window. */
export const MAX_FAILURES_PER_EMAIL = SIGN_IN_LIMITS.failuresPerEmail;

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
    await attemptCounters(db).forget(emailKey(email));
    return null;
  }
  return forgetFailures(db, emailKey(email), user);
}

/** Codes and links sent per email in one window (sign-in codes, magic links, phone-reset codes). */
export const MAX_SENDS_PER_EMAIL = SIGN_IN_LIMITS.sendsPerEmail;

/** Counts one code or link sent to `email` (the shared rules' key and limit, core/domain/attempts.ts). */
export const countSend = (db: Database, email: string) => limitSend(attemptCounters(db), email);

/** Sign-ups accepted from one IP address in one window, unless the `signUpsPerIp` option says otherwise. */
export const DEFAULT_SIGN_UPS_PER_IP = 10;

/**
 * Counts one sign-up from `ip`, refusing it (429) once `limit` were made from that address in the
 * window. Each sign-up costs a password hash and creates an account and a tenant, so one address
 * cannot create them in bulk. Without an IP (never with a socket) nothing is counted.
 */
export async function countSignUp(db: Database, ip: string | undefined, limit: number): Promise<void> {
  if (!ip) return;
  const seconds = await takeSlot(attemptCounters(db), { key: `signup:ip:${ip}`, limit });
  if (seconds !== null) throw tooManyError('TOO_MANY_SIGN_UPS', seconds);
}
