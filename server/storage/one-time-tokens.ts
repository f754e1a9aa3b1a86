/**
 * The `one_time_tokens` table: single-use secrets sent to people, stored as hashes (the secrets,
 * their hashing, lifetimes and code rules: domain/one-time-tokens.ts). Using one is a single
 * UPDATE ... WHERE used_at IS NULL, so two processes (or two clicks) cannot both use it.
 */
import type { Database } from './database';

export interface OneTimeTokenRow {
  id: string;
  purpose: string;
  user_id: string | null;
  data: Record<string, unknown>;
  expires_at: Date;
}

const COLUMNS = 'id, purpose, user_id, data, expires_at';

/**
 * Stores a secret's hash, in one transaction with retiring the older unused secrets of the same
 * user and purpose (with `retire.scopeKey`, only those whose `data[scopeKey]` is `scopeValue`).
 */
export async function insertOneTimeToken(
  db: Database,
  input: {
    purpose: string;
    userId: string | null;
    tokenHash: string;
    data: Record<string, unknown>;
    ttlSeconds: number;
    retire: { scopeKey: string | null; scopeValue: string | null };
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (input.userId) {
      await tx.query(
        `UPDATE one_time_tokens SET used_at = now()
          WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND ($3::text IS NULL OR data->>$3::text = $4::text)`,
        [input.userId, input.purpose, input.retire.scopeKey, input.retire.scopeValue],
      );
    }
    await tx.query(
      `INSERT INTO one_time_tokens (purpose, user_id, token_hash, data, expires_at)
       VALUES ($1, $2, $3, $4::jsonb, now() + make_interval(secs => $5))`,
      [input.purpose, input.userId, input.tokenHash, JSON.stringify(input.data), input.ttlSeconds],
    );
  });
}

/** Matches the live (unused, unexpired) row with the hash $1 and purpose $2 (and user $3, when not null). */
const LIVE_WITH_HASH = `token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
  AND ($3::uuid IS NULL OR user_id = $3::uuid)`;

/** The live (unused, unexpired) row with this hash and purpose (and user, when given), without using it. */
export async function findLiveToken(
  db: Database,
  tokenHash: string,
  purpose: string,
  userId: string | null,
): Promise<OneTimeTokenRow | null> {
  const { rows } = await db.query<OneTimeTokenRow>(
    `SELECT ${COLUMNS} FROM one_time_tokens WHERE ${LIVE_WITH_HASH}`,
    [tokenHash, purpose, userId],
  );
  return rows[0] ?? null;
}

/** `findLiveToken`, using the row in the same statement. */
export async function useLiveToken(
  db: Database,
  tokenHash: string,
  purpose: string,
  userId: string | null,
): Promise<OneTimeTokenRow | null> {
  const { rows } = await db.query<OneTimeTokenRow>(
    `UPDATE one_time_tokens SET used_at = now() WHERE ${LIVE_WITH_HASH} RETURNING ${COLUMNS}`,
    [tokenHash, purpose, userId],
  );
  return rows[0] ?? null;
}

/** The user's latest live secret of this purpose, locked until the transaction `tx` ends. */
export async function latestLiveTokenForUpdate(
  tx: Database,
  userId: string,
  purpose: string,
): Promise<(OneTimeTokenRow & { token_hash: string; failed_attempts: number }) | null> {
  const { rows } = await tx.query<OneTimeTokenRow & { token_hash: string; failed_attempts: number }>(
    `SELECT ${COLUMNS}, token_hash, failed_attempts FROM one_time_tokens
        WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [userId, purpose],
  );
  return rows[0] ?? null;
}

/** Marks the secret used. */
export async function markTokenUsed(db: Database, id: string): Promise<void> {
  await db.query('UPDATE one_time_tokens SET used_at = now() WHERE id = $1', [id]);
}

/** Stores the secret's count of wrong guesses and, with `burn`, uses it up. */
export async function recordWrongGuess(
  db: Database,
  id: string,
  failures: number,
  burn: boolean,
): Promise<void> {
  await db.query(
    `UPDATE one_time_tokens SET failed_attempts = $2::int, used_at = CASE WHEN $3::boolean THEN now() ELSE used_at END WHERE id = $1`,
    [id, failures, burn],
  );
}
