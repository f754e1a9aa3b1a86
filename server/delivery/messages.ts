/**
 * The emails and SMS the server sends, in the recipient's language (`locale`: the user's saved one,
 * else their account's, else English; `recipientLocale` in core/domain/locales.ts). The catalogues
 * and the function that fills them are core/domain/delivery-texts/, which demo mode uses too.
 */
import { composeEmail, composeSms } from '../../core/domain/delivery-texts/compose';
import type { EmailKey, EmailParams, SmsKey } from '../../core/domain/delivery-texts/types';
import type { SupportedLocale } from '../../core/domain/locales';
import { SERVER_TEXTS } from './texts';
import type { EmailMessage, SmsMessage } from './types';

/** The email `key` to `to`, written in `locale`. */
export function email<K extends EmailKey>(
  key: K,
  to: string,
  locale: SupportedLocale,
  params: EmailParams[K],
): EmailMessage {
  return { to, ...composeEmail(SERVER_TEXTS[locale], key, params), language: locale };
}

export function sms(key: SmsKey, to: string, locale: SupportedLocale, code: string): SmsMessage {
  return { to, text: composeSms(SERVER_TEXTS[locale], key, code) };
}
