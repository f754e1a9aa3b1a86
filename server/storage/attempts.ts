/**
 * The `attempt_counters` table (migration 3): one row per key (an email's failures, an IP's
 * sign-ups, the codes sent to an address...) with its count and the start of its fixed window of
 * `windowSeconds`. The keys, limits and windows are the rules' (core/domain/attempts.ts), and so is
 * the counter (over the storage port); SQL of its own here: a failed sign-in's count, and the
 * forgetting of a sign-in's failures with the user's reset.
 */
import { storedAttemptCounters, type AttemptCounters } from '../../core/domain/attempts';
import type { Database } from './database';
import { principalFromJson, principalJson, type PrincipalRow } from './principal';
import { SERVER_ROW_CLOCK, sqlTables } from './tables';

/** Counts one use of key $1, opening a new window of $2 seconds where the old one has ended (an upsert, so races count: one statement). */
const COUNT_ONE = `INSERT INTO attempt_counters (key, failures, window_started_at) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN attempt_counters.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE attempt_counters.failures + 1 END,
       window_started_at = CASE WHEN attempt_counters.window_started_at <= now() - make_interval(secs => $2) THEN now() ELSE attempt_counters.window_started_at END`;

/**
 * The counters of the shared rules (core/domain/attempts.ts `storedAttemptCounters`, the demo's too)
 * over the database; a failed sign-in (`add`: the password sign-in's path) is counted in one
 * statement per key, as before, rather than a transaction (the key's lock, its read, its write).
 */
export const attemptCounters = (db: Database): AttemptCounters => ({
  ...storedAttemptCounters(sqlTables(db), SERVER_ROW_CLOCK),
  async add(keys, windowSeconds) {
    for (const key of keys) await db.query(COUNT_ONE, [key, windowSeconds]);
  },
});

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
