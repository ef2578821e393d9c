import "server-only";
import { recentTransferReceivers } from "@/lib/server/ledger/store-parties";
import { avatarUrlFor, personName } from "@/lib/server/users/dto";
import type { Currency } from "@/lib/shared/money";
import type { RecentRecipientDto } from "@/lib/shared/schemas/transfers";

/** How many people the transfer screen offers. */
export const RECENT_RECIPIENTS = 5;
/** How far back the newest transfers are read to find them. */
const SCAN = 200;

/**
 * The last people the caller sent money to, newest first, each once, with the account that
 * received the latest transfer — derived from the caller's own sent transfers (never top-ups,
 * never themselves).
 */
export async function recentRecipients(options: { callerId: number }): Promise<RecentRecipientDto[]> {
  const rows = await recentTransferReceivers(options.callerId, SCAN);
  const seen = new Set<number>();
  const people: RecentRecipientDto[] = [];
  for (const { receiver } of rows) {
    const { user } = receiver;
    if (user.isSystem || seen.has(user.id)) continue;
    seen.add(user.id);
    people.push({
      userId: user.id,
      name: personName(user),
      avatarUrl: avatarUrlFor(user),
      walletNumber: receiver.number,
      currency: receiver.currency as Currency,
    });
    if (people.length === RECENT_RECIPIENTS) break;
  }
  return people;
}
