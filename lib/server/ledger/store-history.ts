import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb, sqlOf } from "@/lib/server/db";
import { TRANSFER_SELECT, type TransferRow } from "@/lib/server/ledger/store";

/** The reads of past transfers: a wallet's history, a receipt, a counterparty, recent recipients. */

/** How another person is named and pictured (receipts, recent recipients, statements). */
export const personSelect = { id: true, username: true, telegramFirstName: true, photoUrl: true, isSystem: true } as const;

/**
 * A transfer of the history, with its wallet's owner and the schedule whose run made it (null
 * for any other transfer).
 */
export type HistoryRow = TransferRow & { ownerId: number; scheduleId: number | null };
/** The wallet's row alone: it exists, but no transfer matched. */
export type NoTransfer = { ownerId: number; id: null };

/**
 * One page of a wallet's history and its owner, in one statement: up to `take` of the newest
 * transfers it sent and up to `take` it received (id below `cursor`, if given), each row with the
 * wallet's owner; one row with no transfer when there are none, no row when the wallet does not
 * exist.
 */
export async function readHistoryPage(options: { walletId: number; cursor?: number; take: number }): Promise<(HistoryRow | NoTransfer)[]> {
  // Direct SQL: history is read on every visit of the wallet screen.
  const db = await sqlOf();
  const { walletId, cursor, take } = options;
  const after = cursor ? Prisma.sql`AND "id" < ${cursor}` : Prisma.empty;
  // The page size goes into the SQL as a literal: with a bound LIMIT SQLite spends ~10 µs more on
  // each side (measured). It is a validated integer; the check keeps anything else out of the SQL.
  if (!Number.isSafeInteger(take) || take < 2) throw new Error(`invalid page size ${take - 1}`);
  const limit = Prisma.raw(String(take));
  // Sent and received each walk their own (walletId, id) index and stop after a page; the page
  // is the newest of both. A page then costs the same however long the wallet's history is (an
  // OR would collect and sort all of it, a sorted UNION needs a temporary B-tree every time).
  const side = (column: Prisma.Sql) => Prisma.sql`
    SELECT * FROM (SELECT ${TRANSFER_SELECT},
      (SELECT r."scheduleId" FROM "ScheduleRun" r WHERE r."transferId" = "Transfer"."id") AS "scheduleId"
    FROM "Transfer" WHERE ${column} = ${walletId} ${after} ORDER BY "id" DESC LIMIT ${limit}) AS "page"`;
  return db.$queryRaw<(HistoryRow | NoTransfer)[]>`
    SELECT w."userId" AS "ownerId", t.* FROM "Wallet" w LEFT JOIN (
      ${side(Prisma.sql`"senderWalletId"`)} UNION ALL ${side(Prisma.sql`"receiverWalletId"`)}
    ) t ON TRUE WHERE w."id" = ${walletId}`;
}

const party = { select: { number: true, user: { select: personSelect } } } as const;

/** One transfer with both wallets' numbers and owners (a receipt). */
export function findTransferWithParties(transferId: number) {
  return getDb().transfer.findUnique({
    where: { id: transferId },
    include: { sender: party, receiver: party },
  });
}

/** The schedule whose run made transfer `transferId`, if one did (a receipt's way back to it). */
export async function findScheduleOfTransfer(transferId: number): Promise<number | undefined> {
  const run = await getDb().scheduleRun.findUnique({ where: { transferId }, select: { scheduleId: true } });
  return run?.scheduleId;
}

/**
 * Whether `walletId` is the caller's own, or one the caller has sent money to or received money
 * from (its id, or null).
 */
export function findKnownWallet(walletId: number, callerId: number) {
  return getDb().wallet.findFirst({
    where: {
      id: walletId,
      OR: [
        { userId: callerId },
        { sent: { some: { receiver: { userId: callerId } } } },
        { received: { some: { sender: { userId: callerId } } } },
      ],
    },
    select: { id: true },
  });
}

/** A wallet's owner as a counterparty is shown: name, picture, whether it is the bank. */
export function findWalletOwner(walletId: number) {
  return getDb().wallet.findUnique({
    where: { id: walletId },
    select: {
      user: { select: personSelect },
    },
  });
}

/**
 * The receiving wallets (number, currency, owner) of the caller's newest `take` transfers of kind
 * "transfer" to other people, newest first.
 */
export function recentTransferReceivers(callerId: number, take: number) {
  return getDb().transfer.findMany({
    where: { kind: "transfer", sender: { userId: callerId }, receiver: { userId: { not: callerId } } },
    orderBy: { id: "desc" },
    take,
    select: {
      receiver: {
        select: {
          number: true,
          currency: true,
          user: { select: personSelect },
        },
      },
    },
  });
}
