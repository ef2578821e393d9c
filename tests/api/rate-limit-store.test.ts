import { getDb } from "@/lib/server/db";
import { sweep, RETENTION } from "@/lib/server/db/sweep";
import { hitRateLimit } from "@/lib/server/limits/rate-limit";
import { addHit, countHitsSince, deleteHitsBefore } from "@/lib/server/limits/store";

describe("the rate limits' store", () => {
  it("writes hits the rest of the app reads with their instant, and counts and removes them by it", async () => {
    const db = getDb();
    const before = new Date();
    const id = await addHit("store:one");
    const row = await db.rateLimitHit.findUnique({ where: { id } });
    expect(row?.key).toBe("store:one");
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(row!.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    // Hits written by the Prisma client (the seed, older rows) and by the store count together.
    await db.rateLimitHit.create({ data: { key: "store:one", createdAt: new Date(before.getTime() - 60_000) } });
    expect(await countHitsSince("store:one", new Date(before.getTime() - 120_000))).toBe(2);
    expect(await countHitsSince("store:one", before)).toBe(1);
    expect(await countHitsSince("store:one", new Date(before.getTime() - 120_000), id)).toBe(1);
    await deleteHitsBefore("store:one", before);
    expect(await db.rateLimitHit.count({ where: { key: "store:one" } })).toBe(1);
    // The sweep (Prisma client) finds the store's rows by their instant.
    await sweep(new Date(Date.now() + RETENTION.rateLimitHitMs + 60_000));
    expect(await db.rateLimitHit.count({ where: { key: "store:one" } })).toBe(0);
  });

  it("refuses past the limit and removes the refused hit", async () => {
    const limit = { key: "store:two", limit: 2, windowMs: 60_000 };
    await hitRateLimit(limit);
    await hitRateLimit(limit);
    await expect(hitRateLimit(limit)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(await getDb().rateLimitHit.count({ where: { key: "store:two" } })).toBe(2);
  });
});
