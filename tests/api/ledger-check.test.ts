// The ledger's self-check, as `npm run ledger:check` and the scheduled check in a server run it:
// on one read-only snapshot of its own connection, on SQLite and PostgreSQL (this suite runs in
// both API projects). A clean ledger — seeded, then loaded with transfers — passes; each kind of
// damage an operator could meet (a hand-edited balance, a lost posting, a posting that balances
// nothing) is reported with the wallet or transfer, what was expected and what was found.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { GET as ready } from "@/app/api/ready/route";
import { createDb, getDb, type Db } from "@/lib/server/db";
import { readSnapshot } from "@/lib/server/db/snapshot";
import { getDatabaseUrl } from "@/lib/server/platform/env";
import { checkLedger, describeProblem } from "@/lib/server/ledger/check";
import { runLedgerCheck } from "@/lib/server/ledger/scheduled-check";
import { metricsRegistry } from "@/lib/server/platform/metrics";
import { seedDemo } from "@/prisma/seed";
import { report } from "@/scripts/ledger-check";
import { call } from "@/tests/support/api";
import { freshDatabaseUrl } from "@/tests/support/fresh-database";
import { createFundedUser } from "@/tests/support/ledger";

jest.setTimeout(120_000);

const check = (url: string = getDatabaseUrl()) => readSnapshot(url, checkLedger);

/** The ledger check's output and exit code, as an operator runs it. */
async function runScript(url: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)("npx", ["tsx", "--conditions=react-server", "scripts/ledger-check.ts"], {
      env: { ...process.env, DATABASE_URL: url },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function metric(name: string): Promise<number | undefined> {
  const found = (await metricsRegistry.getSingleMetric(name)?.get())?.values[0];
  return found?.value;
}

describe("the ledger check", () => {
  let url: string;
  let db: Db;
  let wallets: { alice: number; bob: number };

  beforeAll(async () => {
    // Its own database: this suite damages the ledger on purpose.
    url = freshDatabaseUrl();
    db = createDb(url);
    await seedDemo(db, { now: new Date() });
  });

  afterAll(() => db.$disconnect());

  it("passes on the seeded ledger", async () => {
    const result = await check(url);
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.counted.transfers).toBeGreaterThan(30);
    expect(result.counted.postings).toBeGreaterThanOrEqual(2 * result.counted.transfers);
  });

  it("passes on a loaded ledger: 150 transfers at once between funded users", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser({ RUB: 100_000 });
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        call(transferRoute, {
          token: i % 2 ? alice.token : bob.token,
          body: i % 2
            ? { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 10 + i }
            : { senderWalletId: bob.wallets.RUB, receiverWalletId: alice.wallets.RUB, amount: 10 + i },
        }),
      ),
    );
    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    const result = await check();
    expect(result.problems).toEqual([]);
    expect(result.counted.transfers).toBeGreaterThanOrEqual(152);
  });

  it("reports a hand-edited balance: the wallet, the sum of its postings it should hold, what it holds", async () => {
    const [alice] = await db.wallet.findMany({ where: { user: { username: "alice_tg" }, currency: "RUB" } });
    const [bob] = await db.wallet.findMany({ where: { user: { username: "e.boris" }, currency: "USD" } });
    wallets = { alice: alice.id, bob: bob.id };
    await db.wallet.update({ where: { id: alice.id }, data: { balance: alice.balance + 1_000n } });
    const result = await check(url);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      { kind: "walletBalance", walletId: alice.id, currency: "RUB", expected: String(alice.balance), found: String(alice.balance + 1_000n) },
      { kind: "currencySum", currency: "RUB", expected: "0", found: "1000" },
    ]);
    expect(describeProblem(result.problems[0])).toBe(
      `wallet ${alice.id} (RUB): balance ${alice.balance + 1_000n}, expected ${alice.balance} (the sum of its postings)`,
    );
    await db.wallet.update({ where: { id: alice.id }, data: { balance: alice.balance } });
    expect((await check(url)).ok).toBe(true);
  });

  it("reports a deleted posting: its transfer no longer balances, and its wallet no longer matches", async () => {
    const posting = await db.posting.findFirstOrThrow({ where: { walletId: wallets.alice, amount: { gt: 0n } } });
    await db.posting.delete({ where: { id: posting.id } });
    const wallet = await db.wallet.findUniqueOrThrow({ where: { id: wallets.alice } });
    const result = await check(url);
    expect(result.problems).toEqual([
      {
        kind: "walletBalance",
        walletId: wallets.alice,
        currency: "RUB",
        expected: String(wallet.balance - posting.amount),
        found: String(wallet.balance),
      },
      { kind: "unbalancedTransfer", transferId: posting.transferId, currency: "RUB", expected: "0", found: String(-posting.amount) },
    ]);
    await db.posting.create({ data: posting });
  });

  it("reports an unbalanced posting added to a transfer, and a transfer left without postings", async () => {
    const transfer = await db.transfer.findFirstOrThrow({ where: { receiverWalletId: wallets.bob } });
    const stray = await db.posting.create({
      data: { transferId: transfer.id, walletId: wallets.bob, currency: "USD", amount: 700n },
    });
    const bare = await db.transfer.create({
      data: {
        senderWalletId: wallets.alice,
        receiverWalletId: wallets.bob,
        amount: 1n,
        currency: "RUB",
        receivedAmount: 1n,
        receivedCurrency: "RUB",
      },
    });
    const bob = await db.wallet.findUniqueOrThrow({ where: { id: wallets.bob } });
    const result = await check(url);
    expect(result.problems).toEqual([
      { kind: "walletBalance", walletId: wallets.bob, currency: "USD", expected: String(bob.balance + 700n), found: String(bob.balance) },
      { kind: "unbalancedTransfer", transferId: transfer.id, currency: "USD", expected: "0", found: "700" },
      { kind: "transferWithoutPostings", transferId: bare.id },
    ]);
    expect(result.problemCount).toBe(3);

    // `npm run ledger:check` prints the same and exits non-zero.
    const printed: string[] = [];
    expect(report(result, (line) => printed.push(line))).toBe(1);
    expect(printed[0]).toMatch(/^ledger check FAILED: 3 breach\(es\) in \d+ wallets, \d+ transfers, \d+ postings$/);
    expect(printed).toContain(`  - transfer ${transfer.id} (USD): postings sum to 700, expected 0`);
    const script = await runScript(url);
    expect(script.code).toBe(1);
    expect(script.output).toContain(`  - wallet ${wallets.bob} (USD): balance ${bob.balance}, expected ${bob.balance + 700n} (the sum of its postings)`);
    expect(script.output).toContain(`  - transfer ${bare.id}: no postings, expected at least two`);

    await db.posting.delete({ where: { id: stray.id } });
    await db.transfer.delete({ where: { id: bare.id } });
    const clean = await runScript(url);
    expect(clean).toEqual({ code: 0, output: expect.stringMatching(/^ledger check passed: \d+ wallets, \d+ transfers, \d+ postings/) });
  });

  it("as scheduled in a server: its result reaches /api/ready and the metrics", async () => {
    const passed = await runLedgerCheck();
    expect(passed?.ok).toBe(true);
    let res = await call(ready, { path: "/api/ready" });
    expect(res.body.ledger).toEqual({ ok: true, problems: 0, checkedAt: passed!.checkedAt.toISOString() });
    expect(await metric("minibank_ledger_check_ok")).toBe(1);
    expect(await metric("minibank_ledger_check_timestamp_seconds")).toBe(Math.floor(passed!.checkedAt.getTime() / 1000));

    const wallet = await getDb().wallet.findFirstOrThrow({ where: { balance: { gt: 0n } } });
    await getDb().wallet.update({ where: { id: wallet.id }, data: { balance: wallet.balance + 5n } });
    const failed = await runLedgerCheck();
    expect(failed).toMatchObject({ ok: false, problemCount: 2 });
    res = await call(ready, { path: "/api/ready" });
    expect(res.status).toBe(200);
    expect(res.body.ledger).toEqual({ ok: false, problems: 2, checkedAt: failed!.checkedAt.toISOString() });
    expect(await metric("minibank_ledger_check_ok")).toBe(0);
    expect(await metric("minibank_ledger_check_problems")).toBe(2);
    await getDb().wallet.update({ where: { id: wallet.id }, data: { balance: wallet.balance } });
  });
});
