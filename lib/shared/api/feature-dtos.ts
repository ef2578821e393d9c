import { array, boolean, int, nonEmptyString, nullable, number, object, oneOf, string, type Infer } from "@/lib/shared/api/check";
import { currency } from "@/lib/shared/api/dtos";
import { SHARE_STATUSES, SPLIT_MODES } from "@/lib/shared/split-shares";

/**
 * The answers of the feature screens' operations (requests, splits, schedules, statements,
 * analytics, sharing), apart from those every screen reads (lib/shared/api/dtos.ts) so that a page
 * checks only the answers it asks for. Declared the same way.
 */

const amountsInOut = { in: int, out: int };
const splitPerson = object({ name: string, avatarUrl: string });

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

/**
 * A pocket: money set aside within one of the caller's accounts (`walletId`), on an account of its
 * own in the books (`id`), with its name, optional target (minor units) and date, whether it is
 * locked until that date, and the round-up step it takes from outgoing transfers (0: none).
 */
export const pocketDto = object({
  id: int,
  walletId: int,
  currency,
  name: string,
  balance: int,
  target: nullable(int),
  /** YYYY-MM-DD. */
  targetDate: nullable(string),
  locked: boolean,
  roundUp: int,
  status: oneOf(["open", "closed"] as const),
  createdAt: string,
  closedAt: nullable(string),
});
export type PocketDto = Infer<typeof pocketDto>;
export const pocketListDto = array(pocketDto);

/** The currencies an order or an alert watches (their ruble price); the ruble is always 1. */
export const RATE_WATCH_CURRENCIES = ["USD", "EUR", "CNY"] as const;
/** "above": met when the rate is at or above the target; "below": at or below it. */
export const RATE_WATCH_DIRECTIONS = ["above", "below"] as const;

const watched = {
  id: int,
  currency: oneOf(RATE_WATCH_CURRENCIES),
  direction: oneOf(RATE_WATCH_DIRECTIONS),
  /** ₽ per unit, up to 4 decimals. */
  target: number,
  /** The last day it waits (YYYY-MM-DD, Moscow). */
  expiresOn: string,
  /** The official rate that met the target (₽ per unit), once it did. */
  metRate: nullable(number),
  createdAt: string,
  /** When it ran (an order), was told (an alert), failed, was cancelled or expired. */
  doneAt: nullable(string),
};

/** An order at a target rate (lib/server/orders, docs/features.md). */
export const orderDto = object({
  ...watched,
  fromWalletId: int,
  toWalletId: int,
  /** Minor units of `currency`: what leaves when selling (direction above), what arrives when buying (below). */
  amount: int,
  status: oneOf(["waiting", "done", "failed", "cancelled", "expired"] as const),
  /** A failed order's refusal (its error code: INSUFFICIENT_FUNDS …). */
  reason: nullable(string),
  /** The exchange it made (its history row has channel "order"). */
  transferId: nullable(int),
});
export type OrderDto = Infer<typeof orderDto>;
export const orderListDto = array(orderDto);

/** A rate alert: told once through the bot or e-mail (status done) when the rate meets its target. */
export const alertDto = object({
  ...watched,
  status: oneOf(["waiting", "done", "cancelled", "expired"] as const),
});
export type AlertDto = Infer<typeof alertDto>;
export const alertListDto = array(alertDto);

/** One day's ruble price of a currency (GET /api/v1/rates/{currency}/history). */
export const rateHistoryDto = array(object({ date: string, value: number }));
export type RateHistoryDto = Infer<typeof rateHistoryDto>;

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

/** A raise of a customer's limit that waits: the new amount (null: no limit) and when it applies. */
const pendingLimit = nullable(object({ amount: nullable(int), from: string }));

/**
 * The caller's own limits on money leaving to other people, per currency (minor units; null: no
 * limit), each with a raise that waits, what left to others today and this month (Moscow days),
 * and whether transfers are frozen.
 */
export const spendingLimitsDto = object({
  frozen: boolean,
  frozenAt: nullable(string),
  limits: array(
    object({
      currency,
      daily: nullable(int),
      monthly: nullable(int),
      pendingDaily: pendingLimit,
      pendingMonthly: pendingLimit,
      sentToday: int,
      sentThisMonth: int,
    }),
  ),
});
export type SpendingLimitsDto = Infer<typeof spendingLimitsDto>;
