import "server-only";

export type Channel = "telegram" | "email";
export const CHANNELS: readonly Channel[] = ["telegram", "email"];

/** A claimed message is this worker's for 30 s; after that another worker may take it over. */
export const LEASE_MS = 30_000;
/** One message per recipient per second at most, on both channels (Telegram's limit per chat). */
export const RECIPIENT_SPACING_MS = 1000;
/** More than this many due to one recipient go out as one message (see fold.ts). */
export const FOLD_THRESHOLD = 3;
/** Rows one folded message covers at most; the rest go a second later. */
export const MAX_FOLDED = 500;
/** Telegram's limit for one bot (Bot API FAQ): 30 messages in any second, over every instance. */
export const TELEGRAM_PER_SECOND = 30;
/** How far back a recipient's last message counts when Telegram's recipients are ranked. */
export const TOLD_WINDOW_MS = 60_000;
/** Claims of Telegram messages take turns across instances (the budget above is shared). */
export const TELEGRAM_CLAIMS = 2_202_000_101;

/** `transferId` is null for a notice about a schedule (its text is sent as written, even when folded). */
export type ClaimedRow = { id: number; userId: number; transferId: number | null; text: string; attempts: number };
/** One message to send: a recipient's oldest due row, or all of them folded when there are many. */
export type Claimed = { channel: Channel; address: string; rows: ClaimedRow[] };
export type Claim = {
  messages: Claimed[];
  /** Whether anything of the channel is due, claimed or not (held back by the limits). */
  due: boolean;
};

/** The rows to send to one recipient now: all of them (folded) past the threshold, else the oldest. */
export function pick(rows: ClaimedRow[]): ClaimedRow[] {
  return rows.length > FOLD_THRESHOLD ? rows.slice(0, MAX_FOLDED) : rows.slice(0, 1);
}
