/**
 * Builds an email or SMS from one language's catalogue: the server's delivery
 * (server/delivery/messages.ts) and demo mode's outbox (core/demo/platform.ts) call these, so both
 * send the same words. Plain text, so a name or account name typed by a user cannot become markup
 * or a disguised link.
 */
import type { DeliveryTexts, EmailKey, EmailParams, EmailTexts, SmsKey } from './types';

/** `template` with each `{name}` replaced by `params[name]` (one pass: a value is never re-read). */
export function fillTemplate(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The subject and text of the email `key` in the language of `texts`. */
export function composeEmail<K extends EmailKey>(
  texts: DeliveryTexts,
  key: K,
  params: EmailParams[K],
): EmailTexts {
  const filled: Record<string, string> = { ...params } as Record<string, string>;
  if ('inviterName' in params) filled.inviterName = params.inviterName ?? texts.administrator;
  const { subject, text } = texts.email[key];
  return { subject: fillTemplate(subject, filled), text: fillTemplate(text, filled) };
}

/** The text of the SMS `key` (each carries one code) in the language of `texts`. */
export const composeSms = (texts: DeliveryTexts, key: SmsKey, code: string): string =>
  fillTemplate(texts.sms[key], { code });
