/**
 * The saved languages a message's recipient is written to in (SQL only; the rule is
 * `recipientLocale` in core/domain/locales.ts).
 */
import { recipientLocale, type SupportedLocale } from '../../core/domain/locales';
import type { Database } from './database';

/**
 * The language of a message to the user `userId` (or, for someone not a user yet, none) about the
 * account `tenantId` (else the user's active account, else their first): the user's locale, else
 * that account's, else English.
 */
export async function localeOfRecipient(
  db: Database,
  userId: string | null,
  tenantId: string | null = null,
): Promise<SupportedLocale> {
  const { rows } = await db.query<{ user_locale: string | null; tenant_locale: string | null }>(
    `SELECT (SELECT locale FROM users WHERE id = $1::uuid) AS user_locale,
            (SELECT t.locale FROM tenants t
              WHERE t.id = COALESCE(
                $2::uuid,
                (SELECT active_tenant_id FROM users WHERE id = $1::uuid),
                (SELECT m.tenant_id FROM memberships m WHERE m.user_id = $1::uuid ORDER BY m.created_at LIMIT 1))
            ) AS tenant_locale`,
    [userId, tenantId],
  );
  return recipientLocale(rows[0]?.user_locale, rows[0]?.tenant_locale);
}
