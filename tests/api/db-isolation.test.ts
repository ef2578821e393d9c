import fs from "node:fs";
import Database from "better-sqlite3";
import { getDb, sqlOf, UNIT_DID_IO, type Sql } from "@/lib/server/db";
import { isDatabaseUnavailable, isSqliteLockConflict, isUniqueViolation } from "@/lib/server/db/errors";
import { POST as requestCode } from "@/app/api/v1/auth/email/request-code/route";
import { POST as verifyCode } from "@/app/api/v1/auth/email/verify-code/route";
import { CLIENT_IP_HEADER } from "@/lib/server/http/client-ip";
import { call } from "@/tests/support/api";

/**
 * Another process's write, run (once, when set) right after a first sign-in's transaction has
 * read and made its new user's handle, before it writes the user: what a second instance on the
 * same file does when two first sign-ins arrive together.
 */
let mockBetweenReadAndWrite: (() => void) | null = null;
jest.mock("@/lib/server/users/username", () => {
  const actual = jest.requireActual("@/lib/server/users/username");
  return {
    ...actual,
    freeUsername: (...args: unknown[]) => {
      const made = actual.freeUsername(...args);
      const interfere = mockBetweenReadAndWrite;
      mockBetweenReadAndWrite = null;
      interfere?.();
      return made;
    },
  };
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Prisma transaction (it holds the lock) that inserts a user, stays open until released, then rolls back. */
function openTransaction(username: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const tx = getDb().$transaction(
    async (t) => {
      await t.user.create({ data: { username } });
      opened();
      await gate;
      throw new Error("rollback");
    },
    { timeout: 10_000 },
  );
  return { tx, release, open };
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

  it("fails a transaction whose work waits for anything but its own SQL, undoing it alone", async () => {
    const sql = await sqlOf();
    const insert = (t: Sql, username: string) =>
      t.$executeRaw`INSERT INTO "User" ("username", "createdAt") VALUES (${username}, ${new Date()})`;
    let late: Promise<number> | null = null;
    // Both asked for in one turn: one group, one COMMIT.
    const waits = sql.transaction(async (t) => {
      await insert(t, "waited_for_io");
      await sleep(20); // a timer: the group would wait for it
      late = insert(t, "after_its_unit").catch((error: unknown) => error as number);
      return 1;
    });
    const plain = sql.transaction((t) => insert(t, "same_group"));
    await expect(waits).rejects.toThrow(UNIT_DID_IO);
    expect(await plain).toBe(1);
    await sleep(40);
    expect(await late).toEqual(new Error(UNIT_DID_IO));
    const names = await sql.$queryRaw<{ username: string }[]>`
      SELECT "username" FROM "User" WHERE "username" IN ('waited_for_io', 'after_its_unit', 'same_group')`;
    expect(names.map((row) => row.username)).toEqual(["same_group"]);
  });

  it("keeps direct queries out of an open transaction, in the order they came", async () => {
    const sql = await sqlOf();
    const { tx, release, open } = openTransaction("open_tx_own");
    await open;
    const order: string[] = [];
    const read = sql.$queryRaw<unknown[]>`SELECT 1 FROM "User" WHERE "username" = ${"open_tx_own"}`;
    void read.then(() => order.push("read"));
    const write = sql.$executeRaw`INSERT INTO "User" ("username", "createdAt") VALUES (${"beside_open_tx"}, ${new Date()})`;
    void write.then(() => order.push("write"));
    await sleep(50);
    expect(order).toEqual([]); // both wait for the transaction
    release();
    await expect(tx).rejects.toThrow("rollback");
    expect(await read).toEqual([]);
    expect(await write).toBe(1);
    expect(order).toEqual(["read", "write"]);
    // Free again: a query runs without waiting for anything.
    expect(await sql.$queryRaw<unknown[]>`SELECT 1 FROM "User" WHERE "username" = ${"beside_open_tx"}`).toHaveLength(1);
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

  it("reports another process's write between a transaction's read and its write as a lock conflict, to retry", async () => {
    // Another process's connection to the same file (its own locks, as a second instance has).
    const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
    try {
      const error = await getDb()
        .$transaction(async (tx) => {
          await tx.user.findFirst();
          other.prepare(`INSERT INTO "User" ("username", "createdAt") VALUES (?, ?)`).run("other_process", Date.now());
          await tx.user.create({ data: { username: "after_the_other" } });
        })
        .then(() => null, (e: unknown) => e);
      expect(isSqliteLockConflict(error)).toBe(true);
      expect(await getDb().user.count({ where: { username: "after_the_other" } })).toBe(0);
      expect(isSqliteLockConflict(new Error("database is locked"))).toBe(false);
    } finally {
      other.close();
    }
  });

  it("reports another process holding the write lock past the busy timeout as a lock conflict too, and as busy (503) once retries are spent", async () => {
    const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
    try {
      other.exec("BEGIN IMMEDIATE");
      other.prepare(`INSERT INTO "User" ("username", "createdAt") VALUES (?, ?)`).run("holding_the_lock", Date.now());
      // Through Prisma this is P1008 ("timed out"), the driver's SQLITE_BUSY only in its cause.
      const error = await getDb()
        .$transaction(async (tx) => {
          await tx.user.findFirst();
          await tx.user.create({ data: { username: "while_it_holds" } });
        })
        .then(() => null, (e: unknown) => e);
      expect(isSqliteLockConflict(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isDatabaseUnavailable(new Error("database is locked"))).toBe(false);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect(await getDb().user.count({ where: { username: { in: ["holding_the_lock", "while_it_holds"] } } })).toBe(0);
  });

  it("a first sign-in whose user creation meets another process's write is run again, not answered 500", async () => {
    const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
    try {
      const email = `first.${Date.now()}@example.com`;
      const headers = { [CLIENT_IP_HEADER]: "10.9.9.9" };
      expect((await call(requestCode, { body: { email }, headers })).status).toBe(200);
      const mail = await getDb().outboxEmail.findFirst({ where: { to: email }, orderBy: { id: "desc" } });
      const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
      let interfered = false;
      mockBetweenReadAndWrite = () => {
        other.prepare(`INSERT INTO "User" ("username", "createdAt") VALUES (?, ?)`).run(`other_signin_${Date.now()}`, Date.now());
        interfered = true;
      };
      const signedIn = await call(verifyCode, { body: { email, code }, headers });
      expect(interfered).toBe(true);
      expect(signedIn.status).toBe(200);
      expect(await getDb().user.count({ where: { email } })).toBe(1);
    } finally {
      mockBetweenReadAndWrite = null;
      other.close();
    }
  });
});

describe("the one read of a dependency's undocumented field", () => {
  it("happens on the adapter version it was checked against (lib/server/db/sqlite.ts)", async () => {
    // connectionOf() reads the better-sqlite3 connection from the adapter's `client` field. An
    // upgrade must come with a fresh check of that field, then this pin moves with it.
    const read = (file: string) => JSON.parse(fs.readFileSync(file, "utf8"));
    const { version } = read("node_modules/@prisma/adapter-better-sqlite3/package.json") as { version: string };
    const pinned = (read("package.json") as { dependencies: Record<string, string> }).dependencies[
      "@prisma/adapter-better-sqlite3"
    ];
    expect(pinned).toBe("6.19.3");
    expect(version).toBe(pinned);
    // And the field is there: the direct runner opens on it.
    const sql = await sqlOf();
    const [row] = await sql.$queryRaw<{ one: number | bigint }[]>`SELECT 1 AS "one"`;
    expect(Number(row.one)).toBe(1);
  });
});
