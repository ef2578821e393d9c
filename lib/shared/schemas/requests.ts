import { z } from "zod";
import { rowId } from "@/lib/shared/schemas/ids";
import { transferMessage } from "@/lib/shared/schemas/transfers";
import { currencySchema } from "@/lib/shared/schemas/wallets";
import { minorAmount } from "@/lib/shared/schemas/amount";
import * as featureAnswers from "@/lib/shared/api/feature-dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";

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

export { REQUEST_STATUSES } from "@/lib/shared/api/feature-dtos";

/** A payment request as its requester, or whoever holds its link, sees it. */
export const paymentRequestDto = zodOf(featureAnswers.paymentRequestDto);
export type { PaymentRequestDto } from "@/lib/shared/api/feature-dtos";
export const paymentRequestListDto = zodOf(featureAnswers.paymentRequestListDto);
