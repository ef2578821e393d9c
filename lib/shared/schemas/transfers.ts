import { z } from "zod";
import { says } from "@/lib/shared/languages";
import { minorAmount } from "@/lib/shared/schemas/amount";
import * as answers from "@/lib/shared/api/dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";
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

export const transferDto = zodOf(answers.transferDto);
export type { CounterpartyDto, ReceiptDto, ReceiptPartyDto, RecentRecipientDto, TransferDto } from "@/lib/shared/api/dtos";

export const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: rowIdParam.optional(),
});

/** History page: the transfers, plus the cursor for the next page (in the `x-next-cursor` header too). */
export const transferListDto = zodOf(answers.transferListDto);

export const counterpartyDto = zodOf(answers.counterpartyDto);

export const walletIdParams = z.object({
  walletId: rowIdParam,
});

/** A receipt: the transfer as its sender or receiver sees it. */
export const receiptDto = zodOf(answers.receiptDto);

export const transferIdParams = z.object({
  id: rowIdParam,
});

/** Someone the caller sent money to lately, with the account that received it. */
export const recentRecipientListDto = zodOf(answers.recentRecipientListDto);
