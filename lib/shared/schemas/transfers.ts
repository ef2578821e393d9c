import { z } from "zod";
import { says } from "@/lib/shared/languages";
import { minorAmount } from "@/lib/shared/schemas/amount";
import * as answers from "@/lib/shared/api/dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";
import { rowId, rowIdParam } from "@/lib/shared/schemas/ids";
import { CURRENCIES } from "@/lib/shared/money";
import { isScheduleDate } from "@/lib/shared/schedule-dates";
import { HISTORY_DIRECTIONS, MAX_HISTORY_SEARCH } from "@/lib/shared/history-filters";
import { TRANSFER_KINDS } from "@/lib/shared/transfer-kind";
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

const filterInvalid = says("errors.historyFilterInvalid");
/** A Moscow calendar day, YYYY-MM-DD. */
const historyDate = z.string(says("errors.invalidDateRange")).refine(isScheduleDate, says("errors.invalidDateRange"));

/**
 * A history page's query: the page (limit, cursor) and the optional filters, all of which must
 * hold (docs/features.md, History: search and filters).
 */
export const historyQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: rowIdParam.optional(),
    q: z
      .string(says("errors.historySearchInvalid"))
      .trim()
      .max(MAX_HISTORY_SEARCH, says("errors.historySearchInvalid"))
      .optional()
      .describe("Text to find: the counterparty's name or @handle (any case), the message, or an amount sent or received (\"500\", \"12,50\", \"12.50\")"),
    kind: z.enum(TRANSFER_KINDS, filterInvalid).optional().describe("Only movements of this kind"),
    direction: z.enum(HISTORY_DIRECTIONS, filterInvalid).optional().describe("in: received by the wallet; out: sent by it"),
    currency: z
      .enum(CURRENCIES, says("errors.unknownCurrency"))
      .optional()
      .describe("Only movements whose other side is in this currency (the wallet's own side is always in the wallet's currency)"),
    from: historyDate.optional().describe("First Moscow day of the period, YYYY-MM-DD (inclusive)"),
    to: historyDate.optional().describe("Last Moscow day of the period, YYYY-MM-DD (inclusive)"),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    ...says("errors.invalidDateRange"),
    path: ["to"],
  });
export type HistoryQuery = z.infer<typeof historyQuery>;

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
