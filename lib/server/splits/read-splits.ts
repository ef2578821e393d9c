import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { toSplitDto } from "@/lib/server/splits/dto";
import { splitByToken, splitsOf, type SplitWithShares } from "@/lib/server/splits/store";
import type { SplitDto } from "@/lib/shared/schemas/splits";

/** How many splits the list shows. */
const LIST_LIMIT = 50;

/**
 * A split for someone allowed to see it: its organiser, its participants, or whoever holds the
 * link of a split that still has an open share (they see it without its shares, and may join).
 * Anyone else — and an unknown token — gets a 404, so a link never tells who owes what.
 */
export async function visibleSplit(token: string, callerId: number): Promise<{ split: SplitWithShares; dto: SplitDto }> {
  const split = await splitByToken(token);
  if (!split) throw new AppError("NOT_FOUND");
  const dto = toSplitDto(split, callerId);
  if (!dto.own && dto.shares.length === 0 && !dto.joinable) throw new AppError("NOT_FOUND");
  return { split, dto };
}

/** One split as the caller may see it (see `visibleSplit`). */
export async function getSplit(options: { token: string; callerId: number }): Promise<SplitDto> {
  return (await visibleSplit(options.token, options.callerId)).dto;
}

/** The splits the caller organised or has a share in, newest first (the last 50). */
export async function listSplits(options: { userId: number }): Promise<SplitDto[]> {
  const splits = await splitsOf(options.userId, LIST_LIMIT);
  return splits.map((split) => toSplitDto(split, options.userId));
}

/** The caller's own split (someone else's is a 404, as if it did not exist). */
export async function ownSplit(token: string, callerId: number): Promise<SplitWithShares> {
  const split = await splitByToken(token);
  if (!split || split.organiserId !== callerId) throw new AppError("NOT_FOUND");
  return split;
}
