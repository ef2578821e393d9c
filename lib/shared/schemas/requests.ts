import { z } from "zod";
import { rowId } from "@/lib/shared/schemas/ids";
import { transferMessage } from "@/lib/shared/schemas/transfers";
import { currencySchema } from "@/lib/shared/schemas/wallets";
import { minorAmount } from "@/lib/shared/schemas/amount";

/** A request link's secret part: base64url, as the server makes it (22 characters). */
export const REQUEST_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export const createRequestBody = z.object({
  currency: currencySchema,
  amount: minorAmount,
  message: transferMessage.nullish(),
});
export type CreateRequestBody = z.infer<typeof createRequestBody>;

export const requestTokenParams = z.object({ token: z.string().regex(REQUEST_TOKEN) });

/** Paying a request from one of the payer's wallets (converted when its currency differs). */
export const payRequestBody = z.object({
  walletId: rowId,
});
export type PayRequestBody = z.infer<typeof payRequestBody>;

export const REQUEST_STATUSES = ["pending", "paid", "cancelled", "expired"] as const;

/** A payment request as its requester, or whoever holds its link, sees it. */
export const paymentRequestDto = z.object({
  token: z.string(),
  amount: z.number().int(),
  currency: currencySchema,
  message: z.string().nullable(),
  /** "expired": still unpaid past `expiresAt`. */
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  requester: z.object({ name: z.string(), avatarUrl: z.string() }),
  /** The caller asked for it (may cancel it, cannot pay it). */
  own: z.boolean(),
  /** The transfer that paid it, for the requester and the payer only. */
  transferId: z.number().int().nullable(),
});
export type PaymentRequestDto = z.infer<typeof paymentRequestDto>;
export const paymentRequestListDto = z.array(paymentRequestDto);
