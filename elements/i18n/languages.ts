/**
 * The translations (a lazy chunk, never on an English page): one module per language
 * (locales/<lang>/index.ts) with the login box's catalogues, and the catalogues of the lazily loaded
 * screens (checkout, portal…), each its own small chunk, fetched when that screen's English texts
 * register (localize.ts `registerLazyTexts`). Catalogues are compiled at build time
 * (scripts/i18n-compile.mjs): strings and plain functions.
 */
import { englishTexts, setTranslations } from './localize';
import { pseudoTexts } from './pseudo';

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
/** Ours, and `en-XA`: the pseudo-locale for tests (pseudo.ts). */
export type Locale = (typeof LOCALES)[number] | 'en-XA';

/** A BCP 47 tag as one of ours: `es-MX` -> es, `pt-PT` -> pt-BR, `zh-Hans-SG` -> zh-CN; `zh-TW`: none. */
export function matchLocale(tag: string): Locale | undefined {
  if (tag.toLowerCase() === 'en-xa') return 'en-XA';
  const [language = '', ...rest] = tag.toLowerCase().replace(/_/g, '-').split('-');
  if (language === 'zh') return rest.some((part) => /^(tw|hk|mo|hant)$/.test(part)) ? undefined : 'zh-CN';
  if (language === 'pt') return 'pt-BR';
  return LOCALES.find((locale) => locale === (language === 'iw' ? 'he' : language));
}

/** The first of `candidates` (the element's, the host's, the page's, the browser's) that is ours, else English. */
export const pickLocale = (candidates: string[]): Locale => candidates.map(matchLocale).find(Boolean) ?? 'en';

type Texts = Record<string, unknown>;
type Load = () => Promise<{ default: Texts }>;
/** A language module: the login box's texts, and loaders of the other catalogues by name. */
export interface Language {
  texts: Texts;
  lazy: Record<string, Load>;
}

const LANGUAGES: Partial<Record<Locale, () => Promise<Language>>> = {
  es: () => import('./locales/es/index'),
  fr: () => import('./locales/fr/index'),
  de: () => import('./locales/de/index'),
  it: () => import('./locales/it/index'),
  'pt-BR': () => import('./locales/pt-BR/index'),
  nl: () => import('./locales/nl/index'),
  ja: () => import('./locales/ja/index'),
  ko: () => import('./locales/ko/index'),
  'zh-CN': () => import('./locales/zh-CN/index'),
  he: () => import('./locales/he/index'),
  ar: () => import('./locales/ar/index'),
};

/** A lazily registered section (its top-level key) -> the catalogue that translates it. */
export const CATALOGUE_OF: Record<string, string> = {
  checkout: 'billing',
  subscriptions: 'billing',
  portal: 'portal',
  portalAdmin: 'portalAdmin',
  securityCenter: 'securityCenter',
  auditStreams: 'auditStreams',
  portalConnectivity: 'connectivity',
  portalSso: 'sso',
  invite: 'invitations',
  acceptInvitation: 'invitations',
  inviteSignUp: 'invitations',
};

let active: Locale = 'en';

/**
 * Loads `locale`'s login texts and puts them in place; the catalogue of a lazy section registered
 * already (an open portal or checkout) is awaited too, one registered later arrives on its own and
 * `changed` re-renders the elements.
 */
export async function switchLanguage(locale: Locale, changed: () => void): Promise<void> {
  active = locale;
  if (locale === 'en-XA') {
    // The pseudo-locale, made from the English texts: a section registered later, at once.
    const texts = pseudoTexts(englishTexts());
    const lazySection = (key: string) => {
      if (texts[key]) return undefined;
      Object.assign(texts, pseudoTexts({ [key]: englishTexts()[key] }));
      return setTranslations(texts, lazySection).then(() => undefined);
    };
    await setTranslations(texts, lazySection);
    return;
  }
  if (locale === 'en' || !LANGUAGES[locale]) {
    await setTranslations({});
    return;
  }
  const load = LANGUAGES[locale];
  if (!load) return;
  const language = await load();
  if (active !== locale) return;
  const texts: Texts = { ...language.texts };
  const loading = new Map<string, Promise<void>>();
  const lazySection = (key: string): Promise<void> | undefined => {
    const name = CATALOGUE_OF[key];
    const load = name ? language.lazy[name] : undefined;
    if (!name || !load || texts[key]) return undefined;
    if (!loading.has(name))
      loading.set(
        name,
        load().then(({ default: catalogue }) => {
          if (active !== locale) return;
          Object.assign(texts, catalogue);
          void setTranslations(texts, lazySection);
          changed();
        }),
      );
    return loading.get(name);
  };
  await setTranslations(texts, lazySection);
}
