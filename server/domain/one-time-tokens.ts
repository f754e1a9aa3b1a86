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
  codeVerdict,
  PASSWORDLESS_LIFETIME_SECONDS,
  type PasswordlessPurpose,
} from '../../core/domain/passwordless';

/** The passwordless ones (sign-in codes and links, the phone-number flows): core/domain/passwordless.ts. */
type OneTimePurpose = 'resetPassword' | 'activation' | 'invitation' | PasswordlessPurpose;

/** Lifetimes in seconds (the passwordless ones are the shared rules'). */
const TOKEN_LIFETIME_SECONDS: Record<OneTimePurpose, number> = {
  resetPassword: 60 * 60,
  activation: 7 * 24 * 60 * 60,
  invitation: 7 * 24 * 60 * 60,
  ...PASSWORDLESS_LIFETIME_SECONDS,
};

/** Link tokens are exactly 43 base64url characters; anything else is refused before any query. */
const LINK_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const CODE_SHAPE = /^[0-9]{6}$/;

interface OneTimeTokenRow {
  id: string;
  purpose: OneTimePurpose;
  user_id: string | null;
  data: Record<string, unknown>;
  expires_at: Date;
}

const COLUMNS = 'id, purpose, user_id, data, expires_at';

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
  const ttl = input.ttlSeconds ?? TOKEN_LIFETIME_SECONDS[input.purpose];
  await db.transaction(async (tx) => {
    if (input.userId) {
      const scopeKey = input.retireScope ?? null;
      const scopeValue = scopeKey ? String(input.data?.[scopeKey] ?? '') : null;
      await tx.query(
        `UPDATE one_time_tokens SET used_at = now()
          WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND ($3::text IS NULL OR data->>$3::text = $4::text)`,
        [input.userId, input.purpose, scopeKey, scopeValue],
      );
    }
    await tx.query(
      `INSERT INTO one_time_tokens (purpose, user_id, token_hash, data, expires_at)
       VALUES ($1, $2, $3, $4::jsonb, now() + make_interval(secs => $5))`,
      [input.purpose, input.userId, hashSecret(input.purpose, secret), JSON.stringify(input.data ?? {}), ttl],
    );
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
  const { rows } = await db.query<OneTimeTokenRow>(
    `SELECT ${COLUMNS} FROM one_time_tokens
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        AND ($3::uuid IS NULL OR user_id = $3::uuid)`,
    [hashSecret(purpose, token), purpose, userId ?? null],
  );
  return rows[0] ?? null;
}

/** Uses a link once: the row when it was live, null when unknown, expired, already used or forged. */
export async function consumeLink(
  db: Database,
  purpose: OneTimePurpose,
  token: string,
  userId?: string,
): Promise<OneTimeTokenRow | null> {
  if (!LINK_TOKEN_SHAPE.test(token)) return null;
  const { rows } = await db.query<OneTimeTokenRow>(
    `UPDATE one_time_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        AND ($3::uuid IS NULL OR user_id = $3::uuid)
      RETURNING ${COLUMNS}`,
    [hashSecret(purpose, token), purpose, userId ?? null],
  );
  return rows[0] ?? null;
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
    const { rows } = await tx.query<OneTimeTokenRow & { token_hash: string; failed_attempts: number }>(
      `SELECT ${COLUMNS}, token_hash, failed_attempts FROM one_time_tokens
        WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [userId, purpose],
    );
    const row = rows[0];
    if (!row) return { ok: false, reason: 'expired' } as const;
    const given = Buffer.from(hashSecret(purpose, CODE_SHAPE.test(code) ? code : 'not-a-code'));
    if (timingSafeEqual(given, Buffer.from(row.token_hash))) {
      await tx.query('UPDATE one_time_tokens SET used_at = now() WHERE id = $1', [row.id]);
      return { ok: true, row } as const;
    }
    const verdict = codeVerdict(false, row.failed_attempts);
    await tx.query(
      `UPDATE one_time_tokens SET failed_attempts = $2::int, used_at = CASE WHEN $3::boolean THEN now() ELSE used_at END WHERE id = $1`,
      [row.id, verdict.failures, verdict.burn],
    );
    return { ok: false, reason: verdict.result === 'expired' ? 'expired' : 'wrong' } as const;
  });
}
