/**
 * The pseudo-locale `en-XA` (a test language, docs/i18n.md): every English text accented and about
 * 40 % longer, between ⟦ and ⟧. A screen shown in it reveals a text that is not in the dictionaries
 * (it stays plain English) and a layout that clips or overflows longer translations.
 */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnoprstuwyzACDEGHIJLNORSTUWYZ'].map((letter, index) => [
    letter,
    [...'áƀçðéƒĝĥíĵķĺɱñóþŕšţúŵýžÅÇÐÉĜĤÍĴĹÑÓŔŠŢÚŴÝŽ'][index] ?? letter,
  ]),
);

function pseudo(text: string): string {
  const accented = text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
  // Words of five dots make up the 40 %, so that the text still wraps like a sentence.
  const extra = Math.ceil(text.length * 0.4);
  const padding = '····· '
    .repeat(Math.ceil(extra / 6))
    .slice(0, extra)
    .trimEnd();
  return `⟦${accented}${padding ? ` ${padding}` : ''}⟧`;
}

type Tree = { [key: string]: unknown };

/** The texts of `english` (a dictionary section), each through pseudo(). */
export function pseudoTexts(english: Tree): Tree {
  return Object.fromEntries(
    Object.entries(english).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? pseudo(value)
        : typeof value === 'function'
          ? (args: unknown[]) => pseudo((value as (...a: unknown[]) => string)(...args))
          : pseudoTexts(value as Tree),
    ]),
  );
}
