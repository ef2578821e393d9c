import "server-only";

/** The longest display name shown to someone else; longer ones are cut with "…". */
export const PUBLIC_NAME_MAX = 32;

/** Cyrillic and other letters that pass for Latin ones, so "Мinibаnk" is caught as "minibank". */
const LOOKALIKES: Record<string, string> = {
  а: "a", в: "b", е: "e", ё: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x",
  і: "i", ї: "i", ј: "j", ѕ: "s", "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s",
};

/**
 * Words a name may not hold, matched on the folded name (lower case, lookalikes made Latin,
 * everything but letters removed): they would let a person pass for the bank or its staff.
 */
const IMPERSONATING = [
  "minibank", "bank", "support", "admin", "official", "telegram", "telegpam", "security", "service",
  "банк", "поддержк", "служб", "админ", "официальн", "телеграм", "безопасност", "модератор",
];

/**
 * Something a client would turn into a link, or an address to go to: a scheme, "www.", an
 * @-mention, or a domain-like "word.tld" (Latin or Cyrillic top-level domains).
 */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|www\.|@|[\p{L}\p{N}-]\.(?:[a-z]{2,}|рф|рус|укр|бел|сайт|онлайн)(?![\p{L}])/iu;

/** Whether a client would find a link or an address in `text` (LINK_LIKE). */
export function hasLink(text: string): boolean {
  return LINK_LIKE.test(text.normalize("NFKC"));
}

function folded(name: string): string {
  return Array.from(name.toLowerCase(), (char) => LOOKALIKES[char] ?? char)
    .join("")
    .replace(/[^\p{L}]+/gu, "");
}

/**
 * A free-text name (a Telegram first name) as it may be shown to someone else — in lookups,
 * receipts, recent recipients: control characters and line breaks become spaces, runs of spaces
 * one, and it is cut to PUBLIC_NAME_MAX characters. A name with a link in it, or one that passes
 * for the bank or its staff, is not shown at all (null): the caller shows the person's handle.
 * Messages the bank sends (notices) never carry it: they name the sender by handle.
 */
export function publicName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const name = raw
    .normalize("NFKC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, " ")
    .trim();
  if (!name || LINK_LIKE.test(name)) return null;
  const plain = folded(name);
  if (IMPERSONATING.some((word) => plain.includes(folded(word)) || plain.includes(word))) return null;
  const chars = Array.from(name);
  return chars.length > PUBLIC_NAME_MAX ? `${chars.slice(0, PUBLIC_NAME_MAX - 1).join("").trimEnd()}…` : name;
}
