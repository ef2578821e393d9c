import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/server/db";
import { TRANSFER_SELECT, type TransferRow } from "@/lib/server/ledger/store";

/**
 * A wallet's history, page by page: direct SQL, read on every visit of the wallet screen. The
 * other reads of past transfers (a receipt, a counterparty, recent recipients) are plain model
 * reads, in store-parties.ts (docs/architecture.md, Persistence).
 */

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
