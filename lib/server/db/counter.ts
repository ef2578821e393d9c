import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Sql } from "@/lib/server/db/sql";

/**
 * The statements of a per-user counter over fixed windows: one row per user holding the count of
 * the window that starts at "windowStart" ("current") and of the window before it ("previous"),
 * so a limit "N per window" costs one primary-key row whatever N is. The sending limit's
 * (lib/server/ledger/transfer-limits.ts), the lookup limit's (lib/server/users/lookup-limit.ts) and the
 * split reminders' (lib/server/splits/remind-split.ts).
 */
export type CounterTable = "SendingCounter" | "LookupCounter" | "ReminderCounter";

/** The window an instant falls in and the one before it (lib/server/limits/window.ts). */
export type CounterWindow = { windowStart: Date; previousStart: Date };

/**
 * One more on `userId`'s counter: a counter of this window (or a later one, written by an instance
 * whose clock runs ahead) gains one; one of the window before moves to "previous" and the new
 * window starts at one; an older one starts over. Answers the counter's total after it
 * ("current" + "previous"). The same step as `countSent`/`countLookup` in
 * prisma/postgres/functions/minibank_apply_plan.sql.
 */
export async function addToCounter(tx: Sql, table: CounterTable, userId: number, window: CounterWindow): Promise<number> {
  const { windowStart, previousStart } = window;
  const name = Prisma.raw(`"${table}"`);
  const kept = Prisma.sql`${name}."windowStart" >= ${windowStart}`;
  const [row] = await tx.$queryRaw<{ total: number | bigint }[]>`
    INSERT INTO ${name} ("userId", "windowStart", "current", "previous") VALUES (${userId}, ${windowStart}, 1, 0)
    ON CONFLICT ("userId") DO UPDATE SET
      "previous" = CASE WHEN ${kept} THEN ${name}."previous" WHEN ${name}."windowStart" = ${previousStart} THEN ${name}."current" ELSE 0 END,
      "current" = CASE WHEN ${kept} THEN ${name}."current" + 1 ELSE 1 END,
      "windowStart" = CASE WHEN ${kept} THEN ${name}."windowStart" ELSE excluded."windowStart" END
    RETURNING "current" + "previous" AS "total"`;
  return Number(row.total);
}

/** Takes back one that `addToCounter` added (a refused hit), in whatever window the row is now. */
export async function takeFromCounter(tx: Sql, table: CounterTable, userId: number): Promise<void> {
  const name = Prisma.raw(`"${table}"`);
  await tx.$executeRaw`UPDATE ${name} SET "current" = "current" - 1 WHERE "userId" = ${userId} AND "current" > 0`;
}

/**
 * Two columns for a use case's first read, named `thisWindow` and `lastWindow`: what `userId`'s
 * counter holds for the window starting at `windowStart` and for the one before (a counter last
 * written in an older window holds nothing for either). Each is one primary-key lookup.
 */
export function counterColumns(table: CounterTable, userId: number, window: CounterWindow, thisWindow: string, lastWindow: string): Prisma.Sql {
  const { windowStart, previousStart } = window;
  const counter = Prisma.sql`FROM ${Prisma.raw(`"${table}"`)} c WHERE c."userId" = ${userId}`;
  return Prisma.sql`,
    (SELECT CASE WHEN c."windowStart" >= ${windowStart} THEN c."current" ELSE 0 END ${counter}) AS ${Prisma.raw(`"${thisWindow}"`)},
    (SELECT CASE WHEN c."windowStart" >= ${windowStart} THEN c."previous" WHEN c."windowStart" = ${previousStart} THEN c."current"
      ELSE 0 END ${counter}) AS ${Prisma.raw(`"${lastWindow}"`)}`;
}
