import { isTransferMethod, type TransferMethod } from "@/lib/client/qr";
import { parseAmount, sanitizeAmountInput } from "@/lib/shared/money";

/** What `/transfer-money?method=…&target=…&amount=…` asks the form to start with. */
export type TransferPrefill = {
  method: TransferMethod;
  target: string;
  amount: string;
  /** The link carried an amount that is not one ("-5", "1,239", "abc"): refused, not repaired. */
  amountRefused: boolean;
};

type ParamsLike = { get(name: string): string | null };

/**
 * Reads the deep-link query. A known `method` opens the form step directly; without one the
 * visitor starts at the method choice (null). An amount is taken only when it is a valid amount
 * as written ("4,5", "4.50"); anything else leaves the field empty and says so — a link must not
 * turn "-5" into 5.
 */
export function readTransferPrefill(params: ParamsLike): TransferPrefill | null {
  const method = params.get("method");
  if (!isTransferMethod(method)) return null;
  return {
    method,
    target: (params.get("target") ?? "").trim(),
    ...amountOf(params.get("amount")),
  };
}

/**
 * An amount a link carries, taken only when it is a valid amount as written ("4,5", "4.50"); the
 * field's own form of it, or `amountRefused` for anything else ("-5", "1,239", "abc").
 */
export function amountOf(raw: string | null): { amount: string; amountRefused: boolean } {
  const text = (raw ?? "").trim();
  if (!text) return { amount: "", amountRefused: false };
  const valid = parseAmount(text) !== null && sanitizeAmountInput(text) === text.replace(".", ",");
  return valid ? { amount: sanitizeAmountInput(text), amountRefused: false } : { amount: "", amountRefused: true };
}
