import fc from "fast-check";
import { Ledger, ratesOf } from "./bank-model";
import type { ContractDocument } from "./document";
import { send } from "./http";
import { BANK } from "./knowledge";
import { EnvironmentError, Failure, isEnvironment } from "./outcome";
import { maximumAt, topUpCap } from "./oracle-kit";
import { signIn, type Person } from "./session";
import { commands, signInAgain } from "./stateful-commands";
import { step, type Model, type Real, type StatefulOptions } from "./stateful-step";

export type { StatefulOptions } from "./stateful-step";

/**
 * Stateful runs: random sequences of what customers do for three users, checked after every step
 * against a model of the bank (scripts/contract/bank-model.ts predicts every documented refusal it
 * can foresee). A failing sequence is shrunk by fast-check only while it fails the same way (the
 * same check at the same operation), and printed as a script of curl lines. A fault of the
 * environment (no sign-in code, an unreachable server, a documented 503) stops the runs and is
 * reported apart: it is never shrunk into a failure of the server's.
 */

type Found = { first: Failure; firstScript: string[]; last: Failure; shortest: string[] };

/** Codes the document lists for an operation's 400 (a malformed top-up may get any of them). */
function badInputCodes(document: ContractDocument, method: string, path: string): string[] {
  const schema = document.operation(method, path)?.responses?.["400"]?.content?.["application/json"]?.schema as
    | { allOf?: { properties?: { code?: { enum?: string[] } } }[] }
    | undefined;
  return (schema?.allOf ?? []).flatMap((part) => part.properties?.code?.enum ?? []);
}

async function prepare(options: StatefulOptions): Promise<Real> {
  const people: Person[] = [];
  for (const tag of ["sa", "sb", "sc"]) people.push(await signIn(options.baseUrl, options.codes, `contract.${tag}.${options.run}@example.com`));
  const quotes: Record<string, number> = {};
  for (const currency of BANK.currencies) {
    const reply = await send(options.baseUrl, { method: "GET", path: "/api/v1/rates/{currency}", params: { currency }, query: {}, headers: {}, token: people[0].tokens.access_token });
    if (reply.status !== 200) throw new EnvironmentError(`the rate of ${currency} is unknown (${reply.status}); stateful runs need every rate`);
    quotes[currency] = (reply.body as { value: number }).value;
  }
  const { document } = options;
  const balance = ["paths", "/api/v1/wallet", "get", "responses", "200", "content", "application/json", "schema", "items", "properties", "balance"];
  return {
    people,
    rates: ratesOf(quotes),
    script: [],
    options,
    ledger: new Ledger(options.limits),
    signOutsLeft: 3,
    cap: topUpCap(document),
    maxBalance: maximumAt(document, balance, Number.MAX_SAFE_INTEGER),
    badTopUpCodes: badInputCodes(document, "POST", "/api/v1/wallet/topup"),
    notes: new Set(),
    drawn: new Map(),
  };
}

/** Every sequence starts from signed-in users and the balances the server holds, whatever an earlier one left. */
async function setup(real: Real): Promise<{ model: Model; real: Real }> {
  const balances = new Map<number, number>();
  for (const [u, person] of real.people.entries()) {
    let { reply } = await step(real, BANK.wallets, person, {}, [{ status: 200 }, { status: 401 }]);
    if (reply.status === 401) {
      await signInAgain(real, u);
      ({ reply } = await step(real, BANK.wallets, person, {}, [{ status: 200 }]));
    }
    for (const w of reply.body as { id: number; balance: number }[]) balances.set(w.id, w.balance);
  }
  real.script = [];
  return { model: { balances, movements: new Map(), lastSent: null }, real };
}

/** Runs `sequences` random sequences; one line of the report, with the shrunk script on failure. */
export async function runStateful(options: StatefulOptions): Promise<void> {
  const label = (runs: number) => `stateful: ${runs} sequences of up to ${options.steps} steps for 3 users, checked against the model after every step`;
  let real: Real;
  try {
    real = await prepare(options);
  } catch (error) {
    if (isEnvironment(error)) return options.environment(label(0), [`before the first sequence: ${error.message}`]);
    throw error;
  }
  let found: Found | null = null;
  let environment: EnvironmentError | null = null;
  const result = await fc.check(
    fc.asyncProperty(fc.commands(commands(real), { maxCommands: options.steps }), async (cmds) => {
      // Once the environment failed, nothing more is learnt about the server.
      if (environment && !found) return true;
      real.script = [];
      try {
        await fc.asyncModelRun(() => setup(real), cmds);
        return true;
      } catch (error) {
        if (isEnvironment(error)) {
          environment ??= error;
          return true;
        }
        const failure = error instanceof Failure ? error : new Failure("the run itself", "the run", (error as Error).stack ?? String(error));
        // While shrinking, a sequence that fails some other way is not the failure being shrunk.
        if (found && failure.signature !== found.first.signature) return true;
        const script = [...real.script, `# failed: ${failure.message}`];
        found = found ? { ...found, last: failure, shortest: script } : { first: failure, firstScript: script, last: failure, shortest: script };
        return false;
      }
    }),
    { seed: options.seed, numRuns: options.sequences, interruptAfterTimeLimit: 120_000, markInterruptAsFailure: false },
  );
  const outcome = { failed: result.failed, shrunk: String(result.counterexample?.[0] ?? ""), shrinks: result.numShrinks };
  report(options, real, outcome, found, environment, label(result.numRuns));
}

type Outcome = { failed: boolean; shrunk: string; shrinks: number };

function report(options: StatefulOptions, real: Real, result: Outcome, found: Found | null, environment: EnvironmentError | null, label: string): void {
  const drawn = [...real.drawn].map(([edge, n]) => `${edge} ×${n}`).join(", ");
  options.note(`stateful edges drawn on purpose: ${drawn || "none"}`);
  for (const note of real.notes) options.note(`stateful: ${note}`);
  const f = found as Found | null;
  if (result.failed && f) {
    return options.record(label, [
      `first failure (${f.first.signature}): ${f.first.message}`,
      `shrunk to ${result.shrunk} after ${result.shrinks} steps, failing the same way: ${f.last.message}`,
      ...(environment ? [`meanwhile the environment failed: ${environment.message}`] : []),
      "script:",
      ...f.shortest,
    ]);
  }
  if (environment) return options.environment(label, [`stopped by the environment, not the server: ${environment.message}`]);
  options.record(label, []);
}
