import { array, boolean, int, nullable, number, object, oneOf, string, unknown, type Infer } from "@/lib/client/check";
import { CURRENCIES } from "@/lib/shared/money";
import { TRANSFER_KINDS } from "@/lib/shared/transfer-kind";
import type { TokenPairDto } from "@/lib/shared/schemas/auth";
import type { InsightsDto } from "@/lib/shared/schemas/insights";
import type { RateDto, RateHistoryDto } from "@/lib/shared/schemas/rates";
import type { PaymentRequestDto } from "@/lib/shared/schemas/requests";
import type { StatementDto, StatementLinkDto } from "@/lib/shared/schemas/statements";
import type { PreparedChatButtonDto, PreparedShareDto } from "@/lib/shared/schemas/share";
import type { CounterpartyDto, ReceiptDto, RecentRecipientDto, TransferDto } from "@/lib/shared/schemas/transfers";
import type { PublicUserDto, UserDto } from "@/lib/shared/schemas/users";
import type { PublicWalletDto, WalletDto } from "@/lib/shared/schemas/wallets";

/**
 * The server's answers as the browser checks them: the shared response schemas
 * (lib/shared/schemas) restated with the small checker in lib/client/check.ts. The shared ones are
 * zod schemas, and zod weighs about 30 KB gzip in every page that checks an answer (24 KB even as
 * `zod/mini`); these cost well under 1 KB. The type assertions at the end fail type checking as
 * soon as a shared DTO and its copy here stop describing the same data, and
 * tests/unit/client-dto.test.ts feeds both the same answers.
 */

const currency = oneOf(CURRENCIES);

export const tokenPairDto = object({ access_token: string, refresh_token: string });

export const userDto = object({
  id: int,
  username: nullable(string),
  email: nullable(string),
  telegramUsername: nullable(string),
  telegramFirstName: nullable(string),
  avatarUrl: string,
  notification: boolean,
  botMayWrite: nullable(boolean),
});

export const publicUserDto = object({
  id: int,
  username: nullable(string),
  telegramVerified: boolean,
  telegramFirstName: nullable(string),
  avatarUrl: string,
});

export const walletDto = object({ id: int, currency, balance: int, number: string });
export const walletListDto = array(walletDto);

export const publicWalletDto = object({ id: int, currency, number: string });
export const publicWalletListDto = array(publicWalletDto);

export const rateDto = object({ value: number });

const transferShape = {
  id: int,
  kind: oneOf(TRANSFER_KINDS),
  senderWalletId: int,
  receiverWalletId: int,
  amount: int,
  currency,
  receivedAmount: int,
  receivedCurrency: currency,
  rate: string,
  message: nullable(string),
  createdAt: string,
};
export const transferDto = object(transferShape);
export const transferListDto = array(transferDto);

export const counterpartyDto = object({ username: string, avatarUrl: string });

const receiptPartyDto = object({ name: string, avatarUrl: string, account: string, bank: boolean });

export const receiptDto = object({
  ...transferShape,
  direction: oneOf(["out", "in"] as const),
  status: oneOf(["completed"] as const),
  fee: int,
  sender: receiptPartyDto,
  receiver: receiptPartyDto,
});

export const recentRecipientListDto = array(
  object({ userId: int, name: string, avatarUrl: string, walletNumber: string, currency }),
);

export const paymentRequestDto = object({
  token: string,
  amount: int,
  currency,
  message: nullable(string),
  status: oneOf(["pending", "paid", "cancelled", "expired"] as const),
  createdAt: string,
  expiresAt: string,
  paidAt: nullable(string),
  requester: object({ name: string, avatarUrl: string }),
  own: boolean,
  transferId: nullable(int),
});
export const paymentRequestListDto = array(paymentRequestDto);
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
  count: int,
});

export const statementLinkDto = object({ url: string, fileName: string, expiresAt: string });

/** A receipt or request prepared as a Telegram message (POST /api/v1/share/prepared). */
export const preparedShareDto = object({ id: string, expiresAt: string });

/** Telegram's chat picker prepared for a payment request (POST /api/v1/share/chat-button). */
export const preparedChatButtonDto = object({ id: string });

export const rateHistoryDto = array(object({ date: string, value: number }));

const amountsInOut = { in: int, out: int };
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

/** For answers the client does not read (the spec leaves them unspecified). */
export const anyAnswer = unknown;

/** True only when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

/** Compile-time proof that every copy above matches its shared DTO. */
export type ClientDtosMatchShared = [
  Assert<Same<Infer<typeof tokenPairDto>, TokenPairDto>>,
  Assert<Same<Infer<typeof userDto>, UserDto>>,
  Assert<Same<Infer<typeof publicUserDto>, PublicUserDto>>,
  Assert<Same<Infer<typeof walletDto>, WalletDto>>,
  Assert<Same<Infer<typeof publicWalletDto>, PublicWalletDto>>,
  Assert<Same<Infer<typeof rateDto>, RateDto>>,
  Assert<Same<Infer<typeof transferDto>, TransferDto>>,
  Assert<Same<Infer<typeof counterpartyDto>, CounterpartyDto>>,
  Assert<Same<Infer<typeof receiptDto>, ReceiptDto>>,
  Assert<Same<Infer<typeof recentRecipientListDto>, RecentRecipientDto[]>>,
  Assert<Same<Infer<typeof paymentRequestDto>, PaymentRequestDto>>,
  Assert<Same<Infer<typeof statementDto>, StatementDto>>,
  Assert<Same<Infer<typeof statementLinkDto>, StatementLinkDto>>,
  Assert<Same<Infer<typeof preparedShareDto>, PreparedShareDto>>,
  Assert<Same<Infer<typeof preparedChatButtonDto>, PreparedChatButtonDto>>,
  Assert<Same<Infer<typeof rateHistoryDto>, RateHistoryDto>>,
  Assert<Same<Infer<typeof insightsDto>, InsightsDto>>,
];
