/**
 * Each language named in itself: what the profile page's language picker lists (its own module, so
 * the language chunk that reads core/domain/locales.ts does not carry the names).
 */
import type { SupportedLocale } from './locales';

export const LOCALE_NAMES: Record<SupportedLocale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  'pt-BR': 'Português (Brasil)',
  nl: 'Nederlands',
  ja: '日本語',
  ko: '한국어',
  'zh-CN': '简体中文',
  he: 'עברית',
  ar: 'العربية',
};
