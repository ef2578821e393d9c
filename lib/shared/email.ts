/**
 * E-mail addresses as the product accepts them, and the one canonical form that is the account's
 * identity, the rate-limit key and the address mail is sent to.
 *
 * The grammar is strict on purpose — a mail library given "victim@ex.test,x" or
 * "x<victim@ex.test>" reads an address list out of it:
 *  - local part: RFC 5321's dot-atom (letters, digits and !#$%&'*+/=?^_`{|}~-, dots only between
 *    them), at most 64 characters; no quotes, brackets, commas, semicolons, colons, backslashes,
 *    spaces or control characters;
 *  - domain: labels of letters, digits and inner hyphens, at most 63 characters each, ending in a
 *    top-level label that is a name (with a letter), not a number; an internationalised domain is
 *    accepted and stored as punycode (почта.рф → xn--80a1acny.xn--p1ai).
 * Kept free of zod so the sign-in screen can check an address without shipping the schema library.
 */
export const EMAIL_MAX_LENGTH = 254;

const ATEXT = "[a-z0-9!#$%&'*+/=?^_`{|}~-]";
const LOCAL_PART = new RegExp(`^${ATEXT}+(\\.${ATEXT}+)*$`);
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LABEL = /^(?=.*[a-z])[a-z0-9-]{2,63}$/;

/** The domain in ASCII (punycode for IDN), lower-cased, as the URL parser normalises a host. */
function asciiDomain(domain: string): string | null {
  if (!domain || /[\s/\\?#@:[\]%]/.test(domain)) return null;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

/** The canonical form of an address, or null when it is not one the product accepts. */
export function normalizeEmail(raw: string): string | null {
  const text = raw.trim();
  const at = text.lastIndexOf("@");
  // Control characters anywhere (the URL parser would silently drop some around the domain).
  if (at <= 0 || text.length > EMAIL_MAX_LENGTH || /[\u0000-\u001f\u007f]/.test(text)) return null;
  const local = text.slice(0, at).toLowerCase();
  const domain = asciiDomain(text.slice(at + 1));
  if (!domain || local.length > 64 || !LOCAL_PART.test(local)) return null;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !TOP_LABEL.test(labels.at(-1)!)) {
    return null;
  }
  const email = `${local}@${domain}`;
  return email.length <= EMAIL_MAX_LENGTH ? email : null;
}
