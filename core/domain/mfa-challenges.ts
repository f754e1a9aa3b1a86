/**
 * MFA's short-lived secrets, written once over the ports of mfa-ports.ts (issue 25): the reference
 * server (server/domain/mfa-base.ts) and demo mode (core/demo/mfaRepository.ts) both run these rules, over
 * the repositories of mfa-store.ts (SQL tables on the server, the page's stored tables in the demo).
 *
 * - The login `mfaToken` lives five minutes, is bound to the user who passed the first factor and
 *   is used up when the MFA step ends.
 * - A one-time code (SMS, email) lives five minutes; a pending authenticator enrolment ten.
 * - A wrong answer counts against its token (the fifth burns it) and against the user: the tenth in
 *   fifteen minutes makes every MFA check of that user answer 429 until the window is over.
 * - A remembered browser is remembered for the policy's device expiration.
 * Tokens are 32 random bytes (base64url); a store keeps their key only (mfa-ports.ts `keyOf`).
 */
import { newSecretToken, newSixDigitCode, sameKey } from './random-secrets';
import { contractError, type ContractError } from '../contract/errors';
import { sentCodeFits, type SentCodeUse } from './mfa';
import type { MfaChallenge, MfaPorts } from './mfa-ports';

/** Lifetimes and limits of MFA's secrets. */
export const MFA_LIMITS = {
  /** The login mfaToken, in seconds. */
  tokenTtlSeconds: 5 * 60,
  /** A one-time code sent by SMS or email. */
  codeTtlSeconds: 5 * 60,
  /** A pending authenticator app (its secret waits for a first code). */
  enrolTtlSeconds: 10 * 60,
  /** Wrong answers one mfaToken (or one otcToken) survives; the next one burns it. */
  attemptsPerToken: 5,
  /** Wrong answers per user in `userWindowSeconds` before every MFA check of that user answers 429. */
  failuresPerUser: 10,
  userWindowSeconds: 15 * 60,
} as const;

type ChallengePorts = Pick<MfaPorts, 'keyOf' | 'challenges'>;
type LoginPorts = Pick<MfaPorts, 'keyOf' | 'challenges' | 'failures'>;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;
const tokenShaped = (token: unknown): token is string => typeof token === 'string' && TOKEN_SHAPE.test(token);

/** Stores a challenge of `purpose` under the key of `token` (a new one unless given); the token. */
export async function issueChallenge(
  ports: ChallengePorts,
  input: { purpose: string; userId: string | null; data: Record<string, unknown>; ttlSeconds: number },
  token = newSecretToken(),
): Promise<string> {
  await ports.challenges.issue({ ...input, key: ports.keyOf(input.purpose, token) });
  return token;
}

/** The live challenge of a token, without using it up; null for a token of another shape. */
const findChallenge = async (
  ports: ChallengePorts,
  purpose: string,
  token: unknown,
  userId?: string | null,
): Promise<MfaChallenge | null> =>
  tokenShaped(token) ? ports.challenges.find(purpose, ports.keyOf(purpose, token), userId) : null;

/** Uses a challenge once; null when unknown, expired, used, or another user's. */
export const consumeChallenge = async (
  ports: ChallengePorts,
  purpose: string,
  token: unknown,
  userId?: string | null,
): Promise<MfaChallenge | null> =>
  tokenShaped(token) ? ports.challenges.consume(purpose, ports.keyOf(purpose, token), userId) : null;

/** Counts a wrong answer against a challenge (as read); true when that burned it. */
export const failChallenge = async (
  ports: Pick<MfaPorts, 'challenges'>,
  challenge: MfaChallenge,
): Promise<boolean> =>
  (await ports.challenges.fail(challenge, MFA_LIMITS.attemptsPerToken)) >= MFA_LIMITS.attemptsPerToken;

/** What the login mfaToken stores: its purpose, user, account and lifetime. */
const mfaTokenChallenge = (userId: string, tenantId: string | null) => ({
  purpose: 'mfaLogin',
  userId,
  data: { tenantId },
  ttlSeconds: MFA_LIMITS.tokenTtlSeconds,
});

/** A short-lived token bound to the user who passed the first factor. */
export const issueMfaToken = (ports: ChallengePorts, userId: string, tenantId: string | null) =>
  issueChallenge(ports, mfaTokenChallenge(userId, tenantId));

/** 429 while the user has had too many wrong answers in the window. */
export async function assertNotLocked(ports: Pick<MfaPorts, 'failures'>, userId: string): Promise<void> {
  if ((await ports.failures.count(userId, MFA_LIMITS.userWindowSeconds)) >= MFA_LIMITS.failuresPerUser)
    throw contractError('MFA_TOO_MANY_ATTEMPTS');
}

/** Counts a wrong answer of the user's; true when it reaches the limit. */
const recordFailure = async (ports: Pick<MfaPorts, 'failures'>, userId: string): Promise<boolean> =>
  (await ports.failures.record(userId, MFA_LIMITS.userWindowSeconds)) >= MFA_LIMITS.failuresPerUser;

/** The live mfaToken's row: 401 when forged, expired or used; 429 while the user is locked out. */
export async function requireMfaToken(
  ports: LoginPorts,
  token: unknown,
): Promise<MfaChallenge & { userId: string }> {
  const row = await findChallenge(ports, 'mfaLogin', token);
  if (!row?.userId) throw contractError('MFA_TOKEN_EXPIRED');
  await assertNotLocked(ports, row.userId);
  return row as MfaChallenge & { userId: string };
}

/** Uses the mfaToken up at the successful end of the MFA step; the user's failures are forgotten. */
export async function finishMfaToken(ports: LoginPorts, token: unknown, userId: string): Promise<void> {
  if (!(await consumeChallenge(ports, 'mfaLogin', token, userId))) throw contractError('MFA_TOKEN_EXPIRED');
  await ports.failures.clear(userId);
}

/**
 * A wrong answer: counts against the mfaToken's row, when there is one (burned at the fifth), and
 * against the user. Throws the answer to give (400, or 429 when either limit is reached).
 */
export async function wrongAnswer(
  ports: LoginPorts,
  row: MfaChallenge | null,
  userId: string,
  answer: ContractError,
): Promise<never> {
  const burned = row ? await failChallenge(ports, row) : false;
  const locked = await recordFailure(ports, userId);
  if (locked || burned) throw contractError('MFA_TOO_MANY_ATTEMPTS');
  throw answer.withStatus(400);
}

/** The key of a sent code, bound to its salt (the store's `keyOf`: the server's SHA-256). */
const codeKey = (ports: Pick<MfaPorts, 'keyOf'>, salt: string, code: string) =>
  ports.keyOf(salt, /^[0-9]{6}$/.test(code) ? code : 'not-a-code');

/**
 * A six-digit code for `target` (what it proves: core/domain/mfa.ts `sentCodeFits`), bound to an
 * otcToken: the code goes to the person, the token to the browser.
 */
export async function issueCode(
  ports: ChallengePorts,
  userId: string,
  target: Record<string, unknown>,
): Promise<{ otcToken: string; code: string }> {
  const code = newSixDigitCode();
  const salt = newSecretToken().slice(0, 22);
  const data = { ...target, salt, codeHash: codeKey(ports, salt, code) };
  const otcToken = await issueChallenge(ports, {
    purpose: 'otc',
    userId,
    data,
    ttlSeconds: MFA_LIMITS.codeTtlSeconds,
  });
  return { otcToken, code };
}

/** Checks a code against its otcToken: 'ok' uses it up; wrong answers count, the fifth burns the token. */
async function checkCode(
  ports: ChallengePorts,
  userId: string,
  otcToken: unknown,
  code: string,
): Promise<{ ok: true; data: Record<string, unknown> } | { ok: false; reason: 'wrong' | 'expired' }> {
  const row = await findChallenge(ports, 'otc', otcToken, userId);
  if (!row) return { ok: false, reason: 'expired' };
  if (sameKey(String(row.data.codeHash), codeKey(ports, String(row.data.salt), code))) {
    if (!(await consumeChallenge(ports, 'otc', otcToken, userId))) return { ok: false, reason: 'expired' };
    return { ok: true, data: row.data };
  }
  return { ok: false, reason: (await failChallenge(ports, row)) ? 'expired' : 'wrong' };
}

/**
 * Spends the code of an otcToken for `use` (core/domain/mfa.ts `sentCodeFits`): what it was sent for.
 * An unknown, expired or used token counts against the user and answers MFA_CODE_EXPIRED, as does a
 * code sent for another step (spent all the same); a wrong code is a wrong answer (`wrongAnswer`,
 * against the sign-in's mfaToken row when there is one).
 */
export async function spendSentCode(
  ports: LoginPorts,
  input: { userId: string; row: MfaChallenge | null; otcToken: unknown; code: string; use: SentCodeUse },
): Promise<Record<string, unknown>> {
  const result = await checkCode(ports, input.userId, input.otcToken, input.code);
  if (result.ok) {
    if (!sentCodeFits(input.use, result.data)) throw contractError('MFA_CODE_EXPIRED');
    return result.data;
  }
  if (result.reason === 'wrong')
    return wrongAnswer(ports, input.row, input.userId, contractError('MFA_CODE_WRONG'));
  await recordFailure(ports, input.userId);
  throw contractError('MFA_CODE_EXPIRED');
}

/** Remembers this browser for the user: the token of its cookie. */
export async function rememberBrowser(
  ports: Pick<MfaPorts, 'keyOf' | 'remembered'>,
  userId: string,
  seconds: number,
  token = newSecretToken(),
): Promise<string> {
  await ports.remembered.remember(userId, ports.keyOf('remember', token), seconds);
  return token;
}

/** Whether the browser of this token is remembered for the user. */
export const isRemembered = async (
  ports: Pick<MfaPorts, 'keyOf' | 'remembered'>,
  userId: string,
  token: unknown,
): Promise<boolean> =>
  tokenShaped(token) && ports.remembered.isRemembered(userId, ports.keyOf('remember', token));
