import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { getDb, sqlOf, type Sql } from "@/lib/server/db";
import { bankWallets } from "@/lib/server/ledger/bank";
import { currentRateUnits, forgetCachedRates, rateDay } from "@/lib/server/rates/latest";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

// What each process keeps of read-mostly facts, and when it reads them again (on both databases).

const today = () => rateDay();

/** A quote written by someone else (another instance's import): this process is not told. */
const quoteBehindItsBack = (value: number) =>
  getDb().rate.update({ where: { currency_date: { currency: "USD", date: today() } }, data: { value } });

/** The store, counting the queries sent through it. */
function counting(sql: Sql): { sql: Sql; queries: () => number } {
  let n = 0;
  const counted: Sql = {
    dialect: sql.dialect,
    $queryRaw: (...args: Parameters<Sql["$queryRaw"]>) => ((n += 1), sql.$queryRaw(...args)),
    $executeRaw: (...args: Parameters<Sql["$executeRaw"]>) => ((n += 1), sql.$executeRaw(...args)),
  };
  return { sql: counted, queries: () => n };
}

afterEach(() => checkInvariants());

describe("the day's rates, per process", () => {
  beforeEach(() => setRate("USD", 900_000));

  it("are read again once RATES_CACHE_SECONDS (60 s) have passed, not before", async () => {
    const sql = await sqlOf();
    const start = Date.now();
    expect(await currentRateUnits(sql, "USD", start)).toBe(900_000n);
    await quoteBehindItsBack(950_000);
    expect(await currentRateUnits(sql, "USD", start + 59_000)).toBe(900_000n);
    expect(await currentRateUnits(sql, "USD", start + 60_000)).toBe(950_000n);
  });

  it("change to the next day's quote at midnight in Moscow, within the cached minute", async () => {
    const sql = await sqlOf();
    await setRate("USD", 910_000, "2030-01-01");
    await setRate("USD", 920_000, "2030-01-02");
    // 00:00 on 2 January in Moscow (UTC+3) is 21:00 on 1 January in UTC.
    const midnight = Date.parse("2030-01-01T21:00:00Z");
    try {
      expect(await currentRateUnits(sql, "USD", midnight - 1_000)).toBe(910_000n);
      expect(await currentRateUnits(sql, "USD", midnight + 1_000)).toBe(920_000n);
    } finally {
      await getDb().rate.deleteMany({ where: { date: { gte: "2030-01-01" } } });
      forgetCachedRates();
    }
  });

  it("are read again at once after an import in this process", async () => {
    const sql = await sqlOf();
    expect(await currentRateUnits(sql, "USD")).toBe(900_000n);
    await quoteBehindItsBack(975_000);
    forgetCachedRates();
    expect(await currentRateUnits(sql, "USD")).toBe(975_000n);
  });

  it("do not remember a missing quote", async () => {
    const sql = await sqlOf();
    await getDb().rate.deleteMany({ where: { currency: "EUR" } });
    forgetCachedRates();
    expect(await currentRateUnits(sql, "EUR")).toBeNull();
    await setRate("EUR", 1_000_000);
    await getDb().rate.update({ where: { currency_date: { currency: "EUR", date: today() } }, data: { value: 1_010_000 } });
    expect(await currentRateUnits(sql, "EUR")).toBe(1_010_000n);
  });

  it("are what a transfer converts at, and the transfer records the rate it used", async () => {
    const [alice, bob] = [await createFundedUser({ RUB: 10_000_00 }), await createFundedUser()];
    const send = () =>
      call(transferRoute, {
        token: alice.token,
        body: { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.USD, amount: 900_00 },
      });
    expect((await send()).body).toMatchObject({ receivedAmount: 10_00, rate: "0.0111111111" });
    await quoteBehindItsBack(450_000);
    // Within the minute this process still converts at the quote it read, and says so.
    expect((await send()).body).toMatchObject({ receivedAmount: 10_00, rate: "0.0111111111" });
    forgetCachedRates();
    expect((await send()).body).toMatchObject({ receivedAmount: 20_00, rate: "0.0222222222" });
  });
});

describe("the bank's wallets, per process", () => {
  it("are looked up once and then known for good (they never change owner or currency)", async () => {
    await createFundedUser({ RUB: 100, USD: 100 });
    const counted = counting(await sqlOf());
    const found = await bankWallets(counted.sql, ["RUB", "USD"]);
    expect(counted.queries()).toBe(1);
    expect(await bankWallets(counted.sql, ["USD", "RUB"])).toEqual([found[1], found[0]]);
    expect(counted.queries()).toBe(1);
    const rows = await getDb().wallet.findMany({ where: { user: { isSystem: true }, currency: { in: ["RUB", "USD"] } } });
    expect(found.map((w) => w.id).sort()).toEqual(rows.map((w) => w.id).sort());
  });
});
