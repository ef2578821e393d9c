import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { shareStatus, toSplitDto } from "@/lib/server/splits/dto";
import { ownSplit } from "@/lib/server/splits/read-splits";
import { recordReminder, splitByToken } from "@/lib/server/splits/store";
import type { SplitDto } from "@/lib/shared/schemas/splits";

/** A split's participants are reminded at most once in this long. */
export const REMIND_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Reminds the participants whose shares are still pending: each such share records when it was
 * reminded, which its participant sees on the split. Once per 24 hours per split, enforced by one
 * conditional update (a second reminder sooner is a 429 with the reason, whatever instance it
 * reaches). Only the organiser may; a cancelled split has nobody to remind.
 */
export async function remindSplit(options: { token: string; callerId: number }): Promise<SplitDto> {
  const split = await ownSplit(options.token, options.callerId);
  if (split.status === "cancelled") throw new AppError("SPLIT_CLOSED", "splits.errors.cancelled");
  const now = new Date();
  const pending = split.shares.filter((share) => share.participantId !== null && shareStatus(share, now) === "pending");
  const counted = await recordReminder(split.id, now, new Date(now.getTime() - REMIND_INTERVAL_MS), pending.map((share) => share.id));
  if (!counted) throw new AppError("RATE_LIMITED", "splits.errors.remindedToday");
  const reminded = await splitByToken(split.token);
  if (!reminded) throw new Error("a split vanished after a reminder");
  return toSplitDto(reminded, options.callerId);
}
