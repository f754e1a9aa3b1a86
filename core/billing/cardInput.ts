/**
 * What the checkout's card fields do while the person types (issue 24): the number in groups of 4,
 * the expiry as "MM / YY", both from whatever was typed or pasted ("1230", "12/30", "12/2030",
 * "4242424242424242"), with the caret kept after the same digit it followed.
 */

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The card number as groups of 4 digits (19 digits at most). */
export function formatCardNumber(text: string): string {
  return digitsOf(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A month and a year separated as people write them: "12/30", "12 / 2030", "1-30". */
const SEPARATED = /^\s*(\d{1,2})\s*[/\-. ]\s*(\d{2}|\d{4})\s*$/;

/**
 * The expiry as "MM / YY". A first digit above 1 is a month of its own ("4" is "04"); the
 * separator appears with the first digit of the year, so deleting it never fights the person.
 */
export function formatExpiry(text: string): string {
  const separated = SEPARATED.exec(text);
  if (separated) return `${separated[1]!.padStart(2, '0')} / ${separated[2]!.slice(-2)}`;
  let digits = digitsOf(text);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The month and year of an expiry as typed ("1230", "12 / 30", "12/2030"); NaN where there is none. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } {
  const separated = SEPARATED.exec(text);
  if (separated) return { expMonth: Number(separated[1]), expYear: Number(separated[2]) };
  const digits = digitsOf(text);
  if (digits.length === 4 || digits.length === 6)
    return { expMonth: Number(digits.slice(0, 2)), expYear: Number(digits.slice(2)) };
  return { expMonth: NaN, expYear: NaN };
}

/**
 * Where the caret goes in `formatted` so that it follows the same number of digits it followed in
 * what was typed (`digitsBefore`, counted up to the caret there).
 */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/** How many digits precede position `caret` of `text`. */
export const digitsBeforeCaret = (text: string, caret: number) => digitsOf(text.slice(0, caret)).length;
