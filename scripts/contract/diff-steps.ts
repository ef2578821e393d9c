import fc from "fast-check";
import type { CodeSource } from "./codes";
import type { Seen } from "./diff-compare";
import { curlOf, send, type Request } from "./http";
import { BANK } from "./knowledge";
import { signIn, type Person } from "./session";

/**
 * The steps of the differential run: what three customers do — top up, transfer within and across
 * currencies, send a keyed request again, read their wallets, a history page by page, a receipt,
 * look each other up. A step is plain data, drawn by fast-check from the seed and shrunk by it;
 * each side resolves it against its own users, wallets and movements, so that the same step means
 * the same thing on two backends whose ids differ.
 */

export type Step =
  | { kind: "topup"; user: number; currency: string; amount: number; keyed: boolean }
  /** `c1` null: from the sender's fullest wallet; `amount` a share: that part of the balance sent (both read first). */
  | { kind: "transfer"; from: number; to: number; c1: string | null; c2: string; amount: number | { percent: number }; keyed: boolean }
  | { kind: "resend" }
  | { kind: "wallets"; user: number }
  | { kind: "history"; user: number; currency: string; limit: number }
  | { kind: "receipt"; user: number; back: number }
  | { kind: "lookup"; user: number; other: number };

const user = fc.integer({ min: 0, max: 2 });
const currency = fc.constantFrom(...BANK.currencies);
/** Amounts mostly within the balances top-ups make; now and then none, one minor unit, or far too much. */
const amount = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 500_000 }) }, { weight: 1, arbitrary: fc.constantFrom(0, 1, 1_000_000_000) });

/** What each user holds before the first step: enough to move, in the currency every conversion starts from. */
export const START = { currency: "RUB", amount: 500_000 };

/** A sequence of up to `steps` steps (money moves drawn most often: the rest reads what they did). */
export const stepsArb = (steps: number): fc.Arbitrary<Step[]> =>
  fc.array(
    fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant("topup" as const), user, currency, amount, keyed: fc.boolean() }) },
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant("transfer" as const),
          from: user,
          to: user,
          c1: fc.option(currency, { freq: 2 }),
          c2: currency,
          amount: fc.oneof(amount, fc.record({ percent: fc.integer({ min: 1, max: 100 }) })),
          keyed: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: "resend" as const }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("wallets" as const), user }) },
      // Mostly the ruble history, where every sequence's money starts: it has movements to list.
      { weight: 3, arbitrary: fc.record({ kind: fc.constant("history" as const), user, currency: fc.oneof({ weight: 2, arbitrary: fc.constant(START.currency) }, currency), limit: fc.integer({ min: 1, max: 3 }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("receipt" as const), user, back: fc.integer({ min: 0, max: 2 }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("lookup" as const), user, other: user }) },
    ),
    { minLength: 1, maxLength: steps },
  );

export function labelOf(step: Step): string {
  const key = "keyed" in step && step.keyed ? " with a key" : "";
  switch (step.kind) {
    case "topup":
      return `user ${step.user} tops up ${step.amount} ${step.currency}${key}`;
    case "transfer": {
      const amount = typeof step.amount === "number" ? String(step.amount) : `${step.amount.percent} % of the balance`;
      return `user ${step.from} sends ${amount} ${step.c1 ? `from their ${step.c1} wallet` : "from their fullest wallet"} to user ${step.to}'s ${step.c2} wallet${key}`;
    }
    case "resend":
      return "the last keyed request is sent again";
    case "wallets":
      return `user ${step.user} reads their wallets`;
    case "history":
      return `user ${step.user} reads the ${step.currency} history ${step.limit} at a time`;
    case "receipt":
      return `user ${step.user} reads the receipt of the movement ${step.back ? `${step.back} before the last` : "made last"}`;
    case "lookup":
      return `user ${step.user} looks up user ${step.other}`;
  }
}

/**
 * One backend within one sequence: its users (signed in before the first step, by addresses of its
 * own), the movements made, newest last, the last keyed request, the curl lines.
 */
export class Side {
  private readonly people: Person[] = [];
  private readonly made: number[] = [];
  private lastKeyed: { who: number; request: Request } | null = null;
  readonly script: string[] = [];

  constructor(
    readonly name: "A" | "B",
    readonly baseUrl: string,
    private readonly codes: CodeSource,
    /** The addresses of the sequence's users on this side. */
    private readonly email: (u: number) => string,
  ) {}

  /**
   * Signs the sequence's three users in, all at once (each sign-in waits on a mail), and gives each
   * 5 000,00 ₽ to move (`START`): the answers of those top-ups, compared like any step's.
   */
  async start(): Promise<Seen[]> {
    const people = await Promise.all([0, 1, 2].map((u) => signIn(this.baseUrl, this.codes, this.email(u))));
    const seen: Seen[] = [];
    for (const [u, person] of people.entries()) {
      this.people[u] = person;
      this.script.push(`# user ${u} signs in by e-mail code as ${person.email}`);
      seen.push(...(await this.move(BANK.topUp, u, { body: START })));
    }
    return seen;
  }

  private person(u: number): Person {
    const person = this.people[u];
    if (!person) throw new Error(`user ${u} of ${this.baseUrl} is not signed in`);
    return person;
  }

  private wallet(u: number, currency: string): number | undefined {
    return this.person(u).wallets.find((w) => w.currency === currency)?.id;
  }

  private async send(operation: string, u: number | null, rest: Partial<Request>): Promise<{ seen: Seen; next: string | null }> {
    const [method, path] = operation.split(" ");
    const token = u === null ? undefined : this.person(u).tokens.access_token;
    const request: Request = { method, path, params: {}, query: {}, headers: {}, ...rest, ...(token ? { token } : {}) };
    this.script.push(curlOf(this.baseUrl, request));
    const reply = await send(this.baseUrl, request);
    if (rest.headers?.["Idempotency-Key"] && u !== null) this.lastKeyed = { who: u, request };
    const next = reply.headers.get(BANK.nextCursorHeader);
    return { seen: { operation, status: reply.status, body: reply.body, paged: next !== null }, next };
  }

  /** A money move: its answer, and the movement it made noted for the receipts. */
  private async move(operation: string, u: number, rest: Partial<Request>): Promise<Seen[]> {
    const { seen } = await this.send(operation, u, rest);
    const id = (seen.body as { id?: unknown } | null)?.id;
    if (seen.status === 201 && typeof id === "number") this.made.push(id);
    return [seen];
  }

  /** Runs one step; its answers, in order. `key` is the step's Idempotency-Key (the same on both sides). */
  async perform(step: Step, key: string): Promise<Seen[]> {
    const keyed = (on: boolean): Record<string, string> => (on ? { "Idempotency-Key": key } : {});
    switch (step.kind) {
      case "topup":
        return this.move(BANK.topUp, step.user, { body: { currency: step.currency, amount: step.amount }, headers: keyed(step.keyed) });
      case "transfer":
        return this.transfer(step, keyed(step.keyed));
      case "resend": {
        if (!this.lastKeyed) return [];
        const { who, request } = this.lastKeyed;
        return this.move(`${request.method} ${request.path}`, who, { body: request.body, headers: request.headers });
      }
      case "wallets":
        return [(await this.send(BANK.wallets, step.user, {})).seen];
      case "history":
        return this.history(step.user, step.currency, step.limit);
      case "receipt": {
        const id = this.made.at(-1 - step.back);
        if (id === undefined) return [];
        return [(await this.send(BANK.receipt, step.user, { params: { id } })).seen];
      }
      case "lookup":
        return [(await this.send("GET /api/v1/users/id/{id}", step.user, { params: { id: this.person(step.other).me.id } })).seen];
    }
  }

  /** A transfer; its source or amount read from the sender's wallets first when the step asks for the fullest or a share. */
  private async transfer(step: Extract<Step, { kind: "transfer" }>, headers: Record<string, string>): Promise<Seen[]> {
    const seen: Seen[] = [];
    let source = { id: step.c1 ? this.wallet(step.from, step.c1) : undefined, balance: 0 };
    if (!step.c1 || typeof step.amount !== "number") {
      const read = await this.send(BANK.wallets, step.from, {});
      seen.push(read.seen);
      const wallets = read.seen.status === 200 ? (read.seen.body as { id: number; currency: string; balance: number }[]) : [];
      const fullest = wallets.reduce<(typeof wallets)[number] | undefined>((best, w) => (!best || w.balance > best.balance ? w : best), undefined);
      const chosen = step.c1 ? wallets.find((w) => w.currency === step.c1) : fullest;
      source = { id: chosen?.id ?? source.id, balance: chosen?.balance ?? 0 };
    }
    const amount = typeof step.amount === "number" ? step.amount : Math.floor((source.balance * step.amount.percent) / 100);
    const body = { senderWalletId: source.id, receiverWalletId: this.wallet(step.to, step.c2), amount };
    return [...seen, ...(await this.move(BANK.transfer, step.from, { body, headers }))];
  }

  /** Every page of a history, following the next cursor (at most 50 pages). */
  private async history(u: number, currency: string, limit: number): Promise<Seen[]> {
    const walletId = this.wallet(u, currency);
    const pages: Seen[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const { seen, next } = await this.send(BANK.history, u, { params: { walletId }, query: { limit, ...(cursor ? { cursor } : {}) } });
      pages.push(seen);
      cursor = seen.status === 200 ? next : null;
      if (!cursor) break;
    }
    return pages;
  }
}
