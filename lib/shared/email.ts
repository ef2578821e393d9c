/**
 * E-mail as the product accepts it: something@domain.tld, no spaces. Kept free of zod so the
 * sign-in screen can check an address without shipping the schema library in its first load.
 */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

/** The same check as the shared `emailSchema`: trimmed, lower-cased, ≤ 254 characters. */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(email) ? email : null;
}
