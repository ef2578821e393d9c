import { lockWallets, sqlOf, type Sql } from "@/lib/server/db";
import { createFundedUser } from "@/tests/support/ledger";

// The PostgreSQL store's concurrency, made deterministic with transactions held open on purpose
// (the API suites show the same properties under load, where timing decides).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const touch = (tx: Sql, walletId: number) =>
  tx.$executeRaw`UPDATE "Wallet" SET "balance" = "balance" + 0 WHERE "id" = ${walletId}`;

describe("the ledger's store on PostgreSQL", () => {
  it("runs again a transaction PostgreSQL aborts as a deadlock victim: both finish, none fails", async () => {
    const [a, b] = [await createFundedUser(), await createFundedUser()];
    const sql = await sqlOf();
    const runs = { first: 0, second: 0 };
    let bothHoldOne!: () => void;
    let held = 0;
    const crossed = new Promise<void>((resolve) => (bothHoldOne = resolve));
    const hold = async () => {
      held += 1;
      if (held === 2) bothHoldOne();
      // Only the first attempts wait for each other; a retry goes straight through.
      await Promise.race([crossed, sleep(2_000)]);
    };
    // A then B, and B then A, each holding its first row until the other holds its own.
    const first = sql.transaction(async (tx) => {
      runs.first += 1;
      await touch(tx, a.wallets.RUB);
      if (runs.first === 1) await hold();
      await touch(tx, b.wallets.RUB);
      return "first";
    });
    const second = sql.transaction(async (tx) => {
      runs.second += 1;
      await touch(tx, b.wallets.RUB);
      if (runs.second === 1) await hold();
      await touch(tx, a.wallets.RUB);
      return "second";
    });
    expect(await Promise.all([first, second])).toEqual(["first", "second"]);
    // PostgreSQL chose one victim; the store ran it again.
    expect(runs.first + runs.second).toBe(3);
  }, 30_000);

  it("locks a transfer's wallets in id order, so opposite directions queue instead of crossing", async () => {
    const [a, b] = [await createFundedUser(), await createFundedUser()];
    const sql = await sqlOf();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const first = sql.transaction(async (tx) => {
      await lockWallets(tx, [a.wallets.RUB, b.wallets.RUB]);
      locked();
      await gate;
      order.push("a→b done");
    });
    await holding;
    const second = sql.transaction(async (tx) => {
      await lockWallets(tx, [b.wallets.RUB, a.wallets.RUB]);
      order.push("b→a locked");
    });
    await sleep(200);
    expect(order).toEqual([]); // the opposite direction waits for the first transaction
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["a→b done", "b→a locked"]);
  });

  it("refuses the root store inside a transaction at once", async () => {
    const sql = await sqlOf();
    await expect(sql.transaction(() => sql.$queryRaw`SELECT 1`)).rejects.toThrow(/would wait for the transaction/);
  });

  it("prepares each statement once per connection: a repeat is only bound and executed", async () => {
    const { user } = await createFundedUser();
    const sql = await sqlOf();
    const prepared = await sql.transaction(async (tx) => {
      // One connection for the whole transaction: what it prepared is visible to it.
      for (let i = 0; i < 3; i += 1) await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${user.id}`;
      return tx.$queryRaw<{ statement: string }[]>`
        SELECT "statement" FROM pg_prepared_statements WHERE "statement" LIKE ${'SELECT "id" FROM "User" WHERE "id" = $1%'}`;
    });
    expect(prepared.map((row) => row.statement)).toEqual(['SELECT "id" FROM "User" WHERE "id" = $1']);
  });
});
