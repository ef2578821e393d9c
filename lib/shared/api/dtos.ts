import { array, boolean, int, nullable, number, object, oneOf, optional, string, unknown, type Infer } from "@/lib/shared/api/check";
import { CURRENCIES } from "@/lib/shared/money";
import { TRANSFER_KINDS } from "@/lib/shared/transfer-kind";

/**
 * The server's answers, declared once. The browser checks answers with these (lib/shared/api/check.ts
 * costs well under 1 KB, where zod would add about 30 KB gzip to every page that checks an
 * answer); the server's contracts and the OpenAPI document use the zod schemas made from them
 * (`zodOf`, lib/shared/schemas/from-check.ts), exported beside the request schemas of each
 * domain in lib/shared/schemas.
 */

/** A currency code, as every answer names it. */
export const currency = oneOf(CURRENCIES);

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

/**
 * One of the caller's accounts: `balance` is what is available (what transfers, exchanges and
 * scheduled runs may spend), `pocketed` what its pockets hold besides (GET /api/v1/pockets; this
 * server always sends it, and an answer without it means none).
 */
export const walletDto = object({ id: int, currency, balance: int, pocketed: optional(int), number: string });
export type WalletDto = Infer<typeof walletDto>;
export const walletListDto = array(walletDto);

/** Another user's wallet: no balance. */
export const publicWalletDto = object({ id: int, currency, number: string });
export type PublicWalletDto = Infer<typeof publicWalletDto>;
export const publicWalletListDto = array(publicWalletDto);

export const rateDto = object({ value: number });
export type RateDto = Infer<typeof rateDto>;

/**
 * How a movement came to be made: by its sender in the app (a transfer, a top-up, an exchange),
 * by a schedule's run, by paying a payment request, by paying one's part of a split, as the
 * round-up of an outgoing transfer into a pocket, or by an order at a target rate (an exchange
 * made when the rate met it).
 */
export const TRANSFER_CHANNELS = ["app", "schedule", "request", "split", "roundup", "order"] as const;

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
  /** How it came to be made: by its sender in the app, by a schedule's run, by paying a payment request or one's part of a split. */
  channel: oneOf(TRANSFER_CHANNELS),
  createdAt: string,
  /** Present when a scheduled transfer's run made it, for its sender: the schedule (GET /api/v1/schedules). */
  scheduleId: optional(int),
});
export type TransferDto = Infer<typeof transferDto>;
export type TransferChannel = TransferDto["channel"];

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

/** For answers the client does not read. */
export const anyAnswer = unknown;

/** logout's answer. */
export const okDto = object({ ok: oneOf([true] as const) });

/** request-code's answer: the challenge to present with the code. */
export const codeRequestedDto = object({ ok: oneOf([true] as const), challengeId: string });

/** The demo-only signer's answer. */
export const initDataDto = object({ init_data: string });
