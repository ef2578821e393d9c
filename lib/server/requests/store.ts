import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf, type SqlRunner } from "@/lib/server/db";
import { replicaSql } from "@/lib/server/db/replica";
import {
  sentLatelyColumns,
  storedKeyColumns,
  type KeyToRecord,
  type LimitRow,
  type WithStoredKey,
} from "@/lib/server/ledger/store";
import type { RequestRow } from "@/lib/server/requests/dto";

/** Every statement of payment requests. SQL throughout (docs/architecture.md, Persistence): a request is paid by a transfer, inside its transaction. */

/** A request with its requester's name columns (`RequestRow`). */
const REQUEST_COLUMNS = Prisma.sql`r."id", r."token", r."requesterId", r."walletId", r."amount", r."currency",
  r."message", r."status", r."transferId", r."payerId", r."createdAt", r."expiresAt", r."paidAt",
  u."username", u."telegramFirstName", u."photoUrl"`;

/** The user's own requests, newest first (the last 50): a list the read replica may serve. */
export function listOwnRequests(userId: number): Promise<RequestRow[]> {
  return replicaSql((sql) => sql.$queryRaw<RequestRow[]>`
    SELECT ${REQUEST_COLUMNS} FROM "PaymentRequest" r JOIN "User" u ON u."id" = r."requesterId"
    WHERE r."requesterId" = ${userId} ORDER BY r."id" DESC LIMIT 50`);
}

export async function findRequest(token: string): Promise<RequestRow | undefined> {
  const sql = await sqlOf();
  const [row] = await sql.$queryRaw<RequestRow[]>`
    SELECT ${REQUEST_COLUMNS} FROM "PaymentRequest" r JOIN "User" u ON u."id" = r."requesterId"
    WHERE r."token" = ${token}`;
  return row;
}

/**
 * Cancels the requester's request if it is pending and not expired at `now`, then reads it as it
 * is (undefined when it is not theirs).
 */
export async function cancelOwnRequest(token: string, requesterId: number, now: Date): Promise<RequestRow | undefined> {
  const sql = await sqlOf();
  await sql.$executeRaw`
    UPDATE "PaymentRequest" SET "status" = 'cancelled', "cancelledAt" = ${now}
    WHERE "token" = ${token} AND "requesterId" = ${requesterId} AND "status" = 'pending' AND "expiresAt" > ${now}`;
  const [row] = await sql.$queryRaw<RequestRow[]>`
    SELECT ${REQUEST_COLUMNS} FROM "PaymentRequest" r JOIN "User" u ON u."id" = r."requesterId"
    WHERE r."token" = ${token} AND r."requesterId" = ${requesterId}`;
  return row;
}

export type RequestWallet = {
  id: number;
  user: { username: string | null; telegramFirstName: string | null; photoUrl: string | null };
};

/** The user's wallet of `currency`, with the owner's name columns a request shows. */
export async function findRequestWallet(userId: number, currency: string): Promise<RequestWallet | null> {
  const sql = await sqlOf();
  const [row] = await sql.$queryRaw<({ id: number } & RequestWallet["user"])[]>`
    SELECT w."id", u."username", u."telegramFirstName", u."photoUrl"
    FROM "Wallet" w JOIN "User" u ON u."id" = w."userId" WHERE w."userId" = ${userId} AND w."currency" = ${currency} AND w."pocket" = 0`;
  if (!row) return null;
  const { id, ...user } = row;
  return { id, user };
}

export type NewRequest = {
  token: string;
  requesterId: number;
  walletId: number;
  amount: bigint;
  currency: string;
  message: string | null;
  createdAt: Date;
  expiresAt: Date;
};

/** A request's own columns (`RequestRow` without its requester's name). */
const OWN_COLUMNS = Prisma.sql`"id", "token", "requesterId", "walletId", "amount", "currency", "message", "status",
  "transferId", "payerId", "createdAt", "expiresAt", "paidAt"`;

/** Stores a pending request and answers its row; a unique violation when its token is taken. */
export async function insertRequest(r: NewRequest): Promise<Omit<RequestRow, "username" | "telegramFirstName" | "photoUrl">> {
  const sql = await sqlOf();
  const [row] = await sql.$queryRaw<Omit<RequestRow, "username" | "telegramFirstName" | "photoUrl">[]>`
    INSERT INTO "PaymentRequest" ("token", "requesterId", "walletId", "amount", "currency", "message", "status", "createdAt", "expiresAt")
    VALUES (${r.token}, ${r.requesterId}, ${r.walletId}, ${r.amount}, ${r.currency}, ${r.message}, ${"pending"}, ${r.createdAt}, ${r.expiresAt})
    RETURNING ${OWN_COLUMNS}`;
  return row;
}

/** What paying a request reads, in one query (see `readRequestToPay`). */
export type RequestToPay = WithStoredKey & Pick<LimitRow, "sentThisWindow" | "sentLastWindow"> & {
  id: number;
  requesterId: number;
  walletId: number;
  amount: bigint;
  currency: string;
  message: string | null;
  status: string;
  expiresAt: Date;
  notify: boolean;
  telegramId: string | null;
  email: string | null;
  payerWalletId: number | null;
  payerWalletOwner: number | null;
  payerCurrency: string | null;
  language: string;
  payerHandle: string | null;
  payerTelegramUsername: string | null;
  /** A share of a split holds the request: paying it pays one's part of the split. */
  ofSplit: boolean | number | bigint | null;
};

/**
 * The request, its requester's notice details, the payer's wallet, the stored Idempotency-Key and
 * the payer's transfers to others lately (the sending limit): one query. With it, the ledger's
 * store that the transfer is planned and applied on.
 */
export async function readRequestToPay(options: {
  token: string;
  walletId: number;
  payerId: number;
  key: KeyToRecord | undefined;
}): Promise<{ row: RequestToPay | undefined; ledger: SqlRunner }> {
  const sql = await sqlOf();
  const [row] = await sql.$queryRaw<RequestToPay[]>`
    SELECT r."id", r."requesterId", r."walletId", r."amount", r."currency", r."message", r."status",
      r."expiresAt", u."notification" AS "notify",
      CASE WHEN u."botMayWrite" THEN u."telegramId" END AS "telegramId", u."email", u."language", pw."id" AS "payerWalletId",
      pw."userId" AS "payerWalletOwner", pw."currency" AS "payerCurrency",
      pu."username" AS "payerHandle", pu."telegramUsername" AS "payerTelegramUsername",
      EXISTS (SELECT 1 FROM "SplitShare" s WHERE s."requestToken" = r."token") AS "ofSplit" ${storedKeyColumns(options.key)}
      ${sentLatelyColumns(options.payerId)}
    FROM "PaymentRequest" r JOIN "User" u ON u."id" = r."requesterId"
      LEFT JOIN "Wallet" pw ON pw."id" = ${options.walletId} AND pw."pocket" = 0 LEFT JOIN "User" pu ON pu."id" = pw."userId"
    WHERE r."token" = ${options.token}`;
  return { row, ledger: sql };
}
