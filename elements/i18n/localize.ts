import type { ErrorCode } from '../../core/api/errorCodes';
import { SERVER_ERROR_TEXTS } from '../../core/api/errors';
import { MESSAGES } from '../../core/api/messages';
import { en, type Dictionary } from './en';
import type { enMfa } from './en-mfa';
import type { auditStreams } from './auditStreams.en';
import type { enBilling } from './en-billing';
import type { enPortal } from './en-portal';
import type { enInvitations } from './invitations';
import type { portalAdmin } from './portalAdmin.en';
import type { portalConnectivity } from './portalConnectivity.en';
import type { portalSso } from './portalSso.en';
import type { portalProvisioning } from './provisioning.en';
import type { securityCenter } from './securityCenter.en';

type TextEntry = string | ((...args: never[]) => string);
type Overrides<T> = {
  [K in keyof T]?: T[K] extends (...args: infer A) => string
    ? string | ((...args: A) => string)
    : T[K] extends string
      ? string
      : Overrides<T[K]>;
};
/**
 * A host's overrides: any subset of the English keys, nested sections included (`portal.users.next`).
 * A parametrised text takes a function or a string with {0}, {1}… The `errors` section overrides
 * the error catalogue's messages (core/api/messages.ts), shown when a call fails. The `serverErrors`
 * section translates the server's own messages by their stable code (core/contract/errors.ts,
 * docs/contract.md "Error codes"): a string, or a function given the server's English message.
 */
export type Localizations = Overrides<
  Dictionary &
    typeof enMfa &
    typeof enPortal &
    typeof enBilling &
    typeof enInvitations & {
      portalAdmin: typeof portalAdmin;
      securityCenter: typeof securityCenter;
      auditStreams: typeof auditStreams;
      portalConnectivity: typeof portalConnectivity;
      portalSso: typeof portalSso;
      portalProvisioning: typeof portalProvisioning;
    }
> & {
  errors?: Partial<Record<keyof typeof MESSAGES, string>>;
  serverErrors?: Partial<Record<ErrorCode, string | ((message: string) => string)>>;
};

interface Tree {
  [key: string]: TextEntry | Tree;
}

function snapshot(tree: Tree): Tree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [key, typeof value === 'object' ? snapshot(value) : value]),
  );
}

interface State {
  /** Every text the elements show: the dictionary, and the error catalogue as the `errors` section. */
  live: Tree;
  /**
   * The English texts as shipped, kept apart so that every call starts again from English: a key
   * missing from the overrides is English, never the previous override.
   */
  english: Tree;
  /**
   * The page's language's texts over English (languages.ts sets them): the same keys, a string for
   * a string, a compiled message (taking `{ 0: first argument, … }`) for a parametrised text.
   */
  translations: Tree;
  onLazySection: (key: string) => Promise<void> | undefined;
  lastOverrides?: Record<string, unknown>;
  lastWarn: (message: string) => void;
}

const STATE = Symbol.for('auth-elements.texts');
/**
 * The page's texts and what applies to them, kept on the English dictionary object: the CDN build
 * gives each language's chunk its own copy of this module (one request per language,
 * rollup.config.mjs), and every copy must work on the same texts.
 */
const state: State = ((en as unknown as Record<symbol, State>)[STATE] ??= (() => {
  const live: Tree = { ...(en as unknown as Tree), errors: MESSAGES as unknown as Tree };
  return {
    live,
    english: snapshot(live),
    translations: {},
    onLazySection: () => undefined,
    lastWarn: () => {},
  };
})());

function restore(target: Tree, source: Tree) {
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'object') restore(target[key] as Tree, value);
    else target[key] = value;
  }
}

/** "{0} of {1}" with (3, 5) -> "3 of 5". */
function fromTemplate(template: string): (...args: unknown[]) => string {
  return (...args) =>
    template.replace(/\{(\d+)\}/g, (whole, index: string) =>
      Number(index) < args.length ? String(args[Number(index)]) : whole,
    );
}

/** Writes the translations of `english`'s keys into `target`; a key without one stays English. */
function translate(target: Tree, base: Tree, texts: Tree) {
  for (const [key, original] of Object.entries(base)) {
    const text = texts[key];
    if (text === undefined || text === null) continue;
    if (typeof original === 'object') {
      if (typeof text === 'object') translate(target[key] as Tree, original, text);
    } else if (typeof original === 'string') {
      if (typeof text === 'string') target[key] = text;
    } else if (typeof text === 'string') target[key] = () => text;
    else if (typeof text === 'function') {
      const message = text as (values: unknown[]) => string;
      target[key] = (...args: unknown[]) => message(args);
    }
  }
}

/** Sections whose texts arrive with lazy chunks (en-mfa.ts): their overrides apply when they load. */
const LAZY_SECTIONS = [
  'portal',
  'mfa',
  'portalMfa',
  'portalPasskeys',
  'passkeyPrompt',
  'portalAdmin',
  'checkout',
  'subscriptions',
  'securityCenter',
  'auditStreams',
  'portalConnectivity',
  'portalSso',
  'invite',
  'acceptInvitation',
  'inviteSignUp',
];

function apply(
  target: Tree,
  base: Tree,
  overrides: Record<string, unknown>,
  path: string,
  warn: (message: string) => void,
) {
  for (const [key, value] of Object.entries(overrides)) {
    const name = path ? `${path}.${key}` : key;
    const original = base[key];
    if (original === undefined && !path && LAZY_SECTIONS.includes(key)) continue;
    if (original === undefined) {
      warn(path ? `unknown localization key "${name}"` : `unknown localization section "${name}"`);
      continue;
    }
    if (typeof original === 'object') {
      if (typeof value === 'object' && value !== null)
        apply(target[key] as Tree, original, value as Record<string, unknown>, name, warn);
      else warn(`localization "${name}" must be a section of texts`);
    } else if (typeof original === 'string' && typeof value === 'string') target[key] = value;
    else if (typeof original === 'function' && typeof value === 'function') target[key] = value as TextEntry;
    else if (typeof original === 'function' && typeof value === 'string') target[key] = fromTemplate(value);
    else
      warn(
        `localization "${name}" must be a ${typeof original === 'function' ? 'function or a string with {0}' : 'string'}`,
      );
  }
}

/**
 * Applies a host's texts over the English dictionary every element reads, page-wide (a page has one
 * language). Missing keys fall back to English; unknown keys and values of the wrong kind are
 * ignored with a warning. Call it before the elements render (initialize() and the provider do).
 */
export function applyLocalizations(
  overrides: Localizations | Record<string, unknown> | undefined,
  warn: (message: string) => void = (m) => console.warn(`[auth-elements] ${m}`),
): void {
  const { live, english } = state;
  restore(live, english);
  translate(live, english, state.translations);
  state.lastOverrides = overrides as Record<string, unknown> | undefined;
  state.lastWarn = warn;
  for (const code of Object.keys(SERVER_ERROR_TEXTS)) delete SERVER_ERROR_TEXTS[code];
  if (!overrides) return;
  const { serverErrors, ...rest } = overrides as Record<string, unknown>;
  // Keyed by the server's codes, which the kit does not ship (they live with the server's
  // catalogue): any key is accepted, a value must be a string or a function.
  if (serverErrors !== undefined && (typeof serverErrors !== 'object' || serverErrors === null))
    warn('localization "serverErrors" must be a section of texts');
  for (const [code, text] of Object.entries((serverErrors as Record<string, unknown> | undefined) ?? {})) {
    if (typeof text === 'string' || typeof text === 'function')
      SERVER_ERROR_TEXTS[code] = text as string | ((message: string) => string);
    else warn(`localization "serverErrors.${code}" must be a string or a function`);
  }
  apply(live, english, rest, '', warn);
}

/**
 * Adds the texts of a lazily loaded chunk to the page's dictionary (once) and applies the host's
 * overrides for them. The screens read the very objects registered here, so overrides reach them.
 */
export function registerLazyTexts(sections: object): void {
  const { live, english, translations } = state;
  for (const [key, value] of Object.entries(sections as Tree)) {
    if (live[key] || typeof value !== 'object') continue;
    live[key] = value;
    english[key] = snapshot(value);
    if (translations[key]) translate(live, { [key]: english[key] }, translations);
    void state.onLazySection(key);
    const override = state.lastOverrides?.[key];
    if (override && typeof override === 'object')
      apply(value, english[key] as Tree, override as Record<string, unknown>, key, state.lastWarn);
  }
}

/**
 * The page's language (languages.ts): its texts replace the English ones, the host's overrides apply
 * over them again, and `lazySection` is told of each section registered (to load its catalogue):
 * resolves when those registered already are translated.
 */
export function setTranslations(
  texts: object,
  lazySection: (key: string) => Promise<void> | undefined = () => undefined,
): Promise<unknown> {
  state.translations = texts as Tree;
  state.onLazySection = lazySection;
  applyLocalizations(state.lastOverrides, state.lastWarn);
  // The sections registered already whose catalogue is not here yet: loaded now.
  return Promise.all(Object.keys(state.live).map(lazySection));
}

/** The English texts as shipped, every section registered so far (the pseudo-locale's source). */
export const englishTexts = (): Record<string, unknown> => state.english;

/** Back to English everywhere. */
export const resetLocalizations = (): void => applyLocalizations(undefined);
