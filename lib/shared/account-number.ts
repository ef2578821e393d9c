/**
 * An account number as people type or paste it — "2202 9413 5793 3750", "2202-9413-…", with the
 * non-breaking spaces a copied screen holds — reduced to its digits' form: spaces of any kind and
 * dashes dropped. Anything else is kept, so a wrong number still fails as "not found".
 */
export function normalizeAccountNumber(text: string): string {
  return text.replace(/[\s\u2010-\u2015-]+/g, "");
}

/** An account number as a receipt shows another person's: its last four digits ("•• 3750"). */
export function maskAccountNumber(number: string): string {
  return `•• ${normalizeAccountNumber(number).slice(-4)}`;
}

/** Account numbers in groups of four: "4000123412341234" → "4000 1234 1234 1234". */
export function groupAccountNumber(number: string): string {
  return number.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}
