import fc from "fast-check";
import { belowOneUnit, covering, predictTopUp, predictTransfer } from "./bank-model";
import { BANK } from "./knowledge";
import { kindMade } from "./made";
import { Failure } from "./outcome";
import { signIn, type Tokens } from "./session";
import { checkBalances, step, timely, walletOf, type Model, type Real } from "./stateful-step";

/**
 * What customers do in the stateful runs, as fast-check commands: top up, transfer in and across
 * currencies, resend with the same key, read a history page by page, look each other up and peek
 * at each other's history, refresh, sign out and in. Amounts are drawn at random and, on purpose,
 * at the edges where a documented refusal begins: the largest amount that converts to nothing and
 * the least that converts to one minor unit, the whole balance and one more, the per-top-up cap
 * and one more, what is left of the daily top-up cap and one more.
 */

export type Command = fc.AsyncCommand<Model, Real>;

const command = (label: string, runIt: (model: Model, real: Real) => Promise<void>, check: (model: Model) => boolean = () => true): Command => ({
  check,
  async run(model, real) {
    real.script.push(`# ${label}`);
    await runIt(model, real);
    await checkBalances(model, real);
  },
  toString: () => label,
});

const userArb = fc.integer({ min: 0, max: 2 });
const currencyArb = fc.constantFrom(...BANK.currencies);

type Amount = { value: number } | { edge: string };
const amountArb = (max: number, edges: string[]): fc.Arbitrary<Amount> =>
  fc.oneof({ weight: 2, arbitrary: fc.integer({ min: 1, max }).map((value) => ({ value })) }, { weight: 2, arbitrary: fc.constantFrom(...edges).map((edge) => ({ edge })) });
const amountLabel = (a: Amount) => ("value" in a ? String(a.value) : `(${a.edge})`);

const TRANSFER_EDGES = ["the most that converts to nothing", "the least that converts to 0,01", "the whole balance", "the balance and 0,01 more"];
const TOPUP_EDGES = ["the per-top-up cap", "0,01 over the cap", "what is left of the daily cap", "0,01 past the daily cap"];

const drawn = (real: Real, edge: string) => real.drawn.set(edge, (real.drawn.get(edge) ?? 0) + 1);
const key = (real: Real, keyed: boolean) => (keyed ? `stateful-${real.options.run}-${Math.random().toString(36).slice(2)}` : "");
const append = (model: Model, wallet: number, id: number) => model.movements.set(wallet, [...(model.movements.get(wallet) ?? []), id]);

function topUp(u: number, currency: string, amount: Amount, keyed: boolean): Command {
  return command(`user ${u} tops up ${amountLabel(amount)} ${currency}${keyed ? " with a key" : ""}`, async (model, real) => {
    const person = real.people[u];
    const wallet = walletOf(person, currency).id;
    const balance = model.balances.get(wallet) ?? 0;
    const { ledger } = real;
    const left = ledger.limits.values["topup-daily"] - ledger.toppedUp(wallet).total;
    const value =
      "value" in amount
        ? amount.value
        : [real.cap, real.cap + 1, Math.max(1, Math.min(left, real.cap)), Math.max(1, left + 1)][TOPUP_EDGES.indexOf(amount.edge)];
    if ("edge" in amount) drawn(real, amount.edge);
    const prediction = predictTopUp(ledger, { user: person.me.id, wallet, balance, amount: value, cap: real.cap, maxBalance: real.maxBalance, badInputCodes: real.badTopUpCodes });
    const k = key(real, keyed);
    const body = { currency, amount: value };
    const counted = value >= 1 && value <= real.cap;
    const { reply, outcome, sentAt, answeredAt } = await step(real, BANK.topUp, person, { body, headers: k ? { "Idempotency-Key": k } : {} }, prediction.expected, prediction.tolerated, true);
    if (counted && outcome.status !== 429) ledger.counter("topup-count", person.me.id).add();
    if (outcome.status !== 201) return;
    const t = reply.body as { id: number; receivedAmount: number; createdAt: string };
    if (t.receivedAmount !== value) throw new Failure("amounts", BANK.topUp, `a top-up of ${value} credited ${t.receivedAmount}`);
    if (!timely(t.createdAt, sentAt, answeredAt, real.options.clockSkewMs)) throw new Failure("createdAt", BANK.topUp, `a top-up made between ${new Date(sentAt).toISOString()} and ${new Date(answeredAt).toISOString()} says createdAt ${t.createdAt}`);
    ledger.topUp(wallet, value);
    model.balances.set(wallet, balance + value);
    append(model, wallet, t.id);
    if (k) model.lastSent = { who: u, path: BANK.topUp, key: k, body, id: t.id, status: 201 };
  });
}

function transfer(from: number, to: number, c1: string, c2: string, amount: Amount, keyed: boolean): Command {
  return command(`user ${from} sends ${amountLabel(amount)} ${c1} to user ${to}'s ${c2} wallet${keyed ? " with a key" : ""}`, async (model, real) => {
    const [sender, receiver] = [real.people[from], real.people[to]];
    const [source, target] = [walletOf(sender, c1).id, walletOf(receiver, c2).id];
    const balance = model.balances.get(source) ?? 0;
    const value =
      "value" in amount
        ? amount.value
        : [Math.max(1, belowOneUnit(c1, c2, real.rates)), covering(1, c1, c2, real.rates), Math.max(1, balance), balance + 1][TRANSFER_EDGES.indexOf(amount.edge)];
    if ("edge" in amount) drawn(real, amount.edge);
    const { ledger } = real;
    const [me, them] = [sender.me.id, receiver.me.id];
    const prediction = predictTransfer(ledger, {
      sender: { user: me, wallet: source, currency: c1, balance },
      receiver: { user: them, wallet: target, currency: c2, balance: model.balances.get(target) ?? 0 },
      amount: value,
      rates: real.rates,
      maxBalance: real.maxBalance,
    });
    const body = { senderWalletId: source, receiverWalletId: target, amount: value };
    const k = key(real, keyed);
    const headers: Record<string, string> = k ? { "Idempotency-Key": k } : {};
    const { reply, outcome, sentAt, answeredAt } = await step(real, BANK.transfer, sender, { body, headers }, prediction.expected, prediction.tolerated, true);
    // A transfer to someone else's wallet never dealt with is a lookup, whatever its answer (not a 429's).
    if (me !== them && source !== target && outcome.status !== 429 && !ledger.hasDealt(me, target)) ledger.counter("lookups", me).add();
    if (outcome.status !== 201) return;
    const t = reply.body as { id: number; amount: number; receivedAmount: number; currency: string; receivedCurrency: string; createdAt: string };
    if (t.amount !== value || t.currency !== c1 || t.receivedCurrency !== c2 || t.receivedAmount !== prediction.received) {
      throw new Failure("amounts", BANK.transfer, `${value} ${c1}→${c2} answered ${t.amount} ${t.currency}→${t.receivedAmount} ${t.receivedCurrency}; the quoted rates, rounded down, say ${prediction.received}`);
    }
    if (!timely(t.createdAt, sentAt, answeredAt, real.options.clockSkewMs)) throw new Failure("createdAt", BANK.transfer, `a transfer made between ${new Date(sentAt).toISOString()} and ${new Date(answeredAt).toISOString()} says createdAt ${t.createdAt}`);
    if (me !== them) ledger.counter("transfers", me).add();
    ledger.deal(me, target);
    ledger.deal(them, source);
    model.balances.set(source, balance - value);
    model.balances.set(target, (model.balances.get(target) ?? 0) + t.receivedAmount);
    append(model, source, t.id);
    append(model, target, t.id);
    if (k) model.lastSent = { who: from, path: BANK.transfer, key: k, body, id: t.id, status: 201 };
  });
}

const replay = command(
  "the last keyed request is sent again",
  async (model, real) => {
    const last = model.lastSent!;
    const { reply } = await step(real, last.path, real.people[last.who], { body: last.body, headers: { "Idempotency-Key": last.key } }, [{ status: last.status }]);
    const id = (reply.body as { id: number }).id;
    if (id !== last.id) throw new Failure("replay", last.path, `the resent request answered transfer ${id}, not ${last.id}`);
  },
  (model) => model.lastSent !== null,
);

function history(u: number, currency: string, limit: number): Command {
  return command(`user ${u} reads the ${currency} history ${limit} at a time`, async (model, real) => {
    const person = real.people[u];
    const wallet = walletOf(person, currency).id;
    const ids: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const { reply } = await step(real, BANK.history, person, { params: { walletId: wallet }, query: { limit, ...(cursor ? { cursor } : {}) } }, [{ status: 200 }]);
      for (const t of reply.body as { id: number; kind: string }[]) {
        ids.push(t.id);
        const made = kindMade(t.id);
        if (made && t.kind !== made) throw new Failure("history", BANK.history, `${made} ${t.id} is listed as kind ${t.kind}`);
      }
      cursor = reply.headers.get(BANK.nextCursorHeader);
      if (!cursor) break;
    }
    const known = model.movements.get(wallet) ?? [];
    const listed = ids.filter((id) => known.includes(id));
    if (new Set(ids).size !== ids.length) throw new Failure("history", BANK.history, `the pages repeat a transfer: ${ids.join(", ")}`);
    if (JSON.stringify(listed) !== JSON.stringify([...known].reverse())) {
      throw new Failure("history", BANK.history, `history lists ${listed.join(", ")}; the model, newest first: ${[...known].reverse().join(", ")}`);
    }
  });
}

function peek(u: number, other: number): Command {
  return command(`user ${u} looks up user ${other} and peeks at their RUB history`, async (_model, real) => {
    const [person, them] = [real.people[u], real.people[other]];
    const { ledger } = real;
    const count = ledger.counter("lookups", person.me.id);
    const { inside, edge } = count.count();
    const over = inside >= ledger.limits.values.lookups;
    const unsure = !ledger.limits.explicit.has("lookups") || edge;
    const limited = { status: 429, code: "RATE_LIMITED", limit: "lookups" as const };
    const found = { status: 200 };
    const profile = await step(real, "GET /api/v1/users/id/{id}", person, { params: { id: them.me.id } }, [over ? limited : found], unsure ? [over ? found : limited] : [], true);
    if (profile.outcome.status === 200) count.add();
    if (u !== other && JSON.stringify(profile.reply.body).includes(them.email)) throw new Failure("privacy", "GET /api/v1/users/id/{id}", "another user's profile carries their e-mail");
    const refused = [{ status: 403 }, { status: 404 }];
    await step(real, BANK.history, person, { params: { walletId: walletOf(them, "RUB").id } }, u === other ? [{ status: 200 }] : refused);
  });
}

function refresh(u: number): Command {
  return command(`user ${u} refreshes their tokens`, async (_model, real) => {
    const person = real.people[u];
    const { reply } = await step(real, BANK.refresh, null, { body: { refresh_token: person.tokens.refresh_token } }, [{ status: 200 }]);
    person.tokens = reply.body as Tokens;
    await step(real, BANK.me, person, {}, [{ status: 200 }]);
  });
}

/**
 * The conversion edges need a dearer currency to convert into (from rubles to dollars, not back):
 * for them the pair is turned that way, so that every such draw reaches the edge it names.
 */
function towardsDearer(real: Real, c1: string, c2: string, amount: Amount): [string, string] {
  if (!("edge" in amount) || !amount.edge.includes("converts")) return [c1, c2];
  const byPrice = [...BANK.currencies].sort((a, b) => Number(real.rates[a] - real.rates[b]));
  if (c1 === c2) return c1 === byPrice.at(-1) ? [byPrice[0], c1] : [c1, byPrice.at(-1)!];
  return real.rates[c1] < real.rates[c2] ? [c1, c2] : [c2, c1];
}

let budget: Real | null = null;
/** Whether a sign-out fits the run's budget (checked while fast-check builds a sequence). */
const signOutsAllowed = () => (budget?.signOutsLeft ?? 0) > 0;

/** Signs user `u` in again by e-mail code (a sequence starts from signed-in users). */
export async function signInAgain(real: Real, u: number): Promise<void> {
  const fresh = await signIn(real.options.baseUrl, real.options.codes, real.people[u].email);
  real.people[u].tokens = fresh.tokens;
  real.script.push(`# user ${u} signed in again by e-mail code`);
}

function signOut(u: number): Command {
  return command(
    `user ${u} signs out and in again`,
    async (_model, real) => {
      real.signOutsLeft -= 1;
      const person = real.people[u];
      await step(real, BANK.logout, null, { body: { refresh_token: person.tokens.refresh_token } }, [{ status: 200 }]);
      await step(real, BANK.me, person, {}, [{ status: 401 }]);
      await step(real, BANK.refresh, null, { body: { refresh_token: person.tokens.refresh_token } }, [{ status: 401 }]);
      await signInAgain(real, u);
    },
    () => signOutsAllowed(),
  );
}

/**
 * The commands of a run over `real` (its budget of sign-outs is read while sequences are built).
 * fast-check picks among the arbitraries evenly: money moves (and the history that shows them) are
 * listed more than once, so that they, and their edges, make up most of a sequence.
 */
export function commands(real: Real): fc.Arbitrary<Command>[] {
  budget = real;
  const topUps = fc.tuple(userArb, currencyArb, amountArb(500_000, TOPUP_EDGES), fc.boolean()).map(([u, c, a, k]) => topUp(u, c, a, k));
  const transfers = fc
    .tuple(userArb, userArb, currencyArb, currencyArb, amountArb(300_000, TRANSFER_EDGES), fc.boolean())
    .map(([f, t, c1, c2, a, k]) => transfer(f, t, ...towardsDearer(real, c1, c2, a), a, k));
  const histories = fc.tuple(userArb, currencyArb, fc.integer({ min: 1, max: 3 })).map(([u, c, l]) => history(u, c, l));
  return [
    topUps,
    topUps,
    transfers,
    transfers,
    transfers,
    fc.constant(replay),
    histories,
    histories,
    fc.tuple(userArb, userArb).map(([u, o]) => peek(u, o)),
    userArb.map(refresh),
    userArb.map(signOut),
  ];
}
