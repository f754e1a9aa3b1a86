/**
 * Breached-password detection against a list shipped with the server: the `passwords-common`
 * dictionary of @zxcvbn-ts/language-common (about 49,000 of the passwords seen most often in
 * public breach corpora, lower-cased). No network call: nothing about a password leaves the server.
 *
 * A password is "breached" when it is on the list as typed or lower-cased. Loaded once, lazily, on
 * the first check (about 50 ms), and kept as a Set.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

let list: Set<string> | null = null;

function breachedList(): Set<string> {
  list ??= new Set(dictionary['passwords-common']);
  return list;
}

/** True when the password is on the shipped breach list. */
export function isBreachedPassword(password: string): boolean {
  if (!password) return false;
  const known = breachedList();
  return known.has(password) || known.has(password.toLowerCase());
}

/** How many passwords the list holds (documentation and tests). */
export function breachedListSize(): number {
  return breachedList().size;
}
