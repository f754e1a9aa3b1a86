/**
 * The languages the kit and the server speak (issue 29, docs/i18n.md): which `locale` a profile or
 * an account may save (the contract's schema, server and demo mode), which the portal's picker
 * lists and which language an email or SMS is written in. The elements' lazy language chunk keeps
 * its own copy of the list with the tag matching (elements/i18n/languages.ts: importing this module
 * there put the page's dictionary code on the English page); elements/i18n/locales-list.test.ts holds the two equal.
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

/**
 * The language of an email or SMS: the recipient's saved locale, else their account's, else
 * English. A saved value the kit no longer speaks counts as none.
 */
export function recipientLocale(
  userLocale: string | null | undefined,
  tenantLocale: string | null | undefined,
): SupportedLocale {
  const ours = (tag: string | null | undefined) => LOCALES.find((locale) => locale === tag);
  return ours(userLocale) ?? ours(tenantLocale) ?? 'en';
}
