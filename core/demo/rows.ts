/**
 * Demo mode's in-memory tables: what its repositories (the areas' ports) do to the arrays of the
 * page's stored data, where the server's run SQL (server/storage). Changes are made in place: the
 * arrays are the stored data, saved after the call (core/demo/shared.ts).
 */

/** The page's clock and ids, as the demo's ports take them. */
export interface DemoClock {
  now: () => number;
  random: () => string;
}

/** The clock's time as a row's timestamp. */
export const isoNow = (now: () => number) => new Date(now()).toISOString();

/** Matches the row of this id. */
export const withId =
  (id: string) =>
  (row: { id?: string }): boolean =>
    row.id === id;

/** The first row `match` finds, with `changes` written to it (undefined when none matches). */
export function update<T>(rows: T[], match: (row: T) => boolean, changes: Partial<T>): T | undefined {
  const row = rows.find(match);
  if (row) Object.assign(row, changes);
  return row;
}

/** Removes the first row `match` finds; whether there was one. */
export function remove<T>(rows: T[], match: (row: T) => boolean): boolean {
  const index = rows.findIndex(match);
  if (index >= 0) rows.splice(index, 1);
  return index >= 0;
}

/** Keeps only the rows `kept` accepts; whether any went. */
export function keep<T>(rows: T[], kept: (row: T) => boolean): boolean {
  const before = rows.length;
  rows.splice(0, rows.length, ...rows.filter(kept));
  return rows.length < before;
}

/** `row` in place of the first row `match` finds, or added last; the row. */
export function upsert<T>(rows: T[], match: (row: T) => boolean, row: T): T {
  const index = rows.findIndex(match);
  rows.splice(index < 0 ? rows.length : index, index < 0 ? 0 : 1, row);
  return row;
}

/** One page of the rows (the SQL's OFFSET and LIMIT) and how many rows there are. */
export const page = <T>(rows: T[], offset: number, limit: number) => ({
  items: rows.slice(offset, offset + limit),
  total: rows.length,
});

type Compare<T> = (a: T, b: T) => number;

/** Orders rows by `keys` in turn (text by code points, as the C collation); a sort keeps ties' order. */
export const by =
  <T>(...keys: Array<(row: T) => string | number>): Compare<T> =>
  (a, b) => {
    for (const key of keys) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

/** Orders rows by the text `key` in the locale's order (`localeCompare`). */
export const byLocale =
  <T>(key: (row: T) => string): Compare<T> =>
  (a, b) =>
    key(a).localeCompare(key(b));

/** The order of `compare`, reversed when `reversed` is true. */
export const descending =
  <T>(compare: Compare<T>, reversed = true): Compare<T> =>
  (a, b) =>
    reversed ? compare(b, a) : compare(a, b);

/** Matches the row of this email, as the server compares them (trimmed, in lower case). */
export const withEmail =
  (email: string) =>
  (row: { email: string }): boolean =>
    row.email.toLowerCase() === email.trim().toLowerCase();
