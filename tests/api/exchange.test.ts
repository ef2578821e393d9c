import fc from "fast-check";
import { POST as exchangeRoute } from "@/app/api/v1/exchanges/route";
import { GET as receiptRoute } from "@/app/api/v1/transfers/[id]/route";
import { getDb } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { convert, CURRENCIES, giveFor, type Currency } from "@/lib/shared/money";
import { DICTIONARIES } from "@/lib/shared/i18n";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

const { ru } = DICTIONARIES;

afterEach(() => checkInvariants());

const RATES: Record<Currency, bigint> = { RUB: 10_000n, USD: 925_123n, EUR: 1_001_234n, CNY: 127_891n };

beforeAll(async () => {
  await setRate("USD", Number(RATES.USD));
  await setRate("EUR", Number(RATES.EUR));
  await setRate("CNY", Number(RATES.CNY));
});

const exchange = (token: string, body: unknown, headers?: Record<string, string>) => call(exchangeRoute, { token, body, headers });

describe("POST /api/v1/exchanges", () => {
  it("needs a token", async () => {
    expect((await call(exchangeRoute, { body: { fromWalletId: 1, toWalletId: 2, amount: 1 } })).status).toBe(401);
  });

  it("gives an amount: what leaves is exact, what arrives is converted down, through the bank's wallets", async () => {
    const me = await createFundedUser({ RUB: 100_000 });
    const res = await exchange(me.token, { fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD, amount: 10_000 });
    expect(res.status).toBe(201);
    const received = Number(convert(10_000n, RATES.RUB, RATES.USD));
    expect(res.body).toMatchObject({ amount: 10_000, currency: "RUB", receivedAmount: received, receivedCurrency: "USD", message: null });
    expect(await balanceOf(me.wallets.RUB)).toBe(90_000);
    expect(await balanceOf(me.wallets.USD)).toBe(received);
    const postings = await getDb().posting.findMany({ where: { transferId: res.body.id }, include: { wallet: { include: { user: true } } } });
    expect(postings.filter((p) => p.wallet.user.isSystem).map((p) => [p.currency, Number(p.amount)]).sort()).toEqual(
      [["RUB", 10_000], ["USD", -received]].sort(),
    );
    const transfer = await getDb().transfer.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(transfer.kind).toBe("exchange");
  });

  it("gets an amount: what arrives is exactly what was asked, and the least covering amount leaves", async () => {
    const me = await createFundedUser({ USD: 10_000 });
    const res = await exchange(me.token, { fromWalletId: me.wallets.USD, toWalletId: me.wallets.RUB, receivedAmount: 10_000 });
    expect(res.status).toBe(201);
    const given = giveFor(10_000n, RATES.USD, RATES.RUB);
    expect(given).toBe(109n);
    expect(res.body).toMatchObject({ amount: 109, currency: "USD", receivedAmount: 10_000, receivedCurrency: "RUB" });
    expect(convert(given, RATES.USD, RATES.RUB)).toBeGreaterThanOrEqual(10_000n);
    expect(await balanceOf(me.wallets.USD)).toBe(10_000 - 109);
    expect(await balanceOf(me.wallets.RUB)).toBe(10_000);
  });

  it("shows an exchange receipt and tells nobody about one's own money", async () => {
    const me = await createFundedUser({ RUB: 50_000 });
    await getDb().notification.deleteMany();
    const res = await exchange(me.token, { fromWalletId: me.wallets.RUB, toWalletId: me.wallets.EUR, amount: 20_000 });
    expect(res.status).toBe(201);
    expect(await getDb().notification.count()).toBe(0);
    const receipt = await call(receiptRoute, { token: me.token, params: { id: String(res.body.id) } });
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ kind: "exchange", direction: "out", fee: 0 });
  });

  it("refuses another user's wallet on either side, the same wallet, and both or neither amounts", async () => {
    const me = await createFundedUser({ RUB: 10_000 });
    const other = await createFundedUser({ RUB: 10_000 });
    const cases: [unknown, number, string][] = [
      [{ fromWalletId: other.wallets.RUB, toWalletId: me.wallets.USD, amount: 100 }, 403, "FORBIDDEN"],
      [{ fromWalletId: 2_000_000_000, toWalletId: me.wallets.USD, amount: 100 }, 403, "FORBIDDEN"],
      [{ fromWalletId: me.wallets.RUB, toWalletId: other.wallets.USD, amount: 100 }, 404, "WALLET_NOT_FOUND"],
      [{ fromWalletId: me.wallets.RUB, toWalletId: me.wallets.RUB, amount: 100 }, 400, "SAME_WALLET"],
      [{ fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD, amount: 100, receivedAmount: 1 }, 400, "VALIDATION_ERROR"],
      [{ fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD }, 400, "VALIDATION_ERROR"],
      [{ fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD, amount: -1 }, 400, "VALIDATION_ERROR"],
      [{ fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD, amount: 1.5 }, 400, "VALIDATION_ERROR"],
      [{ fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD, amount: 10_001 }, 422, "INSUFFICIENT_FUNDS"],
      [{ fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD, receivedAmount: 1_000_000 }, 422, "INSUFFICIENT_FUNDS"],
      // One kopeck buys no cent.
      [{ fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD, amount: 1 }, 400, "INVALID_AMOUNT"],
    ];
    for (const [body, status, code] of cases) {
      const res = await exchange(me.token, body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), status, code]);
      expect(res.body.message).toMatch(/[а-я]/i);
    }
    const both = await exchange(me.token, cases[4][0]);
    expect(both.body.message).toBe(ru.exchange.oneSide);
    expect(await balanceOf(me.wallets.RUB)).toBe(10_000);
    expect(await balanceOf(other.wallets.RUB)).toBe(10_000);
    expect(await getDb().transfer.count({ where: { kind: "exchange", senderWalletId: me.wallets.RUB } })).toBe(0);
  });

  it("is idempotent: the same key replays without moving money again, another body is a 409", async () => {
    const me = await createFundedUser({ EUR: 10_000 });
    const body = { fromWalletId: me.wallets.EUR, toWalletId: me.wallets.CNY, receivedAmount: 5_000 };
    const headers = { "idempotency-key": "exchange-1" };
    const first = await exchange(me.token, body, headers);
    const again = await exchange(me.token, body, headers);
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(me.wallets.CNY)).toBe(5_000);
    const other = await exchange(me.token, { ...body, receivedAmount: 5_001 }, headers);
    expect(other.status).toBe(409);
    expect(await balanceOf(me.wallets.CNY)).toBe(5_000);
  });

  it("refuses more than EXCHANGE_COUNT_DAILY_LIMIT exchanges per user within 24 hours, from any wallets (429, nothing moves); a replayed key still answers its exchange", async () => {
    process.env.EXCHANGE_COUNT_DAILY_LIMIT = "3";
    resetEnvForTests();
    try {
      const me = await createFundedUser({ RUB: 100_000, USD: 10_000 });
      const swap = (fromWalletId: number, toWalletId: number, key?: string) =>
        exchange(me.token, { fromWalletId, toWalletId, amount: 100 }, key ? { "idempotency-key": key } : undefined);
      const first = await swap(me.wallets.RUB, me.wallets.USD, "swap-1");
      const statuses = [first.status, (await swap(me.wallets.USD, me.wallets.EUR)).status, (await swap(me.wallets.RUB, me.wallets.CNY)).status];
      expect(statuses).toEqual([201, 201, 201]);
      const before = await balanceOf(me.wallets.RUB);
      const over = await swap(me.wallets.RUB, me.wallets.EUR);
      expect(over).toMatchObject({ status: 429, body: { code: "RATE_LIMITED", message: "Слишком много обменов за сутки. Попробуйте завтра" } });
      expect(await balanceOf(me.wallets.RUB)).toBe(before);
      // The first exchange's retry is answered from its record, not counted again.
      expect(await swap(me.wallets.RUB, me.wallets.USD, "swap-1")).toMatchObject({ status: 201, body: { id: first.body.id } });
      // Everyone has their own count.
      const other = await createFundedUser({ RUB: 1_000 });
      expect((await exchange(other.token, { fromWalletId: other.wallets.RUB, toWalletId: other.wallets.USD, amount: 100 })).status).toBe(201);
    } finally {
      delete process.env.EXCHANGE_COUNT_DAILY_LIMIT;
      resetEnvForTests();
    }
  });

  it("keeps the books on random exchanges typed on either side", async () => {
    const me = await createFundedUser({ RUB: 5_000_000, USD: 50_000, EUR: 50_000, CNY: 300_000 });
    const currency = fc.constantFrom(...CURRENCIES);
    await fc.assert(
      fc.asyncProperty(currency, currency, fc.boolean(), fc.integer({ min: 1, max: 2_000_000 }), async (from, to, getSide, amount) => {
        fc.pre(from !== to);
        const before = [await balanceOf(me.wallets[from]), await balanceOf(me.wallets[to])];
        const side = getSide ? { receivedAmount: amount } : { amount };
        const res = await exchange(me.token, { fromWalletId: me.wallets[from], toWalletId: me.wallets[to], ...side });
        if (res.status !== 201) {
          expect(["INSUFFICIENT_FUNDS", "INVALID_AMOUNT"]).toContain(res.body.code);
          expect([await balanceOf(me.wallets[from]), await balanceOf(me.wallets[to])]).toEqual(before);
          return;
        }
        const { amount: given, receivedAmount: received } = res.body as { amount: number; receivedAmount: number };
        if (getSide) expect(received).toBe(amount);
        else expect(given).toBe(amount);
        // Never more than the rate allows.
        expect(BigInt(received)).toBeLessThanOrEqual(convert(BigInt(given), RATES[from], RATES[to]));
        expect([await balanceOf(me.wallets[from]), await balanceOf(me.wallets[to])]).toEqual([before[0] - given, before[1] + received]);
      }),
      { numRuns: 40, seed: 20261125 },
    );
    await checkInvariants();
  }, 120_000);
});
