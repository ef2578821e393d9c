import { z } from "zod";
import { ru } from "@/lib/shared/strings";

const walletId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const amount = z
  .number({ error: ru.errors.invalidAmount })
  .int({ error: ru.errors.invalidAmount })
  .positive({ error: ru.errors.invalidAmount })
  .max(Number.MAX_SAFE_INTEGER, { error: ru.errors.invalidAmount });

/**
 * An exchange between two of the caller's own wallets. Exactly one side's amount: `amount` (what
 * leaves `fromWalletId`, in its currency) or `receivedAmount` (what arrives in `toWalletId`, in its
 * currency — credited exactly; the amount given is the least whose conversion covers it).
 */
export const createExchangeBody = z
  .object({
    fromWalletId: walletId,
    toWalletId: walletId,
    amount: amount.optional(),
    receivedAmount: amount.optional(),
  })
  .refine((body) => (body.amount === undefined) !== (body.receivedAmount === undefined), {
    error: ru.exchange.oneSide,
  });
export type CreateExchangeBody = z.infer<typeof createExchangeBody>;
