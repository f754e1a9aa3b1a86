/**
 * API tokens (spec 001 §3 "API token", §6 "Personal API tokens exist apart from tenant API tokens"):
 * - a personal (user) token acts as its owner in the tenant it was made in, with the owner's
 *   permissions there at the moment it is used (a member who leaves, or loses roles, takes that
 *   away from the token too);
 * - a tenant token acts for the tenant with the roles chosen at creation.
 * The secret is 32 random bytes, shown once at creation; only its SHA-256 is stored (it has 256
 * bits of entropy, so a fast hash is enough: nothing to brute-force). The client id is public.
 * A token is exchanged for a short-lived access token at POST /identity/resources/auth/v1/api-token.
 *
 * Listing, creating, editing and deleting are core/domain/api-tokens.ts and their storage
 * core/domain/api-token-store.ts (run by demo mode too), over `sqlTables`; what is server-only is
 * the secret's hash, the account's webhooks, and recognising a token when it is used (the SQL of
 * server/storage/api-tokens.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '../storage/database';
import { liveApiToken, touchApiToken, useAccessToken, type UsedApiToken } from '../storage/api-tokens';

/** What is stored of a secret (256 bits of entropy: a fast hash is enough, nothing to brute-force). */
export const apiTokenSecretHash = (secret: string) =>
  createHash('sha256').update(`api-token:${secret}`).digest('hex');

/**
 * The live token whose client id and secret these are, or null (unknown, wrong secret or expired:
 * the caller cannot tell which). The secret is compared as hashes in constant time.
 */
export async function resolveApiToken(
  db: Database,
  clientId: string,
  secret: string,
): Promise<UsedApiToken | null> {
  const row = await liveApiToken(db, clientId);
  const given = Buffer.from(apiTokenSecretHash(secret));
  if (!row || !timingSafeEqual(Buffer.from(row.secretHash), given)) return null;
  await touchApiToken(db, row.id);
  const { secretHash: _secretHash, ...token } = row;
  return token;
}

/** An access token's whole secret: the prefix and 32 random bytes in base64url. */
const ACCESS_TOKEN_FORM = /^fat_[A-Za-z0-9_-]{43}$/;

/**
 * The live access token whose secret this is, or null (unknown, deleted or expired: one answer).
 * Looked up by the secret's SHA-256 (the secret has 256 bits of entropy: nothing to learn from
 * the lookup's timing); its use is recorded.
 */
export async function resolveAccessToken(
  db: Database,
  secret: string,
): Promise<(UsedApiToken & { expires: Date | null }) | null> {
  if (!ACCESS_TOKEN_FORM.test(secret)) return null;
  return useAccessToken(db, apiTokenSecretHash(secret));
}
