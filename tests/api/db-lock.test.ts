import { GET as listWallets } from "@/app/api/v1/wallet/route";
import { getDb, SELF_WAIT, sqlOf, UNIT_DID_IO } from "@/lib/server/db";
import { AppError } from "@/lib/server/platform/errors";
import { call, createUser } from "@/tests/support/api";

// The SQLite connection is shared by the Prisma client and the direct SQL of the hot paths, on one
// lock. A call that would wait for the lock it is inside fails at once with a clear error, and a
// request that waits too long for the lock gets 503 — neither freezes the process.

/** A Prisma transaction that holds the lock until `release()`. */
async function holdLock() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const done = getDb().$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      started();
      await gate;
    },
    { timeout: 10_000 },
  );
  await running;
  return { release, done };
}

describe("the database lock", () => {
  it("refuses the root runner inside sql.transaction at once, and keeps serving", async () => {
    const sql = await sqlOf();
    const started = Date.now();
    await expect(sql.transaction(() => sql.$queryRaw`SELECT 1`)).rejects.toThrow(SELF_WAIT);
    await expect(sql.transaction(() => sql.$executeRaw`DELETE FROM "User" WHERE 0`)).rejects.toThrow(SELF_WAIT);
    await expect(sql.transaction(() => sql.transaction(async () => 1))).rejects.toThrow(SELF_WAIT);
    expect(Date.now() - started).toBeLessThan(2000);
    // Nothing is left holding the lock.
    expect(await getDb().user.count()).toBeGreaterThanOrEqual(0);
    const [row] = await sql.transaction((tx) => tx.$queryRaw<{ one: unknown }[]>`SELECT 1 AS "one"`);
    expect(Number(row.one)).toBe(1);
  });

  it("fails the Prisma client inside sql.transaction at once instead of hanging", async () => {
    // The lock sees the call come from inside (SELF_WAIT) when Prisma reaches it in the caller's
    // async context; otherwise the work waiting for something but its own statements fails it.
    const sql = await sqlOf();
    const started = Date.now();
    const error = await sql.transaction(() => getDb().user.count()).catch((e: unknown) => e);
    expect([SELF_WAIT, UNIT_DID_IO]).toContain((error as Error).message);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await getDb().user.count()).toBeGreaterThanOrEqual(0);
  });

  it("fails direct SQL that waits longer than DB_LOCK_WAIT_MS with 503 UNAVAILABLE, then serves again", async () => {
    const user = await createUser({ username: "lock_wait" });
    const saved = process.env.DB_LOCK_WAIT_MS;
    process.env.DB_LOCK_WAIT_MS = "200";
    const held = await holdLock();
    try {
      const sql = await sqlOf();
      const error = await sql.$queryRaw`SELECT 1`.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "UNAVAILABLE", status: 503 });
      // Through the Prisma client too (auth reads the session with it): a 503, not a 500.
      const res = await call(listWallets, { token: user.token });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: expect.stringMatching(/[а-я]/i), code: "UNAVAILABLE" });
    } finally {
      held.release();
      await held.done;
      process.env.DB_LOCK_WAIT_MS = saved;
    }
    const res = await call(listWallets, { token: user.token });
    expect(res.status).toBe(200);
  });
});
