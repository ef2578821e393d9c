import "server-only";
import { sqlOf } from "@/lib/server/db";
import { AppError } from "@/lib/server/platform/errors";
import { REQUEST_COLUMNS, toRequestDto, type RequestRow } from "@/lib/server/requests/dto";
import type { PaymentRequestDto } from "@/lib/shared/schemas/requests";

/** The caller's own requests, newest first (the last 50), with their status. */
export async function listRequests(options: { userId: number }): Promise<PaymentRequestDto[]> {
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<RequestRow[]>`
    SELECT ${REQUEST_COLUMNS} FROM "PaymentRequest" r JOIN "User" u ON u."id" = r."requesterId"
    WHERE r."requesterId" = ${options.userId} ORDER BY r."id" DESC LIMIT 50`;
  return rows.map((row) => toRequestDto(row, options.userId));
}

/**
 * One request, for whoever holds its link (the token is the capability): the requester's name
 * and picture, the amount, the message, the status. An unknown token is a 404.
 */
export async function getRequest(options: { token: string; callerId: number }): Promise<PaymentRequestDto> {
  const sql = await sqlOf();
  const [row] = await sql.$queryRaw<RequestRow[]>`
    SELECT ${REQUEST_COLUMNS} FROM "PaymentRequest" r JOIN "User" u ON u."id" = r."requesterId"
    WHERE r."token" = ${options.token}`;
  if (!row) throw new AppError("NOT_FOUND");
  return toRequestDto(row, options.callerId);
}

/**
 * Cancels one of the caller's pending requests. Someone else's request (or an unknown token) is
 * a 404, whoever holds the link; a paid one cannot be cancelled (409); cancelling a cancelled or
 * expired one changes nothing and answers it as it is (an expired request stays expired).
 */
export async function cancelRequest(options: { token: string; callerId: number }): Promise<PaymentRequestDto> {
  const sql = await sqlOf();
  const now = new Date();
  await sql.$executeRaw`
    UPDATE "PaymentRequest" SET "status" = 'cancelled', "cancelledAt" = ${now}
    WHERE "token" = ${options.token} AND "requesterId" = ${options.callerId} AND "status" = 'pending' AND "expiresAt" > ${now}`;
  const [row] = await sql.$queryRaw<RequestRow[]>`
    SELECT ${REQUEST_COLUMNS} FROM "PaymentRequest" r JOIN "User" u ON u."id" = r."requesterId"
    WHERE r."token" = ${options.token} AND r."requesterId" = ${options.callerId}`;
  if (!row) throw new AppError("NOT_FOUND");
  if (row.status === "paid") throw new AppError("REQUEST_PAID");
  return toRequestDto(row, options.callerId);
}
