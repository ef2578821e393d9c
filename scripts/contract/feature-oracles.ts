import { kindMade } from "./made";
import { historyOf, walletOf, type Caller } from "./oracle-kit";
import type { Person } from "./session";

/**
 * The newer operations against the ones they are documented to agree with: insights against the
 * statements of each month, scheduled transfers' idempotency, list and status changes (splits:
 * scripts/contract/split-oracles.ts). A schedule's run happens at 09:00 Moscow time on the
 * server's own clock, which a tester outside cannot move: that a run equals a transfer of the same
 * parameters is not provoked here (docs/contract-testing.md).
 */

type Statement = { opening: number; totalIn: number; totalOut: number; closing: number };
type Party = { userId: number; name: string; in: number; out: number };
type Insights = { walletId: number | null; currency: string; tz: number; opening: number; months: { month: string; in: number; out: number; closing: number }[]; counterparties: Party[] };

/** `YYYY-MM` `back` months before the current month in a time zone `tz` minutes east of UTC. */
function monthOf(tz: number, back: number): string {
  const now = new Date(Date.now() + tz * 60_000);
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return at.toISOString().slice(0, 7);
}

/** The first and last calendar day of a `YYYY-MM` month. */
function daysOf(month: string): { from: string; to: string } {
  const [year, m] = month.split("-").map(Number);
  return { from: `${month}-01`, to: new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10) };
}

/**
 * An account's counterparties of the view's last month, from the movements the run made, by the
 * kind it made each as: transfers and paid requests are with the person on the other side (never
 * oneself), top-ups with the bank and exchanges with oneself are nobody's. Each one listed is one
 * of those with exactly their money in and out, and none with more money than one listed is left out.
 */
async function counterparties(call: Caller, person: Person, wallet: number, view: Insights, label: string, people: Person[]): Promise<string[]> {
  const month = view.months.at(-1)?.month;
  const owner = new Map(people.flatMap((p) => p.wallets.map((w) => [w.id, p.me.id] as const)));
  const expected = new Map<number, { in: number; out: number }>();
  let unknown = 0;
  for (const row of await historyOf(call, person, wallet)) {
    if (new Date(Date.parse(row.createdAt) + view.tz * 60_000).toISOString().slice(0, 7) !== month) continue;
    const kind = kindMade(row.id);
    if (kind === "topup" || kind === "exchange") continue;
    const incoming = row.receiverWalletId === wallet;
    const other = owner.get(incoming ? row.senderWalletId : row.receiverWalletId);
    if (!kind || other === undefined) unknown += 1;
    if (!kind || other === undefined || other === person.me.id) continue;
    const sums = expected.get(other) ?? { in: 0, out: 0 };
    if (incoming) sums.in += row.receivedAmount;
    else sums.out += row.amount;
    expected.set(other, sums);
  }
  const problems: string[] = [];
  if (view.counterparties.some((c) => c.userId === person.me.id)) problems.push(`${label}: the account's owner is listed among the counterparties`);
  // Movements the run did not make (or with people it does not know) leave the sums to the server.
  if (unknown) return problems;
  const listed = new Set(view.counterparties.map((c) => c.userId));
  for (const c of view.counterparties.filter((c) => c.userId !== person.me.id)) {
    const sums = expected.get(c.userId);
    if (!sums) problems.push(`${label}: counterparty ${c.userId} (in ${c.in}, out ${c.out}) had no transfer or paid request with the account that month`);
    else if (sums.in !== c.in || sums.out !== c.out) problems.push(`${label}: counterparty ${c.userId} in ${c.in}, out ${c.out}; the month's transfers and paid requests with them say in ${sums.in}, out ${sums.out}`);
  }
  const least = Math.min(...view.counterparties.map((c) => c.in + c.out));
  for (const [userId, sums] of expected) {
    if (!listed.has(userId) && (view.counterparties.length === 0 || sums.in + sums.out > least)) problems.push(`${label}: counterparty ${userId} (in ${sums.in}, out ${sums.out}) is not listed`);
  }
  return problems;
}

/**
 * For an account: each month's in and out are that month's statement's totals, its closing the
 * statement's closing; the last month's counterparties are those of the movements made (above).
 */
export async function insightsAgreeWithStatements(call: Caller, people: [Person, string, number][]): Promise<string[]> {
  const problems: string[] = [];
  for (const [person, currency, tz] of people) {
    const token = person.tokens.access_token;
    const wallet = walletOf(person, currency).id;
    const month = monthOf(tz, 0);
    const view = (await call("GET /api/v1/insights", token, { query: { wallet: String(wallet), month, tz } })).body as Insights;
    const label = `${currency} insights to ${month} (tz ${tz})`;
    if (view.walletId !== wallet || view.currency !== currency || view.tz !== tz) problems.push(`${label}: answered for wallet ${view.walletId} in ${view.currency}, tz ${view.tz}`);
    const expected = Array.from({ length: view.months.length }, (_, i) => monthOf(tz, view.months.length - 1 - i));
    if (view.months.map((m) => m.month).join() !== expected.join()) problems.push(`${label}: months ${view.months.map((m) => m.month).join(", ")}, not ${expected.join(", ")}`);
    for (const [i, m] of view.months.entries()) {
      const query = { ...daysOf(m.month), tz };
      const s = (await call("GET /api/v1/statements/wallet/{walletId}", token, { params: { walletId: wallet }, query })).body as Statement;
      if (m.in !== s.totalIn || m.out !== s.totalOut || m.closing !== s.closing) {
        problems.push(`${label}, ${m.month}: in ${m.in}, out ${m.out}, closing ${m.closing}; the statement ${query.from}..${query.to} says ${s.totalIn}, ${s.totalOut}, ${s.closing}`);
      }
      if (i === 0 && view.opening !== s.opening) problems.push(`${label}: opening ${view.opening}, the statement of ${m.month} opens at ${s.opening}`);
    }
    problems.push(...(await counterparties(call, person, wallet, view, label, people.map(([p]) => p))));
  }
  return problems;
}

type Schedule = { id: number; status: string; amount: number; currency: string; kind: string; startDate: string; nextOccurrence: string | null; senderWalletId: number; receiverWalletId: number };

/** The Moscow calendar day `days` from today (schedules count days in Moscow time). */
const moscowDay = (days: number) => new Date(Date.now() + 180 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Create with an Idempotency-Key: the same body answers the same schedule, another body 409; the list shows it as created; refusals make none. */
async function scheduleCreate(call: Caller, owner: Person, other: Person, problems: string[]): Promise<Schedule> {
  const token = owner.tokens.access_token;
  const before = ((await call("GET /api/v1/schedules", token, {})).body as Schedule[]).length;
  const key = `contract-schedule-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const body = { senderWalletId: walletOf(owner, "RUB").id, receiverWalletId: walletOf(other, "USD").id, amount: 1_234, kind: "weekly", startDate: moscowDay(2), count: 3 };
  const made = (await call("POST /api/v1/schedules", token, { body, headers: { "Idempotency-Key": key } }, 201)).body as Schedule;
  const again = (await call("POST /api/v1/schedules", token, { body, headers: { "Idempotency-Key": key } }, 201)).body as Schedule;
  if (again.id !== made.id) problems.push(`the same Idempotency-Key and body made schedule ${again.id} after ${made.id}`);
  const mismatch = await call("POST /api/v1/schedules", token, { body: { ...body, amount: 1_235 }, headers: { "Idempotency-Key": key } }, 409);
  if ((mismatch.body as { code?: string }).code !== "IDEMPOTENCY_MISMATCH") problems.push(`the same key with another body answered 409 ${(mismatch.body as { code?: string }).code}, not IDEMPOTENCY_MISMATCH`);
  if (made.status !== "active" || made.amount !== 1_234 || made.currency !== "RUB" || made.kind !== "weekly" || made.nextOccurrence !== body.startDate) {
    problems.push(`a weekly schedule of 1234 RUB from ${body.startDate} reads ${made.status}, ${made.amount} ${made.currency}, ${made.kind}, next ${made.nextOccurrence}`);
  }
  const refused: [unknown, number][] = [
    [{ ...body, receiverWalletId: body.senderWalletId }, 400],
    [{ ...body, senderWalletId: walletOf(other, "RUB").id, receiverWalletId: walletOf(owner, "USD").id }, 403],
    [{ ...body, startDate: moscowDay(-2) }, 400],
  ];
  for (const [wrong, status] of refused) await call("POST /api/v1/schedules", token, { body: wrong }, status);
  const listed = (await call("GET /api/v1/schedules", token, {})).body as Schedule[];
  if (listed.filter((s) => s.id === made.id).length !== 1) problems.push(`schedule ${made.id} is listed ${listed.filter((s) => s.id === made.id).length} times`);
  if (listed.length !== before + 1) problems.push(`one schedule was made and three refused, yet the list went from ${before} to ${listed.length}`);
  return made;
}

/**
 * Scheduled transfers from outside: create is idempotent and listed, refusals make none; pause,
 * resume and cancel change the status as documented (pause twice changes nothing, a cancelled one
 * cannot be paused or resumed, 409 SCHEDULE_INACTIVE, and leaves the list; another user's is 404).
 */
export async function schedulesKeepTheirRules(call: Caller, owner: Person, other: Person): Promise<string[]> {
  const problems: string[] = [];
  const token = owner.tokens.access_token;
  const made = await scheduleCreate(call, owner, other, problems);
  const step = async (action: string, expect: string, as = token, status = 200) => {
    const answer = await call(`POST /api/v1/schedules/{id}/${action}`, as, { params: { id: made.id } }, status);
    const got = answer.body as Schedule & { code?: string };
    if (status === 200 && got.status !== expect) problems.push(`${action} answered status ${got.status}, not ${expect}`);
    if (status !== 200 && got.code !== expect) problems.push(`${action} answered ${status} ${got.code}, not ${expect}`);
    return got;
  };
  const paused = await step("pause", "paused");
  if (paused.nextOccurrence !== null) problems.push(`a paused schedule's next occurrence is ${paused.nextOccurrence}, not null`);
  await step("pause", "paused");
  await step("pause", "NOT_FOUND", other.tokens.access_token, 404);
  const resumed = await step("resume", "active");
  if (resumed.nextOccurrence !== made.nextOccurrence) problems.push(`a resumed schedule's next occurrence is ${resumed.nextOccurrence}, not ${made.nextOccurrence}`);
  await step("cancel", "cancelled");
  await step("cancel", "cancelled");
  await step("pause", "SCHEDULE_INACTIVE", token, 409);
  await step("resume", "SCHEDULE_INACTIVE", token, 409);
  const listed = (await call("GET /api/v1/schedules", token, {})).body as Schedule[];
  if (listed.some((s) => s.id === made.id)) problems.push(`the cancelled schedule ${made.id} is still listed`);
  return problems;
}
