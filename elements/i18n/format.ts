/**
 * Dates, times, relative times, numbers, amounts and lists in the page's language (locale.ts), from
 * Intl. In English the browser's own English (en-GB writes 27 Nov 2026) is kept, as before.
 */
import { currentLocale } from './locale';

/** The Intl locale of the texts' language. */
export function formatLocale(): string {
  const locale = currentLocale();
  if (locale !== 'en' && locale !== 'en-XA') return locale;
  const browser = typeof navigator === 'undefined' ? 'en' : navigator.language;
  return browser?.toLowerCase().startsWith('en') ? browser : 'en';
}

const dateOf = (iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

/** A date (medium style), or `fallback` when there is none. */
export function formatDate(iso: string | null | undefined, fallback: string): string {
  const date = dateOf(iso);
  return date ? new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'medium' }).format(date) : fallback;
}

/** A date and time, or `fallback` when there is none. */
export function formatDateTime(iso: string | null | undefined, fallback: string): string {
  const date = dateOf(iso);
  return date
    ? new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date)
    : fallback;
}

/** A time of day. */
export const formatTime = (date: Date): string =>
  new Intl.DateTimeFormat(formatLocale(), { timeStyle: 'short' }).format(date);

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** "3 days ago", "in 2 hours", "hace 3 días": `date` relative to `now`. */
export function formatRelativeTime(date: Date, now: Date = new Date()): string {
  const delta = date.getTime() - now.getTime();
  const [unit, size] = UNITS.find(([, ms]) => Math.abs(delta) >= ms) ?? UNITS[UNITS.length - 1]!;
  return new Intl.RelativeTimeFormat(formatLocale(), { numeric: 'auto' }).format(
    Math.round(delta / size),
    unit,
  );
}

export const formatNumber = (value: number): string => new Intl.NumberFormat(formatLocale()).format(value);

/** ["a", "b", "c"] -> "a, b and c" in the page's language. */
export const formatList = (items: string[]): string =>
  new Intl.ListFormat(formatLocale(), { style: 'long', type: 'conjunction' }).format(items);
