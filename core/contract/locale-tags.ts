/**
 * The languages the kit and the server speak, as BCP 47 tags: the one list (issue 29, docs/i18n.md).
 * A leaf module: the elements' language code (elements/i18n/) and the shared rules
 * (core/domain/locales.ts) both read it without pulling anything else in.
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
