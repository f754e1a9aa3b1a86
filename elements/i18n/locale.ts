/**
 * The page's language: which one, and the switch. This module is on every page, so it stays small:
 * the translations and the code that applies them load only when the language asked for is not
 * English, in one chunk per language (language/<lang>.ts). The page has one language (the elements
 * read one dictionary): the last locale asked for, by an element's `locale` attribute, `initialize()`
 * or the provider, is the page's. Without one: the signed-in user's saved language, the page's
 * `lang`, then the browser's languages, then English (docs/i18n.md).
 */
import { LOCALES } from '../../core/contract/locale-tags';
import { loadLanguageChunk, type LanguageChunk } from './language-chunks';
import type { Locale } from './languages';

/** A BCP 47 tag as one of ours: `es-MX` -> es, `pt-PT` -> pt-BR, `zh-Hans-SG` -> zh-CN; `zh-TW`: none. */
function matchLocale(tag: string): Locale | undefined {
  const [language = '', ...rest] = tag.toLowerCase().split(/[-_]/);
  if (language === 'zh') return rest.some((part) => /^(tw|hk|mo|hant)$/.test(part)) ? undefined : 'zh-CN';
  if (language === 'en') return rest.join() === 'xa' ? 'en-XA' : 'en';
  const locale = ({ pt: 'pt-BR', iw: 'he' } as Record<string, Locale>)[language] ?? language;
  return (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : undefined;
}

export const isRtl = (locale: string): boolean => locale === 'he' || locale === 'ar';

let applied: Locale = 'en';
let asked: string | undefined;
let hostChoice: string | undefined;
let savedChoice: string | undefined;
let loading = 0;
let lastAsked = '';
/** The last language chunk loaded (the way back to English). */
let loaded: LanguageChunk | undefined;
let version = 0;
const listeners = new Set<() => void>();

/** The language the texts are in now (formats follow it). */
export const currentLocale = (): Locale => applied;

/** After the texts changed language, or changed in place (a late catalogue): elements render again. */
function textsChanged(): void {
  version += 1;
  listeners.forEach((listener) => listener());
}

/**
 * Asks for a language. Its texts load (one request the first time), then every open element renders
 * again in it; resolves once applied. `undefined`: the host's choice, else the page's default, unless
 * an element asked for one already (an element without a `locale` attribute keeps the page's);
 * with `force` (an element's attribute was removed) the page follows its default again.
 */
export function setLocale(tag: string | undefined, force = false): Promise<void> {
  if (tag) asked = tag;
  else if (force) asked = undefined;
  else if (asked) return Promise.resolve();
  const candidates = [
    tag,
    hostChoice,
    savedChoice,
    document.documentElement.lang,
    ...navigator.languages,
  ].filter((candidate): candidate is string => !!candidate);
  const key = candidates.join();
  if (key === lastAsked) return Promise.resolve();
  lastAsked = key;
  // The first that is ours (the element's, the host's, the page's, the browser's), else English.
  const target = candidates.map(matchLocale).find(Boolean) ?? 'en';
  // English while the page is English: nothing to load.
  if (target === 'en' && applied === 'en' && !loading) return Promise.resolve();
  const request = ++loading;
  const current = () => request === loading || (!loading && applied === target);
  return (
    (target === 'en' ? Promise.resolve(loaded) : loadLanguageChunk(target))
      .then(async (chunk) => {
        if (request !== loading) return;
        loaded = chunk;
        await (target === 'en' ? chunk?.toEnglish() : chunk?.apply(current, textsChanged));
        if (request === loading) applied = target;
      })
      // The language's chunk did not load: the page stays in its language (English at first).
      .catch(console.warn)
      .finally(() => {
        if (request === loading) loading = 0;
        textsChanged();
      })
  );
}

/** The host's language (initialize() and the React provider): elements without a `locale` attribute. */
export function setHostLocale(tag: string): Promise<void> {
  hostChoice = tag;
  return setLocale(tag);
}

/**
 * The signed-in user's saved language (their profile's `locale`; null or undefined: none, or signed
 * out): the page shows it when neither an element's attribute nor the host chose one, before the
 * page's `lang` and the browser's languages.
 */
export function setSavedLocale(tag: string | null | undefined): Promise<void> {
  if ((tag || undefined) === savedChoice) return Promise.resolve();
  savedChoice = tag || undefined;
  return setLocale(undefined);
}

/** For useSyncExternalStore: bumps when the texts change language (or late texts arrive). */
export const subscribeLocale = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** Changes when the page's texts change; ends in `+` while a language is loading. */
export const localeVersion = (): string => `${version}${loading ? '+' : ''}`;
