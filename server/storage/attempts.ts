/**
 * The `attempt_counters` table (migration 3): one row per key (an email's failures, an IP's
 * sign-ups, the codes sent to an address...) with its count and the start of its fixed window of
 * `windowSeconds`. The keys, limits and windows are the rules' (core/domain/attempts.ts); each call
 * here is one statement, so racing requests in any process see each other's counts.
 */
import type { AttemptCounters, OpenCounter } from '../../core/domain/attempts';
import type { Database } from './database';
import { principalFromJson, principalJson, type PrincipalRow } from './principal';

/** Counts one use of key $1, opening a new window of $2 seconds where the old one has ended (an upsert, so races count). */
const COUNT_ONE = `INSERT INTO attempt_counters (key, failures, window_started_at) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN attempt_counters.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE attempt_counters.failures + 1 END,
       window_started_at = CASE WHEN attempt_counters.window_started_at <= now() - make_interval(secs => $2) THEN now() ELSE attempt_counters.window_started_at END`;

/** The seconds left in the window of $2 seconds. */
const REMAINING =
  'EXTRACT(EPOCH FROM (window_started_at + make_interval(secs => $2) - now()))::float8 AS remaining';

/** The counters of the shared rules (core/domain/attempts.ts), one statement per key. */
export const attemptCounters = (db: Pick<Database, 'query'>): AttemptCounters => ({
  async open(keys, windowSeconds) {
    const { rows } = await db.query<OpenCounter>(
      `SELECT key, failures, ${REMAINING}
       FROM attempt_counters WHERE key = ANY($1::text[]) AND window_started_at > now() - make_interval(secs => $2)`,
      [keys, windowSeconds],
    );
    return rows;
  },
  async add(keys, windowSeconds) {
    for (const key of keys) await db.query(COUNT_ONE, [key, windowSeconds]);
  },
  async take(key, windowSeconds) {
    const { rows } = await db.query<{ failures: number; remaining: number }>(
      `${COUNT_ONE}
     RETURNING failures, ${REMAINING}`,
      [key, windowSeconds],
    );
    return rows[0]!;
  },
  async forget(key) {
    await db.query('DELETE FROM attempt_counters WHERE key = $1', [key]);
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
