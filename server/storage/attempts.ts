/**
 * The `attempt_counters` table (migration 3): one row per key (an email's failures, an IP's
 * sign-ups, the codes sent to an address...) with its count and the start of its fixed window of
 * `windowSeconds`. The keys, limits and windows are the rules' (domain/attempts.ts); each function
 * here is one statement, so racing requests in any process see each other's counts.
 */
import { mfaFailureKey } from '../../core/domain/attempts';
import type { MfaFailureCounter } from '../../core/domain/mfa-ports';
import type { Database } from './database';
import { principalFromJson, principalJson, type PrincipalRow } from './principal';

/** The counters of `keys` whose window is still open, with the seconds left in it. */
export async function openCounters(
  db: Pick<Database, 'query'>,
  keys: string[],
  windowSeconds: number,
): Promise<{ key: string; failures: number; remaining: number }[]> {
  const { rows } = await db.query<{ key: string; failures: number; remaining: number }>(
    `SELECT key, failures, EXTRACT(EPOCH FROM (window_started_at + make_interval(secs => $2) - now()))::float8 AS remaining
       FROM attempt_counters WHERE key = ANY($1::text[]) AND window_started_at > now() - make_interval(secs => $2)`,
    [keys, windowSeconds],
  );
  return rows;
}

/** Counts one against `key`, opening a new window where the old one has ended. */
export async function addToCounter(db: Database, key: string, windowSeconds: number): Promise<void> {
  await db.query(
    `INSERT INTO attempt_counters (key, failures, window_started_at) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN attempt_counters.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE attempt_counters.failures + 1 END,
         window_started_at = CASE WHEN attempt_counters.window_started_at <= now() - make_interval(secs => $2) THEN now() ELSE attempt_counters.window_started_at END`,
    [key, windowSeconds],
  );
}

/** `addToCounter` answering the new count and the seconds left in its window (an upsert, so races count). */
export async function takeFromCounter(
  db: Pick<Database, 'query'>,
  key: string,
  windowSeconds: number,
): Promise<{ failures: number; remaining: number }> {
  const { rows } = await db.query<{ failures: number; remaining: number }>(
    `INSERT INTO attempt_counters (key, failures, window_started_at) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN attempt_counters.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE attempt_counters.failures + 1 END,
       window_started_at = CASE WHEN attempt_counters.window_started_at <= now() - make_interval(secs => $2) THEN now() ELSE attempt_counters.window_started_at END
     RETURNING failures, EXTRACT(EPOCH FROM (window_started_at + make_interval(secs => $2) - now()))::float8 AS remaining`,
    [key, windowSeconds],
  );
  return rows[0]!;
}

/** Forgets the counter of `key`. */
export async function deleteCounter(db: Pick<Database, 'query'>, key: string): Promise<void> {
  await db.query('DELETE FROM attempt_counters WHERE key = $1', [key]);
}

/**
 * In one statement: forgets the counter of `key`; sets the user's consecutive failed sign-ins back
 * to 0 and, unless `breached` is null, stores the breach verdict (`users.breached_password_at`:
 * kept from the first time it was found, cleared when not breached); and with `readPrincipal`
 * reads the user as storage/principal.ts does (else the answer is null).
 */
export async function forgetFailures(
  db: Database,
  key: string,
  user: { userId: string; breached: boolean | null; readPrincipal?: boolean | undefined },
): Promise<PrincipalRow | null> {
  const { rows } = await db.query<{ principal: unknown }>(
    `WITH forgotten AS (DELETE FROM attempt_counters WHERE key = $1), reset AS (
       UPDATE users SET failed_sign_ins = 0,
              breached_password_at = CASE WHEN $3::boolean IS NULL THEN breached_password_at
                                          WHEN $3::boolean THEN COALESCE(breached_password_at, now()) END
        WHERE id = $2::uuid
          AND (failed_sign_ins <> 0 OR ($3::boolean IS NOT NULL AND (breached_password_at IS NOT NULL) <> $3::boolean))
     ) SELECT ${user.readPrincipal ? principalJson('$2::uuid') : 'NULL'} AS principal`,
    [key, user.userId, user.breached],
  );
  return principalFromJson(rows[0]?.principal);
}

/**
 * A user's wrong MFA answers (core/domain/mfa-challenges.ts: their limit and window; the key is the
 * shared rule's) on these counters, one statement each.
 */
export const mfaFailureCounter = (db: Pick<Database, 'query'>): MfaFailureCounter => ({
  async count(userId, windowSeconds) {
    const [row] = await openCounters(db, [mfaFailureKey(userId)], windowSeconds);
    return row?.failures ?? 0;
  },
  record: async (userId, windowSeconds) =>
    (await takeFromCounter(db, mfaFailureKey(userId), windowSeconds)).failures,
  clear: (userId) => deleteCounter(db, mfaFailureKey(userId)),
});
