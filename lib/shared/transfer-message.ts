import { hasInvisible, hasLineBreaking, visibleText } from "@/lib/shared/plain-text";

/**
 * A message that travels with a transfer or a payment request: plain text on one line, trimmed,
 * at most 140 characters (code points), nothing invisible (plain-text.ts). Shared by the forms
 * (no zod in the browser bundle) and the request schemas (lib/shared/schemas/transfers.ts).
 */
export const MAX_TRANSFER_MESSAGE = 140;

/** Line breaks, tabs and other control characters (lib/shared/plain-text.ts). */
export function hasControlCharacters(text: string): boolean {
  return hasLineBreaking(text);
}

/** Characters that show nothing: zero-width and direction marks, Hangul fillers, the braille blank, tags. */
export function hasInvisibleCharacters(text: string): boolean {
  return hasInvisible(text);
}

/** Length as people count characters (an emoji is one), the unit of the 140 limit. */
export function messageLength(text: string): number {
  return [...text].length;
}

/**
 * What the message field keeps of typed or pasted text: a pasted line break becomes a space,
 * invisible characters go, and nothing past 140 characters.
 */
export function cleanMessageInput(raw: string): string {
  return [...visibleText(raw)].slice(0, MAX_TRANSFER_MESSAGE).join("");
}
