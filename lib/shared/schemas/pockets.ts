import { z } from "zod";
import { minorAmount } from "@/lib/shared/schemas/amount";
import { rowIdParam } from "@/lib/shared/schemas/ids";
import * as featureAnswers from "@/lib/shared/api/feature-dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";
import { isScheduleDate } from "@/lib/shared/schedule-dates";
import { says } from "@/lib/shared/languages";
import { CURRENCIES, ROUND_UP_STEPS } from "@/lib/shared/money";

/** A pocket's name: plain words, trimmed, 1 to 40 characters. */
export const MAX_POCKET_NAME = 40;

const pocketName = z
  .string(says("pockets.errors.nameInvalid"))
  .trim()
  .min(1, says("pockets.errors.nameInvalid"))
  .max(MAX_POCKET_NAME, says("pockets.errors.nameInvalid"))
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), says("pockets.errors.nameInvalid"));

/** A target date, YYYY-MM-DD (a day in Moscow; not before today, checked by the server's clock). */
const targetDate = z.string(says("pockets.errors.dateInvalid")).refine(isScheduleDate, says("pockets.errors.dateInvalid"));

const roundUp = z.union([z.literal(0), ...ROUND_UP_STEPS.map((step) => z.literal(step))], says("pockets.errors.roundUpInvalid"));

/** What a pocket is set to: its name, optional target and date, the lock, the round-up step (0: none). */
const settings = {
  name: pocketName,
  target: minorAmount.nullish(),
  targetDate: targetDate.nullish(),
  locked: z.boolean().optional(),
  roundUp: roundUp.optional(),
};

const lockNeedsDate = <T extends { locked?: boolean; targetDate?: string | null }>(body: T) => !body.locked || Boolean(body.targetDate);

/** A pocket to open in one of the caller's currencies. */
export const openPocketBody = z
  .object({ currency: z.enum(CURRENCIES, says("errors.unknownCurrency")), ...settings })
  .refine(lockNeedsDate, { ...says("pockets.errors.lockNeedsDate"), path: ["locked"] });
export type OpenPocketBody = z.infer<typeof openPocketBody>;

/** A pocket's settings, all of them (PUT): a locked pocket's date can only move later. */
export const pocketSettingsBody = z.object(settings).refine(lockNeedsDate, { ...says("pockets.errors.lockNeedsDate"), path: ["locked"] });
export type PocketSettingsBody = z.infer<typeof pocketSettingsBody>;

/** Money moved into or out of a pocket, in its currency's minor units. */
export const pocketMoveBody = z.object({ amount: minorAmount });
export type PocketMoveBody = z.infer<typeof pocketMoveBody>;

export const pocketIdParams = z.object({ id: rowIdParam });

export const pocketDto = zodOf(featureAnswers.pocketDto);
export const pocketListDto = zodOf(featureAnswers.pocketListDto);
export type { PocketDto } from "@/lib/shared/api/feature-dtos";
