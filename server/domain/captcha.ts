/**
 * The captcha policy (issue 15) and its verification adapter: reCAPTCHA's `siteverify` protocol
 * over HTTP (POST form `secret`, `response`, `remoteip`; JSON `{ success, score?, action? }`), at
 * the server's `captchaVerifyUrl` (CAPTCHA_VERIFY_URL; Google's by default, any compatible
 * verifier: hCaptcha, Cloudflare Turnstile, a test's local one).
 *
 * One vendor-wide policy: sign-in, sign-up and password reset happen before the account is known.
 * The secret key is sealed with the server key (domain/secrets.ts) and never answered.
 * When the policy is on, a sign-in (password, passwordless pre-login), a sign-up and a password-reset
 * request carry `recaptchaToken`; without one, or with one the verifier refuses (or scores below
 * `minScore`, for score-based captchas), the request is refused before anything else is done.
 * Emails in `ignoredEmails` (automated test accounts) skip the check.
 */
import type { AppContext } from '../context';
import { contractError } from '../../core/contract/errors';
import { captchaRow, saveCaptchaRow } from '../storage/captcha';
import type { Database } from '../storage/database';
import { loadSecretsKey, SecretBox } from './secrets';

const VERIFY_TIMEOUT_MS = 5000;

export interface CaptchaPolicyInput {
  enabled: boolean;
  siteKey: string;
  /** Omitted or null: the stored secret stays. */
  secretKey?: string | null;
  minScore?: number;
  ignoredEmails?: string[];
}

const boxes = new WeakMap<object, Promise<SecretBox>>();
function secretBox(ctx: AppContext): Promise<SecretBox> {
  let box = boxes.get(ctx);
  if (!box) {
    box = loadSecretsKey(ctx.db, ctx.options.secretsKey).then((key) => new SecretBox(key));
    boxes.set(ctx, box);
  }
  return box;
}

/** The client SDK's ISecurityPolicyCaptcha (`getCaptchaPolicy`); `{ enabled: false }` before any save. */
export async function publicCaptchaPolicy(db: Database) {
  const row = await captchaRow(db);
  if (!row) return { enabled: false };
  return {
    id: row.id,
    siteKey: row.site_key,
    enabled: row.enabled,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The administrator's view: the public answer plus the settings, never the secret. */
export async function captchaPolicy(db: Database) {
  const row = await captchaRow(db);
  return {
    ...(await publicCaptchaPolicy(db)),
    siteKey: row?.site_key ?? '',
    minScore: row?.min_score ?? 0.5,
    ignoredEmails: row?.ignored_emails ?? [],
    hasSecretKey: !!row?.secret_key_sealed,
  };
}

export async function saveCaptchaPolicy(ctx: AppContext, input: CaptchaPolicyInput) {
  const current = await captchaRow(ctx.db);
  const secret = input.secretKey
    ? (await secretBox(ctx)).seal(input.secretKey)
    : (current?.secret_key_sealed ?? null);
  if (input.enabled && (!input.siteKey.trim() || !secret)) throw contractError('CAPTCHA_NEEDS_KEYS');
  await saveCaptchaRow(ctx.db, {
    enabled: input.enabled,
    site_key: input.siteKey.trim(),
    secret_key_sealed: secret,
    min_score: input.minScore ?? current?.min_score ?? 0.5,
    ignored_emails: [
      ...new Set((input.ignoredEmails ?? current?.ignored_emails ?? []).map((e) => e.trim().toLowerCase())),
    ],
  });
  return captchaPolicy(ctx.db);
}

/**
 * Refuses the request unless the captcha policy is off, the email is ignored, or the verifier
 * accepts `token`. Throws 400 (missing or refused token) or 503 (verifier unreachable).
 */
export async function verifyCaptcha(
  ctx: AppContext,
  input: { token?: string | null; email?: string | null; ip: string },
): Promise<void> {
  const policy = await captchaRow(ctx.db);
  if (!policy?.enabled) return;
  if (input.email && policy.ignored_emails.includes(input.email.trim().toLowerCase())) return;
  if (!input.token) throw contractError('CAPTCHA_REQUIRED');
  if (!policy.secret_key_sealed) throw contractError('CAPTCHA_UNAVAILABLE');
  const secret = (await secretBox(ctx)).open(policy.secret_key_sealed);
  let answer: { success?: unknown; score?: unknown };
  try {
    const response = await fetch(ctx.options.captchaVerifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: input.token, remoteip: input.ip }).toString(),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`captcha verifier answered ${response.status}`);
    answer = (await response.json()) as typeof answer;
  } catch {
    throw contractError('CAPTCHA_UNAVAILABLE');
  }
  if (answer?.success !== true) throw contractError('CAPTCHA_FAILED');
  // Score-based captchas (reCAPTCHA v3): below the policy's minimum is a failure.
  if (typeof answer.score === 'number' && answer.score < policy.min_score)
    throw contractError('CAPTCHA_FAILED');
}
