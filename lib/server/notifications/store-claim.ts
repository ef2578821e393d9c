import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf, type Sql } from "@/lib/server/db";
import { inList, skipLockedRows, takeTurns } from "@/lib/server/db/claim";
import {
  LEASE_MS,
  pick,
  RECIPIENT_SPACING_MS,
  TELEGRAM_CLAIMS,
  TELEGRAM_PER_SECOND,
  TOLD_WINDOW_MS,
  type Channel,
  type Claim,
  type Claimed,
  type ClaimedRow,
} from "@/lib/server/notifications/claim";

/** The statements that claim outbox rows for sending (the rules and limits are in claim.ts). */

// `"status" IN (…)` first: the read stays on the (channel, status, …) index, among the rows under
// way, whatever number of sent ones the channel has behind it.
const due = (now: Date) => Prisma.sql`("status" IN ('pending', 'sending') AND (("status" = 'pending' AND "nextAttemptAt" <= ${now})
  OR ("status" = 'sending' AND "leaseUntil" < ${now})))`;

/** Recipients with a message under way, or told less than RECIPIENT_SPACING_MS ago. */
const busy = (channel: Channel, now: Date) => Prisma.sql`
  SELECT "address" FROM "Notification"
  WHERE "channel" = ${channel} AND "status" = 'sending' AND "leaseUntil" >= ${now}
  UNION
  SELECT "address" FROM "Notification"
  WHERE "channel" = ${channel} AND "lastTriedAt" > ${new Date(now.getTime() - RECIPIENT_SPACING_MS)}`;

/**
 * How many more messages the channel may start now. Telegram: 30 a second for the bot, counted
 * as the recipients busy right now — each was told at most once in the last second (see `busy`),
 * so that is every message under way or ended within the second. E-mail: no limit but `limit`.
 */
async function budget(tx: Sql, channel: Channel, now: Date, limit: number): Promise<number> {
  if (channel !== "telegram") return limit;
  const [row] = await tx.$queryRaw<{ n: number | bigint }[]>`
    SELECT COUNT(*) AS "n" FROM (${busy(channel, now)}) AS "b"`;
  return Math.min(limit, TELEGRAM_PER_SECOND - Number(row.n));
}

/**
 * Telegram's recipients, when the bot's budget is the bottleneck: those not told within the last
 * minute first, then the one told longest ago; among equals, the oldest due message first. A
 * burst's recipients take turns, and a newcomer is not queued behind them. (Its claims take turns
 * anyway, so ranking whole recipients costs no concurrency.)
 */
async function leastRecentlyTold(tx: Sql, channel: Channel, now: Date, room: number): Promise<string[]> {
  const rows = await tx.$queryRaw<{ address: string }[]>`
    SELECT n."address" FROM "Notification" n
    LEFT JOIN (
      SELECT "address", MAX("lastTriedAt") AS "told" FROM "Notification"
      WHERE "channel" = ${channel} AND "lastTriedAt" > ${new Date(now.getTime() - TOLD_WINDOW_MS)}
      GROUP BY "address") r ON r."address" = n."address"
    WHERE n."channel" = ${channel} AND ${due(now)} AND n."address" NOT IN (${busy(channel, now)})
    GROUP BY n."address", r."told"
    ORDER BY r."told" ASC NULLS FIRST, MIN(n."id")
    LIMIT ${room}`;
  return rows.map((r) => r.address);
}

/**
 * E-mail's recipients, when throughput is what counts: those of the oldest due rows. Rows another
 * claimer holds are stepped over, and only as many are locked as may be taken, so claimers side
 * by side take different recipients.
 */
async function oldestFirst(tx: Sql, channel: Channel, now: Date, room: number): Promise<string[]> {
  const oldest = await tx.$queryRaw<{ address: string }[]>`
    SELECT "address" FROM "Notification"
    WHERE "channel" = ${channel} AND ${due(now)} AND "address" NOT IN (${busy(channel, now)})
    ORDER BY "id" LIMIT ${room} ${skipLockedRows(tx)}`;
  return [...new Set(oldest.map((c) => c.address))];
}

async function claimIn(tx: Sql, channel: Channel, now: Date, limit: number): Promise<Claimed[]> {
  if (channel === "telegram") await takeTurns(tx, TELEGRAM_CLAIMS);
  const room = await budget(tx, channel, now, limit);
  if (room <= 0) return [];
  const recipients = await (channel === "telegram" ? leastRecentlyTold : oldestFirst)(tx, channel, now, room);
  if (recipients.length === 0) return [];
  // Every due row of those recipients, for folding.
  const rows = await tx.$queryRaw<(ClaimedRow & { address: string })[]>`
    SELECT "id", "userId", "transferId", "address", "text", "attempts" FROM "Notification"
    WHERE "channel" = ${channel} AND "address" ${inList(tx, recipients)} AND ${due(now)}
    ORDER BY "id" ${skipLockedRows(tx)}`;
  const byAddress = new Map<string, ClaimedRow[]>();
  for (const row of rows) {
    const list = byAddress.get(row.address) ?? [];
    list.push({
      id: Number(row.id),
      userId: Number(row.userId),
      transferId: row.transferId === null ? null : Number(row.transferId),
      text: row.text,
      attempts: Number(row.attempts),
    });
    byAddress.set(row.address, list);
  }
  const messages = [...byAddress].map(([address, list]) => ({ channel, address, rows: pick(list) }));
  const ids = messages.flatMap((m) => m.rows.map((r) => r.id));
  if (ids.length === 0) return [];
  // `attempts` doubles as the lease's token (see settle in deliver.ts).
  const taken = await tx.$queryRaw<{ id: number | bigint; attempts: number | bigint }[]>`
    UPDATE "Notification" SET "status" = 'sending', "leaseUntil" = ${new Date(now.getTime() + LEASE_MS)},
      "attempts" = "attempts" + 1
    WHERE "id" ${inList(tx, ids)} AND ${due(now)}
    RETURNING "id", "attempts"`;
  const attempts = new Map(taken.map((r) => [Number(r.id), Number(r.attempts)]));
  return messages
    .map((m) => ({ ...m, rows: m.rows.filter((r) => attempts.has(r.id)).map((r) => ({ ...r, attempts: attempts.get(r.id)! })) }))
    .filter((m) => m.rows.length > 0);
}

/**
 * Takes up to `limit` messages of one channel for this worker, in one transaction: due rows
 * (pending and their time has come, or left `sending` by a worker whose lease ran out) of
 * recipients that are not busy, within the channel's rate (see `budget`). On PostgreSQL the rows
 * are locked with SKIP LOCKED, so any number of instances claim side by side without ever
 * taking the same row; Telegram's claims also take turns, because they share the bot's budget.
 */
export async function claimDue(channel: Channel, now: Date, limit: number): Promise<Claim> {
  const sql = await sqlOf();
  // An idle worker only reads: a claim's transaction would take SQLite's write lock each time.
  const any = await sql.$queryRaw<unknown[]>`SELECT "id" FROM "Notification" WHERE "channel" = ${channel} AND ${due(now)} LIMIT 1`;
  if (any.length === 0) return { messages: [], due: false };
  return { messages: await sql.transaction((tx) => claimIn(tx, channel, now, limit)), due: true };
}
