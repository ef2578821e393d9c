import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { cancelRequest } from "@/lib/server/requests/read-requests";
import { shareStatus, toSplitDto } from "@/lib/server/splits/dto";
import { ownSplit } from "@/lib/server/splits/read-splits";
import { markSplitCancelled, splitByToken } from "@/lib/server/splits/store";
import type { SplitDto } from "@/lib/shared/schemas/splits";

/**
 * Cancels the rest of a split: every still-pending share's request is cancelled through the
 * requests' own use case (a share paid meanwhile stays paid), and the split is marked cancelled.
 * Only the organiser may; doing it twice changes nothing more.
 */
export async function cancelSplit(options: { token: string; callerId: number }): Promise<SplitDto> {
  const split = await ownSplit(options.token, options.callerId);
  for (const share of split.shares) {
    if (share.requestToken === null || shareStatus(share) !== "pending") continue;
    try {
      await cancelRequest({ token: share.requestToken, callerId: options.callerId });
    } catch (error) {
      // Paid between the read and the cancel: it stays paid, and the split shows it.
      if (!(error instanceof AppError && error.code === "REQUEST_PAID")) throw error;
    }
  }
  await markSplitCancelled(split.id);
  const cancelled = await splitByToken(split.token);
  if (!cancelled) throw new Error("a split vanished after it was cancelled");
  return toSplitDto(cancelled, options.callerId);
}
