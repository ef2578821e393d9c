import { z } from "zod";
import * as featureAnswers from "@/lib/shared/api/feature-dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";
import { says } from "@/lib/shared/languages";

/** One limit: minor units, a positive integer a JavaScript number holds exactly; null: no limit. */
const limitAmount = z
  .number(says("errors.limitsInvalid"))
  .int(says("errors.limitsInvalid"))
  .positive(says("errors.limitsInvalid"))
  .max(Number.MAX_SAFE_INTEGER, says("errors.limitsInvalid"))
  .nullable();

/** The caller's daily and monthly limit in one currency, both given (null: no limit). */
export const spendingLimitBody = z.object({ daily: limitAmount, monthly: limitAmount }).strict();
export type SpendingLimitBody = z.infer<typeof spendingLimitBody>;

/** Freeze (true) or unfreeze (false) the caller's transfers to other people. */
export const transferFreezeBody = z.object({ frozen: z.boolean(says("errors.validation")) }).strict();

/** Any code is accepted here; one the bank does not hold answers 400 UNKNOWN_CURRENCY. */
export const limitCurrencyParams = z.object({ currency: z.string().min(1).max(10) });

export const spendingLimitsDto = zodOf(featureAnswers.spendingLimitsDto);
export type { SpendingLimitsDto } from "@/lib/shared/api/feature-dtos";
