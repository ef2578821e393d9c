import { z } from "zod";
import { minorAmount } from "@/lib/shared/schemas/amount";
import { rowId, rowIdParam } from "@/lib/shared/schemas/ids";
import { transferMessage } from "@/lib/shared/schemas/transfers";
import * as featureAnswers from "@/lib/shared/api/feature-dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";
import { isScheduleDate, MAX_SCHEDULE_COUNT, SCHEDULE_KINDS } from "@/lib/shared/schedule-dates";
import { says } from "@/lib/shared/languages";

const scheduleDate = z.string(says("schedules.errors.dateInvalid")).refine(isScheduleDate, says("schedules.errors.dateInvalid"));

/**
 * A scheduled transfer to create: what a transfer's body carries (the recipient resolved to a
 * wallet, as the transfer form does; the amount in the sending wallet's currency), and when —
 * once on `startDate`, or every week on `day` (ISO weekday 1–7) / every month on `day` (1–31; the
 * 29th–31st fall on a shorter month's last day) from `startDate`, until `endDate` or for `count`
 * occurrences (or for good). Without `day`, the start date's weekday or day of the month.
 */
export const createScheduleBody = z
  .object({
    senderWalletId: rowId,
    receiverWalletId: rowId,
    amount: minorAmount,
    message: transferMessage.nullish(),
    kind: z.enum(SCHEDULE_KINDS),
    day: z.number(says("schedules.errors.dayInvalid")).int(says("schedules.errors.dayInvalid")).min(1, says("schedules.errors.dayInvalid")).max(31, says("schedules.errors.dayInvalid")).nullish(),
    startDate: scheduleDate,
    endDate: scheduleDate.nullish(),
    count: z.number(says("schedules.errors.countInvalid")).int(says("schedules.errors.countInvalid"))
      .min(1, says("schedules.errors.countInvalid")).max(MAX_SCHEDULE_COUNT, says("schedules.errors.countInvalid")).nullish(),
  })
  .refine((b) => b.endDate == null || b.count == null, { ...says("schedules.errors.endBoth"), path: ["endDate"] })
  .refine((b) => b.endDate == null || b.endDate >= b.startDate, { ...says("schedules.errors.endBeforeStart"), path: ["endDate"] })
  .refine((b) => b.day == null || b.kind !== "weekly" || b.day <= 7, { ...says("schedules.errors.dayInvalid"), path: ["day"] });
export type CreateScheduleBody = z.infer<typeof createScheduleBody>;

export const scheduleDto = zodOf(featureAnswers.scheduleDto);
export const scheduleListDto = zodOf(featureAnswers.scheduleListDto);
export type { ScheduleDto } from "@/lib/shared/api/feature-dtos";

export const scheduleIdParams = z.object({ id: rowIdParam });
