import { z } from "zod";
import { currencySchema } from "@/lib/shared/schemas/wallets";

/** How many calendar months the analytics view covers, the asked month being the last. */
export const INSIGHT_MONTHS = 12;
/** How many counterparties of the month the view names. */
export const TOP_COUNTERPARTIES = 5;

/**
 * What the analytics view is asked for: one of the caller's accounts (its id) or `total` (every
 * account in rubles), the last month of the view (`YYYY-MM`, the current one by default) and the
 * time zone (minutes east of UTC, the customer's; Moscow, 180, by default) whose calendar
 * months are counted — as statements count days.
 */
export const insightsQuery = z.object({
  wallet: z.string().regex(/^(total|[1-9]\d{0,9})$/),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  tz: z.coerce.number().int().min(-840).max(840).default(180),
});
export type InsightsQuery = z.infer<typeof insightsQuery>;

/** One calendar month: money in and out (minor units, positive) and the balance at its end. */
export const insightMonthDto = z.object({
  month: z.string(),
  in: z.number().int(),
  out: z.number().int(),
  closing: z.number().int(),
});
export type InsightMonthDto = z.infer<typeof insightMonthDto>;

/** A person money went to or came from in the last month of the view. */
export const insightPartyDto = z.object({
  userId: z.number().int(),
  name: z.string(),
  in: z.number().int(),
  out: z.number().int(),
});
export type InsightPartyDto = z.infer<typeof insightPartyDto>;

/**
 * Where the caller's money went, in minor units of `currency` (RUB for the total, converted at
 * the day's rate): per month of the view oldest first, the balance before it (`opening`), the
 * month's top counterparties by money moved, and — for the total — how much of the view's
 * spending left from non-ruble accounts (`abroad.spent` of `abroad.total`).
 */
export const insightsDto = z.object({
  walletId: z.number().int().nullable(),
  currency: currencySchema,
  tz: z.number().int(),
  opening: z.number().int(),
  months: z.array(insightMonthDto),
  counterparties: z.array(insightPartyDto),
  abroad: z.object({ spent: z.number().int(), total: z.number().int() }).nullable(),
  /** Currencies of the total left out because their rate is unknown. */
  missingRates: z.array(currencySchema),
});
export type InsightsDto = z.infer<typeof insightsDto>;
