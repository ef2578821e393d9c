import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { cancelRequest } from "@/lib/server/requests/read-requests";
import { shareStatus, toSplitDto } from "@/lib/server/splits/dto";
import { splitByToken } from "@/lib/server/splits/store";
import type { SplitDto } from "@/lib/shared/schemas/splits";

/**
 * A participant turns down their share: its payment request is cancelled (it can no longer be
 * paid), the share reads "declined" to everyone who sees the split, and reminders pass it by (only
 * pending shares are reminded). This is how anyone named in someone else's split — a stranger
 * named by username included — ends the claim on their first contact, instead of receiving
 * reminders. Only the share's own participant may: anyone else is a 404, as if the split were not
 * there. Declining again changes nothing; a share already paid is 409 REQUEST_PAID; a share the
 * organiser settled or cancelled stays as it is.
 */
export async function declineShare(options: { token: string; callerId: number }): Promise<SplitDto> {
  const split = await splitByToken(options.token);
  const share = split?.shares.find((s) => s.participantId === options.callerId);
  if (!split || !share || split.organiserId === options.callerId) throw new AppError("NOT_FOUND");
  const status = shareStatus(share);
  if (status === "paid") throw new AppError("REQUEST_PAID");
  // The request is the organiser's: it is cancelled as the organiser would cancel it, so the
  // requests' own rule (pending and unexpired only, never a paid one) decides in one statement.
  if (status === "pending" && share.requestToken !== null) await cancelRequest({ token: share.requestToken, callerId: split.organiserId });
  const declined = await splitByToken(split.token);
  if (!declined) throw new Error("a split vanished after a share was declined");
  return toSplitDto(declined, options.callerId);
}
