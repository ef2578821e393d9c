import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import { getDb } from "@/lib/server/db";
import { forgetCachedRates } from "@/lib/server/rates/latest";
import { convert } from "@/lib/shared/money";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

afterEach(() => checkInvariants());

const send = (token: string, body: unknown, headers?: Record<string, string>) =>
  call(transferRoute, { token, body, headers });

describe("POST /api/v1/transfers", () => {
  it("needs a token", async () => {
    expect((await call(transferRoute, { body: { senderWalletId: 1, receiverWalletId: 2, amount: 1 } })).status).toBe(401);
  });

  it("moves money between wallets of the same currency (201, both amounts, rate 1)", async () => {
    const alice = await createFundedUser({ RUB: 10_000 });
    const bob = await createFundedUser();
    // The channel is the server's to say: a body naming one is made in the app all the same.
    const res = await send(alice.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 2_500, channel: "schedule" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      kind: "transfer",
      senderWalletId: alice.wallets.RUB,
      receiverWalletId: bob.wallets.RUB,
      amount: 2_500,
      currency: "RUB",
      receivedAmount: 2_500,
      receivedCurrency: "RUB",
      rate: "1",
      message: null,
      channel: "app",
      createdAt: expect.any(String),
    });
    expect((await getDb().transfer.findUniqueOrThrow({ where: { id: res.body.id } })).channel).toBe("app");
    expect(await balanceOf(alice.wallets.RUB)).toBe(7_500);
    expect(await balanceOf(bob.wallets.RUB)).toBe(2_500);
    const postings = await getDb().posting.findMany({ where: { transferId: res.body.id } });
    expect(postings.map((p) => [p.walletId, Number(p.amount)]).sort()).toEqual(
      [[alice.wallets.RUB, -2_500], [bob.wallets.RUB, 2_500]].sort(),
    );
  });

  it("converts between currencies through the bank's wallets at the latest rates, rounding down", async () => {
    await setRate("USD", 800_000, "2020-01-01");
    await setRate("USD", 925_123);
    await setRate("EUR", 1_001_234);
    const alice = await createFundedUser({ USD: 10_001 });
    const bob = await createFundedUser();
    const res = await send(alice.token, { senderWalletId: alice.wallets.USD, receiverWalletId: bob.wallets.EUR, amount: 10_001 });
    expect(res.status).toBe(201);
    const expected = Number(convert(10_001n, 925_123n, 1_001_234n));
    expect(expected).toBe(Math.floor((10_001 * 925_123) / 1_001_234));
    expect(res.body).toMatchObject({ amount: 10_001, currency: "USD", receivedAmount: expected, receivedCurrency: "EUR", rate: "0.9239828052" });
    expect(await balanceOf(alice.wallets.USD)).toBe(0);
    expect(await balanceOf(bob.wallets.EUR)).toBe(expected);
    const postings = await getDb().posting.findMany({ where: { transferId: res.body.id }, include: { wallet: { include: { user: true } } } });
    expect(postings).toHaveLength(4);
    const bankLegs = postings.filter((p) => p.wallet.user.isSystem).map((p) => [p.currency, Number(p.amount)]);
    expect(bankLegs.sort()).toEqual([["EUR", -expected], ["USD", 10_001]]);
  });

  it("converts rubles to yuan and back with the recorded ratio", async () => {
    await setRate("CNY", 125_000);
    const alice = await createFundedUser({ RUB: 100_00 });
    const bob = await createFundedUser();
    const res = await send(alice.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.CNY, amount: 100_00 });
    expect(res.body).toMatchObject({ receivedAmount: 800, rate: "0.08" });
  });

  it("answers 503 with a Russian message when a rate is missing, moving nothing", async () => {
    await getDb().rate.deleteMany({ where: { currency: "CNY" } });
    // Removed behind the server's back: it stops using the quote once its copy is forgotten.
    forgetCachedRates();
    const alice = await createFundedUser({ USD: 500 });
    const bob = await createFundedUser();
    const res = await send(alice.token, { senderWalletId: alice.wallets.USD, receiverWalletId: bob.wallets.CNY, amount: 500 });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: expect.stringMatching(/[а-я]/i), code: "RATE_UNAVAILABLE" });
    expect(await balanceOf(alice.wallets.USD)).toBe(500);
  });

  it("refuses a conversion that would deliver nothing (400 INVALID_AMOUNT)", async () => {
    await setRate("USD", 900_000);
    const alice = await createFundedUser({ RUB: 1_000 });
    const bob = await createFundedUser();
    const res = await send(alice.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.USD, amount: 50 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_AMOUNT");
    expect(await balanceOf(alice.wallets.RUB)).toBe(1_000);
  });

  it("answers 422 INSUFFICIENT_FUNDS in Russian and leaves balances alone", async () => {
    const alice = await createFundedUser({ RUB: 1_000 });
    const bob = await createFundedUser();
    const before = await getDb().transfer.count();
    const res = await send(alice.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 1_001 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: "Недостаточно средств на счёте", code: "INSUFFICIENT_FUNDS" });
    expect(await balanceOf(alice.wallets.RUB)).toBe(1_000);
    expect(await getDb().transfer.count()).toBe(before);
  });

  it("refuses spending from another user's wallet (403) or an unknown one", async () => {
    const alice = await createFundedUser({ RUB: 1_000 });
    const mallory = await createFundedUser();
    const res = await send(mallory.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: mallory.wallets.RUB, amount: 100 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");
    expect((await send(mallory.token, { senderWalletId: 987_654, receiverWalletId: mallory.wallets.RUB, amount: 1 })).status).toBe(403);
    expect(await balanceOf(alice.wallets.RUB)).toBe(1_000);
  });

  it("answers 404 WALLET_NOT_FOUND for an unknown receiver or the bank's own wallet", async () => {
    const alice = await createFundedUser({ RUB: 1_000 });
    const unknown = await send(alice.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: 987_654, amount: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("WALLET_NOT_FOUND");
    const bank = await getDb().wallet.findFirstOrThrow({ where: { currency: "RUB", user: { isSystem: true } } });
    const toBank = await send(alice.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: bank.id, amount: 1 });
    expect(toBank.status).toBe(404);
  });

  it("refuses a transfer to the same wallet (400 SAME_WALLET)", async () => {
    const alice = await createFundedUser({ RUB: 1_000 });
    const res = await send(alice.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: alice.wallets.RUB, amount: 1 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("SAME_WALLET");
  });

  it("allows moving money between one's own wallets", async () => {
    await setRate("USD", 900_000);
    const alice = await createFundedUser({ RUB: 90_00 });
    const res = await send(alice.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: alice.wallets.USD, amount: 90_00 });
    expect(res.status).toBe(201);
    expect(await balanceOf(alice.wallets.USD)).toBe(1_00);
  });

  it.each([0, -1, 1.5, "100", null, Number.MAX_SAFE_INTEGER + 2])("refuses amount %p with a Russian 400", async (amount) => {
    const alice = await createFundedUser({ RUB: 1_000 });
    const bob = await createFundedUser();
    const res = await send(alice.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Введите корректную сумму", code: "VALIDATION_ERROR" });
  });

  it("refuses malformed bodies with 400", async () => {
    const alice = await createFundedUser({ RUB: 1_000 });
    expect((await send(alice.token, { senderWalletId: "x", receiverWalletId: 2, amount: 1 })).status).toBe(400);
    expect((await send(alice.token, {})).status).toBe(400);
    const raw = await call(transferRoute, { token: alice.token, method: "POST", rawBody: "{oops" });
    expect(raw.status).toBe(400);
    expect(raw.body.code).toBe("INVALID_JSON");
  });
});

describe("Idempotency-Key on POST /api/v1/transfers", () => {
  it("replays the first answer for the same key and body, without moving money again", async () => {
    const alice = await createFundedUser({ RUB: 10_000 });
    const bob = await createFundedUser();
    const body = { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 1_000 };
    const headers = { "Idempotency-Key": "c0ffee-1" };
    const before = await getDb().transfer.count();
    const first = await send(alice.token, body, headers);
    const reordered = { amount: 1_000, receiverWalletId: bob.wallets.RUB, senderWalletId: alice.wallets.RUB };
    const second = await send(alice.token, reordered, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await balanceOf(alice.wallets.RUB)).toBe(9_000);
    expect(await getDb().transfer.count()).toBe(before + 1);
  });

  it("answers 409 IDEMPOTENCY_MISMATCH for the same key with another body", async () => {
    const alice = await createFundedUser({ RUB: 10_000 });
    const bob = await createFundedUser();
    const headers = { "Idempotency-Key": "k-2" };
    await send(alice.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 1_000 }, headers);
    const res = await send(alice.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 2_000 }, headers);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: expect.stringMatching(/[а-я]/i), code: "IDEMPOTENCY_MISMATCH" });
    expect(await balanceOf(alice.wallets.RUB)).toBe(9_000);
  });

  it("keeps keys per user: another user's identical key is independent", async () => {
    const alice = await createFundedUser({ RUB: 10_000 });
    const bob = await createFundedUser({ RUB: 10_000 });
    const headers = { "Idempotency-Key": "shared" };
    expect((await send(alice.token, { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 100 }, headers)).status).toBe(201);
    expect((await send(bob.token, { senderWalletId: bob.wallets.RUB, receiverWalletId: alice.wallets.RUB, amount: 300 }, headers)).status).toBe(201);
    expect(await balanceOf(alice.wallets.RUB)).toBe(10_200);
  });

  it("replays a refusal too (same status and body), even after funds arrive", async () => {
    const alice = await createFundedUser({ RUB: 100 });
    const bob = await createFundedUser();
    const body = { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 500 };
    const headers = { "Idempotency-Key": "retry-me" };
    const first = await send(alice.token, body, headers);
    expect(first.status).toBe(422);
    expect((await call(topUpRoute, { token: alice.token, body: { currency: "RUB", amount: 1_000 } })).status).toBe(201);
    const second = await send(alice.token, body, headers);
    expect(second.status).toBe(422);
    expect(second.body).toEqual(first.body);
    expect(await balanceOf(alice.wallets.RUB)).toBe(1_100);
  });

  it("runs concurrent duplicates once", async () => {
    const alice = await createFundedUser({ RUB: 10_000 });
    const bob = await createFundedUser();
    const body = { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 1_000 };
    const results = await Promise.all(Array.from({ length: 8 }, () => send(alice.token, body, { "Idempotency-Key": "burst" })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await balanceOf(alice.wallets.RUB)).toBe(9_000);
  });

  it("refuses an empty or over-long key (400)", async () => {
    const alice = await createFundedUser({ RUB: 10_000 });
    const bob = await createFundedUser();
    const body = { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 1 };
    const long = await send(alice.token, body, { "Idempotency-Key": "k".repeat(129) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/128/);
    expect((await send(alice.token, body, { "Idempotency-Key": "   " })).status).toBe(400);
    expect((await send(alice.token, body, { "Idempotency-Key": "k".repeat(128) })).status).toBe(201);
    expect(await balanceOf(alice.wallets.RUB)).toBe(9_999);
  });
});
