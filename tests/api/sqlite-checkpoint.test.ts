import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "@/lib/server/db";

// SQLite checkpoints the WAL inside the COMMIT that takes it past 1,000 pages: the pages are
// written into the database file and synced on the thread that serves every request. The server's
// connection leaves that to a thread of its own (lib/server/db/sqlite-checkpoint.ts).

const MB = 1024 * 1024;

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe("SQLite checkpoints", () => {
  it("never run in a commit of the server's connection, and still reach the database file while it is open", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-checkpoint-"));
    const file = path.join(dir, "c.db");
    const db = createDb(`file:${file}`);
    try {
      await db.$executeRawUnsafe(`CREATE TABLE "Blob" ("id" INTEGER PRIMARY KEY, "data" BLOB NOT NULL)`);
      const [setting] = await db.$queryRawUnsafe<{ wal_autocheckpoint: number | bigint }[]>("PRAGMA wal_autocheckpoint");
      expect(Number(setting.wal_autocheckpoint)).toBe(0);

      // 24 MB in 24 commits: far past SQLite's own threshold (1,000 pages, 4 MB).
      for (let i = 0; i < 24; i += 1) {
        await db.$executeRawUnsafe(`INSERT INTO "Blob" ("data") SELECT randomblob(10240) FROM (SELECT 1 FROM json_each(json_array(${Array(100).fill(0).join(",")})))`);
      }
      // The commits wrote only the WAL; the checkpointer copies the pages into the database file.
      expect(await until(() => fs.statSync(file).size >= 20 * MB, 15_000)).toBe(true);
      const [{ n }] = await db.$queryRawUnsafe<{ n: number | bigint }[]>(`SELECT COUNT(*) AS "n" FROM "Blob"`);
      expect(Number(n)).toBe(2400);
    } finally {
      await db.$disconnect();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  /** Runs `body` as a script (tsx) beside a database in a fresh folder; its output, or a failure if it hangs. */
  function script(body: (url: string) => string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-checkpoint-"));
    try {
      const code = `import { createDb } from "@/lib/server/db";\n${body(`file:${path.join(dir, "s.db")}`)}`;
      return execFileSync(path.join("node_modules", ".bin", "tsx"), ["--conditions=react-server", "-e", code], { encoding: "utf8", timeout: 30_000 }).trim();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it("the checkpointer's thread neither ends a script early nor keeps it alive", () => {
    // Waited for by $disconnect: unreferenced, it let the process end while $disconnect waited.
    expect(script((url) => `const db = createDb(${JSON.stringify(url)});
      db.$queryRawUnsafe("SELECT 1").then(() => db.$disconnect()).then(() => console.log("went on"));`)).toBe("went on");
    // Never keeping the process alive: a script that does not disconnect still ends.
    expect(script((url) => `const db = createDb(${JSON.stringify(url)});
      db.$queryRawUnsafe("SELECT 1").then(() => console.log("ended"));`)).toBe("ended");
  }, 90_000);
});
