import { POST as refreshRoute } from "@/app/api/v1/auth/refresh/route";
import { POST as cancelRoute } from "@/app/api/v1/schedules/[id]/cancel/route";
import { POST as pauseRoute } from "@/app/api/v1/schedules/[id]/pause/route";
import { POST as resumeRoute } from "@/app/api/v1/schedules/[id]/resume/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/v1/schedules/route";
import { GET as receiptRoute } from "@/app/api/v1/transfers/[id]/route";
import { GET as historyRoute } from "@/app/api/v1/transfers/wallet/[walletId]/route";
import { GET as userByIdRoute } from "@/app/api/v1/users/id/[id]/route";
import { issueTokens } from "@/lib/server/auth/tokens";
import { getDb } from "@/lib/server/db";
import { createTransfer } from "@/lib/server/ledger/create-transfer";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { createSchedule } from "@/lib/server/schedules/manage";
import { occurrenceKey, runSchedulerPass, SCHEDULE_LEASE_MS } from "@/lib/server/schedules/run";
import { claimDueSchedules } from "@/lib/server/schedules/store-runs";
import { dueAt, moscowDate, moscowTime, nextOccurrence, type ScheduleCalendar } from "@/lib/shared/schedule-dates";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser } from "@/tests/support/ledger";

/** Runs just before a schedule is stored (a session revoked at that moment, in a test below). */
let mockBeforeInsert: (() => Promise<unknown>) | null = null;
jest.mock("@/lib/server/schedules/store", () => {
  const actual = jest.requireActual<typeof import("@/lib/server/schedules/store")>("@/lib/server/schedules/store");
  return {
    ...actual,
    insertSchedule: async (...args: Parameters<typeof actual.insertSchedule>) => {
      await mockBeforeInsert?.();
      return actual.insertSchedule(...args);
    },
  };
});

// Every test moves the scheduler's clock on its own: schedules of earlier tests are not due in it.
beforeEach(() => getDb().schedule.deleteMany());
afterEach(() => checkInvariants());

type Person = Awaited<ReturnType<typeof createFundedUser>>;

/** Runs `body` with `vars` set, then puts back what they were (the suites' raised limits). */
function withEnv(vars: Record<string, string>, body: () => Promise<void>) {
  return async () => {
    const before = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
    Object.assign(process.env, vars);
    resetEnvForTests();
    try {
      await body();
    } finally {
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvForTests();
    }
  };
}

/** A schedule of `amount` kopecks from alice's to bob's ruble wallet, created as at `now`. */
async function plan(alice: Person, bob: Person, now: Date, extra: Partial<Parameters<typeof createSchedule>[0]>) {
  return createSchedule({
    userId: alice.user.id,
    sessionId: null,
    idempotencyKey: null,
    senderWalletId: alice.wallets.RUB,
    receiverWalletId: bob.wallets.RUB,
    amount: 10_000,
    kind: "once",
    startDate: moscowDate(now),
    now,
    ...extra,
  });
}

const runsOf = (scheduleId: number) => getDb().scheduleRun.findMany({ where: { scheduleId }, orderBy: { occurrence: "asc" } });
const scheduleOf = (id: number) => getDb().schedule.findUniqueOrThrow({ where: { id } });
const transfersFrom = (walletId: number) => getDb().transfer.count({ where: { senderWalletId: walletId } });
const noticesOf = (userId: number) =>
  getDb().notification.findMany({ where: { userId, transferId: null }, orderBy: { id: "asc" } });
const at = (date: string, hour: number) => moscowTime(date, hour);

describe("the calendar", () => {
  const cal = (c: Partial<ScheduleCalendar>): ScheduleCalendar => ({ kind: "monthly", day: 31, startDate: "2027-01-01", endDate: null, count: null, ...c });
  const first = (c: ScheduleCalendar, n: number) => {
    const out: string[] = [];
    let previous: string | null = null;
    for (let i = 0; i < n; i += 1) {
      previous = nextOccurrence(c, previous, i);
      if (previous === null) break;
      out.push(previous);
    }
    return out;
  };

  it("a monthly day 31 falls on February's last day, and back on the 31st after", () => {
    expect(first(cal({}), 4)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"]);
    expect(first(cal({ startDate: "2028-02-01", day: 30 }), 2)).toEqual(["2028-02-29", "2028-03-30"]);
  });

  it("weekly on a weekday from the start; ends by count and by date", () => {
    // 2027-01-01 is a Friday; Monday is day 1.
    expect(first(cal({ kind: "weekly", day: 1 }), 3)).toEqual(["2027-01-04", "2027-01-11", "2027-01-18"]);
    expect(first(cal({ kind: "weekly", day: 5, count: 2 }), 5)).toEqual(["2027-01-01", "2027-01-08"]);
    expect(first(cal({ kind: "monthly", day: 15, endDate: "2027-03-15" }), 5)).toEqual(["2027-01-15", "2027-02-15", "2027-03-15"]);
    expect(first(cal({ kind: "once", startDate: "2027-05-05" }), 3)).toEqual(["2027-05-05"]);
  });
});

describe("scheduled transfers run", () => {
  it("monthly on day 31: January's, then February's on the 28th, each once", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser();
    const created = new Date("2027-01-20T12:00:00Z");
    const s = await plan(alice, bob, created, { kind: "monthly", day: 31, startDate: "2027-01-20" });
    expect(s.nextOccurrence).toBe("2027-01-31");
    expect((await runSchedulerPass(at("2027-01-31", 8))).ran).toBe(0);
    expect((await runSchedulerPass(at("2027-01-31", 9))).done).toBe(1);
    expect((await runSchedulerPass(at("2027-01-31", 10))).ran).toBe(0);
    expect((await scheduleOf(s.id)).nextOccurrence).toBe("2027-02-28");
    expect((await runSchedulerPass(at("2027-02-28", 9))).done).toBe(1);
    expect((await runsOf(s.id)).map((r) => [r.occurrence, r.status])).toEqual([
      ["2027-01-31", "done"],
      ["2027-02-28", "done"],
    ]);
    expect(await balanceOf(bob.wallets.RUB)).toBe(20_000);
    expect((await scheduleOf(s.id)).nextOccurrence).toBe("2027-03-31");
  });

  it("weekly, ending by count: three runs, then finished", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser();
    const s = await plan(alice, bob, new Date("2027-03-01T00:00:00Z"), { kind: "weekly", day: 3, startDate: "2027-03-01", count: 3 });
    for (const day of ["2027-03-03", "2027-03-10", "2027-03-17", "2027-03-24"]) await runSchedulerPass(at(day, 12));
    expect((await runsOf(s.id)).map((r) => r.occurrence)).toEqual(["2027-03-03", "2027-03-10", "2027-03-17"]);
    expect(await transfersFrom(alice.wallets.RUB)).toBe(3);
    const after = await scheduleOf(s.id);
    expect(after.status).toBe("finished");
    expect(after.nextOccurrence).toBeNull();
  });

  it("ending by date: the last occurrence on or before it", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser();
    const s = await plan(alice, bob, new Date("2027-04-01T00:00:00Z"), { kind: "monthly", day: 10, startDate: "2027-04-01", endDate: "2027-05-09" });
    await runSchedulerPass(at("2027-04-10", 9));
    await runSchedulerPass(at("2027-05-10", 9));
    expect((await runsOf(s.id)).map((r) => r.occurrence)).toEqual(["2027-04-10"]);
    expect((await scheduleOf(s.id)).status).toBe("finished");
  });

  it("exactly once with two schedulers running side by side on one database", async () => {
    const alice = await createFundedUser({ RUB: 1_000_000 });
    const bob = await createFundedUser();
    const created = new Date("2027-06-01T00:00:00Z");
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) ids.push((await plan(alice, bob, created, { startDate: "2027-06-02", amount: 1_000 + i })).id);
    const now = at("2027-06-02", 9);
    const [a, b] = await Promise.all([runSchedulerPass(now), runSchedulerPass(now)]);
    expect(a.done + b.done).toBe(8);
    expect(await transfersFrom(alice.wallets.RUB)).toBe(8);
    expect(await getDb().scheduleRun.count({ where: { scheduleId: { in: ids } } })).toBe(8);
    expect(await balanceOf(bob.wallets.RUB)).toBe(8 * 1_000 + 28);
    // Another pass, even after the leases ran out, finds nothing left to pay.
    expect((await runSchedulerPass(new Date(now.getTime() + 120_000))).ran).toBe(0);
  });

  it("a run paid but not recorded (a crash in between) is recorded by the retry, without paying again", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser();
    const s = await plan(alice, bob, new Date("2027-07-01T00:00:00Z"), { startDate: "2027-07-05" });
    // The server that ran it paid under the occurrence's key, then stopped before recording.
    const paid = await createTransfer({
      userId: alice.user.id,
      senderWalletId: alice.wallets.RUB,
      receiverWalletId: bob.wallets.RUB,
      amount: 10_000,
      message: null,
      idempotencyKey: occurrenceKey(s.id, "2027-07-05"),
    });
    await getDb().schedule.update({ where: { id: s.id }, data: { leaseUntil: new Date(at("2027-07-05", 9).getTime() + 60_000) } });
    // Its lease still runs: nobody takes it over yet.
    expect((await runSchedulerPass(at("2027-07-05", 9))).ran).toBe(0);
    // After the lease, another server (or the restarted one) runs it again with the same key.
    expect((await runSchedulerPass(new Date(at("2027-07-05", 9).getTime() + 61_000))).done).toBe(1);
    const [run] = await runsOf(s.id);
    expect(run).toMatchObject({ status: "done", transferId: paid.id });
    expect(await transfersFrom(alice.wallets.RUB)).toBe(1);
    expect(await balanceOf(alice.wallets.RUB)).toBe(90_000);
    expect((await scheduleOf(s.id)).status).toBe("finished");
  });

  it("after downtime pays the latest missed occurrence once; the earlier ones are recorded as skipped", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser();
    const s = await plan(alice, bob, new Date("2027-08-01T00:00:00Z"), { kind: "weekly", day: 1, startDate: "2027-08-01" });
    expect(s.nextOccurrence).toBe("2027-08-02");
    // No server ran from before the 2nd until the 20th: three Mondays passed.
    const result = await runSchedulerPass(at("2027-08-20", 12));
    expect(result).toMatchObject({ done: 1, skipped: 2 });
    expect((await runsOf(s.id)).map((r) => [r.occurrence, r.status, r.reason])).toEqual([
      ["2027-08-02", "skipped", "MISSED"],
      ["2027-08-09", "skipped", "MISSED"],
      ["2027-08-16", "done", null],
    ]);
    expect(await transfersFrom(alice.wallets.RUB)).toBe(1);
    expect((await scheduleOf(s.id)).nextOccurrence).toBe("2027-08-23");
  });

  it("a refusal is kept with its reason and told to the sender; the schedule goes on, and pauses after 3 in a row", async () => {
    const alice = await createFundedUser({ RUB: 5_000 });
    const bob = await createFundedUser();
    const s = await plan(alice, bob, new Date("2027-09-01T00:00:00Z"), { kind: "weekly", day: 2, startDate: "2027-09-01" });
    await runSchedulerPass(at("2027-09-07", 9));
    const [first] = await runsOf(s.id);
    expect(first).toMatchObject({ status: "failed", reason: "INSUFFICIENT_FUNDS", transferId: null });
    expect(await scheduleOf(s.id)).toMatchObject({ status: "active", consecutiveFailures: 1, nextOccurrence: "2027-09-14" });
    const notices = await noticesOf(alice.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toMatch(/не выполнен: недостаточно средств/);
    await runSchedulerPass(at("2027-09-14", 9));
    await runSchedulerPass(at("2027-09-21", 9));
    expect(await scheduleOf(s.id)).toMatchObject({ status: "paused", consecutiveFailures: 3 });
    expect((await noticesOf(alice.user.id)).at(-1)!.text).toMatch(/приостановлено после 3/);
    expect((await runSchedulerPass(at("2027-09-28", 9))).ran).toBe(0);
    expect(await transfersFrom(alice.wallets.RUB)).toBe(0);
  });

  it("a vanished recipient fails the run with its reason; a success in between resets the count", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser();
    const s = await plan(alice, bob, new Date("2027-10-01T00:00:00Z"), { kind: "monthly", day: 1, startDate: "2027-10-01" });
    await getDb().schedule.update({ where: { id: s.id }, data: { consecutiveFailures: 2 } });
    await runSchedulerPass(at("2027-10-01", 9));
    expect((await scheduleOf(s.id)).consecutiveFailures).toBe(0);
    await getDb().schedule.update({ where: { id: s.id }, data: { receiverWalletId: 2_000_000_000 } });
    await runSchedulerPass(at("2027-11-01", 9));
    expect((await runsOf(s.id)).at(-1)).toMatchObject({ status: "failed", reason: "WALLET_NOT_FOUND" });
    expect((await scheduleOf(s.id)).status).toBe("active");
  });

  it("the evening before, warns a sender whose balance will not cover the run, once", async () => {
    const alice = await createFundedUser({ RUB: 5_000 });
    const bob = await createFundedUser({ RUB: 50_000 });
    const short = await plan(alice, bob, new Date("2027-11-01T00:00:00Z"), { startDate: "2027-11-10" });
    const covered = await plan(bob, alice, new Date("2027-11-01T00:00:00Z"), {
      startDate: "2027-11-10",
      senderWalletId: bob.wallets.RUB,
      receiverWalletId: alice.wallets.RUB,
      userId: bob.user.id,
    });
    expect((await runSchedulerPass(at("2027-11-09", 17))).warned).toBe(0);
    const [a, b] = await Promise.all([runSchedulerPass(at("2027-11-09", 18)), runSchedulerPass(at("2027-11-09", 18))]);
    expect(a.warned + b.warned).toBe(1);
    expect((await runSchedulerPass(at("2027-11-09", 20))).warned).toBe(0);
    const warned = await noticesOf(alice.user.id);
    expect(warned).toHaveLength(1);
    expect(warned[0].text).toMatch(/^Завтра запланирован перевод 100,00\s₽ .* на счёте 50,00\s₽/);
    expect(await noticesOf(bob.user.id)).toHaveLength(0);
    expect((await scheduleOf(short.id)).warnedOccurrence).toBe("2027-11-10");
    expect((await scheduleOf(covered.id)).warnedOccurrence).toBeNull();
  });
});

describe("/api/v1/schedules", () => {
  const today = moscowDate(new Date());
  const later = moscowDate(new Date(Date.now() + 3 * 86_400_000));
  const body = (alice: Person, bob: Person, extra: Record<string, unknown> = {}) => ({
    senderWalletId: alice.wallets.RUB,
    receiverWalletId: bob.wallets.RUB,
    amount: 25_000,
    message: "Аренда",
    kind: "monthly",
    day: 31,
    startDate: later,
    ...extra,
  });

  it("creates idempotently, lists, pauses, resumes and cancels; someone else's is a 404", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser();
    const headers = { "idempotency-key": "sched-1" };
    const created = await call(createRoute, { token: alice.token, body: body(alice, bob), headers });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: "monthly", day: 31, status: "active", amount: 25_000, currency: "RUB", message: "Аренда", runs: [] });
    expect(created.body.nextOccurrence >= later).toBe(true);
    const again = await call(createRoute, { token: alice.token, body: body(alice, bob), headers });
    expect(again.body.id).toBe(created.body.id);
    expect((await call(createRoute, { token: alice.token, body: body(alice, bob, { amount: 1 }), headers })).status).toBe(409);
    const list = await call(listRoute, { token: alice.token });
    expect(list.body.map((s: { id: number }) => s.id)).toEqual([created.body.id]);
    const id = String(created.body.id);
    const act = (route: typeof pauseRoute, who: Person) => call(route, { method: "POST", token: who.token, params: { id } });
    expect((await act(pauseRoute, bob)).status).toBe(404);
    expect((await act(pauseRoute, alice)).body).toMatchObject({ status: "paused", nextOccurrence: null });
    expect((await act(resumeRoute, alice)).body).toMatchObject({ status: "active", nextOccurrence: created.body.nextOccurrence });
    expect((await act(cancelRoute, alice)).body.status).toBe("cancelled");
    expect((await act(resumeRoute, alice)).status).toBe(409);
    expect((await call(listRoute, { token: alice.token })).body).toEqual([]);
  });

  it("refuses bad input with a clear message and creates nothing", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser();
    const yesterday = moscowDate(new Date(Date.now() - 86_400_000));
    for (const [extra, status] of [
      [{ startDate: "2027-02-30" }, 400],
      [{ startDate: yesterday }, 400],
      [{ kind: "weekly", day: 8 }, 400],
      [{ endDate: today, startDate: later }, 400],
      [{ endDate: later, count: 2 }, 400],
      [{ count: 0 }, 400],
      [{ amount: 0 }, 400],
      [{ receiverWalletId: alice.wallets.RUB }, 400],
      [{ senderWalletId: bob.wallets.RUB }, 403],
      [{ receiverWalletId: 2_000_000_000 }, 404],
    ] as const) {
      const res = await call(createRoute, { token: alice.token, body: body(alice, bob, extra) });
      expect([extra, res.status]).toEqual([extra, status]);
      expect(res.body.message).toMatch(/[а-я]/i);
    }
    // An Idempotency-Key is 1 to 128 characters here as on every money operation: empty is no key.
    for (const key of ["", "  ", "k".repeat(129)]) {
      const res = await call(createRoute, { token: alice.token, body: body(alice, bob), headers: { "idempotency-key": key } });
      expect([key.length, res.status, res.body.code]).toEqual([key.length, 400, "VALIDATION_ERROR"]);
    }
    expect(await getDb().schedule.count({ where: { userId: alice.user.id } })).toBe(0);
  });

  it("a run shows in the sender's history and receipt as a normal transfer with its schedule", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser();
    const created = await call(createRoute, { token: alice.token, body: body(alice, bob, { kind: "once", day: null, startDate: later }) });
    await runSchedulerPass(dueAt(later));
    const history = (who: Person, walletId: number) =>
      call(historyRoute, { token: who.token, path: `/api/v1/transfers/wallet/${walletId}`, params: { walletId: String(walletId) } });
    const [sent] = (await history(alice, alice.wallets.RUB)).body;
    expect(sent).toMatchObject({ kind: "transfer", amount: 25_000, scheduleId: created.body.id, channel: "schedule" });
    const [received] = (await history(bob, bob.wallets.RUB)).body;
    expect(received.id).toBe(sent.id);
    expect(received.scheduleId).toBeUndefined();
    const receipt = await call(receiptRoute, { token: alice.token, params: { id: String(sent.id) } });
    expect(receipt.body).toMatchObject({ scheduleId: created.body.id, channel: "schedule" });
    const list = await call(listRoute, { token: alice.token });
    expect(list.body[0]).toMatchObject({ status: "finished", runs: [{ occurrence: later, status: "done", transferId: sent.id }] });
  });
});

describe("creating a schedule names the recipient, so it is a lookup", () => {
  const later = moscowDate(new Date(Date.now() + 30 * 86_400_000));
  const schedule = (who: Person, receiverWalletId: number) =>
    call(createRoute, {
      token: who.token,
      body: { senderWalletId: who.wallets.RUB, receiverWalletId, amount: 100, kind: "once", startDate: later },
    });

  it(
    "to a wallet never dealt with it counts as a transfer's does, and once the lookups are used up it is a 429 that names no one",
    withEnv({ LOOKUP_LIMIT_PER_USER: "3" }, async () => {
      const prober = await createFundedUser({ RUB: 10_000 });
      const known = await createFundedUser();
      const strangers = [await createFundedUser(), await createFundedUser(), await createFundedUser()];
      // The first dealing with a wallet (a transfer) counts one; schedules to it count none.
      await createTransfer({ userId: prober.user.id, senderWalletId: prober.wallets.RUB, receiverWalletId: known.wallets.RUB, amount: 1, message: null, idempotencyKey: null });
      expect((await schedule(prober, known.wallets.RUB)).status).toBe(201);
      expect((await schedule(prober, known.wallets.RUB)).status).toBe(201);
      // A stranger's wallet counts, and so does a wallet id that does not exist.
      const named = await schedule(prober, strangers[0].wallets.RUB);
      expect(named.status).toBe(201);
      expect(named.body.recipient.name).toBe(strangers[0].user.username);
      expect((await schedule(prober, 987_654_321)).body.code).toBe("WALLET_NOT_FOUND");
      // Used up: another stranger, another missing id and the lookup endpoint answer the same 429.
      const refused = [
        await schedule(prober, strangers[1].wallets.RUB),
        await schedule(prober, 987_654_322),
        await call(userByIdRoute, { token: prober.token, params: { id: String(strangers[2].user.id) } }),
      ];
      expect(refused.map((r) => [r.status, r.body.code])).toEqual([
        [429, "RATE_LIMITED"],
        [429, "RATE_LIMITED"],
        [429, "RATE_LIMITED"],
      ]);
      expect(JSON.stringify(refused[0].body)).not.toContain(strangers[1].user.username!);
      // Known wallets and one's own are still scheduled to.
      expect((await schedule(prober, known.wallets.RUB)).status).toBe(201);
      expect((await schedule(prober, prober.wallets.USD)).status).toBe(201);
      expect(await getDb().schedule.count({ where: { userId: prober.user.id } })).toBe(5);
      const counter = await getDb().lookupCounter.findUniqueOrThrow({ where: { userId: prober.user.id } });
      expect(counter.current + counter.previous).toBe(3);
    }),
  );
});

describe("what a schedule's notices say of the recipient", () => {
  it("every kind — made, refused, paused, the evening's warning — names them by handle, never by a name they typed", async () => {
    for (const typed of ["Minibank Поддержка: t.me/evil_support", "Служба безопасности: звоните 8 800 555-35-35", "Гоша"]) {
      const alice = await createFundedUser({ RUB: 15_000 });
      const bob = await createFundedUser();
      // The name is read again at every sign-in: it may change after the schedule is made.
      const s = await plan(alice, bob, new Date("2028-01-01T00:00:00Z"), { kind: "weekly", day: 1, startDate: "2028-01-01" });
      await getDb().user.update({ where: { id: bob.user.id }, data: { telegramFirstName: typed } });
      await runSchedulerPass(at("2028-01-03", 9)); // made: 50,00 ₽ left
      await runSchedulerPass(at("2028-01-09", 18)); // the evening before: short
      for (const day of ["2028-01-10", "2028-01-17", "2028-01-24"]) await runSchedulerPass(at(day, 9)); // refused thrice: paused
      expect((await scheduleOf(s.id)).status).toBe("paused");
      const texts = (await noticesOf(alice.user.id)).map((n) => n.text);
      expect(texts).toHaveLength(5);
      expect(texts[0]).toMatch(/^Запланированный перевод выполнен/);
      expect(texts[1]).toMatch(/^Завтра запланирован перевод/);
      for (const text of texts.slice(2)) expect(text).toMatch(/не выполнен/);
      expect(texts.at(-1)).toMatch(/приостановлено после 3/);
      for (const text of texts) {
        expect(text).toContain(bob.user.username!);
        expect(text).not.toContain(typed);
      }
    }
  });
});

describe("one customer's schedules cannot crowd out others'", () => {
  const later = moscowDate(new Date(Date.now() + 30 * 86_400_000));
  const schedule = (who: Person, to: Person, key?: string) =>
    call(createRoute, {
      token: who.token,
      body: { senderWalletId: who.wallets.RUB, receiverWalletId: to.wallets.RUB, amount: 100, kind: "monthly", day: 1, startDate: later },
      headers: key ? { "idempotency-key": key } : {},
    });

  it(
    "at most SCHEDULE_LIMIT_PER_USER active or paused schedules each: past it a clear refusal that creates nothing",
    withEnv({ SCHEDULE_LIMIT_PER_USER: "3" }, async () => {
      const alice = await createFundedUser({ RUB: 10_000 });
      const bob = await createFundedUser({ RUB: 10_000 });
      const made = [await schedule(alice, bob), await schedule(alice, bob), await schedule(alice, bob, "third")];
      expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
      const refused = await schedule(alice, bob);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ code: "SCHEDULE_LIMIT", message: expect.stringMatching(/запланированных переводов.*отмените/i) });
      // A repeated key still answers the schedule it made; a paused one still counts.
      expect((await schedule(alice, bob, "third")).body.id).toBe(made[2].body.id);
      const act = (route: typeof pauseRoute, id: number) => call(route, { method: "POST", token: alice.token, params: { id: String(id) } });
      expect((await act(pauseRoute, made[0].body.id)).status).toBe(200);
      expect((await schedule(alice, bob)).status).toBe(422);
      expect(await getDb().schedule.count({ where: { userId: alice.user.id } })).toBe(3);
      // Another customer is not affected; a cancelled one makes room.
      expect((await schedule(bob, alice)).status).toBe(201);
      expect((await act(cancelRoute, made[1].body.id)).status).toBe(200);
      expect((await schedule(alice, bob)).status).toBe(201);
    }),
  );

  it(
    "the cap holds when many are created at once: exactly SCHEDULE_LIMIT_PER_USER are made, the rest refused",
    withEnv({ SCHEDULE_LIMIT_PER_USER: "3" }, async () => {
      const alice = await createFundedUser({ RUB: 10_000 });
      const bob = await createFundedUser({ RUB: 10_000 });
      const answers = await Promise.all(Array.from({ length: 12 }, () => schedule(alice, bob)));
      expect({ made: answers.filter((r) => r.status === 201).length, refused: answers.filter((r) => r.status === 422).length }).toEqual({ made: 3, refused: 9 });
      expect(await getDb().schedule.count({ where: { userId: alice.user.id } })).toBe(3);
    }),
  );

  it(
    "a scheduler pass takes owners in turn, and at most a bounded number of one owner's schedules",
    withEnv({ SCHEDULE_LIMIT_PER_USER: "30" }, async () => {
      const flooder = await createFundedUser({ RUB: 100_000 });
      const victim = await createFundedUser({ RUB: 100_000 });
      const bob = await createFundedUser();
      const created = new Date("2028-03-01T00:00:00Z");
      for (let i = 0; i < 25; i += 1) await plan(flooder, bob, created, { startDate: "2028-03-02", amount: 100 });
      const late = await plan(victim, bob, created, { startDate: "2028-03-02", amount: 100 });
      const now = at("2028-03-02", 9);
      // One claim: the victim's schedule, due at the same moment and made last, is in the first.
      const claimed = await claimDueSchedules(now, new Date(now.getTime() + SCHEDULE_LEASE_MS), 20);
      expect(claimed.map((s) => s.id)).toContain(late.id);
      expect(new Set(claimed.map((s) => s.userId)).size).toBe(claimed.length);
      // Once those leases run out: each pass makes at most 10 of one owner's (SCHEDULES_PER_OWNER_PER_PASS), and the other's at once.
      const afterLease = new Date(now.getTime() + SCHEDULE_LEASE_MS + 1_000);
      const passes = [];
      for (let i = 0; i < 4; i += 1) passes.push((await runSchedulerPass(new Date(afterLease.getTime() + i * 30_000))).done);
      expect(passes).toEqual([11, 10, 5, 0]);
      expect((await scheduleOf(late.id)).status).toBe("finished");
      expect(await transfersFrom(flooder.wallets.RUB)).toBe(25);
    }),
  );
});

describe("a schedule moves money later, so its session is asked of the database", () => {
  const later = moscowDate(new Date(Date.now() + 30 * 86_400_000));
  const body = (alice: Person, bob: Person) => ({ senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 100, kind: "weekly", startDate: later });
  const familyOf = async (refreshToken: string) => {
    const { sha256 } = await import("@/lib/server/auth/tokens");
    return (await getDb().refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256(refreshToken) } })).family;
  };

  it(
    "a session revoked on another instance cannot create or resume a schedule within the trust window",
    withEnv({ SESSION_TRUST_MS: "60000" }, async () => {
      const alice = await createFundedUser({ RUB: 10_000 });
      const bob = await createFundedUser();
      const made = await call(createRoute, { token: alice.token, body: body(alice, bob) });
      expect(made.status).toBe(201);
      const id = String(made.body.id);
      expect((await call(pauseRoute, { method: "POST", token: alice.token, params: { id } })).status).toBe(200);
      // Logged out elsewhere: the database knows, this process still trusts the session.
      await getDb().refreshToken.updateMany({ where: { family: await familyOf(alice.refreshToken) }, data: { revokedAt: new Date() } });
      expect((await call(createRoute, { token: alice.token, body: body(alice, bob) })).status).toBe(401);
      expect((await call(resumeRoute, { method: "POST", token: alice.token, params: { id } })).status).toBe(401);
      expect(await getDb().schedule.findMany({ where: { userId: alice.user.id }, select: { status: true } })).toEqual([{ status: "paused" }]);
    }),
  );

  it("a refresh token's reuse (theft) pauses the schedules its session created, not those of the owner's other sessions", async () => {
    const alice = await createFundedUser({ RUB: 10_000 });
    const bob = await createFundedUser();
    const other = await issueTokens(alice.user.id);
    const stolen = [
      await call(createRoute, { token: alice.token, body: body(alice, bob) }),
      await call(createRoute, { token: alice.token, body: body(alice, bob) }),
    ];
    const kept = await call(createRoute, { token: other.access_token, body: body(alice, bob) });
    expect([...stolen, kept].map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await call(refreshRoute, { body: { refresh_token: alice.refreshToken } })).status).toBe(200);
    expect((await call(refreshRoute, { body: { refresh_token: alice.refreshToken } })).status).toBe(401);
    for (const r of stolen) expect((await scheduleOf(r.body.id)).status).toBe("paused");
    expect((await scheduleOf(kept.body.id)).status).toBe("active");
    const [notice] = await noticesOf(alice.user.id);
    expect(notice.text).toMatch(/приостановлен/);
  });

  it("a session revoked while its schedule is being stored: the schedule does not outlive the request", async () => {
    const alice = await createFundedUser({ RUB: 10_000 });
    const bob = await createFundedUser();
    const family = await familyOf(alice.refreshToken);
    // Logged out elsewhere after the session was checked, before the schedule was stored.
    mockBeforeInsert = () => getDb().refreshToken.updateMany({ where: { family }, data: { revokedAt: new Date() } });
    try {
      expect((await call(createRoute, { token: alice.token, body: body(alice, bob) })).status).toBe(401);
    } finally {
      mockBeforeInsert = null;
    }
    expect(await getDb().schedule.findMany({ where: { userId: alice.user.id }, select: { status: true } })).toEqual([{ status: "cancelled" }]);
  });
});
