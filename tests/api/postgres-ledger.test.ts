import pg from "pg";
import { POST as exchangeRoute } from "@/app/api/v1/exchanges/route";
import { POST as payRequestRoute } from "@/app/api/v1/requests/[token]/pay/route";
import { POST as createRequestRoute } from "@/app/api/v1/requests/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import { createDb, getDb, sqlOf } from "@/lib/server/db";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser, postedBalanceOf, setRate } from "@/tests/support/ledger";

// How a transfer meets PostgreSQL: the round trips it costs, and that the bank's wallets — the
// other side of every top-up and conversion — are never a row everyone queues on.

/** Every statement the process sends to PostgreSQL while `work` runs (each is one round trip). */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  const spy = jest.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [query] = args as [string | { text: string }];
    sent.push(typeof query === "string" ? query : query.text);
    return original.apply(this, args) as never;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

describe("a transfer on PostgreSQL", () => {
  beforeAll(async () => {
    await setRate("USD", 900_000);
  });

  afterEach(() => checkInvariants());

  it("costs at most 3 round trips with an Idempotency-Key, across currencies, and no BEGIN/COMMIT", async () => {
    const [alice, bob] = [await createFundedUser({ RUB: 10_000_00 }), await createFundedUser()];
    const send = (key: string) =>
      call(transferRoute, {
        token: alice.token,
        headers: { "idempotency-key": key },
        body: { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.USD, amount: 1000_00 },
      });
    // The first one finds the bank's wallets and today's rates; later ones know them.
    expect((await send("warm-up")).status).toBe(201);
    const statements = await statementsDuring(async () => expect((await send("measured")).status).toBe(201));
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(statements.join("\n")).not.toMatch(/\b(BEGIN|COMMIT)\b/i);
  });

  it("costs at most 3 round trips for a top-up with an Idempotency-Key", async () => {
    const me = await createFundedUser({ EUR: 100 });
    const statements = await statementsDuring(async () => {
      const res = await call(topUpRoute, { token: me.token, headers: { "idempotency-key": "t1" }, body: { currency: "EUR", amount: 500 } });
      expect(res.status).toBe(201);
    });
    expect(statements.length).toBeLessThanOrEqual(3);
  });

  it("costs at most 3 round trips for an exchange typed on the receiving side, and for paying a request", async () => {
    const me = await createFundedUser({ RUB: 10_000_00 });
    const exchange = (key: string) =>
      call(exchangeRoute, {
        token: me.token,
        headers: { "idempotency-key": key },
        body: { fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD, receivedAmount: 1_00 },
      });
    expect((await exchange("warm-up")).status).toBe(201);
    const exchanged = await statementsDuring(async () => expect((await exchange("measured")).status).toBe(201));
    expect(exchanged.length).toBeLessThanOrEqual(3);

    const requester = await createFundedUser();
    const made = await call(createRequestRoute, { token: requester.token, body: { currency: "USD", amount: 50 } });
    const paid = await statementsDuring(async () => {
      const res = await call(payRequestRoute, {
        token: me.token,
        params: { token: made.body.token },
        headers: { "idempotency-key": "pay-1" },
        body: { walletId: me.wallets.RUB },
      });
      expect(res.status).toBe(201);
    });
    expect(paid.length).toBeLessThanOrEqual(3);
    expect(paid.join("\n")).not.toMatch(/\b(BEGIN|COMMIT)\b/i);
  });

  it("answers a repeated Idempotency-Key from the movement's first read, without applying a plan again", async () => {
    const [alice, bob] = [await createFundedUser({ RUB: 10_000_00 }), await createFundedUser()];
    const transfer = () =>
      call(transferRoute, {
        token: alice.token,
        headers: { "idempotency-key": "again" },
        body: { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.USD, amount: 1000_00 },
      });
    const topUp = () => call(topUpRoute, { token: bob.token, headers: { "idempotency-key": "again" }, body: { currency: "EUR", amount: 500 } });
    const exchange = () =>
      call(exchangeRoute, {
        token: alice.token,
        headers: { "idempotency-key": "again-exchange" },
        body: { fromWalletId: alice.wallets.RUB, toWalletId: alice.wallets.USD, amount: 100_00 },
      });
    for (const move of [transfer, topUp, exchange]) {
      const first = await move();
      expect(first.status).toBe(201);
      // The stored key comes back with the first read; the transfer is then read back by id.
      const statements = await statementsDuring(async () => expect((await move()).body).toEqual(first.body));
      expect(statements.join("\n")).not.toMatch(/minibank_apply_plan/);
      expect(statements.length).toBeLessThanOrEqual(3);
    }
  });

  it("never waits for the bank's rows: with them locked, top-ups and conversions still go through", async () => {
    const [alice, bob] = [await createFundedUser({ RUB: 10_000_00 }), await createFundedUser()];
    const bank = await getDb().wallet.findMany({ where: { user: { isSystem: true } }, select: { id: true } });
    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query("BEGIN");
      // The lock an UPDATE of their balance takes (postings still reference them: foreign keys
      // take KEY SHARE, which does not conflict with it).
      await locker.query('SELECT "id" FROM "Wallet" WHERE "id" = ANY($1) FOR NO KEY UPDATE', [bank.map((w) => w.id)]);
      // Were the bank's balances updated by transfers, these would wait for the locker until it ends.
      const moved = Promise.all([
        call(transferRoute, { token: alice.token, body: { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.USD, amount: 500_00 } }),
        call(topUpRoute, { token: bob.token, body: { currency: "RUB", amount: 700 } }),
      ]).then((answers) => answers.map((res) => res.status));
      const outcome = await Promise.race([moved, new Promise((resolve) => setTimeout(() => resolve("waited"), 5_000))]);
      expect(outcome).toEqual([201, 201]);
    } finally {
      await locker.query("ROLLBACK");
      await locker.end();
    }
  }, 15_000);

  it("keeps the bank's balance as the sum of its postings, its rows untouched", async () => {
    const [alice, bob] = [await createFundedUser({ RUB: 10_000_00 }), await createFundedUser()];
    const [bankRub] = await getDb().wallet.findMany({ where: { currency: "RUB", user: { isSystem: true } } });
    const before = await postedBalanceOf(bankRub.id);
    const res = await call(transferRoute, {
      token: alice.token,
      body: { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.USD, amount: 900_00 },
    });
    expect(res.status).toBe(201);
    // The rubles went to the bank's ruble wallet, the dollars came out of its dollar wallet.
    expect(await postedBalanceOf(bankRub.id)).toBe(before + 900_00);
    const rows = await (await sqlOf()).$queryRaw<{ balance: bigint }[]>`
      SELECT "balance" FROM "Wallet" w JOIN "User" u ON u."id" = w."userId" WHERE u."isSystem" = TRUE`;
    expect(rows.every((row) => row.balance === 0n)).toBe(true);
  });
});

describe("DATABASE_POOL_SIZE", () => {
  it("caps the connections of a process, the ledger's store and Prisma together", async () => {
    process.env.DATABASE_POOL_SIZE = "2";
    const db = createDb(process.env.DATABASE_URL!);
    delete process.env.DATABASE_POOL_SIZE;
    try {
      const store = await sqlOf(db);
      const pid = "SELECT pg_backend_pid() AS pid, pg_sleep(0.02)::text AS slept";
      const pids = await Promise.all([
        ...Array.from({ length: 8 }, () => store.$queryRaw<{ pid: number }[]>(Object.assign([pid], { raw: [pid] }))),
        ...Array.from({ length: 8 }, () => db.$queryRawUnsafe<{ pid: number }[]>(pid)),
      ]);
      expect(new Set(pids.map(([row]) => row.pid)).size).toBe(2);
    } finally {
      await db.$disconnect();
    }
  });
});
