import { Counter, windowOf, type LimitName, type Limits } from "./limits";

/**
 * The bank as the stateful runs predict it: conversions with the documented rounding, and every
 * documented refusal the model can foresee — same wallet, an amount that converts to less than one
 * minor unit, more than the balance, past the largest balance, past the per-top-up cap (the
 * document's maximum) and the daily top-up cap, the sending, lookup and top-up count limits.
 * Pure: it decides what a correct server may answer; the commands send and compare.
 */

/** Rates as the bank keeps them: the ruble price of one unit in ten-thousandths. */
export type Rates = Record<string, bigint>;

/** Quotes (`{value}` of the rate operation, 4 decimals) as exact integers. */
export const ratesOf = (quotes: Record<string, number>): Rates =>
  Object.fromEntries(Object.entries(quotes).map(([currency, value]) => [currency, BigInt(Math.round(value * 10_000))]));

/** What arrives for `amount` of `from` in `to`: rounded down to the minor unit (the documented rule). */
export const converted = (amount: number, from: string, to: string, rates: Rates): number =>
  from === to ? amount : Number((BigInt(amount) * rates[from]) / rates[to]);

/** The least amount of `from` whose conversion covers `received` of `to` (rounded up). */
export const covering = (received: number, from: string, to: string, rates: Rates): number =>
  from === to ? received : Number((BigInt(received) * rates[to] + rates[from] - 1n) / rates[from]);

/** The largest amount that converts to nothing, or 0 when every amount converts to something. */
export const belowOneUnit = (from: string, to: string, rates: Rates): number => (from === to ? 0 : covering(1, from, to, rates) - 1);

/** One answer a correct server may give. `limit`: a refusal because of that limit. */
export type Outcome = { status: number; code?: string; limit?: LimitName };

/**
 * What a correct server may answer: `expected` (the model's prediction: success alone, or every
 * refusal that applies, any of which is right) and `tolerated` (answers that are no failure only
 * because the limit behind them was assumed, not given: the model then follows the server).
 */
export type Prediction = { expected: Outcome[]; tolerated: Outcome[]; received: number };

/** Whether an answer is one of the outcomes (a refusal's code is compared when it names one). */
export const matches = (outcomes: Outcome[], status: number, code: unknown): Outcome | undefined =>
  outcomes.find((o) => o.status === status && (o.code === undefined || o.code === code));

export const describe = (outcomes: Outcome[]): string => outcomes.map((o) => `${o.status}${o.code ? ` ${o.code}` : ""}`).join(" or ");

/** Facts that outlive one sequence: the server keeps them, so the model must too. */
export class Ledger {
  private readonly topUps = new Map<number, { at: number; amount: number }[]>();
  private readonly counters = new Map<string, Counter>();
  private readonly dealt = new Set<string>();

  constructor(readonly limits: Limits) {}

  counter(name: "topup-count" | "transfers" | "lookups" | "statement-downloads", user: number): Counter {
    const key = `${name} ${user}`;
    if (!this.counters.has(key)) this.counters.set(key, new Counter(windowOf(this.limits, name)));
    return this.counters.get(key)!;
  }

  /** Top-ups into a wallet within the last 24 hours, and whether one is about to leave that window. */
  toppedUp(wallet: number, now = Date.now()): { total: number; edge: boolean } {
    const day = windowOf(this.limits, "topup-daily");
    const list = this.topUps.get(wallet) ?? [];
    return {
      total: list.filter((t) => t.at > now - day).reduce((sum, t) => sum + t.amount, 0),
      edge: list.some((t) => Math.abs(t.at - (now - day)) < 5_000),
    };
  }

  topUp(wallet: number, amount: number): void {
    this.topUps.set(wallet, [...(this.topUps.get(wallet) ?? []), { at: Date.now(), amount }]);
  }

  /** Whether `user` sent money to `wallet` or received money from it before. */
  hasDealt(user: number, wallet: number): boolean {
    return this.dealt.has(`${user} ${wallet}`);
  }

  deal(user: number, wallet: number): void {
    this.dealt.add(`${user} ${wallet}`);
  }
}

/** A refusal because a count limit is used up, or whether the count sits at a window's edge. */
function countLimit(ledger: Ledger, name: "topup-count" | "transfers" | "lookups", user: number): { over: boolean; edge: boolean } {
  const { inside, edge } = ledger.counter(name, user).count();
  return { over: inside >= ledger.limits.values[name], edge };
}

/**
 * Splits refusals into the prediction: when any applies, each is a right answer; a limit's refusal
 * that is assumed (or at its window's edge) leaves success tolerated, and an assumed limit that
 * predicts nothing leaves its refusal tolerated.
 */
function predict(success: Outcome, refusals: Outcome[], unsure: Outcome[], received: number): Prediction {
  const sure = refusals.filter((r) => !unsure.includes(r));
  // An assumed limit may refuse first whatever else applies.
  const elsewhere = unsure.filter((u) => !refusals.includes(u));
  if (sure.length) return { expected: refusals, tolerated: elsewhere, received };
  if (refusals.length) return { expected: refusals, tolerated: [success, ...elsewhere], received };
  return { expected: [success], tolerated: unsure, received };
}

export type TransferCase = {
  sender: { user: number; wallet: number; currency: string; balance: number };
  receiver: { user: number; wallet: number; currency: string; balance: number };
  amount: number;
  rates: Rates;
  maxBalance: number;
};

/** A transfer's possible answers, in the order a careful server checks (any applicable refusal is right). */
export function predictTransfer(ledger: Ledger, c: TransferCase): Prediction {
  const received = converted(c.amount, c.sender.currency, c.receiver.currency, c.rates);
  if (c.sender.wallet === c.receiver.wallet) return predict({ status: 201 }, [{ status: 400, code: "SAME_WALLET" }], [], 0);
  const refusals: Outcome[] = [];
  const unsure: Outcome[] = [];
  if (c.sender.user !== c.receiver.user) {
    const sending = countLimit(ledger, "transfers", c.sender.user);
    const lookups = countLimit(ledger, "lookups", c.sender.user);
    const lookup = !ledger.hasDealt(c.sender.user, c.receiver.wallet);
    const limited: Outcome = { status: 429, code: "RATE_LIMITED", limit: sending.over ? "transfers" : "lookups" };
    const over = sending.over || (lookup && lookups.over);
    const edge = sending.edge || (lookup && lookups.edge);
    const told = ledger.limits.explicit.has("transfers") && ledger.limits.explicit.has("lookups");
    if (over) refusals.push(limited);
    if (!told || edge) unsure.push(limited);
  }
  if (received <= 0) refusals.push({ status: 400, code: "INVALID_AMOUNT" });
  if (c.amount > c.sender.balance) refusals.push({ status: 422, code: "INSUFFICIENT_FUNDS" });
  if (c.receiver.balance + received > c.maxBalance) refusals.push({ status: 422, code: "BALANCE_LIMIT" });
  return predict({ status: 201 }, refusals, unsure, received);
}

export type TopUpCase = { user: number; wallet: number; balance: number; amount: number; cap: number; maxBalance: number; badInputCodes: string[] };

/** A top-up's possible answers: the document's per-top-up cap, the count and daily limits, the largest balance. */
export function predictTopUp(ledger: Ledger, c: TopUpCase): Prediction {
  if (c.amount < 1 || c.amount > c.cap) return { expected: c.badInputCodes.map((code) => ({ status: 400, code })), tolerated: [], received: 0 };
  const refusals: Outcome[] = [];
  const unsure: Outcome[] = [];
  const count = countLimit(ledger, "topup-count", c.user);
  const limited: Outcome = { status: 429, code: "RATE_LIMITED", limit: "topup-count" };
  if (count.over) refusals.push(limited);
  if (!ledger.limits.explicit.has("topup-count") || count.edge) unsure.push(limited);
  const day = ledger.toppedUp(c.wallet);
  const daily: Outcome = { status: 422, code: "TOPUP_DAILY_LIMIT", limit: "topup-daily" };
  if (day.total + c.amount > ledger.limits.values["topup-daily"]) refusals.push(daily);
  if (!ledger.limits.explicit.has("topup-daily") || day.edge) unsure.push(daily);
  if (c.balance + c.amount > c.maxBalance) refusals.push({ status: 422, code: "BALANCE_LIMIT" });
  return predict({ status: 201 }, refusals, unsure, c.amount);
}
