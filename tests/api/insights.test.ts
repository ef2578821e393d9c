import fc from "fast-check";
import { POST as exchangeRoute } from "@/app/api/v1/exchanges/route";
import { GET as insightsRoute } from "@/app/api/v1/insights/route";
import { GET as summaryRoute } from "@/app/api/v1/statements/wallet/[walletId]/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import { getDb } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

type Actor = Awaited<ReturnType<typeof createFundedUser>>;

afterEach(() => checkInvariants());

const insights = (token: string | undefined, query: string) => call(insightsRoute, { token, path: `/api/v1/insights?${query}` });
const summary = (token: string, walletId: number, query: string) =>
  call(summaryRoute, { token, path: `/api/v1/statements/wallet/${walletId}?${query}`, params: { walletId: String(walletId) } });
const send = (from: Actor, to: number, amount: number, currency: "RUB" | "USD" = "RUB") =>
  call(transferRoute, { token: from.token, body: { senderWalletId: from.wallets[currency], receiverWalletId: to, amount } });
/** Moves a transfer to another instant (a year of history without waiting for it). */
const backdate = (id: number, at: Date) => getDb().transfer.update({ where: { id }, data: { createdAt: at } });
/** The first and last day of a month (`YYYY-MM`), as a statement's period asks for them. */
function monthDays(month: string) {
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

describe("insights", () => {
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    await setRate("USD", 900_000); // 90 ₽ a dollar, in ten-thousandths
    alice = await createFundedUser({ RUB: 100_000, USD: 10_000 });
    bob = await createFundedUser({ RUB: 50_000 });
  });

  it("each month's in and out are that month's statement, and the balances run from the postings, on random histories", async () => {
    const base = Date.UTC(2025, 11, 1);
    const op = fc.record({
      kind: fc.constantFrom("topup", "out", "in"),
      amount: fc.integer({ min: 1, max: 40_000 }),
      hour: fc.integer({ min: 0, max: 365 * 24 }),
      minute: fc.integer({ min: 0, max: 59 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), fc.integer({ min: -600, max: 720 }), async (ops, tz) => {
        const carol = await createFundedUser({ RUB: 150_000 });
        const topUp = await getDb().transfer.findFirstOrThrow({ where: { receiverWalletId: carol.wallets.RUB }, orderBy: { id: "asc" } });
        await backdate(topUp.id, new Date(base - 40 * 24 * 3_600_000));
        for (const o of ops) {
          const res =
            o.kind === "topup"
              ? await call(topUpRoute, { token: carol.token, body: { currency: "RUB", amount: o.amount } })
              : o.kind === "in"
                ? await send(bob, carol.wallets.RUB, o.amount)
                : await send(carol, alice.wallets.RUB, o.amount);
          if (res.status === 201) await backdate(res.body.id, new Date(base + o.hour * 3_600_000 + o.minute * 60_000));
          else expect(res.body.code).toBe("INSUFFICIENT_FUNDS");
        }
        const view = await insights(carol.token, `wallet=${carol.wallets.RUB}&month=2026-11&tz=${tz}`);
        expect(view.status).toBe(200);
        expect(view.body.months).toHaveLength(12);
        expect(view.body.months[0].month).toBe("2025-12");
        expect(view.body.months[11].month).toBe("2026-11");

        const postings = await getDb().posting.findMany({ where: { walletId: carol.wallets.RUB }, include: { transfer: true } });
        let balance = view.body.opening;
        for (const month of view.body.months) {
          const { from, to } = monthDays(month.month);
          const s = (await summary(carol.token, carol.wallets.RUB, `from=${from}&to=${to}&tz=${tz}`)).body;
          expect([month.in, month.out, month.closing]).toEqual([s.totalIn, s.totalOut, s.closing]);
          // And from the ledger itself: the postings before the month's end in that time zone.
          const [y, m] = month.month.split("-").map(Number);
          const end = Date.UTC(y, m, 1) - tz * 60_000;
          const before = postings.filter((p) => p.transfer.createdAt.getTime() < end);
          expect(month.closing).toBe(Number(before.reduce((sum, p) => sum + p.amount, 0n)));
          balance += month.in - month.out;
          expect(month.closing).toBe(balance);
        }
      }),
      { numRuns: 8 },
    );
  }, 180_000);

  it("counts a transfer at 23:30 UTC in the customer's next day and month", async () => {
    const dana = await createFundedUser({ RUB: 10_000 });
    const res = await send(dana, bob.wallets.RUB, 1_234);
    await backdate(res.body.id, new Date("2026-05-31T23:30:00Z"));
    const months = async (tz: number) => {
      const view = await insights(dana.token, `wallet=${dana.wallets.RUB}&month=2026-06&tz=${tz}`);
      return Object.fromEntries(view.body.months.map((m: { month: string; out: number }) => [m.month, m.out]));
    };
    expect(await months(0)).toMatchObject({ "2026-05": 1_234, "2026-06": 0 });
    expect(await months(180)).toMatchObject({ "2026-05": 0, "2026-06": 1_234 });
    expect(await months(-60)).toMatchObject({ "2026-05": 1_234, "2026-06": 0 });
  });

  it("the total: every account in rubles at the day's rate, exchanges not counted as in or out, the share spent abroad", async () => {
    const erin = await createFundedUser({ RUB: 100_000, USD: 5_000 });
    expect((await send(erin, bob.wallets.RUB, 10_000)).status).toBe(201);
    expect((await send(erin, alice.wallets.USD, 1_000, "USD")).status).toBe(201);
    const exchanged = await call(exchangeRoute, { token: erin.token, body: { fromWalletId: erin.wallets.RUB, toWalletId: erin.wallets.USD, amount: 9_000 } });
    expect(exchanged.status).toBe(201);

    const view = (await insights(erin.token, "wallet=total&tz=180")).body;
    expect(view).toMatchObject({ walletId: null, currency: "RUB", missingRates: [] });
    const now = view.months[11];
    // Top-ups in: 1 000,00 ₽ and 50,00 $ × 90; out: 100,00 ₽ and 10,00 $ × 90 — the exchange is neither.
    expect(now.in).toBe(100_000 + 5_000 * 90);
    expect(now.out).toBe(10_000 + 1_000 * 90);
    expect(view.abroad).toEqual({ spent: 1_000 * 90, total: 10_000 + 1_000 * 90 });
    const wallets = await getDb().wallet.findMany({ where: { userId: erin.user.id } });
    const rubles = wallets.reduce((sum, w) => sum + Number(w.balance) * (w.currency === "USD" ? 90 : w.currency === "RUB" ? 1 : 0), 0);
    expect(now.closing).toBe(rubles);
    // The people of the month, never the bank nor herself, most money first.
    expect(view.counterparties.map((p: { userId: number }) => p.userId)).toEqual([alice.user.id, bob.user.id]);
    expect(view.counterparties[0]).toMatchObject({ in: 0, out: 90_000 });
    expect(view.counterparties[1]).toMatchObject({ in: 0, out: 10_000 });

    // One account's view counts the exchange as its statement does, and has no share abroad.
    const rub = (await insights(erin.token, `wallet=${erin.wallets.RUB}`)).body;
    expect(rub).toMatchObject({ walletId: erin.wallets.RUB, currency: "RUB", abroad: null });
    expect(rub.months[11]).toMatchObject({ in: 100_000, out: 19_000, closing: 81_000 });
  });

  it("refuses what is not the caller's or not well formed, with a clear error", async () => {
    const frank = await createFundedUser();
    const wallets = await getDb().wallet.findMany({ select: { id: true }, orderBy: { id: "desc" }, take: 1 });
    const cases: [string, number, string][] = [
      [`wallet=${alice.wallets.RUB}`, 404, "WALLET_NOT_FOUND"],
      [`wallet=${wallets[0].id + 1000}`, 404, "WALLET_NOT_FOUND"],
      ["wallet=9999999999", 404, "WALLET_NOT_FOUND"],
      ["wallet=abc", 400, "VALIDATION_ERROR"],
      ["wallet=0", 400, "VALIDATION_ERROR"],
      ["", 400, "VALIDATION_ERROR"],
      [`wallet=total&tz=Europe/Moscow`, 400, "VALIDATION_ERROR"],
      [`wallet=total&tz=900`, 400, "VALIDATION_ERROR"],
      [`wallet=total&month=2026-13`, 400, "VALIDATION_ERROR"],
      [`wallet=total&month=2026-1`, 400, "VALIDATION_ERROR"],
      // Years before 1970 (Date.UTC would read 0001 and 0099 as 1901 and 1999) and numbers
      // that are not plain decimals of minutes.
      [`wallet=total&month=0001-01`, 400, "VALIDATION_ERROR"],
      [`wallet=total&month=0099-12`, 400, "VALIDATION_ERROR"],
      [`wallet=total&month=1969-12`, 400, "VALIDATION_ERROR"],
      [`wallet=total&tz=0x10`, 400, "VALIDATION_ERROR"],
      [`wallet=total&tz=`, 400, "VALIDATION_ERROR"],
      [`wallet=total&tz=1e2`, 400, "VALIDATION_ERROR"],
      [`wallet=total&tz=%2060`, 400, "VALIDATION_ERROR"],
      [`wallet=total&tz=180.0`, 400, "VALIDATION_ERROR"],
      [`wallet=total&tz=-900`, 400, "VALIDATION_ERROR"],
    ];
    for (const [query, status, code] of cases) {
      const res = await insights(frank.token, query);
      expect([query, res.status, res.body.code]).toEqual([query, status, code]);
      expect(typeof res.body.message).toBe("string");
    }
    for (const [query, tz] of [
      ["wallet=total&tz=-600", -600],
      ["wallet=total&tz=330", 330],
      ["wallet=total&tz=0", 0],
      ["wallet=total&month=1970-01", 180],
      ["wallet=total&month=9999-12", 180],
    ] as const) {
      const res = await insights(frank.token, query);
      expect([query, res.status, res.body.tz]).toEqual([query, 200, tz]);
    }
    expect((await insights(frank.token, "wallet=total&month=1970-01")).body.months[11].month).toBe("1970-01");
    expect((await insights(undefined, "wallet=total")).status).toBe(401);
    // A new customer's total is all zeros, not an error.
    const empty = (await insights(frank.token, "wallet=total")).body;
    expect(empty.months.every((m: { in: number; out: number; closing: number }) => m.in === 0 && m.out === 0 && m.closing === 0)).toBe(true);
    expect(empty.counterparties).toEqual([]);
  });

  it("answers one user INSIGHTS_LIMIT_PER_USER views per 10 minutes, then 429 with its own words; others are not affected", async () => {
    process.env.INSIGHTS_LIMIT_PER_USER = "3";
    resetEnvForTests();
    try {
      const gina = await createFundedUser();
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await insights(gina.token, "wallet=total")).status);
      expect(statuses).toEqual([200, 200, 200]);
      expect(await insights(gina.token, `wallet=${gina.wallets.RUB}`)).toMatchObject({
        status: 429,
        body: { code: "RATE_LIMITED", message: "Слишком много запросов аналитики подряд. Попробуйте через несколько минут" },
      });
      expect((await insights(bob.token, "wallet=total")).status).toBe(200);
    } finally {
      delete process.env.INSIGHTS_LIMIT_PER_USER;
      resetEnvForTests();
    }
  });
});
