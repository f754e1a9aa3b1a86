import { MESSAGES } from '../../core/api/messages';
import { en, type Dictionary } from './en';

type TextEntry = string | ((...args: never[]) => string);
type Overrides<T> = {
  [K in keyof T]?: T[K] extends (...args: infer A) => string ? string | ((...args: A) => string)
    : T[K] extends string ? string
    : Overrides<T[K]>;
};
/**
 * A host's overrides: any subset of the English keys, nested sections included (`portal.users.next`).
 * A parametrised text takes a function or a string with {0}, {1}… The `errors` section overrides
 * the error catalogue's messages (core/api/messages.ts), shown when a call fails.
 */
export type Localizations = Overrides<Dictionary> & {
  errors?: Partial<Record<keyof typeof MESSAGES, string>>;
  portalAdmin?: Overrides<typeof import('./portalAdmin.en').portalAdmin>;
};

/** Sections whose texts load with their pages (registerLazySection): their overrides wait for them. */
const LAZY_SECTIONS = ['portalAdmin'];

interface Tree { [key: string]: TextEntry | Tree }

/** Every text the elements show: the dictionary, and the error catalogue as the `errors` section. */
const live: Tree = { ...(en as unknown as Tree), errors: MESSAGES as unknown as Tree };

function snapshot(tree: Tree): Tree {
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, typeof value === 'object' ? snapshot(value) : value]));
}
// The English texts as shipped, kept apart so that every call starts again from English: a key
// missing from the overrides is English, never the previous override.
const english = snapshot(live);

function restore(target: Tree, source: Tree) {
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'object') restore(target[key] as Tree, value);
    else target[key] = value;
  }
}

/** "{0} of {1}" with (3, 5) -> "3 of 5". */
function fromTemplate(template: string): (...args: unknown[]) => string {
  return (...args) => template.replace(/\{(\d+)\}/g, (whole, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : whole));
}

function apply(target: Tree, base: Tree, overrides: Record<string, unknown>, path: string, warn: (message: string) => void) {
  for (const [key, value] of Object.entries(overrides)) {
    const name = path ? `${path}.${key}` : key;
    const original = base[key];
    if (original === undefined && !path && LAZY_SECTIONS.includes(key)) continue;
    if (original === undefined) { warn(path ? `unknown localization key "${name}"` : `unknown localization section "${name}"`); continue; }
    if (typeof original === 'object') {
      if (typeof value === 'object' && value !== null) apply(target[key] as Tree, original, value as Record<string, unknown>, name, warn);
      else warn(`localization "${name}" must be a section of texts`);
    } else if (typeof original === 'string' && typeof value === 'string') target[key] = value;
    else if (typeof original === 'function' && typeof value === 'function') target[key] = value as TextEntry;
    else if (typeof original === 'function' && typeof value === 'string') target[key] = fromTemplate(value);
    else warn(`localization "${name}" must be a ${typeof original === 'function' ? 'function or a string with {0}' : 'string'}`);
  }
}

/**
 * Applies a host's texts over the English dictionary every element reads, page-wide (a page has one
 * language). Missing keys fall back to English; unknown keys and values of the wrong kind are
 * ignored with a warning. Call it before the elements render (initialize() and the provider do).
 */
export function applyLocalizations(overrides: Localizations | Record<string, unknown> | undefined, warn: (message: string) => void = (m) => console.warn(`[auth-elements] ${m}`)): void {
  latest = { overrides: (overrides ?? {}) as Record<string, unknown>, warn };
  restore(live, english);
  if (overrides) apply(live, english, overrides as Record<string, unknown>, '', warn);
}

let latest: { overrides: Record<string, unknown>; warn: (message: string) => void } = { overrides: {}, warn: () => {} };

/** A lazily loaded section joins the dictionary, taking the overrides the host already gave for it. */
export function registerLazySection(name: string, section: object): void {
  if (live[name]) return;
  live[name] = section as Tree;
  english[name] = snapshot(section as Tree);
  const pending = latest.overrides[name];
  if (pending !== undefined) apply(live, english, { [name]: pending }, '', latest.warn);
}

/** Back to English everywhere. */
export const resetLocalizations = (): void => applyLocalizations(undefined);
