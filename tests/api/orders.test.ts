import crypto from "node:crypto";
import { POST as cancelOrderRoute } from "@/app/api/v1/orders/[id]/cancel/route";
import { GET as listOrdersRoute, POST as createOrderRoute } from "@/app/api/v1/orders/route";
import { POST as cancelAlertRoute } from "@/app/api/v1/rate-alerts/[id]/cancel/route";
import { GET as listAlertsRoute, POST as createAlertRoute } from "@/app/api/v1/rate-alerts/route";
import { GET as receiptRoute } from "@/app/api/v1/transfers/[id]/route";
import { issueTokens } from "@/lib/server/auth/tokens";
import { getDb } from "@/lib/server/db";
import { createExchange } from "@/lib/server/ledger/create-exchange";
import { clockNow, clockNowMs, setClock } from "@/lib/server/platform/clock";
import { orderKey, runOrdersPass, WATCH_LEASE_MS } from "@/lib/server/orders/run";
import { claimMetWatches } from "@/lib/server/orders/store";
import { forgetCachedRates, rateDay } from "@/lib/server/rates/latest";
import { DICTIONARIES } from "@/lib/shared/i18n";
import { moscowDate, moscowTime } from "@/lib/shared/schedule-dates";
import { ORDER_LIMIT_PER_USER } from "@/lib/shared/schemas/orders";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

const { ru } = DICTIONARIES;
const DAY_MS = 86_400_000;

type Person = Awaited<ReturnType<typeof createFundedUser>>;

// Every test starts at a fixed moment (noon in Moscow) with no quotes, and puts the clock back after.
const START = moscowTime("2027-03-10", 12);
beforeEach(async () => {
  await setClock(START.getTime());
  await getDb().rate.deleteMany();
  await getDb().rateWatch.deleteMany();
  forgetCachedRates();
});
afterEach(async () => {
  await setClock(null);
  await checkInvariants();
});

const today = () => moscowDate(clockNow());
const inDays = (days: number) => moscowDate(new Date(clockNowMs() + days * DAY_MS));
const key = () => crypto.randomUUID();

function order(person: Person, body: Record<string, unknown>, idempotencyKey: string | null = key()) {
  return call(createOrderRoute, { token: person.token, body, headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {} });
}
const sell = (person: Person, extra: Record<string, unknown> = {}) =>
  order(person, { fromWalletId: person.wallets.USD, toWalletId: person.wallets.RUB, amount: 100_000, target: 100, expiresOn: inDays(30), ...extra });
const alert = (person: Person, extra: Record<string, unknown> = {}) =>
  call(createAlertRoute, { token: person.token, body: { currency: "USD", direction: "below", target: 90, expiresOn: inDays(30), ...extra } });

const watchOf = (id: number) => getDb().rateWatch.findUniqueOrThrow({ where: { id } });
/** The exchanges orders made from or to `person`'s wallets. */
const orderTransfers = (person: Person) =>
  getDb().transfer.findMany({ where: { channel: "order", senderWalletId: { in: Object.values(person.wallets) } }, orderBy: { id: "asc" } });
const noticesOf = (userId: number) => getDb().notification.findMany({ where: { userId, transferId: null }, orderBy: { id: "asc" } });
/** A fresh token: a moved clock outlives the one the person was made with. */
const tokenOf = async (person: Person) => (await issueTokens(person.user.id)).access_token;

describe("orders run once, when the rate in force meets the target", () => {
  it("a sell order waits below its target, runs once at or above it, as an exchange marked order", async () => {
    const me = await createFundedUser({ USD: 200_000 });
    await setRate("USD", 950_000);
    const created = await sell(me);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "waiting", currency: "USD", direction: "above", target: 100, amount: 100_000, transferId: null });
    expect(await runOrdersPass(clockNow())).toMatchObject({ done: 0 });
    expect((await watchOf(created.body.id)).status).toBe("waiting");

    await setRate("USD", 1_000_000);
    // Two runners at once (two instances): one exchange.
    const passes = await Promise.all([runOrdersPass(clockNow()), runOrdersPass(clockNow())]);
    expect(passes.reduce((n, p) => n + p.done, 0)).toBe(1);
    expect((await runOrdersPass(clockNow())).done).toBe(0);

    const transfers = await orderTransfers(me);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ kind: "exchange", channel: "order", rate: "100" });
    expect(await balanceOf(me.wallets.USD)).toBe(100_000);
    expect(await balanceOf(me.wallets.RUB)).toBe(10_000_000);
    const list = await call(listOrdersRoute, { token: me.token });
    expect(list.body[0]).toMatchObject({ id: created.body.id, status: "done", metRate: 100, transferId: transfers[0].id });
    // The receipt says it was an order.
    const receipt = await call(receiptRoute, { token: me.token, params: { id: String(transfers[0].id) } });
    expect(receipt.body).toMatchObject({ channel: "order" });
    expect((await noticesOf(me.user.id)).map((n) => n.text)).toEqual([expect.stringContaining("Заявка выполнена")]);
  });

  it("a buy order runs at or below its target: the amount arrives in the currency", async () => {
    const me = await createFundedUser({ RUB: 20_000_000 });
    await setRate("USD", 910_000);
    const created = await order(me, { fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD, amount: 50_000, target: 90, expiresOn: today() });
    expect(created.body.direction).toBe("below");
    expect((await runOrdersPass(clockNow())).done).toBe(0);
    await setRate("USD", 899_900);
    expect((await runOrdersPass(clockNow())).done).toBe(1);
    expect(await balanceOf(me.wallets.USD)).toBe(50_000);
  });

  it("a quote dated tomorrow does not run it today; it runs when tomorrow begins in Moscow", async () => {
    const me = await createFundedUser({ USD: 200_000 });
    await setRate("USD", 950_000);
    await setRate("USD", 1_050_000, inDays(1));
    const created = await sell(me);
    expect((await runOrdersPass(clockNow())).done).toBe(0);
    await setClock(moscowTime(inDays(1), 0).getTime() - 1_000);
    expect((await runOrdersPass(clockNow())).done).toBe(0);
    await setClock(moscowTime(rateDay(clockNowMs() + 2_000), 0).getTime() + 1_000);
    expect((await runOrdersPass(clockNow())).done).toBe(1);
    expect(await watchOf(created.body.id)).toMatchObject({ status: "done", metRate: 1_050_000n });
    expect((await orderTransfers(me))[0].rate).toBe("105");
  });

  it("a new day's rate read by the exchange that no longer meets the target moves nothing; the order waits, and the pass ends", async () => {
    const me = await createFundedUser({ USD: 200_000 });
    await setRate("USD", 1_010_000);
    await setRate("USD", 950_000, inDays(1));
    const created = await sell(me);
    const lastSecond = new Date(moscowTime(inDays(1), 0).getTime() - 1_000);
    // The pass claims by today's rate; the exchange, a moment later, reads tomorrow's.
    await setClock(lastSecond.getTime() + 2_000);
    expect(await runOrdersPass(lastSecond)).toMatchObject({ done: 0, failed: 0 });
    expect(await watchOf(created.body.id)).toMatchObject({ status: "waiting", transferId: null });
    expect(await orderTransfers(me)).toHaveLength(0);
    expect(await balanceOf(me.wallets.USD)).toBe(200_000);
  });

  it("without the money it fails with its reason, once, and the customer is told", async () => {
    const me = await createFundedUser({ USD: 1_000 });
    await setRate("USD", 1_010_000);
    const created = await sell(me);
    expect(await runOrdersPass(clockNow())).toMatchObject({ done: 0, failed: 1 });
    expect(await runOrdersPass(clockNow())).toMatchObject({ done: 0, failed: 0 });
    const list = await call(listOrdersRoute, { token: me.token });
    expect(list.body[0]).toMatchObject({ id: created.body.id, status: "failed", reason: "INSUFFICIENT_FUNDS", transferId: null });
    expect(await orderTransfers(me)).toHaveLength(0);
    const notices = await noticesOf(me.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain(ru.orders.reasons.INSUFFICIENT_FUNDS);
  });

  it("a runner that died holding it: the next takes it over once the lease runs out, and a paid exchange is not paid again", async () => {
    const me = await createFundedUser({ USD: 200_000 });
    await setRate("USD", 1_010_000);
    const created = await sell(me);
    const rates = new Map([["USD" as const, 1_010_000n]]);
    // Held by a runner that then paid and died before recording.
    expect(await claimMetWatches(rates, clockNow(), new Date(clockNowMs() + WATCH_LEASE_MS), 10)).toHaveLength(1);
    await createExchange({ userId: me.user.id, fromWalletId: me.wallets.USD, toWalletId: me.wallets.RUB, amount: 100_000, idempotencyKey: orderKey(created.body.id), channel: "order" });
    expect((await runOrdersPass(clockNow())).done).toBe(0);
    await setClock(clockNowMs() + WATCH_LEASE_MS + 1_000);
    expect((await runOrdersPass(clockNow())).done).toBe(1);
    expect(await orderTransfers(me)).toHaveLength(1);
    expect(await balanceOf(me.wallets.USD)).toBe(100_000);
    expect((await watchOf(created.body.id)).transferId).toBe((await orderTransfers(me))[0].id);
  });
});

describe("cancel, expiry, the cap and isolation", () => {
  it("a cancelled order never runs; cancelling again changes nothing; another customer's is 404", async () => {
    const me = await createFundedUser({ USD: 200_000 });
    const other = await createFundedUser();
    await setRate("USD", 950_000);
    const created = await sell(me);
    expect((await call(cancelOrderRoute, { token: other.token, params: { id: String(created.body.id) } })).status).toBe(404);
    expect((await call(listOrdersRoute, { token: other.token })).body).toEqual([]);
    const cancelled = await call(cancelOrderRoute, { token: me.token, params: { id: String(created.body.id) } });
    expect(cancelled.body).toMatchObject({ status: "cancelled" });
    await setRate("USD", 1_100_000);
    expect((await runOrdersPass(clockNow())).done).toBe(0);
    expect((await call(cancelOrderRoute, { token: me.token, params: { id: String(created.body.id) } })).body.status).toBe("cancelled");
    expect(await orderTransfers(me)).toHaveLength(0);
    // An alert is not an order: its id under /orders is 404 too.
    const a = await alert(me);
    expect((await call(cancelOrderRoute, { token: me.token, params: { id: String(a.body.id) } })).status).toBe(404);
    expect((await call(cancelAlertRoute, { token: other.token, params: { id: String(a.body.id) } })).status).toBe(404);
  });

  it("expires after its last day and then does not run", async () => {
    const me = await createFundedUser({ USD: 200_000 });
    await setRate("USD", 950_000);
    const created = await sell(me, { expiresOn: today() });
    await setClock(moscowTime(inDays(1), 0).getTime() + 1_000);
    await setRate("USD", 1_100_000);
    expect(await runOrdersPass(clockNow())).toMatchObject({ expired: 1, done: 0 });
    expect(await watchOf(created.body.id)).toMatchObject({ status: "expired" });
    expect((await call(listOrdersRoute, { token: await tokenOf(me) })).body[0]).toMatchObject({ status: "expired", expiresOn: "2027-03-10" });
    expect(await orderTransfers(me)).toHaveLength(0);
  });

  it(`at most ${ORDER_LIMIT_PER_USER} waiting orders per customer; a cancelled one makes room`, async () => {
    const me = await createFundedUser();
    await setRate("USD", 950_000);
    const ids: number[] = [];
    for (let i = 0; i < ORDER_LIMIT_PER_USER; i += 1) {
      const res = await sell(me, { amount: 1_000 + i });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const refused = await sell(me, { amount: 5 });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ code: "ORDER_LIMIT", message: ru.orders.errors.tooManyOrders });
    await call(cancelOrderRoute, { token: me.token, params: { id: String(ids[0]) } });
    expect((await sell(me, { amount: 5 })).status).toBe(201);
    // Alerts have their own cap.
    expect((await alert(me)).status).toBe(201);
  });

  it("creating does not duplicate on a retry with the same key; another body with it is 409", async () => {
    const me = await createFundedUser();
    const k = key();
    const first = await sell(me, {}, );
    const a = await order(me, { fromWalletId: me.wallets.USD, toWalletId: me.wallets.RUB, amount: 100, target: 100, expiresOn: inDays(3) }, k);
    const b = await order(me, { fromWalletId: me.wallets.USD, toWalletId: me.wallets.RUB, amount: 100, target: 100, expiresOn: inDays(3) }, k);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect(first.body.id).not.toBe(a.body.id);
    const c = await order(me, { fromWalletId: me.wallets.USD, toWalletId: me.wallets.RUB, amount: 200, target: 100, expiresOn: inDays(3) }, k);
    expect(c.status).toBe(409);
    expect(await getDb().rateWatch.count({ where: { userId: me.user.id } })).toBe(2);
  });

  it("bad input: 400 with the Russian words, nothing stored", async () => {
    const me = await createFundedUser();
    const other = await createFundedUser();
    const base = { fromWalletId: me.wallets.USD, toWalletId: me.wallets.RUB, amount: 100, target: 100, expiresOn: inDays(3) };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, target: -1 }, 400, ru.orders.errors.targetInvalid],
      [{ ...base, target: 100.12345 }, 400, ru.orders.errors.targetInvalid],
      [{ ...base, target: "100" }, 400, ru.orders.errors.targetInvalid],
      [{ ...base, expiresOn: "2027-02-30" }, 400, ru.orders.errors.expiryInvalid],
      [{ ...base, expiresOn: inDays(-1) }, 400, ru.orders.errors.expiryPast],
      [{ ...base, expiresOn: inDays(400) }, 400, ru.orders.errors.expiryFar],
      [{ ...base, amount: 0 }, 400, ru.errors.invalidAmount],
      [{ ...base, toWalletId: me.wallets.EUR }, 400, ru.orders.errors.pairInvalid],
      [{ ...base, fromWalletId: me.wallets.RUB, toWalletId: me.wallets.RUB }, 400, ru.errors.sameWallet],
      [{ ...base, toWalletId: other.wallets.RUB }, 403, ru.errors.forbidden],
    ];
    for (const [body, status, message] of cases) {
      const res = await order(me, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
    }
    const bad = await alert(me, { currency: "GBP" });
    expect([bad.status, bad.body.message]).toEqual([400, ru.orders.errors.currencyInvalid]);
    const badDirection = await alert(me, { direction: "sideways" });
    expect([badDirection.status, badDirection.body.message]).toEqual([400, ru.orders.errors.directionInvalid]);
    expect(await getDb().rateWatch.count()).toBe(0);
  });
});

describe("alerts", () => {
  it("told once when the rate in force meets the target, even with two runners; then done", async () => {
    const me = await createFundedUser();
    await setRate("USD", 920_000);
    const created = await alert(me);
    expect(created.status).toBe(201);
    expect((await runOrdersPass(clockNow())).told).toBe(0);
    // Tomorrow's quote meets it, but not before tomorrow.
    await setRate("USD", 890_000, inDays(1));
    expect((await runOrdersPass(clockNow())).told).toBe(0);
    await setClock(moscowTime(inDays(1), 0).getTime() + 1_000);
    const passes = await Promise.all([runOrdersPass(clockNow()), runOrdersPass(clockNow())]);
    expect(passes.reduce((n, p) => n + p.told, 0)).toBe(1);
    expect((await runOrdersPass(clockNow())).told).toBe(0);
    const notices = await noticesOf(me.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toBe("Курс ЦБ: 1\u00a0$ = 89,00\u00a0₽ — достиг вашей цели 90,00\u00a0₽");
    const list = await call(listAlertsRoute, { token: await tokenOf(me) });
    expect(list.body).toEqual([expect.objectContaining({ id: created.body.id, status: "done", metRate: 89, target: 90, direction: "below" })]);
  });

  it("a cancelled or expired alert is never told", async () => {
    const me = await createFundedUser();
    await setRate("USD", 920_000);
    const cancelled = await alert(me);
    const expiring = await alert(me, { expiresOn: today() });
    expect((await call(cancelAlertRoute, { token: me.token, params: { id: String(cancelled.body.id) } })).body.status).toBe("cancelled");
    await setClock(moscowTime(inDays(1), 0).getTime() + 1_000);
    await setRate("USD", 850_000);
    expect(await runOrdersPass(clockNow())).toMatchObject({ expired: 1, told: 0 });
    expect((await watchOf(expiring.body.id)).status).toBe("expired");
    expect(await noticesOf(me.user.id)).toHaveLength(0);
  });
});
