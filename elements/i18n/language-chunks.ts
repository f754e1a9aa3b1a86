/**
 * Loads a language's chunk (language/<lang>.ts: its texts and the code that applies them). The CDN
 * build replaces this module by one import of the chunk by its stable name (rollup.config.mjs,
 * `languageCopies`), so the English page does not carry a loader per language; a host's bundler
 * (the npm entries) and the tests use these.
 */
import type { Locale } from './languages';

/** A language's chunk: its texts with the code that applies them (and, after it, English again). */
export interface LanguageChunk {
  apply(current: () => boolean, changed: () => void): Promise<void>;
  toEnglish(): Promise<unknown>;
}

const CHUNKS: Record<Exclude<Locale, 'en'>, () => Promise<LanguageChunk>> = {
  es: () => import('./language/es'),
  fr: () => import('./language/fr'),
  de: () => import('./language/de'),
  it: () => import('./language/it'),
  'pt-BR': () => import('./language/pt-BR'),
  nl: () => import('./language/nl'),
  ja: () => import('./language/ja'),
  ko: () => import('./language/ko'),
  'zh-CN': () => import('./language/zh-CN'),
  he: () => import('./language/he'),
  ar: () => import('./language/ar'),
  'en-XA': () => import('./language/en-XA'),
};

export const loadLanguageChunk = (locale: Exclude<Locale, 'en'>): Promise<LanguageChunk> => CHUNKS[locale]();
