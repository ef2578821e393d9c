import { describe, matches, type Ledger, type Outcome, type Rates } from "./bank-model";
import type { Limits } from "./limits";
import type { CodeSource } from "./codes";
import type { ContractDocument } from "./document";
import { cameBackLater, curlOf, send, type Reply, type Request } from "./http";
import { within } from "./oracle-kit";
import { Failure } from "./outcome";
import type { Person } from "./session";

/**
 * One step of a stateful sequence: the request sent, its curl line kept for the script, its answer
 * held to the document and to what the model says a correct server may answer.
 */

export type StatefulOptions = {
  baseUrl: string;
  document: ContractDocument;
  codes: CodeSource;
  run: string;
  seed: number;
  sequences: number;
  /** Steps per sequence at most. */
  steps: number;
  limits: Limits;
  /** How far the server's clock may be from the run's, in milliseconds. */
  clockSkewMs: number;
  record: (name: string, problems: string[]) => void;
  environment: (name: string, problems: string[]) => void;
  /** A line of the report that is neither a pass nor a failure (what the run drew, what it followed). */
  note: (line: string) => void;
};

/** The last keyed request that succeeded: `path` is its operation ("POST /api/v1/transfers"). */
type Sent = { who: number; path: string; key: string; body: unknown; id: number; status: number };

/** The bank as the model sees it within one sequence: balances per wallet, movements per wallet, newest last. */
export type Model = {
  balances: Map<number, number>;
  movements: Map<number, number[]>;
  lastSent: Sent | null;
};

/** The real side: people (their current tokens), rates, the script of the current sequence, what the run learnt. */
export type Real = {
  people: Person[];
  rates: Rates;
  script: string[];
  options: StatefulOptions;
  /** What the server keeps across sequences: top-ups of the day, counted limits, who dealt with whom. */
  ledger: Ledger;
  /** Signing out costs a fresh e-mail sign-in: a budget keeps the run under the server's limits. */
  signOutsLeft: number;
  /** The document's per-top-up cap, the largest balance, the codes a malformed top-up may get. */
  cap: number;
  maxBalance: number;
  badTopUpCodes: string[];
  /** Answers the model followed because a limit was assumed, not given. */
  notes: Set<string>;
  /** How often each deliberate edge was drawn. */
  drawn: Map<string, number>;
};

const split = (operation: string) => {
  const [method, path] = operation.split(" ");
  return { method, path };
};

export type Stepped = { reply: Reply; outcome: Outcome; sentAt: number; answeredAt: number };

/**
 * Sends one request as `who` and checks its answer: within the document, and one of `expected`
 * (or of `tolerated`, noted). A documented 503 is the environment's, and so is a documented 429
 * unless the model predicts that operation's limits (`modelsLimits`: then its prediction decides).
 */
export async function step(
  real: Real,
  operation: string,
  who: Person | null,
  rest: Partial<Request>,
  expected: Outcome[],
  tolerated: Outcome[] = [],
  modelsLimits = false,
): Promise<Stepped> {
  const request: Request = { ...split(operation), params: {}, query: {}, headers: {}, ...rest, ...(who ? { token: who.tokens.access_token } : {}) };
  real.script.push(curlOf(real.options.baseUrl, request));
  // A 429 the model predicts is the answer; any other "come back later" is waited for when it says how long.
  const predicted = expected.some((o) => o.status === 429);
  const sentAt = Date.now();
  const reply = await send(real.options.baseUrl, request, { honourRetryAfter: !predicted });
  const answeredAt = Date.now();
  const code = (reply.body as { code?: unknown } | null)?.code;
  const broken = real.options.document.check(request.method, request.path, reply);
  if (broken.length) throw new Failure("the document", operation, `${operation} answered ${reply.status} outside the document: ${broken.join("; ")}`);
  const hit = matches(expected, reply.status, code);
  if (hit) return { reply, outcome: hit, sentAt, answeredAt };
  const followed = matches(tolerated, reply.status, code);
  if (followed) {
    real.notes.add(`${operation} answered ${reply.status} ${String(code ?? "")} where the model, assuming the ${followed.limit ?? ""} limit, said ${describe(expected)}: give the server's limits with --limits`);
    return { reply, outcome: followed, sentAt, answeredAt };
  }
  const documented = real.options.document.operation(request.method, request.path)?.responses?.[String(reply.status)] !== undefined;
  const environment = reply.status === 503 || (reply.status === 429 && !modelsLimits) ? cameBackLater(documented, request, reply) : null;
  if (environment) throw environment;
  throw new Failure("status", operation, `${operation} answered ${reply.status}${typeof code === "string" ? ` ${code}` : ""} (expected ${describe(expected)}): ${reply.text.slice(0, 200)}`);
}

/** Whether a `createdAt` lies between sending the request and reading its answer (give or take the skew). */
export const timely = (createdAt: string, sentAt: number, answeredAt: number, skewMs: number): boolean => within(createdAt, { sentAt, answeredAt }, skewMs);

export const walletOf = (p: Person, currency: string) => p.wallets.find((w) => w.currency === currency)!;

/** After every step: each user's balances are the model's. */
export async function checkBalances(model: Model, real: Real): Promise<void> {
  for (const person of real.people) {
    const { reply } = await step(real, "GET /api/v1/wallet", person, {}, [{ status: 200 }]);
    for (const w of reply.body as { id: number; balance: number }[]) {
      const expected = model.balances.get(w.id);
      if (expected !== undefined && expected !== w.balance) {
        throw new Failure("balances", "GET /api/v1/wallet", `wallet ${w.id} of ${person.email} holds ${w.balance}, the model says ${expected}`);
      }
    }
  }
}
