import type { ContractClient } from "./client";
import type { CodeSource } from "./codes";
import type { ContractDocument } from "./document";
import { cameBackLater, curlOf, send, type Reply, type Request } from "./http";
import { BANK } from "./knowledge";
import type { Schema } from "./schema-arbitrary";
import type { Person } from "./session";

/** What the oracles share: how each calls the server, and the bank's reads they compare against. */

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

export type Rest = { params?: Record<string, string | number>; query?: Record<string, string | number>; body?: unknown; headers?: Record<string, string> };
/** An answer with the moments its request left and its answer arrived (for createdAt). */
export type Timed = Reply & { sentAt: number; answeredAt: number };
export type Caller = (operation: string, token: string | undefined, rest: Rest, expect?: number | number[]) => Promise<Timed>;

export const split = (operation: string) => {
  const [method, path] = operation.split(" ");
  return { method: method as "GET" | "POST" | "PUT", path };
};

/**
 * One step an oracle needs: it must answer `expect` (or one of them, where the document allows
 * several) and keep to the document, or the oracle stops (a documented 503 or 429 stops it as the
 * environment's fault, not the server's).
 */
export function caller(options: OracleOptions): Caller {
  return async (operation, token, rest, expect = 200) => {
    const request: Request = { ...split(operation), params: rest.params ?? {}, query: rest.query ?? {}, headers: rest.headers ?? {}, body: rest.body, token };
    const expected = Array.isArray(expect) ? expect : [expect];
    const sentAt = Date.now();
    const reply = await send(options.baseUrl, request, { expect: expected });
    const answeredAt = Date.now();
    const broken = options.document.check(request.method, request.path, reply);
    if (!expected.includes(reply.status) || broken.length) {
      const environment = !expected.includes(reply.status) ? cameBackLater(broken.length === 0, request, reply) : null;
      if (environment) throw environment;
      throw new Error(`${operation} answered ${reply.status} (expected ${expected.join(" or ")}) ${broken.join("; ")} ${reply.text.slice(0, 200)}; reproduce: ${curlOf(options.baseUrl, request)}`);
    }
    return { ...reply, sentAt, answeredAt };
  };
}

/** Runs one oracle as one line of the report; what stops it is the server's, or the environment's. */
export function sectionOf(api: ContractClient, prefix = "oracle") {
  return async (name: string, work: () => Promise<string[]>) => {
    try {
      api.record(`${prefix}: ${name}`, await work());
    } catch (error) {
      api.stopped(`${prefix}: ${name}`, error);
    }
  };
}

export function walletOf(p: Person, currency: string) {
  const w = p.wallets.find((x) => x.currency === currency);
  if (!w) throw new Error(`no ${currency} wallet`);
  return w;
}

export type Movement = { id: number; kind: string; senderWalletId: number; receiverWalletId: number; amount: number; currency: string; receivedAmount: number; receivedCurrency: string; rate: string; createdAt: string };

/** Balances by currency, as the owner reads them. */
export async function balancesOf(call: Caller, person: Person): Promise<Record<string, number>> {
  const wallets = (await call(BANK.wallets, person.tokens.access_token, {})).body as { currency: string; balance: number }[];
  return Object.fromEntries(wallets.map((w) => [w.currency, w.balance]));
}

/** A wallet's whole history, newest first, read page by page. */
export async function historyOf(call: Caller, person: Person, walletId: number): Promise<Movement[]> {
  const rows: Movement[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const answer = await call(BANK.history, person.tokens.access_token, { params: { walletId }, query: { limit: 200, ...(cursor ? { cursor } : {}) } });
    rows.push(...(answer.body as Movement[]));
    cursor = answer.headers.get(BANK.nextCursorHeader);
    if (!cursor) break;
  }
  return rows;
}

/** Rates as the bank keeps them (ten-thousandths of a ruble), read from the quote operation. */
export async function quotes(call: Caller, token: string): Promise<Record<string, bigint>> {
  const out: Record<string, bigint> = {};
  for (const currency of BANK.currencies) {
    const value = ((await call(BANK.rate, token, { params: { currency } })).body as { value: number }).value;
    out[currency] = BigInt(Math.round(value * 10_000));
  }
  return out;
}

/** Whether a createdAt lies between a request's leaving and its answer's arriving, give or take the skew. */
export function within(createdAt: string, timed: { sentAt: number; answeredAt: number }, skewMs: number): boolean {
  const at = Date.parse(createdAt);
  return /(Z|[+-]\d{2}:\d{2})$/.test(createdAt) && at >= timed.sentAt - skewMs - 1 && at <= timed.answeredAt + skewMs;
}

/** A number the document pins at a JSON pointer (its `maximum`), or the fallback. */
export function maximumAt(document: ContractDocument, pointer: string[], fallback: number): number {
  let node: unknown = document.doc;
  for (const key of pointer) node = (node as Record<string, unknown> | undefined)?.[key];
  const schema = node as Schema | undefined;
  return typeof schema?.maximum === "number" ? schema.maximum : fallback;
}

/** The largest single top-up the document allows. */
export const topUpCap = (document: ContractDocument) =>
  maximumAt(document, ["paths", "/api/v1/wallet/topup", "post", "requestBody", "content", "application/json", "schema", "properties", "amount"], Number.MAX_SAFE_INTEGER);
