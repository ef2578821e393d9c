import { decodeJwt, SignJWT } from "jose";
import type { ContractClient } from "./client";
import { exampleRequest, operationsOf } from "./generated";
import { send, curlOf, type Request } from "./http";
import { BANK, OWNED, type Resource } from "./knowledge";
import { runMoneyOracles } from "./money-oracles";
import { caller, sectionOf, split, walletOf, type OracleOptions } from "./oracle-kit";
import { poolOf, signIn, type Person } from "./session";

/**
 * The bank's promises that a generic tool cannot know, each checked as one line of the report, in a
 * fixed order before any random phase: e-mail identity, the history's order and paging, the money
 * operations against each other (scripts/contract/money-oracles.ts), and the authorization matrix
 * (every secured operation × no token, malformed, expired, revoked, another user's resource).
 */

export type { OracleOptions } from "./oracle-kit";

type Transfer = { id: number; amount: number; receivedAmount: number; createdAt: string };

export async function runOracles(api: ContractClient, options: OracleOptions): Promise<void> {
  const { baseUrl, codes, run } = options;
  const person = (tag: string, email?: string) => signIn(baseUrl, codes, email ?? `contract.${tag}.${run}@example.com`);
  const section = sectionOf(api);
  const call = caller(options);
  const wallet = walletOf;

  const alice = await person("oa");
  const bob = await person("ob");

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

  await runMoneyOracles(api, options, alice, bob);
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
