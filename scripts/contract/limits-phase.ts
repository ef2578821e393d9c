import type { ContractClient } from "./client";
import { BANK } from "./knowledge";
import { LIMIT_MEANINGS, type LimitName, type Limits } from "./limits";
import { curlOf, send, type Request } from "./http";
import { balancesOf, caller, sectionOf, split, topUpCap, walletOf, type Caller, type OracleOptions } from "./oracle-kit";
import { signIn, type Person } from "./session";

/**
 * The limits phase, opt-in (`--phases limits`): each limit given with --limits is used up on
 * purpose by a user of its own — exactly as many requests as it allows are served, the next one is
 * refused as documented (429 RATE_LIMITED, 422 TOPUP_DAILY_LIMIT or STATEMENT_TOO_LARGE) and moves
 * nothing. It uses the server's limits up for those users, hence opt-in; a limit past a few
 * hundred requests is not provoked.
 */

const MOST = 300;

type Ctx = { call: Caller; options: OracleOptions; fresh: (tag: string) => Promise<Person> };
type Provoke = (ctx: Ctx, n: number) => Promise<string[]>;

const codeOf = (body: unknown) => (body as { code?: unknown } | null)?.code;

/** `n` allowed calls (each must answer `ok`), then one more that must answer `status` with `code`. */
async function exhaust(call: () => Promise<{ status: number; body: unknown }>, n: number, ok: number, status: number, code: string): Promise<string[]> {
  for (let i = 1; i <= n; i += 1) {
    const answer = await call();
    if (answer.status !== ok) return [`request ${i} of the ${n} allowed answered ${answer.status} ${String(codeOf(answer.body) ?? "")}`];
  }
  const last = await call();
  return last.status === status && codeOf(last.body) === code ? [] : [`request ${n + 1} answered ${last.status} ${String(codeOf(last.body) ?? "")}, not ${status} ${code}`];
}

/** A call whose answer comes back whatever its status (the phase judges it), held to the document. */
const anyStatus = (ctx: Ctx, operation: string, person: Person, rest: Parameters<Caller>[2]) => async () => {
  const request: Request = { ...split(operation), params: rest.params ?? {}, query: rest.query ?? {}, headers: {}, body: rest.body, token: person.tokens.access_token };
  // The refusal is the point here: a Retry-After is not waited for.
  const reply = await send(ctx.options.baseUrl, request, { honourRetryAfter: false });
  const broken = ctx.options.document.check(request.method, request.path, reply);
  if (broken.length) throw new Error(`${operation} answered ${reply.status} outside the document: ${broken.join("; ")}; reproduce: ${curlOf(ctx.options.baseUrl, request)}`);
  return reply;
};

const PROVOKE: Partial<Record<LimitName, Provoke>> = {
  lookups: async (ctx, n) => {
    const me = await ctx.fresh("ll");
    return exhaust(anyStatus(ctx, "GET /api/v1/users/id/{id}", me, { params: { id: me.me.id } }), n, 200, 429, "RATE_LIMITED");
  },
  transfers: async (ctx, n) => {
    const [me, them] = [await ctx.fresh("lt"), await ctx.fresh("lu")];
    await ctx.call(BANK.topUp, me.tokens.access_token, { body: { currency: "RUB", amount: 100_000 } }, 201);
    const body = { senderWalletId: walletOf(me, "RUB").id, receiverWalletId: walletOf(them, "RUB").id, amount: 1 };
    const problems = await exhaust(anyStatus(ctx, BANK.transfer, me, { body }), n, 201, 429, "RATE_LIMITED");
    const left = (await balancesOf(ctx.call, me)).RUB;
    return left === 100_000 - n ? problems : [...problems, `the sender holds ${left}, not ${100_000 - n}: the refused transfer moved money`];
  },
  "topup-count": async (ctx, n) => {
    const me = await ctx.fresh("lc");
    const problems = await exhaust(anyStatus(ctx, BANK.topUp, me, { body: { currency: "RUB", amount: 1 } }), n, 201, 429, "RATE_LIMITED");
    const held = (await balancesOf(ctx.call, me)).RUB;
    return held === n ? problems : [...problems, `the wallet holds ${held}, not ${n}: the refused top-up was credited`];
  },
  "topup-daily": async (ctx, n) => {
    const me = await ctx.fresh("ld");
    const cap = topUpCap(ctx.options.document);
    for (let left = n; left > 0; left -= Math.min(cap, left)) await ctx.call(BANK.topUp, me.tokens.access_token, { body: { currency: "EUR", amount: Math.min(cap, left) } }, 201);
    const problems = await exhaust(anyStatus(ctx, BANK.topUp, me, { body: { currency: "EUR", amount: 1 } }), 0, 201, 422, "TOPUP_DAILY_LIMIT");
    const held = (await balancesOf(ctx.call, me)).EUR;
    return held === n ? problems : [...problems, `the wallet holds ${held}, not ${n}`];
  },
  "statement-downloads": async (ctx, n) => {
    const me = await ctx.fresh("ls");
    const today = new Date().toISOString().slice(0, 10);
    const link = (await ctx.call("POST /api/v1/statements/link", me.tokens.access_token, { body: { walletId: walletOf(me, "RUB").id, from: today, to: today, tz: 0, format: "csv" } }, 201)).body as { url: string };
    const token = new URL(link.url, "http://link").searchParams.get("token") ?? "";
    return exhaust(anyStatus(ctx, "GET /api/v1/statements/csv", me, { query: { token } }), n, 200, 429, "RATE_LIMITED");
  },
  "statement-rows": async (ctx, n) => {
    const me = await ctx.fresh("lr");
    const today = new Date().toISOString().slice(0, 10);
    const ask = anyStatus(ctx, "POST /api/v1/statements/link", me, { body: { walletId: walletOf(me, "RUB").id, from: today, to: today, tz: 0, format: "csv" } });
    for (let i = 0; i < n; i += 1) await ctx.call(BANK.topUp, me.tokens.access_token, { body: { currency: "RUB", amount: 1 } }, 201);
    const atLimit = await ask();
    await ctx.call(BANK.topUp, me.tokens.access_token, { body: { currency: "RUB", amount: 1 } }, 201);
    const past = await ask();
    const problems: string[] = [];
    if (atLimit.status !== 201) problems.push(`a statement of exactly ${n} movements answered ${atLimit.status} ${String(codeOf(atLimit.body) ?? "")}`);
    if (past.status !== 422 || codeOf(past.body) !== "STATEMENT_TOO_LARGE") problems.push(`a statement of ${n + 1} movements answered ${past.status} ${String(codeOf(past.body) ?? "")}, not 422 STATEMENT_TOO_LARGE`);
    return problems;
  },
};

/** Provokes every limit given with --limits (within reach), one line each. */
export async function runLimits(api: ContractClient, options: OracleOptions, limits: Limits): Promise<void> {
  const section = sectionOf(api, "limits");
  const ctx: Ctx = { call: caller(options), options, fresh: (tag) => signIn(options.baseUrl, options.codes, `contract.${tag}.${options.run}@example.com`) };
  for (const [name, provoke] of Object.entries(PROVOKE) as [LimitName, Provoke][]) {
    const n = limits.values[name];
    const requests = name === "topup-daily" ? Math.ceil(n / topUpCap(options.document)) + 1 : n + 1;
    if (!limits.explicit.has(name)) console.log(`note  limits: ${name} not provoked (give the server's with --limits ${name}=<n>)`);
    else if (requests > MOST) console.log(`note  limits: ${name}=${n} not provoked (more than ${MOST} requests)`);
    else await section(`${name}=${n}: as much as it allows is served, the next is refused as documented and moves nothing (${LIMIT_MEANINGS[name]})`, () => provoke(ctx, n));
  }
}
