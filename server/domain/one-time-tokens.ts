/**
 * Single-use secrets sent to people: links (password reset, activation, invitation, magic link)
 * and short codes (email and SMS sign-in codes).
 *
 * - Random from node:crypto: links carry 32 bytes (base64url), codes are 6 digits from randomInt.
 * - Lifetimes and code attempts of the passwordless secrets: core/domain/passwordless.ts.
 * - Stored hashed (SHA-256 with the purpose as a prefix, so a hash of one purpose never matches
 *   another). Links have 256 bits of entropy, so a fast hash is enough; a 6-digit code could be
 *   brute-forced offline from a leaked table, which is why codes live minutes and burn after
 *   MAX_CODE_ATTEMPTS wrong guesses.
 * - Single use: consuming is one UPDATE ... WHERE used_at IS NULL RETURNING, so two processes (or
 *   two clicks) cannot both use one link.
 * - Issuing a new secret for a user and purpose retires the older ones: only the latest link works.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../storage/database';
import {
  findLiveToken,
  insertOneTimeToken,
  latestLiveTokenForUpdate,
  markTokenUsed,
  recordWrongGuess,
  useLiveToken,
  type OneTimeTokenRow,
} from '../storage/one-time-tokens';
// The purposes and their lifetimes are the shared rules' (demo mode issues by the same table).
import { codeVerdict, ONE_TIME_LIFETIME_SECONDS, type OneTimePurpose } from '../../core/domain/passwordless';

/** Link tokens are exactly 43 base64url characters; anything else is refused before any query. */
const LINK_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const CODE_SHAPE = /^[0-9]{6}$/;

function hashSecret(purpose: OneTimePurpose, secret: string): string {
  return createHash('sha256').update(`${purpose}:${secret}`).digest('hex');
}

export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Stores a new secret for `userId` and `purpose` (retiring older unused ones of the same user and
 * purpose) and returns it: the only time the plain secret exists on the server.
 */
export async function issueOneTimeToken(
  db: Database,
  input: {
    purpose: OneTimePurpose;
    userId: string | null;
    kind: 'link' | 'code';
    data?: Record<string, unknown>;
    ttlSeconds?: number;
    /** Retire only older secrets whose `data[retireScope]` equals this one's (e.g. one invitation per tenant). */
    retireScope?: string;
  },
): Promise<string> {
  const secret = input.kind === 'link' ? newLinkToken() : newCode();
  const ttl = input.ttlSeconds ?? ONE_TIME_LIFETIME_SECONDS[input.purpose];
  const scopeKey = input.retireScope ?? null;
  await insertOneTimeToken(db, {
    purpose: input.purpose,
    userId: input.userId,
    tokenHash: hashSecret(input.purpose, secret),
    data: input.data ?? {},
    ttlSeconds: ttl,
    retire: { scopeKey, scopeValue: scopeKey ? String(input.data?.[scopeKey] ?? '') : null },
  });
  return secret;
}

/** The live (unused, unexpired) row for this link, without using it; null otherwise. */
export async function findLiveLink(
  db: Database,
  purpose: OneTimePurpose,
  token: string,
  userId?: string,
): Promise<OneTimeTokenRow | null> {
  if (!LINK_TOKEN_SHAPE.test(token)) return null;
  return findLiveToken(db, hashSecret(purpose, token), purpose, userId ?? null);
}

/** Uses a link once: the row when it was live, null when unknown, expired, already used or forged. */
export async function consumeLink(
  db: Database,
  purpose: OneTimePurpose,
  token: string,
  userId?: string,
): Promise<OneTimeTokenRow | null> {
  if (!LINK_TOKEN_SHAPE.test(token)) return null;
  return useLiveToken(db, hashSecret(purpose, token), purpose, userId ?? null);
}

type CodeCheck = { ok: true; row: OneTimeTokenRow } | { ok: false; reason: 'wrong' | 'expired' };

/**
 * Checks a code against the user's latest live code of this purpose. A wrong code counts against
 * it; the MAX_CODE_ATTEMPTS-th wrong code burns it. "expired" covers no code, used, burned and
 * timed out: the user needs a new code either way.
 */
export async function checkCode(
  db: Database,
  purpose: OneTimePurpose,
  userId: string,
  code: string,
): Promise<CodeCheck> {
  return db.transaction(async (tx) => {
    const row = await latestLiveTokenForUpdate(tx, userId, purpose);
    if (!row) return { ok: false, reason: 'expired' } as const;
    const given = Buffer.from(hashSecret(purpose, CODE_SHAPE.test(code) ? code : 'not-a-code'));
    if (timingSafeEqual(given, Buffer.from(row.token_hash))) {
      await markTokenUsed(tx, row.id);
      return { ok: true, row } as const;
    }
    const verdict = codeVerdict(false, row.failed_attempts);
    await recordWrongGuess(tx, row.id, verdict.failures, verdict.burn);
    return { ok: false, reason: verdict.result === 'expired' ? 'expired' : 'wrong' } as const;
  });
}
