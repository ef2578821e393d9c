import { getDb } from "@/lib/server/db";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
