/**
 * Demo mode's emails and SMS in the recipient's language, built from the server's catalogues with
 * the server's function (core/domain/delivery-texts/): the user's saved locale, else their
 * account's, else English (`recipientLocale`). Each language is a small chunk of its own, loaded
 * before a request is answered (English, and each one a user or an account has saved), so that the
 * handlers compose their messages synchronously and the demo's chunk carries no language.
 */
import { composeEmail, composeSms } from '../domain/delivery-texts/compose';
import { loadDeliveryTexts } from '../domain/delivery-texts/load';
import type { DeliveryTexts, EmailKey, EmailParams, SmsKey } from '../domain/delivery-texts/types';
import { recipientLocale, type SupportedLocale } from '../domain/locales';
import type { DemoDatabase, DemoUser } from './data';

const loaded = new Map<SupportedLocale, DeliveryTexts>();

/** The account's saved language (the account page's "Account language"), or null. */
const accountLocale = (db: DemoDatabase, tenantId: string | undefined) =>
  (db.accountSettings?.[tenantId ?? ''] as { locale?: string | null } | undefined)?.locale ?? null;

/** Loads the catalogues of every language a message may be written in now (those users and accounts saved). */
export async function loadDemoDeliveryTexts(db: DemoDatabase): Promise<void> {
  const saved = [
    ...db.users.map((user) => user.locale),
    ...Object.keys(db.accountSettings ?? {}).map((tenantId) => accountLocale(db, tenantId)),
  ];
  const wanted = new Set(['en' as const, ...saved.map((locale) => recipientLocale(locale, null))]);
  await Promise.all(
    [...wanted]
      .filter((locale) => !loaded.has(locale))
      .map(async (locale) => loaded.set(locale, await loadDeliveryTexts[locale]())),
  );
}

/** The catalogue of `user`'s language (English for someone who is not a user); loaded before the request. */
function textsFor(db: DemoDatabase, user: DemoUser | null | undefined): DeliveryTexts {
  const locale = recipientLocale(user?.locale, accountLocale(db, user?.tenantId));
  return (loaded.get(locale) ?? loaded.get('en'))!;
}

/** The subject and text of the email `key` to `user`, as the server writes it: `[subject, text]`. */
export function demoEmail<K extends EmailKey>(
  db: DemoDatabase,
  user: DemoUser | null | undefined,
  key: K,
  params: EmailParams[K],
): [subject: string, text: string] {
  const { subject, text } = composeEmail(textsFor(db, user), key, params);
  return [subject, text];
}

/** The text of the SMS `key` to `user`, as the server writes it. */
export const demoSms = (db: DemoDatabase, user: DemoUser | null | undefined, key: SmsKey, code: string) =>
  composeSms(textsFor(db, user), key, code);

/** An MFA code to the user `userId` by email or SMS (no subject), as the server writes it. */
export function demoMfaCode(db: DemoDatabase, userId: string, channel: 'email' | 'sms', code: string) {
  const user = db.users.find((u) => u.id === userId);
  if (channel === 'sms') return { subject: null, text: demoSms(db, user, 'verificationCode', code) };
  const [subject, text] = demoEmail(db, user, 'verificationCode', { code });
  return { subject, text };
}
