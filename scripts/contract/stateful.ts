import fc from "fast-check";
import type { CodeSource } from "./codes";
import type { ContractDocument } from "./document";
import { curlOf, send, type Reply, type Request } from "./http";
import { BANK } from "./knowledge";
import { signIn, type Person, type Tokens } from "./session";

/**
 * Stateful runs: random sequences of what customers do (top up, transfer in and across
 * currencies, resend with the same key, read history page by page, look each other up, peek at
 * each other's history, refresh, sign out and in again) for three users, checked after every step
 * against a small reference model of the bank. A failing sequence is shrunk by fast-check to the
 * shortest that still fails and printed as a script of curl lines.
 */

export type StatefulOptions = {
  baseUrl: string;
  document: ContractDocument;
  codes: CodeSource;
  run: string;
  seed: number;
  sequences: number;
  record: (name: string, problems: string[]) => void;
};

type Sent = { who: number; path: string; key: string; body: unknown; id: number; status: number };

/** The bank as the model sees it: balances per wallet, movements per wallet, newest last. */
type Model = {
  balances: Map<number, number>;
  movements: Map<number, number[]>;
  lastSent: Sent | null;
};

/** The real side: people (their current tokens), rates, and the script of the current sequence. */
type Real = {
  people: Person[];
  rates: Record<string, number>;
  script: string[];
  options: StatefulOptions;
  /** Signing out costs a fresh e-mail sign-in: a budget keeps the run under the server's limits. */
  signOutsLeft: number;
};

class Failure extends Error {}

const split = (operation: string) => {
  const [method, path] = operation.split(" ");
  return { method, path };
};

async function step(real: Real, operation: string, who: Person | null, rest: Partial<Request>, expect: number[]): Promise<Reply> {
  const request: Request = { ...split(operation), params: {}, query: {}, headers: {}, ...rest, ...(who ? { token: who.tokens.access_token } : {}) };
  real.script.push(curlOf(real.options.baseUrl, request));
  const reply = await send(real.options.baseUrl, request);
  const broken = real.options.document.check(request.method, request.path, reply);
  if (!expect.includes(reply.status) || broken.length) {
    throw new Failure(`${operation} answered ${reply.status} (expected ${expect.join(" or ")}): ${[...broken, reply.text.slice(0, 200)].join("; ")}`);
  }
  return reply;
}

const walletOf = (p: Person, currency: string) => p.wallets.find((w) => w.currency === currency)!;

/** After every step: each user's balances are the model's. */
async function checkBalances(model: Model, real: Real): Promise<void> {
  for (const person of real.people) {
    const wallets = (await step(real, BANK.wallets, person, {}, [200])).body as { id: number; balance: number }[];
    for (const w of wallets) {
      const expected = model.balances.get(w.id);
      if (expected !== undefined && expected !== w.balance) throw new Failure(`wallet ${w.id} of ${person.email} holds ${w.balance}, the model says ${expected}`);
    }
  }
}

type Command = fc.AsyncCommand<Model, Real>;

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

function commands(): fc.Arbitrary<Command>[] {
  return [
    fc.tuple(userArb, currencyArb, fc.integer({ min: 1, max: 500_000 }), fc.boolean()).map(([u, currency, amount, keyed]) =>
      command(`user ${u} tops up ${amount} ${currency}${keyed ? " with a key" : ""}`, async (model, real) => {
        const person = real.people[u];
        const key = keyed ? `stateful-${real.options.run}-${Math.random().toString(36).slice(2)}` : "";
        const body = { currency, amount };
        // A top-up over the daily limit is a documented refusal that changes nothing.
        const reply = await step(real, BANK.topUp, person, { body, headers: key ? { "Idempotency-Key": key } : {} }, [201, 422]);
        if (reply.status === 422) return;
        const t = reply.body as { id: number; receivedAmount: number };
        if (t.receivedAmount !== amount) throw new Failure(`a top-up of ${amount} credited ${t.receivedAmount}`);
        const wallet = walletOf(person, currency).id;
        model.balances.set(wallet, (model.balances.get(wallet) ?? 0) + amount);
        model.movements.set(wallet, [...(model.movements.get(wallet) ?? []), t.id]);
        if (key) model.lastSent = { who: u, path: BANK.topUp, key, body, id: t.id, status: 201 };
      }),
    ),
    fc.tuple(userArb, userArb, currencyArb, currencyArb, fc.integer({ min: 1, max: 300_000 }), fc.boolean()).map(([from, to, c1, c2, amount, keyed]) =>
      command(`user ${from} sends ${amount} ${c1} to user ${to}'s ${c2} wallet${keyed ? " with a key" : ""}`, async (model, real) => {
        const [sender, receiver] = [real.people[from], real.people[to]];
        const [source, target] = [walletOf(sender, c1).id, walletOf(receiver, c2).id];
        const body = { senderWalletId: source, receiverWalletId: target, amount };
        const key = keyed ? `stateful-${real.options.run}-${Math.random().toString(36).slice(2)}` : "";
        const headers: Record<string, string> = key ? { "Idempotency-Key": key } : {};
        if (source === target) {
          await step(real, BANK.transfer, sender, { body, headers }, [400]);
          return;
        }
        const covered = (model.balances.get(source) ?? 0) >= amount;
        const reply = await step(real, BANK.transfer, sender, { body, headers }, covered ? [201] : [422]);
        if (!covered) return;
        const t = reply.body as { id: number; amount: number; receivedAmount: number };
        const exact = (amount * real.rates[c1]) / real.rates[c2];
        if (t.amount !== amount || !(Math.abs(t.receivedAmount - exact) < 1)) throw new Failure(`${amount} ${c1}→${c2} credited ${t.receivedAmount}, the rates say ${exact.toFixed(2)}`);
        model.balances.set(source, (model.balances.get(source) ?? 0) - amount);
        model.balances.set(target, (model.balances.get(target) ?? 0) + t.receivedAmount);
        model.movements.set(source, [...(model.movements.get(source) ?? []), t.id]);
        model.movements.set(target, [...(model.movements.get(target) ?? []), t.id]);
        if (key) model.lastSent = { who: from, path: BANK.transfer, key, body, id: t.id, status: 201 };
      }),
    ),
    fc.constant(
      command(
        "the last keyed request is sent again",
        async (model, real) => {
          const last = model.lastSent!;
          const reply = await step(real, last.path, real.people[last.who], { body: last.body, headers: { "Idempotency-Key": last.key } }, [last.status]);
          if ((reply.body as { id: number }).id !== last.id) throw new Failure(`the resent request answered transfer ${(reply.body as { id: number }).id}, not ${last.id}`);
        },
        (model) => model.lastSent !== null,
      ),
    ),
    fc.tuple(userArb, currencyArb, fc.integer({ min: 1, max: 3 })).map(([u, currency, limit]) =>
      command(`user ${u} reads the ${currency} history ${limit} at a time`, async (model, real) => {
        const person = real.people[u];
        const wallet = walletOf(person, currency).id;
        const ids: number[] = [];
        let cursor: string | null = null;
        for (let page = 0; page < 50; page += 1) {
          const reply = await step(real, BANK.history, person, { params: { walletId: wallet }, query: { limit, ...(cursor ? { cursor } : {}) } }, [200]);
          ids.push(...(reply.body as { id: number }[]).map((t) => t.id));
          cursor = reply.headers.get(BANK.nextCursorHeader);
          if (!cursor) break;
        }
        const known = model.movements.get(wallet) ?? [];
        const listed = ids.filter((id) => known.includes(id));
        if (new Set(ids).size !== ids.length) throw new Failure(`the pages repeat a transfer: ${ids.join(", ")}`);
        if (JSON.stringify(listed) !== JSON.stringify([...known].reverse())) throw new Failure(`history lists ${listed.join(", ")}; the model, newest first: ${[...known].reverse().join(", ")}`);
      }),
    ),
    fc.tuple(userArb, userArb).map(([u, other]) =>
      command(`user ${u} looks up user ${other} and peeks at their RUB history`, async (_model, real) => {
        const [person, them] = [real.people[u], real.people[other]];
        const profile = await step(real, "GET /api/v1/users/id/{id}", person, { params: { id: them.me.id } }, [200, 429]);
        if (u !== other && JSON.stringify(profile.body).includes(them.email)) throw new Failure("another user's profile carries their e-mail");
        const history = await step(real, BANK.history, person, { params: { walletId: walletOf(them, "RUB").id } }, u === other ? [200] : [403, 404]);
        void history;
      }),
    ),
    userArb.map((u) =>
      command(`user ${u} refreshes their tokens`, async (_model, real) => {
        const person = real.people[u];
        const reply = await step(real, BANK.refresh, null, { body: { refresh_token: person.tokens.refresh_token } }, [200]);
        person.tokens = reply.body as Tokens;
        await step(real, BANK.me, person, {}, [200]);
      }),
    ),
    userArb.map((u) =>
      command(
        `user ${u} signs out and in again`,
        async (_model, real) => {
          real.signOutsLeft -= 1;
          const person = real.people[u];
          await step(real, BANK.logout, null, { body: { refresh_token: person.tokens.refresh_token } }, [200]);
          await step(real, BANK.me, person, {}, [401]);
          await step(real, BANK.refresh, null, { body: { refresh_token: person.tokens.refresh_token } }, [401]);
          await signInAgain(real, u);
        },
        () => signOutsAllowed(),
      ),
    ),
  ];
}

let budget: Real | null = null;
/** Whether a sign-out fits the run's budget (checked while fast-check builds a sequence). */
const signOutsAllowed = () => (budget?.signOutsLeft ?? 0) > 0;

async function signInAgain(real: Real, u: number): Promise<void> {
  const fresh = await signIn(real.options.baseUrl, real.options.codes, real.people[u].email);
  real.people[u].tokens = fresh.tokens;
  real.script.push(`# user ${u} signed in again by e-mail code`);
}

/** Runs `sequences` random sequences; one line of the report, with the shrunk script on failure. */
export async function runStateful(options: StatefulOptions): Promise<void> {
  const people: Person[] = [];
  for (const tag of ["sa", "sb", "sc"]) people.push(await signIn(options.baseUrl, options.codes, `contract.${tag}.${options.run}@example.com`));
  const rates: Record<string, number> = {};
  for (const currency of BANK.currencies) {
    const reply = await send(options.baseUrl, { ...split(BANK.rate), params: { currency }, query: {}, headers: {}, token: people[0].tokens.access_token });
    if (reply.status !== 200) throw new Error(`the rate of ${currency} is unknown (${reply.status}); stateful runs need every rate`);
    rates[currency] = (reply.body as { value: number }).value;
  }
  const real: Real = { people, rates, script: [], options, signOutsLeft: 3 };
  budget = real;
  const scripts: string[][] = [];
  const result = await fc.check(
    fc.asyncProperty(fc.commands(commands(), { maxCommands: 8 }), async (cmds) => {
      real.script = [];
      const setup = async () => {
        const balances = new Map<number, number>();
        for (const [u, person] of people.entries()) {
          // Every sequence starts from signed-in users, whatever an earlier (failed) one left.
          let reply = await step(real, BANK.wallets, person, {}, [200, 401]);
          if (reply.status === 401) {
            await signInAgain(real, u);
            reply = await step(real, BANK.wallets, person, {}, [200]);
          }
          for (const w of reply.body as { id: number; balance: number }[]) balances.set(w.id, w.balance);
        }
        real.script = [];
        return { model: { balances, movements: new Map(), lastSent: null } as Model, real };
      };
      try {
        await fc.asyncModelRun(setup, cmds);
      } catch (error) {
        scripts.push([...real.script, `# failed: ${(error as Error).message}`]);
        throw error;
      }
    }),
    { seed: options.seed, numRuns: options.sequences, interruptAfterTimeLimit: 120_000, markInterruptAsFailure: false },
  );
  const label = `stateful: ${result.numRuns} sequences of up to 8 steps for 3 users, checked against the model after every step`;
  if (!result.failed) return options.record(label, []);
  const shortest = scripts.at(-1) ?? [];
  options.record(label, [
    `first failure: ${scripts[0]?.at(-1)?.replace(/^# failed: /, "") ?? "unknown"}`,
    `shrunk to ${String(result.counterexample?.[0] ?? "")} after ${result.numShrinks} steps`,
    "script:",
    ...shortest,
  ]);
}
