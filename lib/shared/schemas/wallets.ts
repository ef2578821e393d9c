import { z } from "zod";
import { CURRENCIES, MAX_TOPUP_MINOR } from "@/lib/shared/money";
import { ru } from "@/lib/shared/strings";
import { rowIdParam } from "@/lib/shared/schemas/ids";
import * as answers from "@/lib/shared/api/dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";

export const currencySchema = z.enum(CURRENCIES, { error: ru.errors.unknownCurrency });

export const walletDto = zodOf(answers.walletDto);
export const walletListDto = zodOf(answers.walletListDto);
export type { PublicWalletDto, WalletDto } from "@/lib/shared/api/dtos";

/** Another user's wallet: no balance. */
export const publicWalletDto = zodOf(answers.publicWalletDto);
export const publicWalletListDto = zodOf(answers.publicWalletListDto);

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
