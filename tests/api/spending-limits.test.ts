// The customer's own limits on money leaving to other people and the freeze of transfers
// (lib/server/ledger/spending-limits.ts), on SQLite and on PostgreSQL (the api and api-postgres
// projects): checked where the money moves (the plan's `spendLimit` effect), so parallel sends
// cannot pass a limit together; lowering applies at once, raising after 24 hours with a notice;
// a freeze refuses every movement to another person, exchanges still work.
import { POST as exchangeRoute } from "@/app/api/v1/exchanges/route";
import { PUT as setLimitRoute } from "@/app/api/v1/limits/[currency]/route";
import { GET as limitsRoute, PUT as freezeRoute } from "@/app/api/v1/limits/route";
import { POST as payRoute } from "@/app/api/v1/requests/[token]/pay/route";
import { POST as createRequestRoute } from "@/app/api/v1/requests/route";
import { POST as createSplitRoute } from "@/app/api/v1/splits/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { issueTokens } from "@/lib/server/auth/tokens";
import { getDb } from "@/lib/server/db";
import { setClock } from "@/lib/server/platform/clock";
import { createSchedule } from "@/lib/server/schedules/manage";
import { runSchedulerPass } from "@/lib/server/schedules/run";
import { moscowDate, moscowTime } from "@/lib/shared/schedule-dates";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

type Person = Awaited<ReturnType<typeof createFundedUser>>;

afterEach(async () => {
  await setClock(null);
  await checkInvariants();
});

const send = (who: Person, to: Person, amount: number, currency: "RUB" | "USD" = "RUB") =>
  call(transferRoute, { token: who.token, body: { senderWalletId: who.wallets[currency], receiverWalletId: to.wallets.RUB, amount } });
const setLimit = (who: Person, currency: string, body: unknown) => call(setLimitRoute, { method: "PUT", token: who.token, params: { currency }, body });
const freeze = (who: Person, frozen: boolean) => call(freezeRoute, { method: "PUT", token: who.token, body: { frozen } });
const limitsOf = (who: Person) => call(limitsRoute, { token: who.token });
type LimitItem = { currency: string; daily: number | null; monthly: number | null; pendingDaily: { amount: number | null; from: string } | null; sentToday: number };
const rubOf = (body: { limits: LimitItem[] }) => body.limits.find((l) => l.currency === "RUB")!;

describe("limits on transfers to other people", () => {
  it("20 parallel sends against a daily limit: exactly what fits is accepted, the rest refused with 422", async () => {
    const alice = await createFundedUser({ RUB: 1_000_000 });
    const bob = await createFundedUser();
    expect((await setLimit(alice, "RUB", { daily: 70_000, monthly: null })).status).toBe(200);
    await send(alice, bob, 5_000); // 5 000 of 70 000 used before the burst
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(alice, bob, 10_000)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.filter((s) => s === 422)).toHaveLength(14);
    const refused = answers.find((a) => a.status === 422)!;
    expect(refused.body).toMatchObject({ code: "SPENDING_LIMIT" });
    expect(refused.body.message).toMatch(/дневной лимит/);
    expect(await balanceOf(bob.wallets.RUB)).toBe(65_000);
    expect(rubOf((await limitsOf(alice)).body).sentToday).toBe(65_000);
  });

  it("a monthly limit holds too, and a limit in one currency leaves the others alone", async () => {
    await setRate("USD", 1_000_000);
    const alice = await createFundedUser({ RUB: 100_000, USD: 10_000 });
    const bob = await createFundedUser();
    await setLimit(alice, "RUB", { daily: null, monthly: 3_000 });
    // Money between one's own accounts is not sent to anyone: it does not count.
    const exchanged = await call(exchangeRoute, { token: alice.token, body: { fromWalletId: alice.wallets.RUB, toWalletId: alice.wallets.USD, amount: 5_000 } });
    expect(exchanged.status).toBe(201);
    expect((await send(alice, bob, 2_000)).status).toBe(201);
    const over = await send(alice, bob, 1_001);
    expect(over.status).toBe(422);
    expect(over.body.message).toMatch(/месячный лимит/);
    expect((await send(alice, bob, 1_000)).status).toBe(201);
    expect((await send(alice, bob, 100, "USD")).status).toBe(201);
  });

  it("lowering applies at once; raising waits 24 hours and the customer is told", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser();
    await setLimit(alice, "RUB", { daily: 10_000, monthly: null });
    // Lowering: at once.
    const lowered = await setLimit(alice, "RUB", { daily: 1_000, monthly: null });
    expect(rubOf(lowered.body)).toMatchObject({ daily: 1_000, pendingDaily: null });
    expect((await send(alice, bob, 1_001)).status).toBe(422);
    // Raising: the old limit stays, the new one waits, a notice is written.
    const before = Date.now();
    const raised = await setLimit(alice, "RUB", { daily: 50_000, monthly: null });
    const rub = rubOf(raised.body);
    expect(rub.daily).toBe(1_000);
    expect(rub.pendingDaily?.amount).toBe(50_000);
    expect(new Date(rub.pendingDaily!.from).getTime() - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    expect((await send(alice, bob, 1_001)).status).toBe(422);
    const notices = await getDb().notification.findMany({ where: { userId: alice.user.id, transferId: null } });
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toMatch(/повышен/);
    // A day later (the clock moved), the raise is in force.
    await setClock(Date.now() + 24 * 3_600_000 + 60_000);
    const later = { ...alice, token: (await issueTokens(alice.user.id)).access_token };
    expect(rubOf((await limitsOf(later)).body)).toMatchObject({ daily: 50_000, pendingDaily: null });
    expect((await send(later, bob, 20_000)).status).toBe(201);
  });

  it("removing a limit is a raise; a lowering drops a raise that waited", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    await setLimit(alice, "RUB", { daily: 5_000, monthly: 9_000 });
    const removed = rubOf((await setLimit(alice, "RUB", { daily: null, monthly: 9_000 })).body);
    expect(removed).toMatchObject({ daily: 5_000, monthly: 9_000, pendingDaily: { amount: null } });
    const lowered = rubOf((await setLimit(alice, "RUB", { daily: 4_000, monthly: 9_000 })).body);
    expect(lowered).toMatchObject({ daily: 4_000, pendingDaily: null });
  });

  it("bad input is a 400 with a Russian message and changes nothing", async () => {
    const alice = await createFundedUser();
    await setLimit(alice, "RUB", { daily: 5_000, monthly: null });
    for (const body of [{ daily: -1, monthly: null }, { daily: 1.5, monthly: null }, { daily: "100", monthly: null }, { daily: 100 }, { daily: 0, monthly: null }]) {
      const res = await setLimit(alice, "RUB", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[а-я]/);
    }
    const unknown = await setLimit(alice, "XYZ", { daily: 100, monthly: null });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "UNKNOWN_CURRENCY", message: "Неизвестная валюта" });
    const badFreeze = await call(freezeRoute, { method: "PUT", token: alice.token, body: { frozen: "yes" } });
    expect(badFreeze.status).toBe(400);
    expect(rubOf((await limitsOf(alice)).body)).toMatchObject({ daily: 5_000, monthly: null, pendingDaily: null });
    expect((await limitsOf(alice)).body.frozen).toBe(false);
  });

  it("another customer's limits are not reachable: each sees and sets only their own", async () => {
    const alice = await createFundedUser({ RUB: 10_000 });
    const mallory = await createFundedUser();
    await setLimit(alice, "RUB", { daily: 100, monthly: null });
    expect(rubOf((await limitsOf(mallory)).body).daily).toBeNull();
    await setLimit(mallory, "RUB", { daily: null, monthly: null });
    await freeze(mallory, true);
    expect(rubOf((await limitsOf(alice)).body).daily).toBe(100);
    expect((await limitsOf(alice)).body.frozen).toBe(false);
    expect((await call(limitsRoute, {})).status).toBe(401);
  });
});

describe("freezing transfers", () => {
  it("refuses transfers, request and split payments and schedule runs; exchanges still work; unfreezing lets them through", async () => {
    await setRate("USD", 1_000_000);
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser({ RUB: 100 });
    const asked = await call(createRequestRoute, { token: bob.token, body: { currency: "RUB", amount: 100 } });
    const split = await call(createSplitRoute, {
      token: bob.token,
      body: { title: "Ужин", currency: "RUB", total: 200, mode: "equal", shares: [{ userId: null }, { userId: null }] },
    });
    expect(split.status).toBe(201);
    const now = moscowTime("2027-03-10", 8);
    const schedule = await createSchedule({
      userId: alice.user.id, sessionId: null, idempotencyKey: null, senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB,
      amount: 1_000, kind: "once", startDate: moscowDate(now), now,
    });

    const frozen = await freeze(alice, true);
    expect(frozen.status).toBe(200);
    expect(frozen.body.frozen).toBe(true);
    const refusals = [
      await send(alice, bob, 100),
      await call(payRoute, { token: alice.token, params: { token: asked.body.token }, body: { walletId: alice.wallets.RUB } }),
      await call(payRoute, { token: alice.token, params: { token: split.body.shares[0].requestToken }, body: { walletId: alice.wallets.RUB } }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(423);
      expect(res.body).toMatchObject({ code: "TRANSFERS_FROZEN" });
      expect(res.body.message).toMatch(/Переводы заморожены/);
    }
    await getDb().schedule.deleteMany({ where: { NOT: { id: schedule.id } } });
    expect((await runSchedulerPass(moscowTime("2027-03-10", 9))).failed).toBe(1);
    const [run] = await getDb().scheduleRun.findMany({ where: { scheduleId: schedule.id } });
    expect(run).toMatchObject({ status: "failed", reason: "TRANSFERS_FROZEN" });
    expect(await balanceOf(bob.wallets.RUB)).toBe(100);

    const exchanged = await call(exchangeRoute, { token: alice.token, body: { fromWalletId: alice.wallets.RUB, toWalletId: alice.wallets.USD, amount: 1_000 } });
    expect(exchanged.status).toBe(201);

    expect((await freeze(alice, false)).body.frozen).toBe(false);
    expect((await send(alice, bob, 100)).status).toBe(201);
  });
});
