import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf, type Sql, type SqlRunner } from "@/lib/server/db";
import { applyTransfer, type Applied, type TransferPlan } from "@/lib/server/db/apply-plan";
import { getEnv } from "@/lib/server/platform/env";
import { counterColumns } from "@/lib/server/db/counter";
import { sendingWindowAt } from "@/lib/server/ledger/sending-window";
import { lookupWindowAt } from "@/lib/server/users/lookup-limit";
import type { Currency } from "@/lib/shared/money";

/**
 * The ledger's statements for moving money: each use case's one first read (wallets, owners, the
 * stored Idempotency-Key and what the limits need, in one query), the key's own statements, and
 * the commit of a plan through the transfer engine (lib/server/db/apply-plan.ts). The bank's
 * wallets are in store-bank.ts, the reads of past transfers in store-history.ts, the invariant
 * checks in store-check.ts.
 */

/**
 * The connection one movement runs on: its first read, its plan (rates, the bank's wallets) and
 * its commit share it (the functions below take it).
 */
export function ledgerSql(): Promise<SqlRunner> {
  return sqlOf();
}

/** A transfer as it was made: the plan's facts, and its id. */
export type TransferRow = { id: number } & Pick<
  TransferPlan,
  "kind" | "senderWalletId" | "receiverWalletId" | "amount" | "currency" | "receivedAmount" | "receivedCurrency" | "rate" | "message" | "createdAt"
>;

/** Applies a plan all or nothing (one statement on PostgreSQL, one transaction on SQLite). */
export function commitPlan(sql: Sql | SqlRunner, plan: TransferPlan): Promise<Applied> {
  return applyTransfer(sql, plan);
}

const TRANSFER_COLUMNS = Prisma.sql`"id", "kind", "senderWalletId", "receiverWalletId", "amount", "currency",
  "receivedAmount", "receivedCurrency", "rate", "message", "createdAt"`;

/** One transfer as `applyPlan` returned it (an idempotent replay reads it back); undefined when missing. */
export async function findTransfer(sql: Sql, id: number): Promise<TransferRow | undefined> {
  const [row] = await sql.$queryRaw<TransferRow[]>`SELECT ${TRANSFER_COLUMNS} FROM "Transfer" WHERE "id" = ${id}`;
  return row;
}

// ---------------------------------------------------------------------------------------------
// Idempotency-Key

/** The key a money movement records with its transfer, in the same statement or transaction. */
export type KeyToRecord = { userId: number; key: string; requestHash: string };

/** How the first attempt under a key ended. */
export type StoredKey = { requestHash: string; transferId: number | null; refusal: string | null };

/** A row that carries `storedKeyColumns`. */
export type WithStoredKey = { keyHash?: string | null; keyTransferId?: number | null; keyRefusal?: string | null };

/**
 * Extra columns for the use case's first query that read the caller's stored key with it, so a
 * repeated request is recognised without a round trip of its own. Nothing without a key.
 */
export function storedKeyColumns(key: KeyToRecord | undefined): Prisma.Sql {
  if (!key) return Prisma.empty;
  const where = Prisma.sql`FROM "IdempotencyKey" WHERE "userId" = ${key.userId} AND "key" = ${key.key}`;
  return Prisma.sql`, (SELECT "requestHash" ${where}) AS "keyHash", (SELECT "transferId" ${where}) AS "keyTransferId",
    (SELECT "refusal" ${where}) AS "keyRefusal"`;
}

/** The caller's stored key, if any. */
export async function findStoredKey(sql: Sql, userId: number, key: string): Promise<StoredKey | undefined> {
  const [stored] = await sql.$queryRaw<StoredKey[]>`
    SELECT "requestHash", "transferId", "refusal" FROM "IdempotencyKey"
    WHERE "userId" = ${userId} AND "key" = ${key}`;
  return stored;
}

/** Records a refusal under the caller's key (a unique violation when the key is taken meanwhile). */
export function storeRefusal(sql: Sql, userId: number, key: string, hash: string, refusal: string): Promise<number> {
  return sql.$executeRaw`
    INSERT INTO "IdempotencyKey" ("userId", "key", "requestHash", "transferId", "refusal", "createdAt")
    VALUES (${userId}, ${key}, ${hash}, ${null}, ${refusal}, ${new Date()})`;
}

// ---------------------------------------------------------------------------------------------
// Limits on sending

/** What a transfer's first query reads for the limits (`limitColumns`). */
export type LimitRow = {
  /** The sender has sent money to this wallet before, or received money from it. */
  dealtWith?: boolean | number | bigint | null;
  /** Transfers the sender made to other people in the current fixed window (`sentLatelyColumns`). */
  sentThisWindow?: number | bigint | null;
  /** … and in the window before it. */
  sentLastWindow?: number | bigint | null;
  /** Lookups the sender made in the lookup limit's current fixed window, and in the one before. */
  lookedUpThisWindow?: number | bigint | null;
  lookedUpLastWindow?: number | bigint | null;
};

/**
 * The columns "sentThisWindow" and "sentLastWindow": what `userId`'s sending counter holds for the
 * current fixed window and the one before (transfers and request payments to other people;
 * lib/server/db/counter.ts). One primary-key lookup each, whatever the limit; transfer-limits.ts
 * weighs them. For the one read of every way money leaves an account to someone else, so the limit
 * costs no round trip of its own.
 */
export function sentLatelyColumns(userId: number, at = new Date()): Prisma.Sql {
  return counterColumns("SendingCounter", userId, sendingWindowAt(at), "sentThisWindow", "sentLastWindow");
}

/**
 * Columns for the transfer's one read (`readTransferWallets`) that the limits on sending need:
 *  - whether `userId` has dealt with the receiving wallet before (either direction);
 *  - the sender's counter of transfers to other people (`sentLatelyColumns`);
 *  - the sender's lookup counter, "lookedUpThisWindow" and "lookedUpLastWindow" (a wallet never
 *    dealt with counts as a lookup: lib/server/users/lookup-limit.ts).
 */
function limitColumns(userId: number, receiverWalletId: number): Prisma.Sql {
  // CROSS JOIN: the user's few wallets first, each probing the (sender, receiver) index; SQLite,
  // which keeps no statistics, would otherwise walk every transfer of the other wallet.
  return Prisma.sql`,
    (EXISTS (SELECT 1 FROM "Wallet" o CROSS JOIN "Transfer" t
        WHERE o."userId" = ${userId} AND t."senderWalletId" = o."id" AND t."receiverWalletId" = ${receiverWalletId})
      OR EXISTS (SELECT 1 FROM "Wallet" o CROSS JOIN "Transfer" t
        WHERE o."userId" = ${userId} AND t."senderWalletId" = ${receiverWalletId} AND t."receiverWalletId" = o."id")) AS "dealtWith"
    ${sentLatelyColumns(userId)}
    ${counterColumns("LookupCounter", userId, lookupWindowAt(new Date()), "lookedUpThisWindow", "lookedUpLastWindow")}`;
}

// ---------------------------------------------------------------------------------------------
// The first read of each movement

/** A wallet of a transfer's first read: its owner, what a notice needs, the key and the limits. */
export type TransferWalletRow = WithStoredKey &
  LimitRow & {
    id: number;
    userId: number;
    currency: string;
    isSystem: boolean;
    notify: boolean;
    telegramId: string | null;
    email: string | null;
    username: string | null;
    telegramUsername: string | null;
    language: string;
  };

/**
 * Both wallets of a transfer, their owners, what a notice needs, the stored key and what the
 * sending limits need (of `userId` towards the receiving wallet), in one query.
 */
export function readTransferWallets(
  sql: Sql,
  options: { userId: number; senderWalletId: number; receiverWalletId: number },
  key: KeyToRecord | undefined,
): Promise<TransferWalletRow[]> {
  return sql.$queryRaw<TransferWalletRow[]>`
    SELECT w."id", w."userId", w."currency", u."isSystem", u."notification" AS "notify",
      CASE WHEN u."botMayWrite" THEN u."telegramId" END AS "telegramId",
      u."email", u."language", u."username", u."telegramUsername" ${storedKeyColumns(key)}
      ${limitColumns(options.userId, options.receiverWalletId)}
    FROM "Wallet" w JOIN "User" u ON u."id" = w."userId"
    WHERE w."id" IN (${options.senderWalletId}, ${options.receiverWalletId})`;
}

/** A wallet of an exchange's first read. */
export type ExchangeWalletRow = WithStoredKey & { id: number; userId: number; currency: string };

/** Both wallets of an exchange and the stored key, in one query. */
export function readExchangeWallets(
  sql: Sql,
  options: { fromWalletId: number; toWalletId: number },
  key: KeyToRecord | undefined,
): Promise<ExchangeWalletRow[]> {
  return sql.$queryRaw<ExchangeWalletRow[]>`
    SELECT w."id", w."userId", w."currency" ${storedKeyColumns(key)}
    FROM "Wallet" w WHERE w."id" IN (${options.fromWalletId}, ${options.toWalletId})`;
}

/** The wallet a top-up credits, with what its notice needs, the stored key and the recent top-ups. */
export type TopUpWalletRow = WithStoredKey & {
  id: number;
  userId: number;
  currency: string;
  notify: boolean;
  telegramId: string | null;
  email: string | null;
  language: string;
  topUpsLately?: number | bigint | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The column "topUpsLately", for TOPUP_COUNT_DAILY_LIMIT: at most that many top-ups per user in
 * any 24 hours, whatever their amounts: the amount limit alone let one account write thousands of
 * tiny movements (a statement's rows, a history's pages). A column of the top-up's first read (no
 * round trip of its own), counted no further than the limit, from the transfers themselves, so
 * every instance sees the same count; a replayed Idempotency-Key is answered before it matters.
 * Concurrent top-ups of one user may each see the count before the others are written: the limit
 * can be passed by at most the number under way at once.
 */
function topUpCountColumn(userId: number, counted: boolean | undefined): Prisma.Sql {
  if (!counted) return Prisma.empty;
  const since = new Date(Date.now() - DAY_MS);
  return Prisma.sql`,
    (SELECT COUNT(*) FROM (SELECT 1 FROM "Wallet" o JOIN "Transfer" t ON t."receiverWalletId" = o."id"
        WHERE o."userId" = ${userId} AND t."kind" = 'topup' AND t."createdAt" >= ${since}
        LIMIT ${getEnv().topUpCountDailyLimit}) recent) AS "topUpsLately"`;
}

/**
 * The user's wallet in `currency`, its owner's notice settings and the stored key, in one query;
 * with `counted`, also the user's recent top-ups ("topUpsLately").
 */
export async function readTopUpWallet(
  sql: Sql,
  options: { userId: number; currency: Currency },
  key: KeyToRecord | undefined,
  counted: boolean | undefined,
): Promise<TopUpWalletRow | undefined> {
  const [wallet] = await sql.$queryRaw<TopUpWalletRow[]>`
    SELECT w."id", w."userId", w."currency", u."notification" AS "notify",
      CASE WHEN u."botMayWrite" THEN u."telegramId" END AS "telegramId", u."email", u."language"
      ${storedKeyColumns(key)} ${topUpCountColumn(options.userId, counted)}
    FROM "Wallet" w JOIN "User" u ON u."id" = w."userId"
    WHERE w."userId" = ${options.userId} AND w."currency" = ${options.currency}`;
  return wallet;
}
