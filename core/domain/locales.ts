/**
 * The languages the kit and the server speak (issue 29, docs/i18n.md): which `locale` a profile or
 * an account may save (the contract's schema, server and demo mode), which the portal's picker
 * lists and which language an email or SMS is written in. The list itself is the leaf module
 * core/contract/locale-tags.ts, which the elements' language code reads too.
 */

import { LOCALES, type SupportedLocale } from '../contract/locale-tags';

export { LOCALES, type SupportedLocale };

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
