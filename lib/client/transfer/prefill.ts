import { isTransferMethod, type TransferMethod } from "@/lib/client/qr";
import { sanitizeAmountInput } from "@/lib/shared/money";

/** What `/transfer-money?method=…&target=…&amount=…` asks the form to start with. */
export type TransferPrefill = {
  method: TransferMethod;
  target: string;
  amount: string;
};

type ParamsLike = { get(name: string): string | null };

/**
 * Reads the deep-link query. A known `method` opens the form step directly; without one the
 * visitor starts at the method choice (null). The amount goes through the same input rules
 * as typing, so a link can never put an invalid value into the field.
 */
export function readTransferPrefill(params: ParamsLike): TransferPrefill | null {
  const method = params.get("method");
  if (!isTransferMethod(method)) return null;
  return {
    method,
    target: (params.get("target") ?? "").trim(),
    amount: sanitizeAmountInput(params.get("amount") ?? ""),
  };
}
