/**
 * The access tokens' keys and issuers (the tokens, the key cache and the rules: domain/tokens.ts):
 * `signing_keys` (every key pair made, a retired one still verifies) and `token_issuers` (the
 * issuer of every process sharing the database). Making or retiring a key happens under an
 * advisory lock (`lockSigningKeys`, in the caller's transaction), so processes starting together
 * create one key.
 */
import type { JWK } from 'jose';
import type { Database } from './database';

export interface KeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
  retired_at: Date | null;
}

const KEY_LOCK = 7_274_002;

/** Waits for, then holds until the transaction `tx` ends, the lock of key creation and rotation. */
export async function lockSigningKeys(tx: Database): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [KEY_LOCK]);
}

/** How many keys are not retired. */
export async function countActiveKeys(tx: Database): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM signing_keys WHERE retired_at IS NULL',
  );
  return rows[0]?.n ?? 0;
}

/** Stores a key pair. */
export async function insertSigningKey(
  tx: Database,
  key: { kid: string; alg: string; privateJwk: JWK; publicJwk: JWK },
): Promise<void> {
  await tx.query(
    'INSERT INTO signing_keys (kid, alg, private_jwk, public_jwk) VALUES ($1, $2, $3::jsonb, $4::jsonb)',
    [key.kid, key.alg, JSON.stringify(key.privateJwk), JSON.stringify(key.publicJwk)],
  );
}

/** Retires every key but `kid`. */
export async function retireKeysExcept(tx: Database, kid: string): Promise<void> {
  await tx.query('UPDATE signing_keys SET retired_at = now() WHERE kid <> $1 AND retired_at IS NULL', [kid]);
}

/** The key `kid`, or null. */
export async function signingKeyByKid(db: Database, kid: string): Promise<KeyRow | null> {
  const { rows } = await db.query<KeyRow>(
    'SELECT kid, private_jwk, public_jwk, retired_at FROM signing_keys WHERE kid = $1',
    [kid],
  );
  return rows[0] ?? null;
}

/** Every key, the newest first. */
export async function allSigningKeys(db: Database): Promise<KeyRow[]> {
  const { rows } = await db.query<KeyRow>(
    'SELECT kid, private_jwk, public_jwk, retired_at FROM signing_keys ORDER BY created_at DESC, kid',
  );
  return rows;
}

/** Records `issuer` (or when it was last seen). */
export async function recordIssuer(db: Database, issuer: string): Promise<void> {
  await db.query(
    `INSERT INTO token_issuers (issuer) VALUES ($1) ON CONFLICT (issuer) DO UPDATE SET last_seen_at = now()`,
    [issuer],
  );
}

/** Whether `issuer` is recorded. */
export async function isRecordedIssuer(db: Database, issuer: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM token_issuers WHERE issuer = $1', [issuer]);
  return rows.length > 0;
}

/** Every recorded issuer. */
export async function recordedIssuers(db: Database): Promise<string[]> {
  const issuers = await db.query<{ issuer: string }>('SELECT issuer FROM token_issuers');
  return issuers.rows.map((r) => r.issuer);
}
