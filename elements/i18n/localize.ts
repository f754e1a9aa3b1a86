import { en, type Dictionary } from './en';

type TextEntry = string | ((...args: never[]) => string);
/** A host's overrides: any subset of the English keys. A parametrised text takes a function or a string with {0}, {1}… */
export type Localizations = {
  [K in keyof Dictionary]?: {
    [L in keyof Dictionary[K]]?: Dictionary[K][L] extends (...args: infer A) => string ? string | ((...args: A) => string) : string;
  };
};

type Section = Record<string, TextEntry>;
type MutableDictionary = Record<string, Section>;

// The English texts as shipped, kept apart so that every call starts again from English: a key
// missing from the overrides is English, never the previous override.
const english: Record<string, Section> = Object.fromEntries(Object.entries(en as unknown as MutableDictionary).map(([k, v]) => [k, { ...v }]));

/** "{0} of {1}" with (3, 5) -> "3 of 5". */
function fromTemplate(template: string): (...args: unknown[]) => string {
  return (...args) => template.replace(/\{(\d+)\}/g, (whole, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : whole));
}

/**
 * Applies a host's texts over the English dictionary every element reads, page-wide (a page has one
 * language). Missing keys fall back to English; unknown keys and values of the wrong kind are
 * ignored with a warning. Call it before the elements render (initialize() and the provider do).
 */
export function applyLocalizations(overrides: Localizations | Record<string, unknown> | undefined, warn: (message: string) => void = (m) => console.warn(`[auth-elements] ${m}`)): void {
  const live = en as unknown as MutableDictionary;
  for (const [sectionKey, section] of Object.entries(english)) Object.assign(live[sectionKey]!, section);
  if (!overrides) return;
  for (const [sectionKey, sectionOverrides] of Object.entries(overrides)) {
    const base = english[sectionKey];
    if (!base || typeof sectionOverrides !== 'object' || sectionOverrides === null) {
      warn(`unknown localization section "${sectionKey}"`);
      continue;
    }
    for (const [key, value] of Object.entries(sectionOverrides as Record<string, unknown>)) {
      const original = base[key];
      if (original === undefined) { warn(`unknown localization key "${sectionKey}.${key}"`); continue; }
      if (typeof original === 'string' && typeof value === 'string') live[sectionKey]![key] = value;
      else if (typeof original === 'function' && typeof value === 'function') live[sectionKey]![key] = value as TextEntry;
      else if (typeof original === 'function' && typeof value === 'string') live[sectionKey]![key] = fromTemplate(value);
      else warn(`localization "${sectionKey}.${key}" must be a ${typeof original === 'function' ? 'function or a string with {0}' : 'string'}`);
    }
  }
}

/** Back to English everywhere. */
export const resetLocalizations = (): void => applyLocalizations(undefined);
