import { z } from "zod";
import { minorAmount } from "@/lib/shared/schemas/amount";
import { rowId, rowIdParam } from "@/lib/shared/schemas/ids";
import { transferMessage } from "@/lib/shared/schemas/transfers";
import { currencySchema } from "@/lib/shared/schemas/wallets";
import { isScheduleDate, MAX_SCHEDULE_COUNT, SCHEDULE_KINDS } from "@/lib/shared/schedule-dates";
import { says } from "@/lib/shared/i18n";

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

export const SCHEDULE_STATUSES = ["active", "paused", "cancelled", "finished"] as const;
export const SCHEDULE_RUN_STATUSES = ["done", "failed", "skipped"] as const;

/** One occurrence's ending: a transfer made, a refusal (its error code), or skipped. */
export const scheduleRunDto = z.object({
  occurrence: z.string(),
  status: z.enum(SCHEDULE_RUN_STATUSES),
  /** The refusal's error code (failed), or MISSED (skipped after downtime); null when done. */
  reason: z.string().nullable(),
  transferId: z.number().int().nullable(),
});

export const scheduleDto = z.object({
  id: z.number().int(),
  senderWalletId: z.number().int(),
  receiverWalletId: z.number().int(),
  amount: z.number().int(),
  currency: currencySchema,
  message: z.string().nullable(),
  kind: z.enum(SCHEDULE_KINDS),
  day: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  count: z.number().int().nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  /** Refusals in a row; the schedule pauses at 3. */
  consecutiveFailures: z.number().int(),
  /** The next occurrence (YYYY-MM-DD, Moscow time; runs at 09:00), null when none is left or paused. */
  nextOccurrence: z.string().nullable(),
  recipient: z.object({ name: z.string(), account: z.string(), currency: currencySchema }),
  /** The latest runs, newest first (at most 5). */
  runs: z.array(scheduleRunDto),
  createdAt: z.string(),
});
export type ScheduleDto = z.infer<typeof scheduleDto>;
export const scheduleListDto = z.array(scheduleDto);

export const scheduleIdParams = z.object({ id: rowIdParam });
