/**
 * The code that applies a language (never on an English page): its module (locales/<lang>/index.ts)
 * gives the login box's catalogues, and loaders of the lazily loaded screens' catalogues (checkout,
 * portal…), each its own small chunk, fetched when that screen's English texts register (localize.ts
 * `registerLazyTexts`). Catalogues are compiled at build time (scripts/i18n-compile.mjs): strings and
 * plain functions. Each language's chunk (language/<lang>.ts) carries this code with its texts.
 */
import type { SupportedLocale } from '../../core/contract/locale-tags';
import { englishTexts, setTranslations } from './localize';
import { pseudoTexts } from './pseudo';

/** Ours (core/contract/locale-tags.ts), and `en-XA`: the pseudo-locale for tests (pseudo.ts). */
export type Locale = SupportedLocale | 'en-XA';

type Texts = Record<string, unknown>;
type Load = () => Promise<{ default: Texts }>;
/** A language module: the login box's texts, and loaders of the other catalogues by name. */
interface Language {
  texts: Texts;
  lazy: Record<string, Load>;
}

/** A lazily registered section (its top-level key) -> the catalogue that translates it. */
export const CATALOGUE_OF: Record<string, string> = {
  checkout: 'billing',
  subscriptions: 'billing',
  portal: 'portal',
  portalLanguage: 'portal',
  portalAdmin: 'portalAdmin',
  securityCenter: 'securityCenter',
  auditStreams: 'auditStreams',
  portalConnectivity: 'connectivity',
  portalSso: 'sso',
  portalProvisioning: 'provisioning',
  invite: 'invitations',
  acceptInvitation: 'invitations',
  inviteSignUp: 'invitations',
};

/** Back to the English texts (the page switched to English after another language). */
export const toEnglish = (): Promise<unknown> => setTranslations({});

/**
 * The pseudo-locale, made from the English texts; a section registered later, at once. `current`:
 * whether the page still wants this language (another may have been asked for since).
 */
export async function switchToPseudo(current: () => boolean): Promise<void> {
  const texts = pseudoTexts(englishTexts());
  const lazySection = (key: string) => {
    if (texts[key] || !current()) return undefined;
    Object.assign(texts, pseudoTexts({ [key]: englishTexts()[key] }));
    return setTranslations(texts, lazySection).then(() => undefined);
  };
  await setTranslations(texts, lazySection);
}

/**
 * Puts `language`'s login texts in place; the catalogue of a lazy section registered already (an
 * open portal or checkout) is awaited too, one registered later arrives on its own and `changed`
 * renders the elements again. `current`: whether the page still wants this language.
 */
export async function switchLanguage(
  language: Language,
  current: () => boolean,
  changed: () => void,
): Promise<void> {
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
          if (!current()) return;
          Object.assign(texts, catalogue);
          void setTranslations(texts, lazySection);
          changed();
        }),
      );
    return loading.get(name);
  };
  await setTranslations(texts, lazySection);
}
