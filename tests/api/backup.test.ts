// Backups taken while transfers run, restored into an empty database whose ledger balances and
// holds the transfers made before the backup — on SQLite (the online backup API) and on
// PostgreSQL (pg_dump/pg_restore, which scripts/test.sh's PostgreSQL comes with). The commands
// themselves run against a production build in tests/production/operations.test.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { createDb, getDb } from "@/lib/server/db";
import { readSnapshot } from "@/lib/server/db/snapshot";
import { getDatabaseUrl } from "@/lib/server/platform/env";
import { checkLedger } from "@/lib/server/ledger/check";
import { backupDatabase, restoreDatabase } from "@/scripts/lib/backup";
import { dropPostgresDatabase } from "@/scripts/lib/database";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser } from "@/tests/support/ledger";
// @ts-expect-error -- a plain .mjs helper shared with jest's global setup
import { postgresUrl } from "@/tests/support/postgres.mjs";

jest.setTimeout(180_000);

const postgres = getDatabaseUrl().startsWith("postgres");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-backup-"));
const targets: string[] = [];

/** A PostgreSQL database on the test server that does not exist yet (dropped after the run). */
function emptyPostgresUrl(): string {
  return (postgresUrl as (name: string) => string)(`minibank_restore_${crypto.randomBytes(5).toString("hex")}`);
}

/** A database that does not exist yet, of this run's kind. */
function emptyDatabaseUrl(): string {
  const name = `minibank_restore_${crypto.randomBytes(5).toString("hex")}`;
  const url = postgres ? (postgresUrl as (name: string) => string)(name) : `file:${path.join(work, `${name}.db`)}`;
  targets.push(url);
  return url;
}

afterEach(() => checkInvariants());

afterAll(async () => {
  for (const url of targets) if (url.startsWith("postgres")) await dropPostgresDatabase(url);
  fs.rmSync(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("a backup taken while 200 transfers run restores to a balanced ledger with the transfers made before it", async () => {
    const alice = await createFundedUser({ RUB: 1_000_000 });
    const bob = await createFundedUser({ RUB: 1_000_000 });
    const before = await getDb().transfer.count();
    let done = 0;
    const running = (async () => {
      const statuses: number[] = [];
      for (let round = 0; round < 20; round += 1) {
        const batch = await Promise.all(
          Array.from({ length: 10 }, (_, i) => {
            const [from, to] = i % 2 ? [alice, bob] : [bob, alice];
            return call(transferRoute, {
              token: from.token,
              body: { senderWalletId: from.wallets.RUB, receiverWalletId: to.wallets.RUB, amount: 100 + round * 10 + i },
            });
          }),
        );
        statuses.push(...batch.map((res) => res.status));
        done += batch.length;
      }
      return statuses;
    })();
    while (done < 50) await new Promise((resolve) => setTimeout(resolve, 5));
    const file = path.join(work, postgres ? "bank.dump" : "bank.db");
    const atStart = done;
    await backupDatabase(getDatabaseUrl(), file);
    expect((await running).filter((status) => status !== 201)).toEqual([]);
    const after = await getDb().transfer.count();
    expect(after).toBe(before + 200);
    // It holds every account and address: readable by its owner only.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const target = emptyDatabaseUrl();
    await restoreDatabase(target, file);
    const restored = await readSnapshot(target, checkLedger);
    expect(restored.problems).toEqual([]);
    expect(restored.counted.transfers).toBeGreaterThanOrEqual(before + atStart);
    expect(restored.counted.transfers).toBeLessThanOrEqual(after);
    // The restored database serves: its client reads what the ledger check counted.
    const db = createDb(target);
    try {
      expect(await db.transfer.count()).toBe(restored.counted.transfers);
    } finally {
      await db.$disconnect();
    }

    // Never into a database that holds tables, never over an existing backup.
    await expect(restoreDatabase(target, file)).rejects.toThrow("the target database is not empty");
    await expect(backupDatabase(getDatabaseUrl(), file)).rejects.toThrow("already exists");
  });
});

describe("the PostgreSQL tools", () => {
  /** A stand-in for pg_dump or pg_restore on PATH that records how it was called and what libpq would read. */
  function fakeTool(dir: string, tool: string, record: string): void {
    fs.writeFileSync(
      path.join(dir, tool),
      `#!/bin/sh
if [ "$1" = "--version" ]; then echo "${tool} (PostgreSQL) 15.20"; exit 0; fi
{
  echo "args: $*"
  echo "PGPASSWORD: \${PGPASSWORD-unset}"
  echo "passfile: $PGPASSFILE $(stat -c %a "$PGPASSFILE") $(stat -c %a "$(dirname "$PGPASSFILE")")"
  cat "$PGPASSFILE"
} > "${record}"
while [ $# -gt 0 ]; do if [ "$1" = "--file" ]; then echo dump > "$2"; fi; shift; done
`,
      { mode: 0o755 },
    );
  }

  it("get the database password through a password file of the owner's (0600), never on their command line", async () => {
    const bin = fs.mkdtempSync(path.join(work, "bin-"));
    const record = path.join(bin, "called");
    fakeTool(bin, "pg_dump", record);
    fakeTool(bin, "pg_restore", record);
    const password = "s3cr:et\\pä ss";
    const saved = { PATH: process.env.PATH, PGPASSWORD: process.env.PGPASSWORD };
    process.env.PATH = `${bin}:${process.env.PATH}`;
    process.env.PGPASSWORD = "from-the-environment";
    const called = () => fs.readFileSync(record, "utf8").split("\n");
    try {
      const file = path.join(work, "tools.dump");
      await backupDatabase(`postgresql://minibank:${encodeURIComponent(password)}@127.0.0.1:1/minibank?sslmode=disable`, file);
      const [args, env, passfile, line] = called();
      expect(args).toBe(`args: --format=custom --no-owner --file ${file} postgresql://minibank@127.0.0.1:1/minibank?sslmode=disable`);
      expect(env).toBe("PGPASSWORD: unset");
      expect(passfile).toMatch(/^passfile: \S+ 600 700$/);
      expect(line).toBe("*:*:*:*:s3cr\\:et\\\\pä ss");
      // The password file is gone once the tool is done; the backup is the owner's alone.
      expect(fs.existsSync(passfile.split(" ")[1])).toBe(false);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      // Restoring: into a new, empty database on the test server (which trusts any password).
      const target = new URL(emptyPostgresUrl());
      target.username = "postgres";
      target.searchParams.set("password", password);
      targets.push(target.toString());
      await restoreDatabase(target.toString(), file);
      const [restoreArgs, restoreEnv, restorePassfile, restoreLine] = called();
      target.searchParams.delete("password");
      expect(restoreArgs).toBe(`args: --no-owner --no-privileges --exit-on-error --dbname ${target.toString()} ${file}`);
      expect(restoreArgs).not.toContain("s3cr");
      expect(restoreEnv).toBe("PGPASSWORD: unset");
      expect(restorePassfile).toMatch(/ 600 700$/);
      expect(restoreLine).toBe(line);
    } finally {
      process.env.PATH = saved.PATH;
      if (saved.PGPASSWORD === undefined) delete process.env.PGPASSWORD;
      else process.env.PGPASSWORD = saved.PGPASSWORD;
    }
  });
});
