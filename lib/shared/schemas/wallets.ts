import { z } from "zod";
import { CURRENCIES, MAX_TOPUP_MINOR } from "@/lib/shared/money";
import { ru } from "@/lib/shared/strings";
import { rowIdParam } from "@/lib/shared/schemas/ids";

export const currencySchema = z.enum(CURRENCIES, { error: ru.errors.unknownCurrency });

export const walletDto = z.object({
  id: z.number().int(),
  currency: currencySchema,
  balance: z.number().int(),
  number: z.string(),
});
export type WalletDto = z.infer<typeof walletDto>;

/** Another user's wallet: no balance. */
export const publicWalletDto = walletDto.omit({ balance: true });
export type PublicWalletDto = z.infer<typeof publicWalletDto>;

export const topUpBody = z.object({
  currency: currencySchema,
  amount: z
    .number({ error: ru.errors.topUpLimit })
    .int({ error: ru.errors.topUpLimit })
    .min(1, { error: ru.errors.topUpLimit })
    .max(MAX_TOPUP_MINOR, { error: ru.errors.topUpLimit }),
});
export type TopUpBody = z.infer<typeof topUpBody>;

export const userIdParams = z.object({
  userId: rowIdParam,
});
