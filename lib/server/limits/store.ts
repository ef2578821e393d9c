import "server-only";
import { getDb } from "@/lib/server/db";

/** Every statement of the rate limits: the `RateLimitHit` table. */

/** Removes `key`'s hits older than `before`. */
export async function deleteHitsBefore(key: string, before: Date): Promise<void> {
  await getDb().rateLimitHit.deleteMany({ where: { key, createdAt: { lt: before } } });
}

/** Adds one hit to `key`; its id orders it among the others. */
export async function addHit(key: string): Promise<number> {
  const hit = await getDb().rateLimitHit.create({ data: { key }, select: { id: true } });
  return hit.id;
}

/** `key`'s hits since `since`, up to and including the hit `upToId` (all of them without it). */
export function countHitsSince(key: string, since: Date, upToId?: number): Promise<number> {
  const where = { key, createdAt: { gte: since } };
  return getDb().rateLimitHit.count({ where: upToId === undefined ? where : { ...where, id: { lte: upToId } } });
}

/** Removes one hit. */
export async function deleteHit(id: number): Promise<void> {
  await getDb().rateLimitHit.delete({ where: { id } });
}
