import "server-only";
import { linkAvatarUrlFor, personName } from "@/lib/server/users/dto";
import type { ShareRow, SplitWithShares } from "@/lib/server/splits/store";
import { toSafeNumber, type Currency } from "@/lib/shared/money";
import type { SplitDto, SplitShareDto } from "@/lib/shared/schemas/splits";
import { clockNow } from "@/lib/server/platform/clock";

/** A share's state, from its own marks and its request's status now. */
export function shareStatus(share: Pick<ShareRow, "settledAt" | "request">, now = clockNow()): SplitShareDto["status"] {
  if (share.request?.status === "paid") return "paid";
  if (share.settledAt !== null || share.request === null) return "settled";
  if (share.request.status === "pending" && share.request.expiresAt > now) return "pending";
  return "declined";
}

/** A pending share nobody has taken yet, which whoever joins from the link may take. */
export function isOpenShare(share: ShareRow, now = clockNow()): boolean {
  return share.participantId === null && shareStatus(share, now) === "pending";
}

function personOf(user: { id: number; username: string | null; telegramFirstName: string | null; photoUrl: string | null }) {
  return { name: personName(user), avatarUrl: linkAvatarUrlFor(user) };
}

/**
 * A split as `callerId` may see it: its organiser and its participants see every share with who
 * owes it (the requests' tokens only for the organiser and the share's own participant); someone
 * who holds the link of a split with an open share sees the split without its shares, and may join.
 */
export function toSplitDto(split: SplitWithShares, callerId: number, now = clockNow()): SplitDto {
  const own = split.organiserId === callerId;
  const involved = own || split.shares.some((share) => share.participantId === callerId);
  const statuses = split.shares.map((share) => shareStatus(share, now));
  const count = (status: SplitShareDto["status"]) => statuses.filter((s) => s === status).length;
  const collected = split.shares.reduce((sum, share, i) => (statuses[i] === "paid" || statuses[i] === "settled" ? sum + share.amount : sum), 0n);
  const shares: SplitShareDto[] = involved
    ? split.shares.map((share, i) => {
        const mine = share.participantId === callerId;
        return {
          position: share.position,
          participant: share.participant ? personOf(share.participant) : null,
          mine,
          amount: toSafeNumber(share.amount),
          status: statuses[i],
          requestToken: own || mine ? share.requestToken : null,
          remindedAt: share.remindedAt?.toISOString() ?? null,
        };
      })
    : [];
  return {
    token: split.token,
    title: split.title,
    total: toSafeNumber(split.total),
    currency: split.currency as Currency,
    mode: split.mode === "amounts" ? "amounts" : "equal",
    status: split.status === "cancelled" ? "cancelled" : "open",
    organiser: personOf(split.organiser),
    own,
    createdAt: split.createdAt.toISOString(),
    lastRemindedAt: split.lastRemindedAt?.toISOString() ?? null,
    progress: {
      count: split.shares.length,
      paid: count("paid"),
      settled: count("settled"),
      pending: count("pending"),
      declined: count("declined"),
      collected: toSafeNumber(collected),
    },
    shares,
    joinable: !involved && split.status === "open" && split.shares.some((share) => isOpenShare(share, now)),
  };
}
