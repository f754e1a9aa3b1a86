/**
 * The languages the kit and the server speak (issue 29, docs/i18n.md), written once for the
 * elements (which language a page shows), the contract (which `locale` a profile or an account
 * may save) and the server and demo mode (which language an email or SMS is written in).
 */

export const LOCALES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt-BR',
  'nl',
  'ja',
  'ko',
  'zh-CN',
  'he',
  'ar',
] as const;
export type SupportedLocale = (typeof LOCALES)[number];

/** A BCP 47 tag as one of ours: `es-MX` -> es, `pt-PT` -> pt-BR, `zh-Hans-SG` -> zh-CN; `zh-TW`: none. */
export function matchSupportedLocale(tag: string): SupportedLocale | undefined {
  const [language = '', ...rest] = tag.toLowerCase().replace(/_/g, '-').split('-');
  if (language === 'zh') return rest.some((part) => /^(tw|hk|mo|hant)$/.test(part)) ? undefined : 'zh-CN';
  if (language === 'pt') return 'pt-BR';
  return LOCALES.find((locale) => locale === (language === 'iw' ? 'he' : language));
}

/**
 * The language of an email or SMS: the recipient's saved locale, else their account's, else
 * English. A saved value the kit no longer speaks counts as none.
 */
export function recipientLocale(
  userLocale: string | null | undefined,
  tenantLocale: string | null | undefined,
): SupportedLocale {
  return (
    (userLocale && matchSupportedLocale(userLocale)) ||
    (tenantLocale && matchSupportedLocale(tenantLocale)) ||
    'en'
  );
}
