/**
 * The vendor's captcha policy in SQL (`captcha_policy`, one row); the secret key is stored sealed.
 * Its rules (what a save needs, when a request is checked) are in domain/captcha.ts.
 */
import type { Database } from './database';

interface CaptchaRow {
  id: string;
  enabled: boolean;
  site_key: string;
  secret_key_sealed: string | null;
  min_score: number;
  ignored_emails: string[];
  created_at: Date;
  updated_at: Date;
}

/** The policy, or null before any save. */
export async function captchaRow(db: Database): Promise<CaptchaRow | null> {
  const { rows } = await db.query<CaptchaRow>('SELECT * FROM captcha_policy LIMIT 1');
  return rows[0] ?? null;
}

/** Writes the policy (created on the first save). */
export async function saveCaptchaRow(
  db: Database,
  row: Pick<CaptchaRow, 'enabled' | 'site_key' | 'secret_key_sealed' | 'min_score' | 'ignored_emails'>,
): Promise<void> {
  await db.query(
    `INSERT INTO captcha_policy (enabled, site_key, secret_key_sealed, min_score, ignored_emails)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (singleton) DO UPDATE SET enabled = EXCLUDED.enabled, site_key = EXCLUDED.site_key,
       secret_key_sealed = EXCLUDED.secret_key_sealed, min_score = EXCLUDED.min_score,
       ignored_emails = EXCLUDED.ignored_emails, updated_at = now()`,
    [row.enabled, row.site_key, row.secret_key_sealed, row.min_score, row.ignored_emails],
  );
}
