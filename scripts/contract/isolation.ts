import { decodeJwt, SignJWT } from "jose";
import type { ContractClient } from "./client";
import { exampleRequest, operationsOf } from "./generated";
import { cameBackLater, curlOf, send, type Reply, type Request } from "./http";
import { BANK, FOREIGN, IDEMPOTENT, scheduleStart, waitingAlert, waitingOrder, type Holdings, type Resources } from "./knowledge";
import { listMatrix, type Member } from "./list-isolation";
import { caller, split, type Caller, type OracleOptions } from "./oracle-kit";
import { poolOf, signIn, type Person } from "./session";

/**
 * Authorization and isolation as matrices. Every secured operation × no token, a malformed one, a
 * signed-out session's, a session revoked by the reuse of a spent refresh token, an expired one
 * (with --jwt-secret) and every way its input can name another user's resource
 * (scripts/contract/knowledge.ts FOREIGN). Every operation that honours Idempotency-Key × a
 * replay (the identical answer), the same key with another body (409), the same key from another
 * user (a result of that user's own, never the first user's answer). Then every list the document
 * has, read by the users of the authorization cells (scripts/contract/list-isolation.ts).
 */

/**
 * What a user owns, for the cells: their wallets, a top-up of theirs, a pending request of theirs;
 * with a `partner`, also a split of theirs with the partner's pending share, one with a share open
 * to its link, a schedule between their own wallets, a waiting order and a waiting alert. `holdings`: the same but the schedule, as
 * the lists name them (a split's shares' requests are the organiser's too).
 */
async function resourcesOf(call: Caller, person: Person, partner?: Person): Promise<Resources & { holdings: Holdings }> {
  const token = person.tokens.access_token;
  const topUp = (await call(BANK.topUp, token, { body: { currency: "RUB", amount: 100_000 } }, 201)).body as { id: number };
  const request = (await call("POST /api/v1/requests", token, { body: { currency: "RUB", amount: 100 } }, 201)).body as { token: string };
  const wallets: Record<string, number> = Object.fromEntries(person.wallets.map((w) => [w.currency, w.id]));
  const owned: Resources = { user: person.me.id, wallets, transfer: topUp.id, request: request.token };
  // A pocket holding some money, so that taking out of it is a valid request too.
  const pocket = (await call("POST /api/v1/pockets", token, { body: { currency: "RUB", name: "contract" } }, 201)).body as { id: number };
  const moved = (await call("POST /api/v1/pockets/{id}/deposit", token, { params: { id: pocket.id }, body: { amount: 1_000 } }, 201)).body as { id: number };
  owned.pocket = pocket.id;
  const holdings: Holdings = { user: person.me.id, wallets, movements: [topUp.id, moved.id], requests: [request.token], splits: [], schedules: [], pockets: [pocket.id], orders: [], alerts: [], paid: [] };
  if (!partner) return { ...owned, holdings };
  const split = async (other: { userId: null } | { username: string }) => {
    const body = { title: "contract isolation", currency: "RUB", total: 1_000, mode: "equal", shares: [{ userId: person.me.id }, other] };
    const made = (await call("POST /api/v1/splits", token, { body }, 201)).body as { token: string; shares: { requestToken: string | null }[] };
    holdings.splits.push(made.token);
    for (const share of made.shares) if (share.requestToken) holdings.requests.push(share.requestToken);
    return made.token;
  };
  const scheduled = { senderWalletId: wallets.RUB, receiverWalletId: wallets.USD, amount: 100, kind: "once", startDate: scheduleStart() };
  const schedule = (await call("POST /api/v1/schedules", token, { body: scheduled }, 201)).body as { id: number };
  const order = (await call("POST /api/v1/orders", token, { body: waitingOrder(wallets) }, 201)).body as { id: number };
  const alert = (await call("POST /api/v1/rate-alerts", token, { body: waitingAlert() }, 201)).body as { id: number };
  holdings.orders.push(order.id);
  holdings.alerts.push(alert.id);
  const splits = { split: await split({ username: partner.me.username ?? "" }), openSplit: await split({ userId: null }) };
  return { ...owned, ...splits, schedule: schedule.id, order: order.id, alert: alert.id, holdings };
}

/** Nothing yet: a user the cells only name (the partner of the others' splits). */
const noHoldings = (person: Person): Holdings => ({
  user: person.me.id,
  wallets: Object.fromEntries(person.wallets.map((w) => [w.currency, w.id])),
  movements: [],
  requests: [],
  splits: [],
  schedules: [],
  pockets: [],
  orders: [],
  alerts: [],
  paid: [],
});

/** A session revoked because its spent refresh token was presented again: the rotated access token. */
async function reusedSession(options: OracleOptions, call: Caller): Promise<string> {
  const person = await signIn(options.baseUrl, options.codes, `contract.ou.${options.run}@example.com`);
  const rotated = (await call(BANK.refresh, undefined, { body: { refresh_token: person.tokens.refresh_token } })).body as { access_token: string };
  await call(BANK.refresh, undefined, { body: { refresh_token: person.tokens.refresh_token } }, 401);
  return rotated.access_token;
}

type Cell = [string, Request, number[]];

/** Every secured operation × each way of being somebody else, or nobody. */
export async function authorizationMatrix(api: ContractClient, options: OracleOptions, alice: Person): Promise<void> {
  const { baseUrl, codes, run, document } = options;
  const call = caller(options);
  const stranger = await signIn(baseUrl, codes, `contract.oc.${run}@example.com`);
  const partner = await signIn(baseUrl, codes, `contract.op.${run}@example.com`);
  const [mine, theirs] = [await resourcesOf(call, alice, partner), await resourcesOf(call, stranger, partner)];
  const revoked = await signIn(baseUrl, codes, `contract.or.${run}@example.com`);
  await send(baseUrl, { ...split(BANK.logout), params: {}, query: {}, headers: {}, body: { refresh_token: revoked.tokens.refresh_token } });
  const reused = await reusedSession(options, call);
  let expired: string | undefined;
  if (options.jwtSecret) {
    // A token of a user of its own: a server that still honours it then acts for that user (freezes
    // their transfers, say), never for alice, whose account the lists below still need as it was.
    const lapsed = await signIn(baseUrl, codes, `contract.ox.${run}@example.com`);
    const claims = decodeJwt(lapsed.tokens.access_token);
    const past = Math.floor(Date.now() / 1000) - 3600;
    expired = await new SignJWT({ ...claims, iat: past - 900, exp: past }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(options.jwtSecret));
  }
  const pool = poolOf([alice]);
  for (const op of operationsOf(document).filter((o) => o.secured)) {
    const name = `${op.method} ${op.path}`;
    // Without the example's Idempotency-Key: one cell's key would make the next a different body under that key (409).
    // Without its optional query parameters: a filter is no part of who may call, and two drawn
    // apart may break a rule the document cannot state (a period's start after its end is a 400).
    const example = exampleRequest(document, op, alice.tokens.access_token, pool, options.seed);
    const required = new Set((op.operation.parameters ?? []).filter((p) => p.in === "query" && p.required).map((p) => p.name));
    const base = { ...example, query: Object.fromEntries(Object.entries(example.query).filter(([name]) => required.has(name))), headers: {} };
    const cells: Cell[] = [
      ["no token", { ...base, token: undefined }, [401]],
      ["malformed", { ...base, token: "not.a.token" }, [401]],
      ["revoked", { ...base, token: revoked.tokens.access_token }, [401]],
      ["after a spent refresh token's reuse", { ...base, token: reused }, [401]],
    ];
    if (expired) cells.push(["expired", { ...base, token: expired }, [401]]);
    for (const foreign of FOREIGN[name] ?? []) {
      const parts = foreign.build(mine, theirs);
      const documented = foreign.refused.filter((status) => op.operation.responses?.[String(status)]);
      cells.push([foreign.what, { ...base, params: { ...base.params, ...parts.params }, query: { ...base.query, ...parts.query }, body: parts.body ?? base.body }, documented]);
    }
    const problems: string[] = [];
    const seen: string[] = [];
    for (const [cell, request, refused] of cells) {
      const reply = await send(baseUrl, request, { expect: refused });
      // A documented 503 tells nothing about who may do what.
      if (reply.status === 503 && document.check(request.method, request.path, reply).length === 0) throw cameBackLater(true, request, reply)!;
      seen.push(`${cell} ${reply.status}`);
      const broken = document.check(request.method, request.path, reply);
      if (!refused.includes(reply.status) || broken.length) {
        problems.push(`${cell}: answered ${reply.status} (expected ${refused.join(" or ")})${broken.length ? ` (${broken.join("; ")})` : ""}; reproduce: ${curlOf(baseUrl, request)}`);
      }
    }
    api.record(`authorization ${name}: ${seen.join(", ")}`, problems);
  }
  // The lists: alice pays the stranger, the stranger pays the partner, who holds a share of both
  // users' splits; each of the two schedules anew (the cells may have cancelled theirs: a cancelled one is not listed).
  const pay = async (from: Person, to: Person) => {
    const [sender, receiver] = [from, to].map((p) => p.wallets.find((w) => w.currency === "RUB")!.id);
    return ((await call(BANK.transfer, from.tokens.access_token, { body: { senderWalletId: sender, receiverWalletId: receiver, amount: 100 } }, 201)).body as { id: number }).id;
  };
  const [toStranger, toPartner] = [await pay(alice, stranger), await pay(stranger, partner)];
  const schedule = async (owner: Person, wallets: Record<string, number>) => {
    const body = { senderWalletId: wallets.RUB, receiverWalletId: wallets.USD, amount: 100, kind: "weekly", startDate: scheduleStart() };
    return ((await call("POST /api/v1/schedules", owner.tokens.access_token, { body }, 201)).body as { id: number }).id;
  };
  const cast: Member[] = [
    { person: alice, holdings: { ...mine.holdings, movements: [...mine.holdings.movements, toStranger], paid: [stranger.me.id], schedules: [await schedule(alice, mine.wallets)] } },
    {
      person: stranger,
      holdings: { ...theirs.holdings, movements: [...theirs.holdings.movements, toStranger, toPartner], paid: [partner.me.id], schedules: [await schedule(stranger, theirs.wallets)] },
    },
    { person: partner, holdings: { ...noHoldings(partner), movements: [toPartner], splits: [mine.split!, theirs.split!] } },
  ];
  await listMatrix(api, options, cast);
}

const codeOf = (reply: Reply) => (reply.body as { code?: unknown } | null)?.code;

/** A value as text with its keys sorted, so that two answers compare by content, not by key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
}
const sameAnswer = (a: Reply, b: Reply) => a.status === b.status && canonical(a.body) === canonical(b.body);

/** One idempotent operation: replay, another body, another user with the same key. */
async function idempotent(options: OracleOptions, op: string, a: [Person, Resources], b: [Person, Resources]): Promise<string[]> {
  const key = `contract-isolation-${options.run}-${op.replace(/\W+/g, "-")}`;
  const { method, path } = split(op);
  const sendAs = (person: Person, parts: { params?: Record<string, string | number>; body?: unknown }) =>
    send(options.baseUrl, { method, path, params: parts.params ?? {}, query: {}, headers: { "Idempotency-Key": key }, body: parts.body, token: person.tokens.access_token });
  const mine = IDEMPOTENT[op](a[1], b[1]);
  const problems: string[] = [];
  const first = await sendAs(a[0], mine);
  if (first.status >= 300) {
    const environment = cameBackLater(options.document.check(method, path, first).length === 0, { method, path, params: {}, query: {}, headers: {} }, first);
    if (environment) throw environment;
    return [`the first request answered ${first.status}: ${first.text.slice(0, 200)}`];
  }
  const replay = await sendAs(a[0], mine);
  if (!sameAnswer(replay, first)) problems.push(`a replay answered ${replay.status} ${replay.text.slice(0, 200)}, not the first answer ${first.status} ${first.text.slice(0, 200)}`);
  const changed = await sendAs(a[0], { params: mine.params, body: mine.changed });
  const mismatch = options.document.operation(method, path)?.responses?.["409"] ? "IDEMPOTENCY_MISMATCH" : undefined;
  if (changed.status !== 409 || (mismatch && codeOf(changed) !== mismatch)) problems.push(`the same key with another body answered ${changed.status} ${String(codeOf(changed) ?? "")}, not 409 ${mismatch ?? ""}`);
  const theirs = IDEMPOTENT[op](b[1], a[1]);
  const other = await sendAs(b[0], theirs);
  // What names the result: its id, or its token for a resource named by one (a split).
  const id = (reply: Reply) => (reply.body as { id?: unknown; token?: unknown } | null)?.id ?? (reply.body as { token?: unknown } | null)?.token;
  if (other.status >= 300) problems.push(`the same key from another user answered ${other.status} ${other.text.slice(0, 200)}, not a result of their own`);
  else if (sameAnswer(other, first) || (id(other) !== undefined && id(other) === id(first))) problems.push(`the same key from another user replayed the first user's answer: ${other.text.slice(0, 200)}`);
  const again = await sendAs(b[0], theirs);
  if (other.status < 300 && !sameAnswer(again, other)) problems.push(`the other user's replay answered ${again.text.slice(0, 200)}, not their first answer`);
  return problems;
}

/** Every operation that honours Idempotency-Key (as the document says, x-idempotent), one line each. */
export async function idempotencyMatrix(api: ContractClient, options: OracleOptions, alice: Person, bob: Person): Promise<void> {
  const call = caller(options);
  const a: [Person, Resources] = [alice, await resourcesOf(call, alice)];
  const b: [Person, Resources] = [bob, await resourcesOf(call, bob)];
  for (const op of operationsOf(options.document).filter((o) => (o.operation as { "x-idempotent"?: boolean })["x-idempotent"])) {
    const name = `${op.method} ${op.path}`;
    const label = `idempotency ${name}: a replay answers the same, another body 409, the same key from another user a result of their own`;
    if (!IDEMPOTENT[name]) {
      api.environment(label, [`the suite does not know how to make a valid request of ${name} (scripts/contract/knowledge.ts IDEMPOTENT)`]);
      continue;
    }
    try {
      api.record(label, await idempotent(options, name, a, b));
    } catch (error) {
      api.stopped(label, error);
    }
  }
}
