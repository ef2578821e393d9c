import { z } from "zod";
import { says } from "@/lib/shared/i18n";
import { TRANSFER_KINDS } from "@/lib/shared/transfer-kind";
import { currencySchema } from "@/lib/shared/schemas/wallets";
import { minorAmount } from "@/lib/shared/schemas/amount";
import { rowId, rowIdParam } from "@/lib/shared/schemas/ids";
import { hasControlCharacters, hasInvisibleCharacters, MAX_TRANSFER_MESSAGE, messageLength } from "@/lib/shared/transfer-message";

const walletId = rowId;

/**
 * A transfer's (or a payment request's) message: plain text, trimmed, at most 140 characters, no
 * control characters (a line break included) and nothing invisible (zero-width and direction
 * marks, Hangul fillers, the braille blank, tags: lib/shared/plain-text.ts). Empty after trimming
 * means none (null). Never markup: every screen and notification shows it as text.
 */
export const transferMessage = z
  .string(says("transferMessage.controlCharacters"))
  .trim()
  .refine((text) => !hasControlCharacters(text), says("transferMessage.controlCharacters"))
  .refine((text) => !hasInvisibleCharacters(text), says("transferMessage.invisibleCharacters"))
  .refine((text) => messageLength(text) <= MAX_TRANSFER_MESSAGE, says("transferMessage.tooLong"))
  .transform((text) => (text === "" ? null : text));

export const createTransferBody = z.object({
  senderWalletId: walletId,
  receiverWalletId: walletId,
  amount: minorAmount,
  message: transferMessage.nullish(),
});
export type CreateTransferBody = z.infer<typeof createTransferBody>;

export const transferDto = z.object({
  id: z.number().int(),
  /** What happened: a transfer between people, a top-up, an exchange between one's own accounts, or a payment request paid. */
  kind: z.enum(TRANSFER_KINDS),
  senderWalletId: z.number().int(),
  receiverWalletId: z.number().int(),
  amount: z.number().int(),
  currency: currencySchema,
  receivedAmount: z.number().int(),
  receivedCurrency: currencySchema,
  rate: z.string(),
  /** The sender's message to the receiver, as plain text; null when none. */
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type TransferDto = z.infer<typeof transferDto>;

export const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: rowIdParam.optional(),
});

/** History page: the transfers, plus the cursor for the next page (in the `x-next-cursor` header too). */
export const transferListDto = z.array(transferDto);

export const counterpartyDto = z.object({
  username: z.string(),
  avatarUrl: z.string(),
});
export type CounterpartyDto = z.infer<typeof counterpartyDto>;

export const walletIdParams = z.object({
  walletId: rowIdParam,
});

/** One side of a receipt: who, and which account, masked to its last four digits. */
export const receiptPartyDto = z.object({
  name: z.string(),
  avatarUrl: z.string(),
  account: z.string(),
  /** The bank itself (the sender of a top-up). */
  bank: z.boolean(),
});
export type ReceiptPartyDto = z.infer<typeof receiptPartyDto>;

/** A receipt: the transfer as its sender or receiver sees it. */
export const receiptDto = transferDto.extend({
  /** From the caller's point of view. */
  direction: z.enum(["out", "in"]),
  status: z.literal("completed"),
  fee: z.number().int(),
  sender: receiptPartyDto,
  receiver: receiptPartyDto,
});
export type ReceiptDto = z.infer<typeof receiptDto>;

export const transferIdParams = z.object({
  id: rowIdParam,
});

/** Someone the caller sent money to lately, with the account that received it. */
export const recentRecipientDto = z.object({
  userId: z.number().int(),
  name: z.string(),
  avatarUrl: z.string(),
  walletNumber: z.string(),
  currency: currencySchema,
});
export type RecentRecipientDto = z.infer<typeof recentRecipientDto>;
export const recentRecipientListDto = z.array(recentRecipientDto);
