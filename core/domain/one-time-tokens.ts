/**
 * Single-use secrets sent to people, written once over the storage port (core/domain/tables.ts):
 * links (password reset, activation, invitation, magic link, the phone flows' tokens) and 6-digit
 * codes (email and SMS). The server keeps them in PostgreSQL, demo mode in its stored data; both
 * through this repository, in the `one_time_tokens` table as the SQL schema has it.
 *
 * - Random from WebCrypto: links carry 32 bytes (43 base64url characters), codes are 6 digits
 *   drawn uniformly. A link token of any other shape is refused before any query.
 * - A store keeps a key of the secret, never the secret (`keyOf`: the server's SHA-256 with the
 *   purpose as a prefix, so a hash of one purpose never matches another; demo mode's the secret).
 *   Links have 256 bits of entropy, so a fast hash is enough; a 6-digit code could be brute-forced
 *   offline from a leaked table, which is why codes live minutes and burn after MAX_CODE_ATTEMPTS
 *   wrong guesses (core/domain/passwordless.ts).
 * - Single use: using one is one update of the row while it is unused, so two processes (or two
 *   clicks) cannot both use one link; a code's guess is written only over the count it read.
 * - Issuing a new secret for a user and purpose retires their older unused ones: only the latest
 *   works (`retireScope`: only those whose data names the same value, one invitation per account).
 */
import { codeVerdict, ONE_TIME_LIFETIME_SECONDS, type CodeResult, type OneTimePurpose } from './passwordless';
import { newSecretToken, newSixDigitCode, sameKey } from './random-secrets';
import { col, from, nullable, oneOf, stamp, table, type RowOf, type Tables } from './tables';

/** A row of `one_time_tokens`. */
const ONE_TIME_TOKENS = table('one_time_tokens', {
  id: col.uuid,
  purpose: col.text(),
  userId: nullable(col.uuid),
  /** The store's key of the secret (`keyOf`). */
  tokenHash: col.text(),
  data: col.jsonb<Record<string, unknown>>(),
  failedAttempts: col.int,
  expiresAt: col.timestamptz,
  usedAt: nullable(col.timestamptz),
  createdAt: col.timestamptz,
});
type OneTimeTokenRow = RowOf<typeof ONE_TIME_TOKENS>;

/** What the repository needs of its backend: its tables, clock, ids and how it keys a secret. */
interface OneTimeTokenStore {
  tables: Tables;
  now(): number;
  newId(): string;
  /** The key kept for a secret of `purpose` (the server's SHA-256; demo mode's the secret itself). */
  keyOf(purpose: OneTimePurpose, secret: string): string;
}

/** A live secret's owner and the data stored with it (an invitation's account, a phone number). */
interface LiveSecret {
  userId: string | null;
  data: Record<string, unknown>;
}

/** Link tokens are exactly 43 base64url characters; anything else is refused before any query. */
const LINK_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const CODE_SHAPE = /^[0-9]{6}$/;

const secretOf = (row: OneTimeTokenRow | null | undefined): LiveSecret | null =>
  row ? { userId: row.userId, data: row.data } : null;

/** The one-time secrets of one backend (the server per request or transaction, the demo per call). */
export function oneTimeTokens(store: OneTimeTokenStore) {
  const tokens = store.tables.of(ONE_TIME_TOKENS);
  // Expiry is stored to the millisecond: "expires after now" is "expires at now + 1 ms or later".
  const live = () => ({ usedAt: null, expiresAt: from(stamp(store.now() + 1)) });
  const linkWhere = (purpose: OneTimePurpose, token: string, userId?: string) => ({
    tokenHash: store.keyOf(purpose, token),
    purpose,
    ...live(),
    ...(userId === undefined ? {} : { userId }),
  });

  /**
   * Stores a new secret for `userId` and `purpose`, in one transaction with retiring the older
   * unused ones of that user and purpose, and returns it: the only time the plain secret exists.
   */
  async function issue(input: {
    purpose: OneTimePurpose;
    userId: string | null;
    kind: 'link' | 'code';
    data?: Record<string, unknown>;
    ttlSeconds?: number;
    /** Retire only older secrets whose `data[retireScope]` equals this one's (one invitation per account). */
    retireScope?: string;
  }): Promise<string> {
    const { purpose, userId, retireScope } = input;
    const secret = input.kind === 'link' ? newSecretToken() : newSixDigitCode();
    const data = input.data ?? {};
    const now = store.now();
    await store.tables.transaction(async (tx) => {
      const table = tx.of(ONE_TIME_TOKENS);
      if (userId) {
        const older = { userId, purpose, usedAt: null };
        if (!retireScope) await table.update(older, { usedAt: stamp(now) });
        else {
          const scope = String(data[retireScope] ?? '');
          const inScope = (await table.rows({ where: older })).filter(
            (row) => row.data[retireScope] != null && String(row.data[retireScope]) === scope,
          );
          if (inScope.length)
            await table.update({ id: oneOf(inScope.map((row) => row.id)) }, { usedAt: stamp(now) });
        }
      }
      const ttl = input.ttlSeconds ?? ONE_TIME_LIFETIME_SECONDS[purpose];
      await table.insert({
        id: store.newId(),
        purpose,
        userId,
        tokenHash: store.keyOf(purpose, secret),
        data,
        failedAttempts: 0,
        expiresAt: stamp(now + ttl * 1000),
        usedAt: null,
        createdAt: stamp(now),
      });
    });
    return secret;
  }

  /**
   * Checks a code against the user's latest live code of this purpose: a match uses it, a wrong
   * code counts against it and the MAX_CODE_ATTEMPTS-th burns it ("expired" covers no code, used,
   * burned and timed out: the user needs a new code either way). The guess is written only over
   * the count read, so two guesses at once cannot both count as one (the loser reads again).
   */
  async function checkCode(purpose: OneTimePurpose, userId: string, code: string): Promise<CodeResult> {
    for (;;) {
      const row = await tokens.row({ userId, purpose, ...live() }, [{ by: 'createdAt', desc: true }]);
      if (!row) return 'expired';
      const given = store.keyOf(purpose, CODE_SHAPE.test(code) ? code : 'not-a-code');
      const verdict = codeVerdict(sameKey(given, row.tokenHash), row.failedAttempts);
      const written = await tokens.update(
        { id: row.id, usedAt: null, failedAttempts: row.failedAttempts },
        { failedAttempts: verdict.failures, ...(verdict.burn ? { usedAt: stamp(store.now()) } : {}) },
      );
      if (written.length) return verdict.result;
    }
  }

  return {
    issue,
    /** The live (unused, unexpired) link, without using it; null otherwise. */
    findLiveLink: async (purpose: OneTimePurpose, token: string, userId?: string) =>
      LINK_TOKEN_SHAPE.test(token) ? secretOf(await tokens.row(linkWhere(purpose, token, userId))) : null,
    /** Uses a link once: its secret when it was live, null when unknown, expired, already used or forged. */
    consumeLink: async (purpose: OneTimePurpose, token: string, userId?: string) =>
      LINK_TOKEN_SHAPE.test(token)
        ? secretOf(
            (await tokens.update(linkWhere(purpose, token, userId), { usedAt: stamp(store.now()) }))[0],
          )
        : null,
    checkCode,
    /** A link token stored nowhere (the answer to an unknown email). */
    newLinkToken: async () => newSecretToken(),
  };
}

export type OneTimeTokens = ReturnType<typeof oneTimeTokens>;
