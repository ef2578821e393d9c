import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { cancelRequest } from "@/lib/server/requests/read-requests";
import { toSplitDto } from "@/lib/server/splits/dto";
import { ownSplit } from "@/lib/server/splits/read-splits";
import { markShareSettled, splitByToken } from "@/lib/server/splits/store";
import type { SplitDto } from "@/lib/shared/schemas/splits";
import { clockNow } from "@/lib/server/platform/clock";

/**
 * Marks one share settled outside the app (cash, another bank): its request, if still pending,
 * is cancelled first through the requests' own use case, so the share cannot also be paid; a
 * share already paid through the app is a 409 REQUEST_PAID. Only the organiser may; marking a
 * settled share again changes nothing.
 */
export async function settleShare(options: { token: string; position: number; callerId: number }): Promise<SplitDto> {
  const split = await ownSplit(options.token, options.callerId);
  const share = split.shares.find((s) => s.position === options.position);
  if (!share) throw new AppError("NOT_FOUND");
  if (share.requestToken !== null) await cancelRequest({ token: share.requestToken, callerId: options.callerId });
  await markShareSettled(share.id, clockNow());
  const settled = await splitByToken(split.token);
  if (!settled) throw new Error("a split vanished after a share was settled");
  return toSplitDto(settled, options.callerId);
}
