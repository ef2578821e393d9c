import { z } from "zod";
import * as featureAnswers from "@/lib/shared/api/feature-dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";

/** How many calendar months the analytics view covers, the asked month being the last. */
export const INSIGHT_MONTHS = 12;
/** How many counterparties of the month the view names. */
export const TOP_COUNTERPARTIES = 5;

/**
 * What the analytics view is asked for: one of the caller's accounts (its id) or `total` (every
 * account in rubles), the last month of the view (`YYYY-MM`, the current one by default) and the
 * time zone (minutes east of UTC, the customer's; Moscow, 180, by default) whose calendar
 * months are counted — as statements count days. Only plain spellings are read: a month of the
 * years 1970–9999 (`Date.UTC` would take 0001 for 1901), and the time zone as a decimal whole
 * number (not `0x10`, `1e2` or an empty value, which a number coercion would accept).
 */
export const insightsQuery = z.object({
  wallet: z.string().regex(/^(total|[1-9]\d{0,9})$/),
  month: z
    .string()
    .regex(/^(19[7-9]\d|[2-9]\d{3})-(0[1-9]|1[0-2])$/)
    .optional(),
  tz: z
    .string()
    .regex(/^-?\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(-840).max(840))
    .default(180),
});
export type InsightsQuery = z.infer<typeof insightsQuery>;

export const insightsDto = zodOf(featureAnswers.insightsDto);
export type { InsightsDto } from "@/lib/shared/api/feature-dtos";
