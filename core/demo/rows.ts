/**
 * What demo mode's readers of its stored rows share: the page's clock and ids, a row's timestamp.
 * The areas' storage is the tables port (core/demo/tables.ts).
 */

/** The page's clock and ids, as the demo's ports take them. */
export interface DemoClock {
  now: () => number;
  random: () => string;
}

/** The clock's time as a row's timestamp. */
export const isoNow = (now: () => number) => new Date(now()).toISOString();
