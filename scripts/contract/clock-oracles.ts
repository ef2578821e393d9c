import type { ContractClient } from "./client";
import { send, type Reply } from "./http";
import { BANK } from "./knowledge";
import { balancesOf, caller, historyOf, sectionOf, walletOf, type Caller, type OracleOptions } from "./oracle-kit";
import { signIn, type Person } from "./session";

/**
 * What only a moved clock shows: a schedule's runs, the catch-up after downtime, a payment
 * request's and a statement link's expiry, an order at a target rate run once. A server may offer a clock control for testing
 * (Minibank's demo started with MINIBANK_DEV_CLOCK=1: `POST /api/dev/clock` with `advanceMs`, `now`
 * or `reset`, answered once what the move made due is made); the phase asks for it first and,
 * where there is none, says that these checks could not be provoked. It runs after every other
 * phase, since it moves the server's time, and puts the clock back at its end.
 */

/** Where a server offers its clock control. */
export const CLOCK_PATH = "/api/dev/clock";

/** Whether a path is the clock control: never called with generated inputs, which would move the time under every other check. */
export const drivesTheClock = (path: string): boolean => path === CLOCK_PATH;

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Schedules run at 09:00 Moscow time (UTC+3 all year), documented on the schedule's `nextOccurrence`. */
const RUN_HOUR_UTC = 6;
const MOSCOW_MS = 3 * 60 * MINUTE;

type ClockAnswer = { now: string };
type Run = { occurrence: string; status: string; reason: string | null; transferId: number | null };
type Schedule = { id: number; status: string; nextOccurrence: string | null; runs: Run[] };
type PaymentRequest = { token: string; status: string; expiresAt: string };

const clockRequest = (method: "GET" | "POST", body?: unknown) => ({ method, path: CLOCK_PATH, params: {}, query: {}, headers: {}, body });
const instant = (reply: Reply): number => {
  const now = (reply.body as ClockAnswer | null)?.now;
  return typeof now === "string" && /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/.test(now) ? Date.parse(now) : NaN;
};
/** The Moscow calendar day of an instant, and the instant a schedule's occurrence on a day runs. */
const moscowDay = (ms: number) => new Date(ms + MOSCOW_MS).toISOString().slice(0, 10);
const runsAt = (day: string) => Date.parse(`${day}T${String(RUN_HOUR_UTC).padStart(2, "0")}:00:00Z`);
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** Whether the server offers a clock control that answers its time; why not, when it does not. */
async function probe(options: OracleOptions): Promise<string | null> {
  if (!options.document.operation("POST", CLOCK_PATH)) return `the document has no POST ${CLOCK_PATH}`;
  const read = await send(options.baseUrl, clockRequest("GET"));
  if (read.status !== 200) return `GET ${CLOCK_PATH} answered ${read.status}`;
  if (Number.isNaN(instant(read))) return `GET ${CLOCK_PATH} answered no time: ${read.text.slice(0, 100)}`;
  return null;
}

/** The server's clock, moved: to an instant, and answered once what it made due is made. */
class ServerClock {
  constructor(
    private readonly options: OracleOptions,
    private readonly call: Caller,
  ) {}

  async read(): Promise<number> {
    return instant(await this.call(`GET ${CLOCK_PATH}`, undefined, {}));
  }

  /** Moves the clock to `to` and signs everyone in `people` in again by their refresh tokens (their access tokens expired meanwhile). */
  async moveTo(to: number, people: Person[], problems: string[]): Promise<void> {
    const answer = await this.call(`POST ${CLOCK_PATH}`, undefined, { body: { now: new Date(to).toISOString() } });
    // The answer comes once the scheduler's pass at the new time has ended: its time may run on by as long as the request took.
    const moved = instant(answer);
    if (!(moved >= to - this.options.clockSkewMs && moved <= to + (answer.answeredAt - answer.sentAt) + this.options.clockSkewMs)) {
      problems.push(`the clock moved to ${new Date(to).toISOString()} answered ${Number.isNaN(moved) ? "no time" : new Date(moved).toISOString()}`);
    }
    for (const person of people) {
      const tokens = (await this.call(BANK.refresh, undefined, { body: { refresh_token: person.tokens.refresh_token } })).body as Person["tokens"];
      person.tokens = tokens;
    }
  }

  async reset(): Promise<void> {
    await send(this.options.baseUrl, clockRequest("POST", { reset: true }));
  }
}

const scheduleOf = async (call: Caller, owner: Person, id: number): Promise<Schedule | undefined> =>
  ((await call("GET /api/v1/schedules", owner.tokens.access_token, {})).body as Schedule[]).find((s) => s.id === id);

/**
 * A weekly schedule over five weeks: nothing before its first 09:00, one transfer at each
 * occurrence and none more an hour later; two weeks without a server (the clock jumps over them) make only the
 * latest missed occurrence, the earlier one recorded as skipped (MISSED); in all four transfers of
 * exactly the amount, and the schedule's next occurrence the sixth week's.
 */
async function weeklyOverFiveWeeks(call: Caller, clock: ServerClock, owner: Person, receiver: Person): Promise<string[]> {
  const problems: string[] = [];
  const amount = 1_357;
  const people = [owner, receiver];
  await call(BANK.topUp, owner.tokens.access_token, { body: { currency: "RUB", amount: amount * 10 } }, 201);
  const first = moscowDay((await clock.read()) + DAY);
  const days = [0, 1, 2, 3, 4, 5].map((week) => plusDays(first, 7 * week));
  const body = { senderWalletId: walletOf(owner, "RUB").id, receiverWalletId: walletOf(receiver, "RUB").id, amount, kind: "weekly", startDate: first };
  const made = (await call("POST /api/v1/schedules", owner.tokens.access_token, { body }, 201)).body as Schedule;
  const before = { owner: (await balancesOf(call, owner)).RUB, receiver: (await balancesOf(call, receiver)).RUB };
  const expectRuns = async (when: string, want: [day: string, status: string, reason: string | null][]) => {
    const schedule = await scheduleOf(call, owner, made.id);
    const got = (schedule?.runs ?? []).map((r) => `${r.occurrence} ${r.status}${r.reason ? ` ${r.reason}` : ""}`);
    const expected = want.map(([day, status, reason]) => `${day} ${status}${reason ? ` ${reason}` : ""}`);
    if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`${when}: the runs are [${got.join(", ")}], not [${expected.join(", ")}]`);
    return schedule;
  };
  await clock.moveTo(runsAt(days[0]) - MINUTE, people, problems);
  await expectRuns("a minute before the first 09:00", []);
  await clock.moveTo(runsAt(days[0]) + MINUTE, people, problems);
  await expectRuns("a minute after the first 09:00", [[days[0], "done", null]]);
  await clock.moveTo(runsAt(days[0]) + 60 * MINUTE, people, problems);
  await expectRuns("an hour after the first 09:00", [[days[0], "done", null]]);
  await clock.moveTo(runsAt(days[1]) + MINUTE, people, problems);
  await expectRuns("the second week", [[days[1], "done", null], [days[0], "done", null]]);
  // Weeks three and four pass with no server: the clock jumps over the third week's run.
  await clock.moveTo(runsAt(days[3]) + MINUTE, people, problems);
  const caughtUp: [string, string, string | null][] = [[days[3], "done", null], [days[2], "skipped", "MISSED"], [days[1], "done", null], [days[0], "done", null]];
  await expectRuns("after two weeks of downtime", caughtUp);
  await clock.moveTo(runsAt(days[4]) + MINUTE, people, problems);
  const last = await expectRuns("the fifth week", [[days[4], "done", null], ...caughtUp]);
  if (last?.status !== "active" || last.nextOccurrence !== days[5]) problems.push(`after five weeks the schedule reads ${last?.status}, next ${last?.nextOccurrence}, not active, next ${days[5]}`);
  const after = { owner: (await balancesOf(call, owner)).RUB, receiver: (await balancesOf(call, receiver)).RUB };
  if (before.owner - after.owner !== 4 * amount || after.receiver - before.receiver !== 4 * amount) {
    problems.push(`four runs of ${amount} moved ${before.owner - after.owner} from the owner and ${after.receiver - before.receiver} to the receiver`);
  }
  const arrived = (await historyOf(call, receiver, walletOf(receiver, "RUB").id)).filter((m) => m.senderWalletId === body.senderWalletId);
  if (arrived.length !== 4 || arrived.some((m) => m.receivedAmount !== amount)) {
    problems.push(`the receiver's history holds ${arrived.length} transfers from the schedule's wallet (${arrived.map((m) => m.receivedAmount).join(", ")}), not four of ${amount}`);
  }
  return problems;
}

/** A payment request is paid a minute before it expires, and refused (409 REQUEST_EXPIRED, nothing moved, the request reading expired) a second after. */
async function requestExpires(call: Caller, clock: ServerClock, requester: Person, payer: Person): Promise<string[]> {
  const problems: string[] = [];
  const people = [requester, payer];
  const ask = async () => (await call("POST /api/v1/requests", requester.tokens.access_token, { body: { currency: "RUB", amount: 246 } }, 201)).body as PaymentRequest;
  const [early, late] = [await ask(), await ask()];
  const pay = (request: PaymentRequest, status: number) =>
    call("POST /api/v1/requests/{token}/pay", payer.tokens.access_token, { params: { token: request.token }, body: { walletId: walletOf(payer, "RUB").id } }, status);
  await call(BANK.topUp, payer.tokens.access_token, { body: { currency: "RUB", amount: 1_000 } }, 201);
  await clock.moveTo(Date.parse(early.expiresAt) - MINUTE, people, problems);
  await pay(early, 201);
  await clock.moveTo(Date.parse(late.expiresAt) + 1_000, people, problems);
  const before = await balancesOf(call, payer);
  const refused = await pay(late, 409);
  const code = (refused.body as { code?: string }).code;
  if (code !== "REQUEST_EXPIRED") problems.push(`paying a request a second after it expired answered 409 ${code}, not REQUEST_EXPIRED`);
  const after = await balancesOf(call, payer);
  if (after.RUB !== before.RUB) problems.push(`the refused payment moved ${before.RUB - after.RUB} from the payer`);
  const read = (await call("GET /api/v1/requests/{token}", requester.tokens.access_token, { params: { token: late.token } })).body as PaymentRequest;
  if (read.status !== "expired") problems.push(`a request a second past its expiry reads ${read.status}, not expired`);
  return problems;
}

/** A statement link opens within its ten minutes and is 404 a second after. */
async function statementLinkExpires(call: Caller, clock: ServerClock, owner: Person): Promise<string[]> {
  const problems: string[] = [];
  const today = moscowDay(await clock.read());
  const made = await call("POST /api/v1/statements/link", owner.tokens.access_token, { body: { walletId: walletOf(owner, "RUB").id, from: today, to: today, tz: 180, format: "csv" } }, 201);
  const link = made.body as { url: string; expiresAt: string };
  const token = new URL(link.url, "http://link").searchParams.get("token") ?? "";
  await call("GET /api/v1/statements/csv", undefined, { query: { token } }, 200);
  await clock.moveTo(Date.parse(link.expiresAt) + 1_000, [owner], problems);
  // Anything but the documented 404 stops the check as the server's failure.
  await call("GET /api/v1/statements/csv", undefined, { query: { token } }, 404);
  return problems;
}

type Order = { id: number; status: string; target: number; metRate: number | null; transferId: number | null };
type OrderMovement = { id: number; kind: string; channel: string; currency: string; amount: number; receivedCurrency: string; rate: string };

/**
 * An order at a target rate runs once and at or past its target: selling 10,00 $ when 1 $ is at or
 * above a target the rate in force already meets, the clock moved twice (each move answered once
 * the server's runners passed) — the order reads done, with the exchange it made; that exchange
 * (its receipt: kind exchange, channel order) gives exactly 10,00 $ at a rate at or above the
 * target, and it is the dollar account's only movement of channel order; an order whose target no
 * rate reaches still waits and made nothing.
 */
async function orderRunsOnce(call: Caller, clock: ServerClock, owner: Person): Promise<string[]> {
  const problems: string[] = [];
  const token = () => owner.tokens.access_token;
  const usd = walletOf(owner, "USD").id;
  const rate = ((await call(BANK.rate, token(), { params: { currency: "USD" } })).body as { value: number }).value;
  await call(BANK.topUp, owner.tokens.access_token, { body: { currency: "USD", amount: 5_000 } }, 201);
  const start = await clock.read();
  const expiresOn = moscowDay(start + 7 * DAY);
  const order = (target: number) => ({ fromWalletId: usd, toWalletId: walletOf(owner, "RUB").id, amount: 1_000, target, expiresOn });
  const target = Math.floor(rate * 100) / 100;
  const met = (await call("POST /api/v1/orders", token(), { body: order(target) }, 201)).body as Order;
  const waiting = (await call("POST /api/v1/orders", token(), { body: order(999_999) }, 201)).body as Order;
  const before = (await balancesOf(call, owner)).USD;
  await clock.moveTo(start + MINUTE, [owner], problems);
  await clock.moveTo(start + 2 * MINUTE, [owner], problems);
  const listed = (await call("GET /api/v1/orders", token(), {})).body as Order[];
  const [done, still] = [met, waiting].map((o) => listed.find((l) => l.id === o.id));
  if (done?.status !== "done" || done.transferId === null) problems.push(`an order whose target ${target} the rate ${rate} meets reads ${done?.status}, transfer ${done?.transferId}, not done with its exchange`);
  if (done?.metRate !== null && done?.metRate !== undefined && done.metRate < target) problems.push(`the order ran at ${done.metRate}, below its target ${target}`);
  if (still?.status !== "waiting" || still.transferId !== null) problems.push(`an order whose target no rate reaches reads ${still?.status}, transfer ${still?.transferId}, not waiting`);
  const made = (await historyOf(call, owner, usd)).filter((m) => (m as unknown as OrderMovement).channel === "order") as unknown as OrderMovement[];
  if (made.length !== 1) problems.push(`the dollar account holds ${made.length} movements of channel order, not one`);
  if (done?.transferId) {
    const receipt = (await call(BANK.receipt, token(), { params: { id: done.transferId } })).body as OrderMovement;
    if (receipt.kind !== "exchange" || receipt.channel !== "order") problems.push(`the order's movement reads kind ${receipt.kind}, channel ${receipt.channel}, not exchange, order`);
    if (receipt.amount !== 1_000 || receipt.currency !== "USD" || receipt.receivedCurrency !== "RUB") problems.push(`the order's exchange gave ${receipt.amount} ${receipt.currency} for ${receipt.receivedCurrency}, not 1000 USD for RUB`);
    if (!(Number(receipt.rate) >= target)) problems.push(`the order's exchange ran at ${receipt.rate}, below its target ${target}`);
  }
  const after = (await balancesOf(call, owner)).USD;
  if (before - after !== 1_000) problems.push(`the orders took ${before - after} from the dollar account, not 1000`);
  return problems;
}

/** The phase: the clock control probed, then each check as one line of the report; the clock put back at the end. */
export async function runClockChecks(api: ContractClient, options: OracleOptions): Promise<void> {
  const missing = await probe(options);
  if (missing) {
    console.log(`note  clock: not provokable, the server offers no clock control (${missing}): a schedule's runs, the catch-up after downtime, a request's and a statement link's expiry`);
    return;
  }
  const call = caller(options);
  const section = sectionOf(api, "clock");
  const clock = new ServerClock(options, call);
  const person = (tag: string) => signIn(options.baseUrl, options.codes, `contract.${tag}.${options.run}@example.com`);
  try {
    const owner = await person("ck1");
    const receiver = await person("ck2");
    await section("a weekly schedule over five weeks: one transfer at each occurrence, none before; after downtime only the latest missed occurrence, the earlier skipped (MISSED)", () =>
      weeklyOverFiveWeeks(call, clock, owner, receiver),
    );
    await section("a payment request is paid a minute before it expires and refused 409 REQUEST_EXPIRED a second after, nothing moved", () => requestExpires(call, clock, receiver, owner));
    await section("a statement link opens within its ten minutes and answers 404 a second after", () => statementLinkExpires(call, clock, owner));
    const orderCheck = "an order at a target rate runs once and at or past its target; one whose target is not met waits";
    // Without a quote of the dollar there is no target to meet (a server that has imported no rates yet).
    const quoted = await call(BANK.rate, receiver.tokens.access_token, { params: { currency: "USD" } }, [200, 404]);
    if (quoted.status === 200) await section(orderCheck, () => orderRunsOnce(call, clock, receiver));
    else api.environment(`clock: ${orderCheck}`, ["the server quotes no USD rate (404): no order can meet a target"]);
  } catch (error) {
    api.stopped("clock: signing in", error);
  } finally {
    await clock.reset();
  }
}
