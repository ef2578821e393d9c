/**
 * A message that travels with a transfer: plain text, trimmed, at most 140 characters (code
 * points), no control characters. Shared by the form (no zod in the browser bundle) and the
 * request schema (lib/shared/schemas/transfers.ts).
 */
export const MAX_TRANSFER_MESSAGE = 140;

/** Control characters (C0 with line breaks, DEL, C1) and the invisible ones that reorder or hide text. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;
const CONTROL_ALL = new RegExp(CONTROL.source, "gu");

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** Length as people count characters (an emoji is one), the unit of the 140 limit. */
export function messageLength(text: string): number {
  return [...text].length;
}

/**
 * What the message field keeps of typed or pasted text: control characters become spaces (a
 * pasted line break), and nothing past 140 characters.
 */
export function cleanMessageInput(raw: string): string {
  return [...raw.replace(CONTROL_ALL, " ")].slice(0, MAX_TRANSFER_MESSAGE).join("");
}
