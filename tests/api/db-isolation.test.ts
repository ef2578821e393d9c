import { getDb, sqlOf, type Sql, type SqlRunner } from "@/lib/server/db";
import { isUniqueViolation } from "@/lib/server/ledger/prisma-errors";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A direct transaction that inserts a user, then stays open until released, then rolls back. */
function openDirectTransaction(sql: SqlRunner, username: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const tx = sql.transaction(async (t) => {
    await t.$executeRaw`INSERT INTO "User" ("username", "createdAt") VALUES (${username}, ${new Date()})`;
    await gate;
    throw new Error("rollback");
  });
  return { tx, release };
}

describe("database transactions on the single SQLite connection", () => {
  it("never show uncommitted rows to queries outside the transaction", async () => {
    const db = getDb();
    const tx = db.$transaction(async (t) => {
      await t.user.create({ data: { username: "in_tx_uncommitted" } });
      await sleep(150);
      throw new Error("rollback");
    });
    await sleep(30);
    expect(await db.user.findUnique({ where: { username: "in_tx_uncommitted" } })).toBeNull();
    await expect(tx).rejects.toThrow("rollback");
  });

  it("never lose a write made beside a transaction that rolls back", async () => {
    const db = getDb();
    const tx = db.$transaction(async (t) => {
      await t.user.create({ data: { username: "rolled_back" } });
      await sleep(150);
      throw new Error("rollback");
    });
    await sleep(30);
    await db.user.create({ data: { username: "written_outside" } });
    await expect(tx).rejects.toThrow("rollback");
    expect(await db.user.findUnique({ where: { username: "written_outside" } })).not.toBeNull();
    expect(await db.user.findUnique({ where: { username: "rolled_back" } })).toBeNull();
  });

  it("runs with WAL, synchronous NORMAL and foreign keys on", async () => {
    const db = getDb();
    const [mode] = await db.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
    const [sync] = await db.$queryRawUnsafe<{ synchronous: bigint }[]>("PRAGMA synchronous");
    const [fk] = await db.$queryRawUnsafe<{ foreign_keys: bigint }[]>("PRAGMA foreign_keys");
    expect(mode.journal_mode).toBe("wal");
    expect(Number(sync.synchronous)).toBe(1);
    expect(Number(fk.foreign_keys)).toBe(1);
  });
});

describe("direct SQL on the same connection (the hot paths)", () => {
  it("types rows like Prisma's raw queries", async () => {
    const db = getDb();
    const user = await db.user.create({ data: { username: "typed_row", notification: true } });
    const sql = await sqlOf(db);
    const query = () => sql.$queryRaw<Record<string, unknown>[]>`
      SELECT "id", "notification", "createdAt", "username" FROM "User" WHERE "id" = ${user.id}`;
    const viaPrisma = await db.$queryRaw<Record<string, unknown>[]>`
      SELECT "id", "notification", "createdAt", "username" FROM "User" WHERE "id" = ${user.id}`;
    expect(await query()).toEqual(viaPrisma);
    expect((await query())[0]).toEqual({
      id: user.id,
      notification: true,
      createdAt: user.createdAt,
      username: "typed_row",
    });
  });

  it("writes instants the way Prisma reads them back", async () => {
    const sql = await sqlOf();
    const at = new Date("2026-03-04T05:06:07.089Z");
    const [row] = await sql.$queryRaw<{ id: number }[]>`
      INSERT INTO "OutboxEmail" ("to", "subject", "text", "createdAt")
      VALUES (${"x@example.com"}, ${"s"}, ${"t"}, ${at}) RETURNING "id"`;
    const stored = await getDb().outboxEmail.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored.createdAt).toEqual(at);
  });

  it("rolls a transaction back when its work throws, and commits otherwise", async () => {
    const sql = await sqlOf();
    await expect(
      sql.transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO "User" ("username", "createdAt") VALUES (${"direct_rolled_back"}, ${new Date()})`;
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await sql.transaction(
      (tx) => tx.$executeRaw`INSERT INTO "User" ("username", "createdAt") VALUES (${"direct_committed"}, ${new Date()})`,
    );
    const db = getDb();
    expect(await db.user.findUnique({ where: { username: "direct_rolled_back" } })).toBeNull();
    expect(await db.user.findUnique({ where: { username: "direct_committed" } })).not.toBeNull();
  });

  it("commits concurrent transactions together yet keeps each all-or-nothing", async () => {
    const sql = await sqlOf();
    const insert = (tx: Sql, username: string) =>
      tx.$executeRaw`INSERT INTO "User" ("username", "createdAt") VALUES (${username}, ${new Date()})`;
    const results = await Promise.allSettled(
      ["group_a", "group_b", "group_c", "group_d"].map((name) =>
        sql.transaction(async (tx) => {
          await insert(tx, `${name}_1`);
          if (name === "group_b") throw new Error("b refused");
          // A unique violation half-way through: the first insert must go too.
          if (name === "group_c") await insert(tx, "group_a_1");
          await insert(tx, `${name}_2`);
          return name;
        }),
      ),
    );
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : "rejected"))).toEqual([
      "group_a",
      "rejected",
      "rejected",
      "group_d",
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error("b refused"));
    expect(isUniqueViolation((results[2] as PromiseRejectedResult).reason)).toBe(true);
    const names = await getDb().user.findMany({
      where: { username: { startsWith: "group_" } },
      orderBy: { username: "asc" },
      select: { username: true },
    });
    expect(names.map((u) => u.username)).toEqual(["group_a_1", "group_a_2", "group_d_1", "group_d_2"]);
  });

  it("waits for an open Prisma transaction instead of reading or writing inside it", async () => {
    const db = getDb();
    const sql = await sqlOf(db);
    const tx = db.$transaction(async (t) => {
      await t.user.create({ data: { username: "prisma_open_tx" } });
      await sleep(150);
      throw new Error("rollback");
    });
    await sleep(30);
    const seen = await sql.$queryRaw<unknown[]>`SELECT 1 FROM "User" WHERE "username" = ${"prisma_open_tx"}`;
    await sql.$executeRaw`INSERT INTO "User" ("username", "createdAt") VALUES (${"beside_prisma_tx"}, ${new Date()})`;
    await expect(tx).rejects.toThrow("rollback");
    expect(seen).toEqual([]);
    expect(await db.user.findUnique({ where: { username: "beside_prisma_tx" } })).not.toBeNull();
  });

  it("keeps Prisma queries out of an open direct transaction", async () => {
    const db = getDb();
    const sql = await sqlOf(db);
    await db.user.count(); // the client's first query loads its query compiler: slow
    const { tx, release } = openDirectTransaction(sql, "direct_open_tx");
    await sleep(10);
    // Prisma queries are lazy: `then` starts this one now, while the transaction is open.
    const read = db.user.findUnique({ where: { username: "direct_open_tx" } }).then((user) => user);
    await sleep(50); // time enough for the read to run, were it not kept waiting
    release();
    await expect(tx).rejects.toThrow("rollback");
    expect(await read).toBeNull();
  });

  it("keeps direct queries out of an open direct transaction, in the order they came", async () => {
    const sql = await sqlOf();
    const { tx, release } = openDirectTransaction(sql, "direct_tx_own");
    await sleep(10);
    const order: string[] = [];
    const read = sql.$queryRaw<unknown[]>`SELECT 1 FROM "User" WHERE "username" = ${"direct_tx_own"}`;
    void read.then(() => order.push("read"));
    const write = sql.$executeRaw`INSERT INTO "User" ("username", "createdAt") VALUES (${"beside_direct_tx"}, ${new Date()})`;
    void write.then(() => order.push("write"));
    await sleep(50);
    expect(order).toEqual([]); // both wait for the transaction
    release();
    await expect(tx).rejects.toThrow("rollback");
    expect(await read).toEqual([]);
    expect(await write).toBe(1);
    expect(order).toEqual(["read", "write"]);
    // Free again: a query runs without waiting for anything.
    expect(await sql.$queryRaw<unknown[]>`SELECT 1 FROM "User" WHERE "username" = ${"beside_direct_tx"}`).toHaveLength(1);
  });

  it("reports unique violations the way the ledger recognises them", async () => {
    const sql = await sqlOf();
    const insert = () =>
      sql.$executeRaw`INSERT INTO "User" ("username", "createdAt") VALUES (${"unique_twice"}, ${new Date()})`;
    await insert();
    const error = await insert().then(() => null, (e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error("other"))).toBe(false);
  });
});
