import "server-only";
import { cancelOwnRequest, findRequest, listOwnRequests } from "@/lib/server/requests/store";
import { AppError } from "@/lib/server/platform/errors";
import { toRequestDto } from "@/lib/server/requests/dto";
import type { PaymentRequestDto } from "@/lib/shared/schemas/requests";
import { clockNow } from "@/lib/server/platform/clock";

/** The caller's own requests, newest first (the last 50), with their status. */
export async function listRequests(options: { userId: number }): Promise<PaymentRequestDto[]> {
  const rows = await listOwnRequests(options.userId);
  return rows.map((row) => toRequestDto(row, options.userId));
}

/**
 * One request, for whoever holds its link (the token is the capability): the requester's name
 * and picture, the amount, the message, the status. An unknown token is a 404.
 */
export async function getRequest(options: { token: string; callerId: number }): Promise<PaymentRequestDto> {
  const row = await findRequest(options.token);
  if (!row) throw new AppError("NOT_FOUND");
  return toRequestDto(row, options.callerId);
}

/**
 * Cancels one of the caller's pending requests. Someone else's request (or an unknown token) is
 * a 404, whoever holds the link; a paid one cannot be cancelled (409); cancelling a cancelled or
 * expired one changes nothing and answers it as it is (an expired request stays expired).
 */
export async function cancelRequest(options: { token: string; callerId: number }): Promise<PaymentRequestDto> {
  const row = await cancelOwnRequest(options.token, options.callerId, clockNow());
  if (!row) throw new AppError("NOT_FOUND");
  if (row.status === "paid") throw new AppError("REQUEST_PAID");
  return toRequestDto(row, options.callerId);
}
