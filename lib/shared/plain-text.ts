/**
 * What free text from a person (a transfer or request message, a Telegram first name) may hold,
 * shared by the forms, the request schemas and the server's public-name rules.
 */

/** Characters that break or steer a line: C0 and C1 controls (a line break, a tab, an escape), U+2028, U+2029. */
const LINE_BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * Characters that show nothing yet change what text says or how it reads: format characters
 * (\p{Cf}: direction overrides and marks such as U+061C, zero-width spaces and joiners, the soft
 * hyphen, U+180E, U+206A–206F, tags U+E0001–E007F), lone surrogates, and the other
 * default-ignorable code points that pass for letters or blanks: the Hangul fillers U+115F,
 * U+1160, U+3164 and U+FFA0, U+034F, U+17B4–17B5, the Mongolian variation selectors, the rest of
 * the tag block, U+1BCA0–1BCA3, U+1D173–1D17A; and the braille blank U+2800. (The variation
 * selectors U+FE00–FE0F stay: "❤️" needs U+FE0F.)
 */
const INVISIBLE =
  /[\p{Cf}\p{Cs}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\uffa0\u{e0000}-\u{e0fff}\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}]/u;

const LINE_BREAKING_ALL = new RegExp(LINE_BREAKING.source, "gu");
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, "gu");

export function hasLineBreaking(text: string): boolean {
  return LINE_BREAKING.test(text);
}

export function hasInvisible(text: string): boolean {
  return INVISIBLE.test(text);
}

/** `text` with line-breaking characters made spaces and invisible ones removed. */
export function visibleText(text: string): string {
  return text.replace(LINE_BREAKING_ALL, " ").replace(INVISIBLE_ALL, "");
}
