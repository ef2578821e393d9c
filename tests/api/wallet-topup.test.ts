import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import { GET as historyRoute } from "@/app/api/v1/transfers/wallet/[walletId]/route";
import { GET as walletRoute } from "@/app/api/v1/wallet/route";
import { getDb } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { call, createUser } from "@/tests/support/api";
import { balanceOf, postedBalanceOf, checkInvariants, createFundedUser } from "@/tests/support/ledger";

afterEach(() => checkInvariants());

describe("POST /api/v1/wallet/topup", () => {
  it("needs a token", async () => {
    expect((await call(topUpRoute, { body: { currency: "RUB", amount: 100 } })).status).toBe(401);
  });

  it("credits the caller's wallet from the bank's wallet and answers the transfer (201)", async () => {
    const me = await createFundedUser();
    const res = await call(topUpRoute, { token: me.token, body: { currency: "EUR", amount: 150050 } });
    expect(res.status).toBe(201);
    const bankEur = await getDb().wallet.findFirstOrThrow({ where: { currency: "EUR", user: { isSystem: true } } });
    expect(res.body).toEqual({
      id: expect.any(Number),
      kind: "topup",
      senderWalletId: bankEur.id,
      receiverWalletId: me.wallets.EUR,
      amount: 150050,
      currency: "EUR",
      receivedAmount: 150050,
      receivedCurrency: "EUR",
      rate: "1",
      message: null,
      channel: "app",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(await balanceOf(me.wallets.EUR)).toBe(150050);
    // The bank's balance is the sum of its postings; its row is never updated.
    expect(await postedBalanceOf(bankEur.id)).toBe(-150050);
    expect(await balanceOf(bankEur.id)).toBe(0);
    const transfer = await getDb().transfer.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(transfer.kind).toBe("topup");
    const history = await call(historyRoute, { token: me.token, params: { walletId: String(me.wallets.EUR) } });
    expect(history.body.map((t: { id: number }) => t.id)).toEqual([res.body.id]);
  });

  it.each([
    [{ currency: "GBP", amount: 100 }, "Неизвестная валюта"],
    [{ currency: "RUB", amount: 0 }, "Сумма пополнения должна быть от 0,01 до 1 000 000,00"],
    [{ currency: "RUB", amount: -5 }, "Сумма пополнения должна быть от 0,01 до 1 000 000,00"],
    [{ currency: "RUB", amount: 10.5 }, "Сумма пополнения должна быть от 0,01 до 1 000 000,00"],
    [{ currency: "RUB", amount: 100_000_001 }, "Сумма пополнения должна быть от 0,01 до 1 000 000,00"],
    [{ currency: "RUB", amount: "100" }, "Сумма пополнения должна быть от 0,01 до 1 000 000,00"],
    [{ currency: "RUB" }, "Сумма пополнения должна быть от 0,01 до 1 000 000,00"],
  ])("refuses %j with a Russian 400", async (body, message) => {
    const me = await createFundedUser();
    const before = await getDb().transfer.count();
    const res = await call(topUpRoute, { token: me.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: "VALIDATION_ERROR" });
    expect(await getDb().transfer.count()).toBe(before);
  });

  it("accepts the largest allowed amount", async () => {
    const me = await createFundedUser();
    const res = await call(topUpRoute, { token: me.token, body: { currency: "CNY", amount: 100_000_000 } });
    expect(res.status).toBe(201);
    expect(await balanceOf(me.wallets.CNY)).toBe(100_000_000);
  });

  it("refuses top-ups past TOPUP_DAILY_LIMIT per user and currency within 24 hours (422), counting only live ones", async () => {
    process.env.TOPUP_DAILY_LIMIT = "2500";
    resetEnvForTests();
    try {
      const me = await createFundedUser();
      const topUp = (currency: string, amount: number) => call(topUpRoute, { token: me.token, body: { currency, amount } });
      expect((await topUp("RUB", 100_000)).status).toBe(201);
      expect((await topUp("RUB", 150_000)).status).toBe(201);
      const over = await topUp("RUB", 1);
      expect(over).toMatchObject({ status: 422, body: { code: "TOPUP_DAILY_LIMIT", message: expect.stringMatching(/лимит/) } });
      expect(await balanceOf(me.wallets.RUB)).toBe(250_000);
      // Another currency has its own allowance; a day later the old top-ups no longer count.
      expect((await topUp("USD", 250_000)).status).toBe(201);
      await getDb().transfer.updateMany({
        where: { receiverWalletId: me.wallets.RUB, kind: "topup" },
        data: { createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
      });
      expect((await topUp("RUB", 250_000)).status).toBe(201);
      // Concurrent top-ups cannot pass the limit together.
      const other = await createFundedUser();
      const together = await Promise.all(
        [1, 2, 3, 4].map(() => call(topUpRoute, { token: other.token, body: { currency: "EUR", amount: 100_000 } })),
      );
      expect(together.map((r) => r.status).sort()).toEqual([201, 201, 422, 422]);
      expect(await balanceOf(other.wallets.EUR)).toBe(200_000);
    } finally {
      delete process.env.TOPUP_DAILY_LIMIT;
      resetEnvForTests();
    }
  });

  it("refuses more than TOPUP_COUNT_DAILY_LIMIT top-ups per user within 24 hours, whatever their amounts (429); a replayed key still answers its top-up", async () => {
    process.env.TOPUP_COUNT_DAILY_LIMIT = "3";
    resetEnvForTests();
    try {
      const me = await createFundedUser();
      const topUp = (currency: string, key?: string) =>
        call(topUpRoute, { token: me.token, body: { currency, amount: 1 }, headers: key ? { "idempotency-key": key } : {} });
      const first = await topUp("RUB", "count-1");
      expect([first.status, (await topUp("USD")).status, (await topUp("EUR")).status]).toEqual([201, 201, 201]);
      const over = await topUp("CNY");
      expect(over).toMatchObject({ status: 429, body: { code: "RATE_LIMITED", message: "Слишком много пополнений за сутки. Попробуйте завтра" } });
      expect(await balanceOf(me.wallets.CNY)).toBe(0);
      // The first top-up's retry is answered from its record, not counted again.
      expect(await topUp("RUB", "count-1")).toMatchObject({ status: 201, body: { id: first.body.id } });
      // Everyone has their own count.
      const other = await createFundedUser();
      expect((await call(topUpRoute, { token: other.token, body: { currency: "RUB", amount: 1 } })).status).toBe(201);
    } finally {
      delete process.env.TOPUP_COUNT_DAILY_LIMIT;
      resetEnvForTests();
    }
  });

  it("never credits an account past 2^53 − 1 minor units (422 BALANCE_LIMIT, nothing moves)", async () => {
    const me = await createFundedUser();
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    // An account already near the ceiling (as only years of business could fill it).
    await getDb().wallet.update({ where: { id: me.wallets.USD }, data: { balance: max - 50n } });
    try {
      const res = await call(topUpRoute, { token: me.token, body: { currency: "USD", amount: 100 } });
      expect(res).toMatchObject({ status: 422, body: { code: "BALANCE_LIMIT" } });
      expect(BigInt((await getDb().wallet.findUniqueOrThrow({ where: { id: me.wallets.USD } })).balance)).toBe(max - 50n);
      expect(await getDb().transfer.count({ where: { receiverWalletId: me.wallets.USD } })).toBe(0);
      // Up to the ceiling itself is fine, and the wallet list still answers.
      expect((await call(topUpRoute, { token: me.token, body: { currency: "USD", amount: 50 } })).status).toBe(201);
      const list = await call(walletRoute, { token: me.token });
      expect(list.status).toBe(200);
      expect(list.body.find((w: { id: number }) => w.id === me.wallets.USD).balance).toBe(Number.MAX_SAFE_INTEGER);
    } finally {
      // Back to what the postings say, so the books balance again.
      const sum = await getDb().posting.aggregate({ where: { walletId: me.wallets.USD }, _sum: { amount: true } });
      await getDb().wallet.update({ where: { id: me.wallets.USD }, data: { balance: sum._sum.amount ?? 0n } });
    }
  });

  it("answers 404 WALLET_NOT_FOUND before the wallets are initialised", async () => {
    const { token } = await createUser();
    const res = await call(topUpRoute, { token, body: { currency: "RUB", amount: 100 } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("WALLET_NOT_FOUND");
  });

  it("replays a repeated Idempotency-Key without crediting twice, and refuses a changed body", async () => {
    const me = await createFundedUser();
    const headers = { "idempotency-key": "topup-1" };
    const first = await call(topUpRoute, { token: me.token, headers, body: { currency: "USD", amount: 700 } });
    const again = await call(topUpRoute, { token: me.token, headers, body: { amount: 700, currency: "USD" } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(me.wallets.USD)).toBe(700);
    const changed = await call(topUpRoute, { token: me.token, headers, body: { currency: "USD", amount: 701 } });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe("IDEMPOTENCY_MISMATCH");
    expect(await balanceOf(me.wallets.USD)).toBe(700);
  });
});
