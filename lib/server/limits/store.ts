import "server-only";
import { sqlOf } from "@/lib/server/db";
import { addToCounter, takeFromCounter, type CounterWindow } from "@/lib/server/db/counter";
import { clockNow } from "@/lib/server/platform/clock";

/**
 * Every statement of the rate limits: the `RateLimitHit` table, and the lookup limit's counter
 * (`LookupCounter`, lib/server/users/lookup-limit.ts). Plain SQL on the direct runner:
 * a limit is checked on hot paths (a transfer to someone new counts a look-up), and each query
 * through the Prisma client is compiled again on the event loop, which under load every other
 * request waits for.
 */

/** Removes `key`'s hits older than `before`. */
export async function deleteHitsBefore(key: string, before: Date): Promise<void> {
  const sql = await sqlOf();
  await sql.$executeRaw`DELETE FROM "RateLimitHit" WHERE "key" = ${key} AND "createdAt" < ${before}`;
}

/** Adds one hit to `key`; its id orders it among the others. */
export async function addHit(key: string): Promise<number> {
  const sql = await sqlOf();
  // The instant is written here, as the Prisma client did (`@default(now())` is the client's).
  const rows = await sql.$queryRaw<{ id: number | bigint }[]>`INSERT INTO "RateLimitHit" ("key", "createdAt")
    VALUES (${key}, ${clockNow()}) RETURNING "id"`;
  return Number(rows[0].id);
}

/** `key`'s hits since `since`, up to and including the hit `upToId` (all of them without it). */
export async function countHitsSince(key: string, since: Date, upToId?: number): Promise<number> {
  const sql = await sqlOf();
  const rows =
    upToId === undefined
      ? await sql.$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS "n" FROM "RateLimitHit"
          WHERE "key" = ${key} AND "createdAt" >= ${since}`
      : await sql.$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS "n" FROM "RateLimitHit"
          WHERE "key" = ${key} AND "createdAt" >= ${since} AND "id" <= ${upToId}`;
  return Number(rows[0].n);
}

/** Removes one hit. */
export async function deleteHit(id: number): Promise<void> {
  const sql = await sqlOf();
  await sql.$executeRaw`DELETE FROM "RateLimitHit" WHERE "id" = ${id}`;
}

/** One more on `userId`'s lookup counter, in `window`; answers the counter's total after it. */
export async function addLookup(userId: number, window: CounterWindow): Promise<number> {
  return addToCounter(await sqlOf(), "LookupCounter", userId, window);
}

/** Takes back a refused lookup from `userId`'s counter. */
export async function takeBackLookup(userId: number): Promise<void> {
  await takeFromCounter(await sqlOf(), "LookupCounter", userId);
}
