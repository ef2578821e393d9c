import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { containsPattern, lowerText, sqlOf, type Dialect, type Sql } from "@/lib/server/db";
import { replicaSql } from "@/lib/server/db/replica";
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
 * What a page's transfers must all match (each given filter, together), as the store reads it:
 * `text` already lower-cased, the period as instants, an amount in minor units.
 */
export type HistoryMatch = {
  kind?: string;
  /** Only what the wallet received ("in") or sent ("out"). */
  direction?: "in" | "out";
  /** The other side's currency: what the receiver got for a transfer out, what the sender sent for one in. */
  currency?: string;
  /** createdAt at or after `since`, before `until`. */
  since?: Date;
  until?: Date;
  /** Found in the message, the counterparty's name or username (lower-cased), or … */
  text?: string;
  /** … the counterparty's username alone (a search that began with "@", without it). */
  handle?: string;
  /** … an amount sent or received, exactly. */
  amount?: bigint;
};

/**
 * One page of a wallet's history and its owner, in one statement: up to `take` of the newest
 * transfers it sent and up to `take` it received (id below `cursor`, if given, and matching
 * `match`), each row with the wallet's owner; one row with no transfer when there are none, no
 * row when the wallet does not exist.
 */
export async function readHistoryPage(options: HistoryPageOptions): Promise<(HistoryRow | NoTransfer)[]> {
  // The first page shows the latest movements and comes from the primary; the pages after it
  // (a cursor) may come from the read replica (lib/server/db/replica.ts).
  if (options.cursor) return replicaSql((db) => historyPage(db, options));
  return historyPage(await sqlOf(), options);
}

type HistoryPageOptions = { walletId: number; cursor?: number; take: number; match?: HistoryMatch };

async function historyPage(db: Sql, options: HistoryPageOptions): Promise<(HistoryRow | NoTransfer)[]> {
  // Direct SQL: history is read on every visit of the wallet screen.
  const { walletId, cursor, take, match = {} } = options;
  const after = cursor ? Prisma.sql`AND "id" < ${cursor}` : Prisma.empty;
  // The page size goes into the SQL as a literal: with a bound LIMIT SQLite spends ~10 µs more on
  // each side (measured). It is a validated integer; the check keeps anything else out of the SQL.
  if (!Number.isSafeInteger(take) || take < 2) throw new Error(`invalid page size ${take - 1}`);
  const limit = Prisma.raw(String(take));
  // Sent and received each walk their own (walletId, id) index and stop after a page; the page
  // is the newest of both. A page then costs the same however long the wallet's history is (an
  // OR would collect and sort all of it, a sorted UNION needs a temporary B-tree every time).
  // Filters are conditions on the rows of that walk: it stops after a page of matches, and at
  // worst reads this wallet's history, never the table's.
  const side = (column: "senderWalletId" | "receiverWalletId") => {
    const other = Prisma.raw(column === "senderWalletId" ? `"receiverWalletId"` : `"senderWalletId"`);
    const otherCurrency = Prisma.raw(column === "senderWalletId" ? `"receivedCurrency"` : `"currency"`);
    return Prisma.sql`
    SELECT * FROM (SELECT ${TRANSFER_SELECT},
      (SELECT r."scheduleId" FROM "ScheduleRun" r WHERE r."transferId" = "Transfer"."id") AS "scheduleId"
    FROM "Transfer" WHERE ${Prisma.raw(`"${column}"`)} = ${walletId} ${after} ${filters(db.dialect, match, other, otherCurrency)}
    ORDER BY "id" DESC LIMIT ${limit}) AS "page"`;
  };
  const sides = [
    ...(match.direction === "in" ? [] : [side("senderWalletId")]),
    ...(match.direction === "out" ? [] : [side("receiverWalletId")]),
  ];
  return db.$queryRaw<(HistoryRow | NoTransfer)[]>`
    SELECT w."userId" AS "ownerId", t.* FROM "Wallet" w LEFT JOIN (
      ${Prisma.join(sides, " UNION ALL ")}
    ) t ON TRUE WHERE w."id" = ${walletId}`;
}

/** The conditions of `match` on one side's transfers (`other`: the counterparty's wallet column). */
function filters(dialect: Dialect, match: HistoryMatch, other: Prisma.Sql, otherCurrency: Prisma.Sql): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (match.kind !== undefined) conditions.push(Prisma.sql`"kind" = ${match.kind}`);
  if (match.currency !== undefined) conditions.push(Prisma.sql`${otherCurrency} = ${match.currency}`);
  if (match.since !== undefined) conditions.push(Prisma.sql`"createdAt" >= ${match.since}`);
  if (match.until !== undefined) conditions.push(Prisma.sql`"createdAt" < ${match.until}`);
  const found: Prisma.Sql[] = [];
  if (match.text !== undefined) {
    const pattern = containsPattern(match.text);
    found.push(Prisma.sql`${lowerText(dialect, Prisma.sql`"message"`)} LIKE ${pattern} ESCAPE '\\'`);
    found.push(Prisma.sql`EXISTS (SELECT 1 FROM "Wallet" cw JOIN "User" cu ON cu."id" = cw."userId"
      WHERE cw."id" = "Transfer".${other}
        AND (${lowerText(dialect, Prisma.sql`cu."username"`)} LIKE ${pattern} ESCAPE '\\'
          OR ${lowerText(dialect, Prisma.sql`cu."telegramFirstName"`)} LIKE ${pattern} ESCAPE '\\'))`);
  }
  if (match.handle !== undefined) {
    found.push(Prisma.sql`EXISTS (SELECT 1 FROM "Wallet" cw JOIN "User" cu ON cu."id" = cw."userId"
      WHERE cw."id" = "Transfer".${other} AND ${lowerText(dialect, Prisma.sql`cu."username"`)} LIKE ${containsPattern(match.handle)} ESCAPE '\\')`);
  }
  if (match.amount !== undefined) found.push(Prisma.sql`"amount" = ${match.amount} OR "receivedAmount" = ${match.amount}`);
  if (found.length > 0) conditions.push(Prisma.sql`(${Prisma.join(found, " OR ")})`);
  return conditions.length === 0 ? Prisma.empty : Prisma.sql`AND ${Prisma.join(conditions, " AND ")}`;
}
