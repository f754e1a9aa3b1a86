/**
 * Demo mode's emails and SMS, written as the server writes them (core/domain/delivery-texts/) in
 * the recipient's language (`recipientLocale`). Each language is a small chunk of its own, loaded
 * before a request is answered (English, and each one a user or an account has saved), so that the
 * handlers compose their messages synchronously and the demo's chunk carries no language.
 */
import { composeEmail, composeSms } from '../domain/delivery-texts/compose';
import { loadDeliveryTexts } from '../domain/delivery-texts/load';
import type { DeliveryTexts, EmailKey, EmailParams, SmsKey } from '../domain/delivery-texts/types';
import { recipientLocale, type SupportedLocale } from '../domain/locales';
import { tenantRows, userRows, type DemoDatabase } from './data';
import type { UserRow } from '../domain/user-tables';

const loaded = new Map<SupportedLocale, DeliveryTexts>();

const accountLocale = (db: DemoDatabase, tenantId = '') =>
  tenantRows(db).find((t) => t.id === tenantId)?.locale;

/** Loads the catalogue of every language a message may be written in now. */
export async function loadDemoDeliveryTexts(db: DemoDatabase): Promise<void> {
  const saved = [...userRows(db).map((user) => user.locale), ...tenantRows(db).map((t) => t.locale)];
  const wanted = new Set(['en' as const, ...saved.map((locale) => recipientLocale(locale, null))]);
  const missing = [...wanted].filter((locale) => !loaded.has(locale));
  await Promise.all(missing.map(async (locale) => loaded.set(locale, await loadDeliveryTexts[locale]())));
}

/** The catalogue of `user`'s language (English for someone who is not a user). */
const textsFor = (db: DemoDatabase, user: UserRow | null | undefined) =>
  loaded.get(recipientLocale(user?.locale, accountLocale(db, user?.activeTenantId ?? undefined))) ??
  loaded.get('en')!;

/** The subject and text of the email `key` to `user`. */
export function demoEmail<K extends EmailKey>(
  db: DemoDatabase,
  user: UserRow | null | undefined,
  key: K,
  params: EmailParams[K],
): [subject: string, text: string] {
  const { subject, text } = composeEmail(textsFor(db, user), key, params);
  return [subject, text];
}

export const demoSms = (db: DemoDatabase, user: UserRow | null | undefined, key: SmsKey, code: string) =>
  composeSms(textsFor(db, user), key, code);
