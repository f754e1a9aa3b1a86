/**
 * The server's single-use secrets: the repository written once (core/domain/one-time-tokens.ts:
 * the secrets, their lifetimes, single use, the code's attempts) over its database, its clock,
 * `randomUUID` ids and a SHA-256 of each secret with its purpose as a prefix (so a hash of one
 * purpose never matches another): only the hash is stored.
 */
import { createHash } from 'node:crypto';
import { oneTimeTokens, type OneTimeTokens } from '../../core/domain/one-time-tokens';
import type { OneTimePurpose } from '../../core/domain/passwordless';
import type { Database } from '../storage/database';
import { SERVER_ROW_CLOCK, sqlTables } from '../storage/tables';

export { newSecretToken as newLinkToken } from '../../core/domain/random-secrets';

/** The key the server keeps for a secret of `purpose`: its SHA-256, with the purpose as a prefix. */
export const hashSecret = (purpose: OneTimePurpose, secret: string) =>
  createHash('sha256').update(`${purpose}:${secret}`).digest('hex');

/** The secrets over `db` (a request's database or a transaction). */
export const serverSecrets = (db: Database): OneTimeTokens =>
  oneTimeTokens({ tables: sqlTables(db), ...SERVER_ROW_CLOCK, keyOf: hashSecret });
