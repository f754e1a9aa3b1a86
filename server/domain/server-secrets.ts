/**
 * Keys the server makes for itself when none is configured: 32 random bytes, created once under an
 * advisory lock and kept in `server_secrets`, so every process on the database shares them. A
 * configured key (environment) is always preferred; production refuses to start without one where
 * it matters (environment.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../storage/database';

/** The stored key named `name`, created on first use. `lock` is the advisory lock serialising that. */
export async function storedRandomKey(db: Database, name: string, lock: number): Promise<Buffer> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [lock]);
    const { rows } = await tx.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [
      name,
    ]);
    if (rows[0]) return Buffer.from(rows[0].value, 'base64');
    const key = randomBytes(32);
    await tx.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2)', [
      name,
      key.toString('base64'),
    ]);
    return key;
  });
}
