import "server-only";
import { linkAvatarUrlFor, personName } from "@/lib/server/users/dto";
import { toSafeNumber, type Currency } from "@/lib/shared/money";
import type { PaymentRequestDto } from "@/lib/shared/schemas/requests";
import { clockNow } from "@/lib/server/platform/clock";

/** A request row with its requester's name columns (as requests/store.ts reads it). */
export type RequestRow = {
  id: number;
  token: string;
  requesterId: number;
  walletId: number;
  amount: bigint;
  currency: string;
  message: string | null;
  status: string;
  transferId: number | null;
  payerId: number | null;
  createdAt: Date;
  expiresAt: Date;
  paidAt: Date | null;
  username: string | null;
  telegramFirstName: string | null;
  photoUrl: string | null;
};

/** Rows from the database drivers: ids may come back as bigints, dates as strings on SQLite. */
function asDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The status people see: a pending request past its expiry is expired. */
export function statusOf(row: Pick<RequestRow, "status" | "expiresAt">, now = clockNow()): PaymentRequestDto["status"] {
  if (row.status === "paid" || row.status === "cancelled") return row.status;
  return asDate(row.expiresAt) <= now ? "expired" : "pending";
}

export function toRequestDto(row: RequestRow, callerId: number): PaymentRequestDto {
  const own = Number(row.requesterId) === callerId;
  const involved = own || (row.payerId !== null && Number(row.payerId) === callerId);
  return {
    token: row.token,
    amount: toSafeNumber(BigInt(row.amount)),
    currency: row.currency as Currency,
    message: row.message,
    status: statusOf(row),
    createdAt: asDate(row.createdAt).toISOString(),
    expiresAt: asDate(row.expiresAt).toISOString(),
    paidAt: row.paidAt === null ? null : asDate(row.paidAt).toISOString(),
    requester: { name: personName(row), avatarUrl: linkAvatarUrlFor({ id: Number(row.requesterId), photoUrl: row.photoUrl }) },
    own,
    transferId: involved && row.transferId !== null ? Number(row.transferId) : null,
  };
}
