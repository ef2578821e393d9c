import { decodeJwt, SignJWT } from "jose";
import type { ContractClient } from "./client";
import type { CodeSource } from "./codes";
import type { ContractDocument } from "./document";
import { exampleRequest, operationsOf } from "./generated";
import { send, curlOf, type Request } from "./http";
import { BANK, OWNED, type Resource } from "./knowledge";
import { poolOf, signIn, type Person } from "./session";

/**
 * The bank's promises that a generic tool cannot know, each checked as one line of the report:
 * rates honoured by cross-currency transfers, e-mail identity, the history's order and paging, and
 * the authorization matrix (every secured operation × no token, malformed, expired, revoked,
 * another user's resource).
 */

export type OracleOptions = {
  baseUrl: string;
  document: ContractDocument;
  codes: CodeSource;
  run: string;
  seed: number;
  /** The backend's JWT secret (HS256): only with it can an expired token be made. */
  jwtSecret?: string;
  /** How far the server's clock may be from the run's, in milliseconds. */
  clockSkewMs: number;
};

const split = (operation: string) => {
  const [method, path] = operation.split(" ");
  return { method: method as "GET" | "POST" | "PUT", path };
};

type Transfer = { id: number; amount: number; receivedAmount: number; createdAt: string };
type Wallet = { id: number; currency: string; balance: number };

export async function runOracles(api: ContractClient, options: OracleOptions): Promise<void> {
  const { baseUrl, codes, run } = options;
  const person = (tag: string, email?: string) => signIn(baseUrl, codes, email ?? `contract.${tag}.${run}@example.com`);
  const section = async (name: string, work: () => Promise<string[]>) => {
    try {
      api.record(`oracle: ${name}`, await work());
    } catch (error) {
      api.stopped(`oracle: ${name}`, error);
    }
  };
  /** One step an oracle needs: it must answer `expect` and keep to the document, or the oracle stops. */
  const call = async (
    operation: string,
    token: string,
    rest: { params?: Record<string, string | number>; query?: Record<string, string | number>; body?: unknown },
    expect = 200,
  ) => {
    const request: Request = { ...split(operation), params: rest.params ?? {}, query: rest.query ?? {}, headers: {}, body: rest.body, token };
    const reply = await send(baseUrl, request);
    const broken = options.document.check(request.method, request.path, reply);
    if (reply.status !== expect || broken.length) {
      throw new Error(`${operation} answered ${reply.status} (expected ${expect}) ${broken.join("; ")} ${reply.text.slice(0, 200)}; reproduce: ${curlOf(baseUrl, request)}`);
    }
    return reply;
  };
  const wallet = (p: Person, currency: string) => {
    const w = p.wallets.find((x) => x.currency === currency);
    if (!w) throw new Error(`no ${currency} wallet`);
    return w;
  };

  const alice = await person("oa");
  const bob = await person("ob");

  await section("a cross-currency transfer credits what the quoted rates say (within one minor unit)", async () => {
    const problems: string[] = [];
    const token = alice.tokens.access_token;
    await call(BANK.topUp, token, { body: { currency: "RUB", amount: 1_000_000 } }, 201);
    for (const to of ["USD", "EUR", "CNY"]) {
      const quote = async (currency: string) => ((await call(BANK.rate, token, { params: { currency } })).body as { value: number }).value;
      const [fromRate, toRate] = [await quote("RUB"), await quote(to)];
      const before = ((await call(BANK.wallets, bob.tokens.access_token, {})).body as Wallet[]).find((w) => w.currency === to)?.balance ?? 0;
      const amount = 12_345;
      const sent = (await call(BANK.transfer, token, { body: { senderWalletId: wallet(alice, "RUB").id, receiverWalletId: wallet(bob, to).id, amount } }, 201)).body as Transfer;
      const expected = (amount * fromRate) / toRate;
      if (!(Math.abs(sent.receivedAmount - expected) < 1)) problems.push(`RUB→${to}: ${amount} at ${fromRate}/${toRate} should credit ${expected.toFixed(2)}, the transfer says ${sent.receivedAmount}`);
      const after = ((await call(BANK.wallets, bob.tokens.access_token, {})).body as Wallet[]).find((w) => w.currency === to)?.balance ?? 0;
      if (after - before !== sent.receivedAmount) problems.push(`RUB→${to}: the receiver's balance grew by ${after - before}, the transfer says ${sent.receivedAmount}`);
    }
    return problems;
  });

  await section("e-mail identity is case-insensitive (lookup and sign-in)", async () => {
    const problems: string[] = [];
    const shouted = alice.email.toUpperCase();
    const found = await send(baseUrl, { ...split(BANK.byEmail), params: { email: shouted }, query: {}, headers: {}, token: bob.tokens.access_token });
    if (found.status !== 200 || (found.body as { id?: number }).id !== alice.me.id) problems.push(`looking up ${shouted} answered ${found.status}, not ${alice.me.id}'s profile`);
    const again = await person("oa", shouted);
    if (again.me.id !== alice.me.id) problems.push(`signing in as ${shouted} gave user ${again.me.id}, not ${alice.me.id}`);
    return problems;
  });

  const created: number[] = [];
  let pages: Transfer[][] = [];
  await section("history is newest first", async () => {
    const token = bob.tokens.access_token;
    for (const amount of [101, 202, 303, 404, 505]) created.push(((await call(BANK.topUp, token, { body: { currency: "EUR", amount } }, 201)).body as Transfer).id);
    let cursor: string | null = null;
    for (let page = 0; page < 20; page += 1) {
      const answer = await call(BANK.history, token, { params: { walletId: wallet(bob, "EUR").id }, query: { limit: 2, ...(cursor ? { cursor } : {}) } });
      pages.push(answer.body as Transfer[]);
      cursor = answer.headers.get(BANK.nextCursorHeader);
      if (!cursor) break;
    }
    // Each transfer once, where it first appears: repeats are the paging oracle's to report.
    const ids = [...new Set(pages.flat().map((t) => t.id))];
    const ours = ids.filter((id) => created.includes(id));
    const problems: string[] = [];
    if (JSON.stringify(ours) !== JSON.stringify([...created].reverse().filter((id) => ours.includes(id)))) problems.push(`transfers made in the order ${created.join(", ")} are listed as ${ours.join(", ")}`);
    const times = pages.flat().map((t) => Date.parse(t.createdAt));
    if (times.some((t, i) => i > 0 && t > times[i - 1])) problems.push(`createdAt goes up along the history: ${pages.flat().map((t) => t.createdAt).join(", ")}`);
    return problems;
  });

  await section("history paging neither skips nor repeats", async () => {
    if (!pages.length) return ["no pages were read"];
    const ids = pages.flat().map((t) => t.id);
    const problems: string[] = [];
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (repeated.length) problems.push(`repeated across pages: ${repeated.join(", ")}`);
    const missing = created.filter((id) => !ids.includes(id));
    if (missing.length) problems.push(`skipped by the pages: ${missing.join(", ")} (pages: ${pages.map((p) => p.map((t) => t.id).join(",")).join(" | ")})`);
    pages = [];
    return problems;
  });

  await authorizationMatrix(api, options, alice);
}

/** Every secured operation × no token, malformed, expired, revoked, another user's resource. */
async function authorizationMatrix(api: ContractClient, options: OracleOptions, alice: Person): Promise<void> {
  const { baseUrl, codes, run, document } = options;
  const stranger = await signIn(baseUrl, codes, `contract.oc.${run}@example.com`);
  const topUp = await send(baseUrl, { ...split(BANK.topUp), params: {}, query: {}, headers: {}, body: { currency: "RUB", amount: 100 }, token: stranger.tokens.access_token });
  const strangers: Record<Resource, number> = { user: stranger.me.id, wallet: stranger.wallets[0]?.id ?? 0, transfer: (topUp.body as { id?: number }).id ?? 0 };
  const revoked = await signIn(baseUrl, codes, `contract.or.${run}@example.com`);
  await send(baseUrl, { ...split(BANK.logout), params: {}, query: {}, headers: {}, body: { refresh_token: revoked.tokens.refresh_token } });
  let expired: string | undefined;
  if (options.jwtSecret) {
    const claims = decodeJwt(alice.tokens.access_token);
    const past = Math.floor(Date.now() / 1000) - 3600;
    expired = await new SignJWT({ ...claims, iat: past - 900, exp: past }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(options.jwtSecret));
  }
  const pool = poolOf([alice]);
  for (const op of operationsOf(document).filter((o) => o.secured)) {
    const name = `${op.method} ${op.path}`;
    const base = exampleRequest(document, op, alice.tokens.access_token, pool, options.seed);
    const cells: [string, Request, (status: number) => boolean][] = [
      ["no token", { ...base, token: undefined }, (s) => s === 401],
      ["malformed", { ...base, token: "not.a.token" }, (s) => s === 401],
      ["revoked", { ...base, token: revoked.tokens.access_token }, (s) => s === 401],
    ];
    if (expired) cells.push(["expired", { ...base, token: expired }, (s) => s === 401]);
    const owned = OWNED[name];
    if (owned) {
      const request = structuredClone(base);
      for (const [param, kind] of Object.entries(owned.params ?? {})) request.params[param] = strangers[kind];
      if (owned.body) request.body = { ...(request.body as object), ...Object.fromEntries(Object.entries(owned.body).map(([field, kind]) => [field, strangers[kind]])) };
      cells.push(["another user's", request, (s) => s === 403 || s === 404]);
    }
    const problems: string[] = [];
    const seen: string[] = [];
    for (const [cell, request, ok] of cells) {
      const reply = await send(baseUrl, request);
      seen.push(`${cell} ${reply.status}`);
      const broken = document.check(request.method, request.path, reply);
      if (!ok(reply.status) || broken.length) problems.push(`${cell}: answered ${reply.status}${broken.length ? ` (${broken.join("; ")})` : ""}; reproduce: ${curlOf(baseUrl, request)}`);
    }
    api.record(`authorization ${name}: ${seen.join(", ")}`, problems);
  }
}
