import { z } from "zod";
import { says } from "@/lib/shared/i18n";
import { CURRENCIES, MAX_TOPUP_MINOR } from "@/lib/shared/money";
import { rowIdParam } from "@/lib/shared/schemas/ids";

export const currencySchema = z.enum(CURRENCIES, says("errors.unknownCurrency"));

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
    .number(says("errors.topUpLimit"))
    .int(says("errors.topUpLimit"))
    .min(1, says("errors.topUpLimit"))
    .max(MAX_TOPUP_MINOR, says("errors.topUpLimit")),
});
export type TopUpBody = z.infer<typeof topUpBody>;

export const userIdParams = z.object({
  userId: rowIdParam,
});
