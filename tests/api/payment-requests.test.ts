import { GET as avatarRoute } from "@/app/api/v1/avatars/[file]/route";
import { POST as cancelRoute } from "@/app/api/v1/requests/[token]/cancel/route";
import { POST as payRoute } from "@/app/api/v1/requests/[token]/pay/route";
import { GET as getRoute } from "@/app/api/v1/requests/[token]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/v1/requests/route";
import { GET as receiptRoute } from "@/app/api/v1/transfers/[id]/route";
import { getDb } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { convert, giveFor } from "@/lib/shared/money";
import { DICTIONARIES } from "@/lib/shared/i18n";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

const { ru, en } = DICTIONARIES;

afterEach(() => checkInvariants());

type Person = Awaited<ReturnType<typeof createFundedUser>>;

const ask = (who: Person, body: unknown) => call(createRoute, { token: who.token, body });
const read = (who: Person, token: string) => call(getRoute, { token: who.token, params: { token } });
const pay = (who: Person, token: string, walletId: number, key?: string) =>
  call(payRoute, { token: who.token, params: { token }, body: { walletId }, headers: key ? { "idempotency-key": key } : undefined });
const cancel = (who: Person, token: string) => call(cancelRoute, { method: "POST", token: who.token, params: { token } });

async function requestOf(who: Person, amount = 50_000, extra: Record<string, unknown> = {}) {
  const res = await ask(who, { currency: "RUB", amount, ...extra });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

describe("payment requests", () => {
  it("are created pending, for 7 days, with a link token only the link carries", async () => {
    const alice = await createFundedUser();
    const res = await ask(alice, { currency: "RUB", amount: 50_000, message: " За ужин " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 50_000, currency: "RUB", message: "За ужин", status: "pending", own: true, paidAt: null, transferId: null });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const ttl = Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt);
    expect(ttl).toBe(7 * 24 * 60 * 60 * 1000);
    const list = await call(listRoute, { token: alice.token });
    expect(list.body.map((r: { token: string }) => r.token)).toEqual([res.body.token]);
  });

  it("refuses bad input with a Russian message and creates nothing", async () => {
    const alice = await createFundedUser();
    for (const body of [
      { currency: "RUB", amount: 0 },
      { currency: "RUB", amount: 1.5 },
      { currency: "XXX", amount: 100 },
      { currency: "RUB", amount: 100, message: "a\nb" },
      { currency: "RUB", amount: 100, message: "я".repeat(141) },
    ]) {
      const res = await ask(alice, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[а-я]/i);
    }
    const noWallets = await createFundedUser();
    await getDb().wallet.deleteMany({ where: { userId: noWallets.user.id } });
    expect((await ask(noWallets, { currency: "RUB", amount: 100 })).body.code).toBe("WALLET_NOT_FOUND");
    expect(await getDb().paymentRequest.count({ where: { requesterId: alice.user.id } })).toBe(0);
  });

  it("show the payer who asks for what; an unknown token is 404 and a malformed one 400", async () => {
    const alice = await createFundedUser();
    await getDb().user.update({ where: { id: alice.user.id }, data: { telegramFirstName: "Алиса" } });
    const bob = await createFundedUser();
    const token = await requestOf(alice, 12_345, { message: "Билеты" });
    const seen = await read(bob, token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ amount: 12_345, currency: "RUB", message: "Билеты", status: "pending", own: false, requester: { name: "Алиса" } });
    expect((await read(bob, "A".repeat(22))).status).toBe(404);
    expect((await read(bob, "bad token!")).status).toBe(400);
    // The requester's generated picture, under a name that does not give their user id away.
    const avatarUrl = seen.body.requester.avatarUrl as string;
    expect(avatarUrl).toMatch(/^\/api\/v1\/avatars\/[A-Za-z0-9_-]{22}\.svg$/);
    const file = avatarUrl.split("/").pop()!;
    const picture = async (name: string) => (await avatarRoute(new Request(`http://localhost/api/v1/avatars/${name}`), { params: Promise.resolve({ file: name }) })).text();
    expect(await picture(file)).toBe(await picture(`${alice.user.id % 1_000_000}.svg`));
    // Nobody else's list shows it.
    expect((await call(listRoute, { token: bob.token })).body).toEqual([]);
  });

  it("are paid once: the money arrives exactly, with the message, and the requester is told", async () => {
    const alice = await createFundedUser();
    const bob = await createFundedUser({ RUB: 100_000 });
    const token = await requestOf(alice, 50_000, { message: "За ужин" });
    const res = await pay(bob, token, bob.wallets.RUB);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 50_000, receivedAmount: 50_000, receiverWalletId: alice.wallets.RUB, message: "За ужин", channel: "request" });
    expect(await balanceOf(alice.wallets.RUB)).toBe(50_000);
    expect(await balanceOf(bob.wallets.RUB)).toBe(50_000);
    const seen = await read(alice, token);
    expect(seen.body).toMatchObject({ status: "paid", transferId: res.body.id });
    const notice = await getDb().notification.findUniqueOrThrow({ where: { transferId: res.body.id } });
    expect(notice.userId).toBe(alice.user.id);
    expect(notice.text).toMatch(/^Ваш запрос на 500,00\s₽ оплачен: /);
    const receipt = await call(receiptRoute, { token: alice.token, params: { id: String(res.body.id) } });
    expect(receipt.body).toMatchObject({ direction: "in", message: "За ужин", channel: "request" });
    // A third person holding the link sees it paid, but not the transfer.
    const carol = await createFundedUser({ RUB: 100_000 });
    expect((await read(carol, token)).body).toMatchObject({ status: "paid", transferId: null });
    const again = await pay(carol, token, carol.wallets.RUB);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: "REQUEST_PAID", message: ru.requests.errors.paid });
    expect(await balanceOf(carol.wallets.RUB)).toBe(100_000);
  });

  it("from another currency: the requested amount arrives exactly, the least covering amount leaves", async () => {
    await setRate("USD", 925_123);
    const alice = await createFundedUser();
    const bob = await createFundedUser({ USD: 10_000 });
    const token = await requestOf(alice, 10_000);
    const res = await pay(bob, token, bob.wallets.USD);
    expect(res.status).toBe(201);
    const given = giveFor(10_000n, 925_123n, 10_000n);
    expect(res.body).toMatchObject({ amount: Number(given), currency: "USD", receivedAmount: 10_000, receivedCurrency: "RUB" });
    expect(convert(given, 925_123n, 10_000n)).toBeGreaterThanOrEqual(10_000n);
    expect(await balanceOf(alice.wallets.RUB)).toBe(10_000);
  });

  it("two payers at the same moment: one pays, the other is told it is paid and loses nothing", async () => {
    for (let round = 0; round < 5; round += 1) {
      const alice = await createFundedUser();
      const payers = [await createFundedUser({ RUB: 10_000 }), await createFundedUser({ RUB: 10_000 }), await createFundedUser({ RUB: 10_000 })];
      const token = await requestOf(alice, 7_000);
      const answers = await Promise.all(payers.map((p) => pay(p, token, p.wallets.RUB, `race-${round}`)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
      for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.code).toBe("REQUEST_PAID");
      const balances = await Promise.all(payers.map((p) => balanceOf(p.wallets.RUB)));
      expect(balances.sort((a, b) => a - b)).toEqual([3_000, 10_000, 10_000]);
      expect(await balanceOf(alice.wallets.RUB)).toBe(7_000);
      expect(await getDb().transfer.count({ where: { receiverWalletId: alice.wallets.RUB } })).toBe(1);
    }
  }, 60_000);

  it("refuse paying one's own request, from someone else's wallet, or with too little money", async () => {
    const alice = await createFundedUser({ USD: 10_000 });
    const bob = await createFundedUser({ RUB: 100 });
    const token = await requestOf(alice, 5_000);
    expect((await pay(alice, token, alice.wallets.USD)).body.code).toBe("REQUEST_OWN");
    expect((await pay(bob, token, alice.wallets.USD)).status).toBe(403);
    expect((await pay(bob, token, 2_000_000_000)).status).toBe(403);
    expect((await pay(bob, "A".repeat(22), bob.wallets.RUB)).status).toBe(404);
    expect((await pay(bob, token, bob.wallets.RUB)).body.code).toBe("INSUFFICIENT_FUNDS");
    expect((await read(alice, token)).body.status).toBe("pending");
    expect(await balanceOf(alice.wallets.USD)).toBe(10_000);
  });

  it("are cancelled by their requester only; a cancelled one cannot be paid, a paid one cannot be cancelled", async () => {
    const alice = await createFundedUser();
    const bob = await createFundedUser({ RUB: 100_000 });
    const token = await requestOf(alice, 1_000);
    expect((await cancel(bob, token)).status).toBe(404);
    expect((await read(alice, token)).body.status).toBe("pending");
    const cancelled = await cancel(alice, token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect((await cancel(alice, token)).status).toBe(200);
    const refused = await pay(bob, token, bob.wallets.RUB);
    expect(refused.body).toEqual({ code: "REQUEST_CANCELLED", message: ru.requests.errors.cancelled });
    expect(await balanceOf(bob.wallets.RUB)).toBe(100_000);

    const paid = await requestOf(alice, 1_000);
    expect((await pay(bob, paid, bob.wallets.RUB)).status).toBe(201);
    expect((await cancel(alice, paid)).body.code).toBe("REQUEST_PAID");
    expect((await read(alice, paid)).body.status).toBe("paid");
  });

  it("expire: past their time they show as expired and cannot be paid", async () => {
    const alice = await createFundedUser();
    const bob = await createFundedUser({ RUB: 100_000 });
    const token = await requestOf(alice, 1_000);
    await getDb().paymentRequest.update({ where: { token }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    expect((await read(bob, token)).body.status).toBe("expired");
    expect((await call(listRoute, { token: alice.token })).body[0].status).toBe("expired");
    const refused = await pay(bob, token, bob.wallets.RUB);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("REQUEST_EXPIRED");
    expect(await balanceOf(bob.wallets.RUB)).toBe(100_000);
    // Cancelling an expired request changes nothing: it answers the request, still expired.
    const before = await getDb().paymentRequest.findUniqueOrThrow({ where: { token } });
    const cancelled = await cancel(alice, token);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, "expired"]);
    expect(await getDb().paymentRequest.findUniqueOrThrow({ where: { token } })).toEqual(before);
    expect((await read(alice, token)).body.status).toBe("expired");
  });

  it("are limited per requester: PAYMENT_REQUEST_LIMIT_PER_USER per 10 minutes, then 429 and nothing is created", async () => {
    process.env.PAYMENT_REQUEST_LIMIT_PER_USER = "3";
    resetEnvForTests();
    try {
      const alice = await createFundedUser();
      for (let i = 0; i < 3; i += 1) await requestOf(alice, 100 + i);
      const refused = await ask(alice, { currency: "RUB", amount: 500 });
      expect([refused.status, refused.body]).toEqual([429, { code: "RATE_LIMITED", message: ru.requests.errors.tooMany }]);
      const english = await call(createRoute, { token: alice.token, body: { currency: "USD", amount: 500 }, headers: { "accept-language": "en" } });
      expect(english.body).toEqual({ code: "RATE_LIMITED", message: en.requests.errors.tooMany });
      expect(await getDb().paymentRequest.count({ where: { requesterId: alice.user.id } })).toBe(3);
      // The limit is the person's: someone else still may.
      await requestOf(await createFundedUser());
      // Requests older than the window no longer count.
      await getDb().rateLimitHit.updateMany({ where: { key: `request:user:${alice.user.id}` }, data: { createdAt: new Date(Date.now() - 601_000) } });
      await requestOf(alice);
    } finally {
      delete process.env.PAYMENT_REQUEST_LIMIT_PER_USER;
      resetEnvForTests();
    }
  });

  it("paying is idempotent: a resent payment replays the same transfer", async () => {
    const alice = await createFundedUser();
    const bob = await createFundedUser({ RUB: 100_000 });
    const token = await requestOf(alice, 2_000);
    const first = await pay(bob, token, bob.wallets.RUB, "pay-once");
    const again = await pay(bob, token, bob.wallets.RUB, "pay-once");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(bob.wallets.RUB)).toBe(98_000);
  });
});
