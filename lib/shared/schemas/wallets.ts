import { z } from "zod";
import { says } from "@/lib/shared/languages";
import { CURRENCIES, MAX_TOPUP_MINOR } from "@/lib/shared/money";
import { rowIdParam } from "@/lib/shared/schemas/ids";
import * as answers from "@/lib/shared/api/dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";

export const currencySchema = z.enum(CURRENCIES, says("errors.unknownCurrency"));

export const walletDto = zodOf(answers.walletDto);
export const walletListDto = zodOf(answers.walletListDto);
export type { PublicWalletDto, WalletDto } from "@/lib/shared/api/dtos";

/** Another user's wallet: no balance. */
export const publicWalletDto = zodOf(answers.publicWalletDto);
export const publicWalletListDto = zodOf(answers.publicWalletListDto);

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
