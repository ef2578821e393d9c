import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { isOpenShare, toSplitDto } from "@/lib/server/splits/dto";
import { visibleSplit } from "@/lib/server/splits/read-splits";
import { splitByToken } from "@/lib/server/splits/store";
import { takeShare } from "@/lib/server/splits/store-shares";
import type { SplitDto } from "@/lib/shared/schemas/splits";

/**
 * Takes one of a split's open shares for the caller, who came from the link shared into a chat:
 * the first open share that is still payable, unless someone took it first (then the next). One
 * share per person, however many joins arrive at once on however many instances (`takeShare`
 * checks and takes in one statement, under a unique index): joining again answers the split as it
 * is. The organiser does not join their own split. A newcomer sees a split only while it has an open share (`visibleSplit`: otherwise
 * 404), so the 409s are for a split cancelled or filled while the caller joins.
 */
export async function joinSplit(options: { token: string; callerId: number }): Promise<SplitDto> {
  const { callerId } = options;
  const { split } = await visibleSplit(options.token, callerId);
  if (split.organiserId === callerId) throw new AppError("VALIDATION_ERROR", "splits.errors.own");
  if (split.shares.some((share) => share.participantId === callerId)) return toSplitDto(split, callerId);
  if (split.status === "cancelled") throw new AppError("SPLIT_CLOSED", "splits.errors.cancelled");
  for (const share of split.shares) {
    if (!isOpenShare(share)) continue;
    if (await takeShare(split.id, share.id, callerId)) return joined(split.token, callerId);
  }
  // A join of the caller's at the same moment may have taken a share: then that is the answer.
  const now = await joined(split.token, callerId);
  if (now.shares.some((share) => share.mine)) return now;
  throw new AppError("SPLIT_CLOSED", "splits.errors.full");
}

async function joined(token: string, callerId: number): Promise<SplitDto> {
  const split = await splitByToken(token);
  if (!split) throw new Error("a split vanished after it was joined");
  return toSplitDto(split, callerId);
}
