import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf, type Sql, type SqlRunner } from "@/lib/server/db";
import { getEnv } from "@/lib/server/platform/env";
import { counterColumns } from "@/lib/server/db/counter";
import { sendingWindowAt } from "@/lib/server/ledger/sending-window";
import { TRANSFER_COLUMNS, type TransferRow } from "@/lib/server/ledger/transfer-row";
import { lookupWindowAt } from "@/lib/server/users/lookup-limit";
import type { Currency } from "@/lib/shared/money";
import { clockNow, clockNowMs } from "@/lib/server/platform/clock";

/**
 * The ledger's statements for moving money: each use case's one first read (wallets, owners, the
 * stored Idempotency-Key and what the limits need, in one query), which also hands over the
 * ledger's store that the rest of the movement — its plan (rates, the bank's wallets) and its
 * commit (the transfer engine, store-engine.ts) — runs on; and the key's own statements. The
 * bank's wallets are in store-bank.ts, a wallet's history page in store-history.ts, the other
 * reads of past transfers (receipts, counterparties; the Prisma model API) in store-parties.ts,
 * the invariant checks in store-check.ts.
 */

export type { TransferRow } from "@/lib/server/ledger/transfer-row";

/** A transfer's id and stored columns (transfer-row.ts), for a read of transfers. */
export const TRANSFER_SELECT = Prisma.raw(["id", ...TRANSFER_COLUMNS].map((column) => `"${column}"`).join(", "));

/** One transfer as `applyPlan` returned it (an idempotent replay reads it back); undefined when missing. */
export async function findTransfer(id: number): Promise<TransferRow | undefined> {
  const sql = await sqlOf();
  const [row] = await sql.$queryRaw<TransferRow[]>`SELECT ${TRANSFER_SELECT} FROM "Transfer" WHERE "id" = ${id}`;
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
export async function findStoredKey(userId: number, key: string): Promise<StoredKey | undefined> {
  const sql = await sqlOf();
  const [stored] = await sql.$queryRaw<StoredKey[]>`
    SELECT "requestHash", "transferId", "refusal" FROM "IdempotencyKey"
    WHERE "userId" = ${userId} AND "key" = ${key}`;
  return stored;
}

/** Records a refusal under the caller's key (a unique violation when the key is taken meanwhile). */
export async function storeRefusal(userId: number, key: string, hash: string, refusal: string): Promise<number> {
  const sql = await sqlOf();
  return sql.$executeRaw`
    INSERT INTO "IdempotencyKey" ("userId", "key", "requestHash", "transferId", "refusal", "createdAt")
    VALUES (${userId}, ${key}, ${hash}, ${null}, ${refusal}, ${clockNow()})`;
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
export function sentLatelyColumns(userId: number, at = clockNow()): Prisma.Sql {
  return counterColumns("SendingCounter", userId, sendingWindowAt(at), "sentThisWindow", "sentLastWindow");
}

/**
 * The column "dealtWith": whether `userId` has sent money to the wallet `walletId`, or received
 * money from it. Naming a wallet's owner to someone who never did counts as a lookup
 * (lib/server/users/lookup-limit.ts): a transfer's first read and a schedule's carry it.
 */
export function dealtWithColumn(userId: number, walletId: number): Prisma.Sql {
  // CROSS JOIN: the user's few wallets first, each probing the (sender, receiver) index; SQLite,
  // which keeps no statistics, would otherwise walk every transfer of the other wallet.
  return Prisma.sql`(EXISTS (SELECT 1 FROM "Wallet" o CROSS JOIN "Transfer" t
        WHERE o."userId" = ${userId} AND t."senderWalletId" = o."id" AND t."receiverWalletId" = ${walletId})
      OR EXISTS (SELECT 1 FROM "Wallet" o CROSS JOIN "Transfer" t
        WHERE o."userId" = ${userId} AND t."senderWalletId" = ${walletId} AND t."receiverWalletId" = o."id")) AS "dealtWith"`;
}

/**
 * Columns for the transfer's one read (`readTransferWallets`) that the limits on sending need:
 *  - whether `userId` has dealt with the receiving wallet before (either direction);
 *  - the sender's counter of transfers to other people (`sentLatelyColumns`);
 *  - the sender's lookup counter, "lookedUpThisWindow" and "lookedUpLastWindow" (a wallet never
 *    dealt with counts as a lookup: lib/server/users/lookup-limit.ts).
 */
function limitColumns(userId: number, receiverWalletId: number): Prisma.Sql {
  return Prisma.sql`,
    ${dealtWithColumn(userId, receiverWalletId)}
    ${sentLatelyColumns(userId)}
    ${counterColumns("LookupCounter", userId, lookupWindowAt(clockNow()), "lookedUpThisWindow", "lookedUpLastWindow")}`;
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
    /** The sender's open pocket in this currency that takes round-ups, and its step (10 or 100 units). */
    roundUpPocket?: number | null;
    roundUpStep?: number | null;
  };

/** A movement's first read, and the ledger's store the movement goes on with (its plan, its commit). */
export type FirstRead<R> = { rows: R[]; ledger: SqlRunner };

/**
 * The columns "roundUpPocket" and "roundUpStep": the wallet's open pocket that takes round-ups
 * (round-up.ts), if any. (One at most: opening or setting another is refused.)
 */
const roundUpColumns = (() => {
  const pocket = (column: string) => Prisma.sql`(SELECT ${Prisma.raw(column)} FROM "Pocket" k JOIN "Wallet" p ON p."id" = k."walletId"
      WHERE k."userId" = w."userId" AND p."currency" = w."currency" AND k."closedAt" IS NULL AND k."roundUp" > 0
      ORDER BY k."walletId" LIMIT 1)`;
  return Prisma.sql`, ${pocket(`k."walletId"`)} AS "roundUpPocket", ${pocket(`k."roundUp"`)} AS "roundUpStep"`;
})();

/**
 * Both wallets of a transfer, their owners, what a notice needs, the stored key, what the
 * sending limits need (of `userId` towards the receiving wallet) and the sender's round-up pocket,
 * in one query. A pocket's own wallet is neither (lib/server/pockets moves its money).
 */
export async function readTransferWallets(
  options: { userId: number; senderWalletId: number; receiverWalletId: number },
  key: KeyToRecord | undefined,
): Promise<FirstRead<TransferWalletRow>> {
  const ledger = await sqlOf();
  const rows = await ledger.$queryRaw<TransferWalletRow[]>`
    SELECT w."id", w."userId", w."currency", u."isSystem", u."notification" AS "notify",
      CASE WHEN u."botMayWrite" THEN u."telegramId" END AS "telegramId",
      u."email", u."language", u."username", u."telegramUsername" ${storedKeyColumns(key)}
      ${limitColumns(options.userId, options.receiverWalletId)} ${roundUpColumns}
    FROM "Wallet" w JOIN "User" u ON u."id" = w."userId"
    WHERE w."id" IN (${options.senderWalletId}, ${options.receiverWalletId}) AND w."pocket" = 0`;
  return { rows, ledger };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A wallet of an exchange's first read, with the caller's exchanges of the last 24 hours. */
export type ExchangeWalletRow = WithStoredKey & { id: number; userId: number; currency: string; exchangesLately: number | bigint | null };

/**
 * Both wallets of an exchange, the stored key and the column "exchangesLately", for
 * EXCHANGE_COUNT_DAILY_LIMIT: the caller's exchanges in the last 24 hours, counted no further
 * than the limit, through the transfers' (sender, time) index — in one query. As for top-ups,
 * concurrent exchanges of one user may each see the count before the others are written.
 */
export async function readExchangeWallets(
  options: { userId: number; fromWalletId: number; toWalletId: number },
  key: KeyToRecord | undefined,
): Promise<FirstRead<ExchangeWalletRow>> {
  const since = new Date(clockNowMs() - DAY_MS);
  const ledger = await sqlOf();
  const rows = await ledger.$queryRaw<ExchangeWalletRow[]>`
    SELECT w."id", w."userId", w."currency" ${storedKeyColumns(key)},
      (SELECT COUNT(*) FROM (SELECT 1 FROM "Wallet" o JOIN "Transfer" t ON t."senderWalletId" = o."id"
          WHERE o."userId" = ${options.userId} AND t."kind" = 'exchange' AND t."createdAt" >= ${since}
          LIMIT ${getEnv().exchangeCountDailyLimit}) recent) AS "exchangesLately"
    FROM "Wallet" w WHERE w."id" IN (${options.fromWalletId}, ${options.toWalletId}) AND w."pocket" = 0`;
  return { rows, ledger };
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
  const since = new Date(clockNowMs() - DAY_MS);
  return Prisma.sql`,
    (SELECT COUNT(*) FROM (SELECT 1 FROM "Wallet" o JOIN "Transfer" t ON t."receiverWalletId" = o."id"
        WHERE o."userId" = ${userId} AND t."kind" = 'topup' AND t."createdAt" >= ${since}
        LIMIT ${getEnv().topUpCountDailyLimit}) recent) AS "topUpsLately"`;
}

/**
 * The user's wallet in `currency`, its owner's notice settings and the stored key, in one query;
 * with `counted`, also the user's recent top-ups ("topUpsLately"). Read in the caller's
 * transaction (`within`: the demo seed's), or else on the ledger's store, which it hands over.
 */
export async function readTopUpWallet(
  within: Sql | null,
  options: { userId: number; currency: Currency },
  key: KeyToRecord | undefined,
  counted: boolean | undefined,
): Promise<{ wallet: TopUpWalletRow | undefined; ledger: Sql | SqlRunner }> {
  const ledger = within ?? (await sqlOf());
  const [wallet] = await ledger.$queryRaw<TopUpWalletRow[]>`
    SELECT w."id", w."userId", w."currency", u."notification" AS "notify",
      CASE WHEN u."botMayWrite" THEN u."telegramId" END AS "telegramId", u."email", u."language"
      ${storedKeyColumns(key)} ${topUpCountColumn(options.userId, counted)}
    FROM "Wallet" w JOIN "User" u ON u."id" = w."userId"
    WHERE w."userId" = ${options.userId} AND w."currency" = ${options.currency} AND w."pocket" = 0`;
  return { wallet, ledger };
}
