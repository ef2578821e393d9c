import "server-only";
import { isIPv6 } from "node:net";
import { passesForBank } from "@/lib/server/users/lookalikes";
import { visibleText } from "@/lib/shared/plain-text";

/** The longest display name shown to someone else; longer ones are cut with "…". */
export const PUBLIC_NAME_MAX = 32;

/**
 * Something a client would turn into a link, or an address to go to: a scheme, "www.", an
 * @-mention, a domain-like "word.tld" (Latin or Cyrillic top-level domains), or an IPv4 address.
 */
const LINK_LIKE =
  /[a-z][a-z0-9+.-]*:\/\/|www\.|@|[\p{L}\p{N}-]\.(?:[a-z]{2,}|рф|рус|укр|бел|сайт|онлайн)(?![\p{L}])|(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?!\d)/iu;

/** Runs of hex digits and colons that may be an IPv6 address ("2001:db8::1", "[::1]:80"). */
const IPV6_CANDIDATE = /(?<![\p{L}\p{N}_:])[0-9a-f]*(?::[0-9a-f]*){2,}(?![\p{L}\p{N}_:])/giu;

/** Dots that browsers read as the dot in a host name ("evil。com"). */
const DOTS = /[\u3002\uff0e\uff61]/gu;

/** Whether a client would find a link or an address in `text` (LINK_LIKE, or an IPv6 address). */
export function hasLink(text: string): boolean {
  const normal = text.normalize("NFKC").replace(DOTS, ".");
  return LINK_LIKE.test(normal) || Array.from(normal.matchAll(IPV6_CANDIDATE), (m) => m[0]).some((run) => isIPv6(run));
}

/**
 * What a spreadsheet takes for a formula when a cell starts with it (a tab or a line break too,
 * but the name is trimmed): a name shown in a CSV statement must not start so (statements/csv.ts
 * escapes text cells as well).
 */
const FORMULA_START = /^[=+\-@]/u;

/**
 * A free-text name (a Telegram first name) as it may be shown to someone else — in lookups,
 * receipts, recent recipients, statements: line breaks and control characters become spaces,
 * invisible ones go (lib/shared/plain-text.ts), runs of spaces become one, and it is cut to
 * PUBLIC_NAME_MAX characters. A name with a link in it, one that passes for the bank or its
 * staff (lookalike letters folded by Unicode's confusables data: lookalikes.ts), or one a
 * spreadsheet would take for a formula, is not shown at all (null): the caller shows the person's
 * handle. Messages the bank sends (notices) never carry it: they name the sender by handle.
 */
export function publicName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const name = visibleText(raw.normalize("NFKC")).replace(/\s+/gu, " ").trim();
  if (!name || FORMULA_START.test(name) || hasLink(name) || passesForBank(name)) return null;
  const chars = Array.from(name);
  return chars.length > PUBLIC_NAME_MAX ? `${chars.slice(0, PUBLIC_NAME_MAX - 1).join("").trimEnd()}…` : name;
}
