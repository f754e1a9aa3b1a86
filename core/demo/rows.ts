/**
 * What demo mode's readers of its stored rows share: the page's clock and ids, a row's timestamp,
 * the SQL's order, a row of an id or an email. The areas' storage is the tables port
 * (core/demo/tables.ts).
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

/** Matches the row of this email, as the server compares them (trimmed, in lower case). */
export const withEmail =
  (email: string) =>
  (row: { email: string }): boolean =>
    row.email.toLowerCase() === email.trim().toLowerCase();
