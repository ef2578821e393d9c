import { array, boolean, int, nonEmptyString, nullable, number, object, oneOf, optional, string, unknown, type Infer } from "@/lib/shared/api/check";
import { CURRENCIES } from "@/lib/shared/money";
import { SHARE_STATUSES, SPLIT_MODES } from "@/lib/shared/split-shares";
import { TRANSFER_KINDS } from "@/lib/shared/transfer-kind";

/**
 * The server's answers, declared once. The browser checks answers with these (lib/shared/api/check.ts
 * costs well under 1 KB, where zod would add about 30 KB gzip to every page that checks an
 * answer); the server's contracts and the OpenAPI document use the zod schemas made from them
 * (`zodOf`, lib/shared/schemas/from-check.ts), exported beside the request schemas of each
 * domain in lib/shared/schemas.
 */

const currency = oneOf(CURRENCIES);

export const tokenPairDto = object({ access_token: string, refresh_token: string });
export type TokenPairDto = Infer<typeof tokenPairDto>;

export const userDto = object({
  id: int,
  username: nullable(string),
  email: nullable(string),
  telegramUsername: nullable(string),
  telegramFirstName: nullable(string),
  avatarUrl: string,
  notification: boolean,
  /**
   * Whether the bot may write to this user in Telegram (null: no Telegram account). False after
   * the Bot API refused a message (the bot blocked or never started): notices then go by e-mail
   * where there is an address, else nowhere, until the user allows the bot again.
   */
  botMayWrite: nullable(boolean),
});
export type UserDto = Infer<typeof userDto>;

/** What anyone may learn about another user: never e-mail or balances. */
export const publicUserDto = object({
  id: int,
  username: nullable(string),
  /** The username is the user's Telegram username, as Telegram vouched for at sign-in. */
  telegramVerified: boolean,
  telegramFirstName: nullable(string),
  avatarUrl: string,
});
export type PublicUserDto = Infer<typeof publicUserDto>;

export const walletDto = object({ id: int, currency, balance: int, number: string });
export type WalletDto = Infer<typeof walletDto>;
export const walletListDto = array(walletDto);

/** Another user's wallet: no balance. */
export const publicWalletDto = object({ id: int, currency, number: string });
export type PublicWalletDto = Infer<typeof publicWalletDto>;
export const publicWalletListDto = array(publicWalletDto);

export const rateDto = object({ value: number });
export type RateDto = Infer<typeof rateDto>;

export const transferDto = object({
  id: int,
  /** What happened: a transfer between people, a top-up, an exchange between one's own accounts, or a payment request paid. */
  kind: oneOf(TRANSFER_KINDS),
  senderWalletId: int,
  receiverWalletId: int,
  amount: int,
  currency,
  receivedAmount: int,
  receivedCurrency: currency,
  rate: string,
  /** The sender's message to the receiver, as plain text; null when none. */
  message: nullable(string),
  createdAt: string,
  /** Present when a scheduled transfer's run made it, for its sender: the schedule (GET /api/v1/schedules). */
  scheduleId: optional(int),
});
export type TransferDto = Infer<typeof transferDto>;

/** History page: the transfers, plus the cursor for the next page (in the `x-next-cursor` header too). */
export const transferListDto = array(transferDto);

export const counterpartyDto = object({ username: string, avatarUrl: string });
export type CounterpartyDto = Infer<typeof counterpartyDto>;

/** One side of a receipt: who, and which account, masked to its last four digits. */
export const receiptPartyDto = object({
  name: string,
  avatarUrl: string,
  account: string,
  /** The bank itself (the sender of a top-up). */
  bank: boolean,
});
export type ReceiptPartyDto = Infer<typeof receiptPartyDto>;

/** A receipt: the transfer as its sender or receiver sees it. */
export const receiptDto = object({
  ...transferDto.shape,
  /** From the caller's point of view. */
  direction: oneOf(["out", "in"] as const),
  status: oneOf(["completed"] as const),
  fee: int,
  sender: receiptPartyDto,
  receiver: receiptPartyDto,
});
export type ReceiptDto = Infer<typeof receiptDto>;

/** Someone the caller sent money to lately, with the account that received it. */
export const recentRecipientDto = object({ userId: int, name: string, avatarUrl: string, walletNumber: string, currency });
export type RecentRecipientDto = Infer<typeof recentRecipientDto>;
export const recentRecipientListDto = array(recentRecipientDto);

export const REQUEST_STATUSES = ["pending", "paid", "cancelled", "expired"] as const;

/** A payment request as its requester, or whoever holds its link, sees it. */
export const paymentRequestDto = object({
  token: string,
  amount: int,
  currency,
  message: nullable(string),
  /** "expired": still unpaid past `expiresAt`. */
  status: oneOf(REQUEST_STATUSES),
  createdAt: string,
  expiresAt: string,
  paidAt: nullable(string),
  requester: object({ name: string, avatarUrl: string }),
  /** The caller asked for it (may cancel it, cannot pay it). */
  own: boolean,
  /** The transfer that paid it, for the requester and the payer only. */
  transferId: nullable(int),
});
export type PaymentRequestDto = Infer<typeof paymentRequestDto>;
export const paymentRequestListDto = array(paymentRequestDto);

/** A statement's totals: opening + totalIn − totalOut = closing, in minor units of the account. */
export const statementDto = object({
  walletId: int,
  number: string,
  currency,
  from: string,
  to: string,
  opening: int,
  totalIn: int,
  totalOut: int,
  closing: int,
  /** How many movements the period holds. */
  count: int,
});
export type StatementDto = Infer<typeof statementDto>;

/**
 * A link that downloads the file without the bearer token (Telegram's `downloadFile` fetches it
 * itself): signed, for that user, account, period and format only, valid for a few minutes.
 */
export const statementLinkDto = object({ url: string, fileName: string, expiresAt: string });
export type StatementLinkDto = Infer<typeof statementLinkDto>;

/** The prepared message: its id for the Mini App's `shareMessage`, and when Telegram drops it. */
export const preparedShareDto = object({ id: nonEmptyString, expiresAt: string });
export type PreparedShareDto = Infer<typeof preparedShareDto>;

/** The prepared chat-picker button: its id for the Mini App's `requestChat`. */
export const preparedChatButtonDto = object({ id: nonEmptyString });
export type PreparedChatButtonDto = Infer<typeof preparedChatButtonDto>;

/** For answers the client does not read. */
export const anyAnswer = unknown;

/** logout's answer. */
export const okDto = object({ ok: oneOf([true] as const) });

/** request-code's answer: the challenge to present with the code. */
export const codeRequestedDto = object({ ok: oneOf([true] as const), challengeId: string });

/** The demo-only signer's answer. */
export const initDataDto = object({ init_data: string });

/** One occurrence of a schedule: a transfer made, a refusal (its error code), or skipped. */
export const scheduleRunDto = object({
  occurrence: string,
  status: oneOf(["done", "failed", "skipped"] as const),
  /** The refusal's error code (failed), or MISSED (skipped after downtime); null when done. */
  reason: nullable(string),
  transferId: nullable(int),
});

/** A scheduled transfer (lib/server/schedules, docs/schedules.md). */
export const scheduleDto = object({
  id: int,
  senderWalletId: int,
  receiverWalletId: int,
  amount: int,
  currency,
  message: nullable(string),
  kind: oneOf(["once", "weekly", "monthly"] as const),
  day: int,
  startDate: string,
  endDate: nullable(string),
  count: nullable(int),
  status: oneOf(["active", "paused", "cancelled", "finished"] as const),
  /** Refusals in a row; the schedule pauses at 3. */
  consecutiveFailures: int,
  /** The next occurrence (YYYY-MM-DD, Moscow time; runs at 09:00), null when none is left or paused. */
  nextOccurrence: nullable(string),
  recipient: object({ name: string, account: string, currency }),
  /** The latest runs, newest first (at most 5). */
  runs: array(scheduleRunDto),
  createdAt: string,
});
export type ScheduleDto = Infer<typeof scheduleDto>;
export const scheduleListDto = array(scheduleDto);
/** One day's ruble price of a currency (GET /api/v1/rates/{currency}/history). */
export const rateHistoryDto = array(object({ date: string, value: number }));
export type RateHistoryDto = Infer<typeof rateHistoryDto>;

const amountsInOut = { in: int, out: int };

/**
 * Where the caller's money went, in minor units of `currency` (RUB for the total, converted at
 * the day's rate): per calendar month of the view oldest first (money in and out, positive, and
 * the balance at its end), the balance before it (`opening`), the last month's top counterparties
 * by money moved, and — for the total — how much of the view's spending left from non-ruble
 * accounts (`abroad.spent` of `abroad.total`); `missingRates` names the currencies of the total
 * left out because their rate is unknown.
 */
export const insightsDto = object({
  walletId: nullable(int),
  currency,
  tz: int,
  opening: int,
  months: array(object({ month: string, ...amountsInOut, closing: int })),
  counterparties: array(object({ userId: int, name: string, ...amountsInOut })),
  abroad: nullable(object({ spent: int, total: int })),
  missingRates: array(currency),
});
export type InsightsDto = Infer<typeof insightsDto>;

const splitPerson = object({ name: string, avatarUrl: string });

/** One share of a split as its organiser or a participant sees it. */
export const splitShareDto = object({
  position: int,
  /** Null: a share still open to whoever joins from the link. */
  participant: nullable(splitPerson),
  /** The caller's own share. */
  mine: boolean,
  amount: int,
  status: oneOf(SHARE_STATUSES),
  /** The share's payment request: for the organiser and for the share's participant only. */
  requestToken: nullable(string),
  remindedAt: nullable(string),
});
export type SplitShareDto = Infer<typeof splitShareDto>;

/** A split bill with its progress; `shares` empty for someone who holds the link but has not joined. */
export const splitDto = object({
  token: string,
  title: string,
  total: int,
  currency,
  mode: oneOf(SPLIT_MODES),
  /** "cancelled": the organiser cancelled the rest (paid shares stay paid). */
  status: oneOf(["open", "cancelled"] as const),
  organiser: splitPerson,
  /** The caller organised it (sees every share's request, may remind, cancel and settle). */
  own: boolean,
  createdAt: string,
  lastRemindedAt: nullable(string),
  /** Counts of shares by state; `collected`: minor units of the paid and settled ones. */
  progress: object({ count: int, paid: int, settled: int, pending: int, declined: int, collected: int }),
  shares: array(splitShareDto),
  /** The caller may take a share from the link. */
  joinable: boolean,
});
export type SplitDto = Infer<typeof splitDto>;
export const splitListDto = array(splitDto);
