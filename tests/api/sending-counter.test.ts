// The sending limit as a sliding-window counter (lib/server/ledger/transfer-limits.ts): the
// sender's counter row holds the current fixed window's transfers to other people and the previous
// window's; the two together are what counts, so no sliding window ever holds more than the limit.
// The clock is the test's (only Date is faked), so where in a window each step happens is exact.
import { Prisma } from "@/lib/generated/prisma/client";
import { POST as exchangeRoute } from "@/app/api/v1/exchanges/route";
import { POST as payRoute } from "@/app/api/v1/requests/[token]/pay/route";
import { POST as createRequestRoute } from "@/app/api/v1/requests/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { getDb } from "@/lib/server/db";
import { sentLatelyColumns } from "@/lib/server/ledger/store";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

type Person = Awaited<ReturnType<typeof createFundedUser>>;

const WINDOW_MS = 60_000;
const onPostgres = process.env.DATABASE_URL!.startsWith("postgres");
/** Every timer stays real: only `Date` answers the test's instant. */
const REAL = ["hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] as const;

/** The instant `fraction` of the way into the `n`-th window after the one the test started in. */
let firstWindow = 0;
const at = (n: number, fraction: number) => jest.setSystemTime(firstWindow + n * WINDOW_MS + fraction * WINDOW_MS);

beforeEach(() => {
  Object.assign(process.env, { TRANSFER_LIMIT_PER_USER: "3", TRANSFER_LIMIT_WINDOW_SECONDS: String(WINDOW_MS / 1000) });
  resetEnvForTests();
  firstWindow = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
  jest.useFakeTimers({ doNotFake: [...REAL], now: Date.now() });
});

afterEach(async () => {
  jest.useRealTimers();
  delete process.env.TRANSFER_LIMIT_PER_USER;
  delete process.env.TRANSFER_LIMIT_WINDOW_SECONDS;
  resetEnvForTests();
  await checkInvariants();
});

const send = (who: Person, receiverWalletId: number) =>
  call(transferRoute, { token: who.token, body: { senderWalletId: who.wallets.RUB, receiverWalletId, amount: 1 } });
const statusesOf = async (answers: Promise<{ status: number }>[]) => (await Promise.all(answers)).map((a) => a.status);
async function sendMany(who: Person, receiverWalletId: number, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await send(who, receiverWalletId)).status);
  return statuses;
}
async function ask(who: Person): Promise<string> {
  const res = await call(createRequestRoute, { token: who.token, body: { currency: "RUB", amount: 100 } });
  expect(res.status).toBe(201);
  return res.body.token as string;
}
const pay = (who: Person, token: string) => call(payRoute, { token: who.token, params: { token }, body: { walletId: who.wallets.RUB } });
const counterOf = (who: Person) => getDb().sendingCounter.findUnique({ where: { userId: who.user.id } });

describe("the sending limit is a sliding-window counter", () => {
  it("refuses the (N+1)th within a window; request payments count, exchanges do not; the previous window counts whole", async () => {
    await setRate("USD", 1_000_000);
    at(0, 0.1);
    const sender = await createFundedUser({ RUB: 10_000 });
    const friend = await createFundedUser();
    const asker = await createFundedUser();

    // Two transfers and a request payment are the three; the fourth of either kind is refused.
    expect(await sendMany(sender, friend.wallets.RUB, 2)).toEqual([201, 201]);
    expect((await pay(sender, await ask(asker))).status).toBe(201);
    expect((await send(sender, friend.wallets.RUB)).body).toEqual({ code: "RATE_LIMITED", message: "Слишком много переводов. Попробуйте позже" });
    expect((await pay(sender, await ask(asker))).status).toBe(429);
    // Between one's own accounts is not sending to someone: neither refused nor counted.
    const exchanged = await call(exchangeRoute, { token: sender.token, body: { fromWalletId: sender.wallets.RUB, toWalletId: sender.wallets.USD, amount: 1_000 } });
    expect(exchanged.status).toBe(201);
    const own = await call(transferRoute, { token: sender.token, body: { senderWalletId: sender.wallets.RUB, receiverWalletId: sender.wallets.USD, amount: 1_000 } });
    expect(own.status).toBe(201);
    expect(await counterOf(sender)).toMatchObject({ current: 3, previous: 0 });
    // Refusals are not counted either.
    at(0, 0.9);
    expect((await send(sender, friend.wallets.RUB)).status).toBe(429);
    expect(await counterOf(sender)).toMatchObject({ current: 3 });

    // The next fixed window still holds the previous one's three: a sliding window ending anywhere
    // in it may cover them, so nothing more until the window after.
    at(1, 0.5);
    expect(await sendMany(sender, friend.wallets.RUB, 1)).toEqual([429]);
    at(1, 0.99);
    expect(await sendMany(sender, friend.wallets.RUB, 1)).toEqual([429]);

    // Two windows on, the full limit again; counted in the new window.
    at(2, 0.1);
    expect(await sendMany(sender, friend.wallets.RUB, 4)).toEqual([201, 201, 201, 429]);
    expect(await counterOf(sender)).toMatchObject({ current: 3, previous: 0 });
    // Straddling a boundary: one at the end of a window, two at the start of the next, then none.
    at(4, 0.95);
    expect(await sendMany(sender, friend.wallets.RUB, 1)).toEqual([201]);
    at(5, 0.01);
    expect(await sendMany(sender, friend.wallets.RUB, 3)).toEqual([201, 201, 429]);
    expect(await counterOf(sender)).toMatchObject({ current: 2, previous: 1 });
    expect(await balanceOf(friend.wallets.RUB)).toBe(2 + 3 + 3);
  });

  it("counts concurrent transfers of one sender once each", async () => {
    at(0, 0.2);
    const sender = await createFundedUser({ RUB: 10_000 });
    const friends = [await createFundedUser(), await createFundedUser()];
    const statuses = await statusesOf(friends.map((f) => send(sender, f.wallets.RUB)));
    expect(statuses).toEqual([201, 201]);
    expect(await counterOf(sender)).toMatchObject({ current: 2, previous: 0 });
  });

  it("holds under a burst: of 40 transfers sent at once from two of one sender's wallets, exactly the limit is accepted", async () => {
    at(0, 0.3);
    const sender = await createFundedUser({ RUB: 10_000, USD: 10_000 });
    const friend = await createFundedUser();
    // Half from each wallet: the wallets' row locks alone would not order them.
    const burst = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? send(sender, friend.wallets.RUB)
        : call(transferRoute, { token: sender.token, body: { senderWalletId: sender.wallets.USD, receiverWalletId: friend.wallets.USD, amount: 1 } }),
    );
    const answers = await Promise.all(burst);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(37);
    for (const refused of answers.filter((a) => a.status === 429)) expect(refused.body.code).toBe("RATE_LIMITED");
    expect(await counterOf(sender)).toMatchObject({ current: 3, previous: 0 });
    expect((await balanceOf(friend.wallets.RUB)) + (await balanceOf(friend.wallets.USD))).toBe(3);
    // Nothing of a refused one was written.
    const sent = await getDb().transfer.count({ where: { senderWalletId: { in: [sender.wallets.RUB, sender.wallets.USD] } } });
    expect(sent).toBe(3);
  });
});

/** The plan of the limit's read, as the database would run it inside the transfer's first query. */
async function planOfLimitRead(userId: number): Promise<string[]> {
  const db = getDb();
  if (!onPostgres) {
    const rows = await db.$queryRaw<{ detail: string }[]>`EXPLAIN QUERY PLAN SELECT 1 AS "one" ${sentLatelyColumns(userId)}`;
    // The statement's own row and the subqueries' headings; what remains reads tables.
    return rows.map((r) => r.detail).filter((detail) => !/^(SCAN CONSTANT ROW|SCALAR SUBQUERY \d+)$/.test(detail));
  }
  const [row] = await db.$queryRaw<{ "QUERY PLAN": unknown }[]>`EXPLAIN (ANALYZE, FORMAT JSON) SELECT 1 AS "one" ${sentLatelyColumns(userId)}`;
  const nodes: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (node["Relation Name"]) nodes.push(`${String(node["Node Type"])} on ${String(node["Relation Name"])} (${String(node["Index Name"] ?? "no index")}), rows ${String(node["Actual Rows"])}`);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((row["QUERY PLAN"] as { Plan: Record<string, unknown> }[])[0].Plan);
  return nodes;
}

describe("the limit's read costs one row, whatever the limit", () => {
  it("is a primary-key lookup of the sender's counter, never a scan or the transfers", async () => {
    jest.useRealTimers();
    const sender = await createFundedUser({ RUB: 1_000 });
    const friend = await createFundedUser();
    expect((await send(sender, friend.wallets.RUB)).status).toBe(201);
    // Many counters, as in a bank with many senders (PostgreSQL plans from its statistics).
    const others = Prisma.sql`SELECT 1000000 + n, ${new Date(0)}, 1, 0`;
    if (onPostgres) {
      await getDb().$executeRaw`INSERT INTO "SendingCounter" ("userId", "windowStart", "current", "previous") ${others} FROM generate_series(1, 20000) AS n`;
      await getDb().$executeRaw`ANALYZE "SendingCounter"`;
    } else {
      await getDb().$executeRaw`INSERT INTO "SendingCounter" ("userId", "windowStart", "current", "previous")
        WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 20000) ${others} FROM s`;
    }
    const plans: string[][] = [];
    for (const limit of ["3", "1000000"]) {
      process.env.TRANSFER_LIMIT_PER_USER = limit;
      resetEnvForTests();
      plans.push(await planOfLimitRead(sender.user.id));
    }
    expect(plans[1]).toEqual(plans[0]);
    const lines = plans[0];
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      if (onPostgres) expect(line).toMatch(/^Index (Only )?Scan on SendingCounter \(SendingCounter_pkey\), rows 1$/);
      else expect(line).toMatch(/^SEARCH c USING INTEGER PRIMARY KEY \(rowid=\?\)$/);
    }
    await getDb().$executeRaw`DELETE FROM "SendingCounter" WHERE "userId" > 1000000`;
  });
});
