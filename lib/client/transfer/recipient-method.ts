import type { TransferMethod } from "@/lib/client/qr";
import { normalizeAccountNumber } from "@/lib/shared/account-number";
import { normalizeEmail } from "@/lib/shared/email";

/** Account numbers are digits; a Telegram username starts with a letter, so six digits are a number. */
const ACCOUNT_NUMBER = /^\d{6,}$/;

/**
 * How a recipient typed into one search field was given: an account number (written as the
 * transfer form accepts one — spaces, dashes and the no-break spaces of a copied screen
 * allowed), an e-mail address (the grammar sign-in accepts), or else a username. The lookup then
 * goes where the transfer form's method would send it (`lookupPath`).
 */
export function recipientMethodOf(text: string): TransferMethod {
  const value = text.trim();
  if (ACCOUNT_NUMBER.test(normalizeAccountNumber(value))) return "card";
  if (normalizeEmail(value) !== null) return "email";
  return "username";
}
