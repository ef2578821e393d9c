import type { CodeSource } from "./codes";
import type { Reply, Request } from "./wire";
import { MOVEMENT_KINDS } from "./knowledge";

/**
 * Every exchange of the run, in order, so that a failing check can be replayed: what it sent, what
 * it expected, what it was answered, and where the values it sent came from. Every request passes
 * through `send` (scripts/contract/http.ts), which tapes it; sign-in codes and Telegram init data
 * are taped as sources, so that a replay signs in again rather than reuse a stale token. A check
 * ends at each line of the report: its exchanges are those since the previous line, and a failing
 * one becomes a replay (scripts/contract/replay.ts) of those exchanges and the earlier ones they
 * depend on.
 */

/** One answer as a replay needs it: its status, its body, the headers that carry a value on (a cursor). */
export type Taped = { status: number; body: unknown; headers: Record<string, string> };

export type Step =
  | { kind: "exchange"; request: Request; expect?: number[]; answer: Taped; refs?: Ref[] }
  /** A code the run read for `email` (its mail, or --code-from). */
  | { kind: "code"; email: string; code: string }
  /** Init data the run signed with the bot's token: `fields` without auth_date and hash. */
  | { kind: "telegram"; fields: Record<string, string>; initData: string };

const log: Step[] = [];
let checkStart = 0;

/** Keys whose values name something the server made (an id, a token, an account number, a cursor). */
export const IDENTIFYING = /^(id|number|email|username|url|cursor)$|(Id|_id|[Tt]oken|Url|Cursor)$/;
/** Headers that hand a value on to a later request. */
const CARRYING = /cursor/i;

export function tapeExchange(request: Request, reply: Reply, expect: number[] | undefined): void {
  const headers: Record<string, string> = {};
  reply.headers.forEach((value, name) => {
    if (CARRYING.test(name)) headers[name] = value;
  });
  log.push({ kind: "exchange", request: structuredClone(request), ...(expect ? { expect } : {}), answer: { status: reply.status, body: reply.body, headers } });
}

export const tapeCode = (email: string, code: string): void => void log.push({ kind: "code", email, code });

/** Init data as signed, taped with its fields (without the moment and the signature, which a replay makes anew). */
export function tapeInitData(initData: string): void {
  const fields = Object.fromEntries([...new URLSearchParams(initData)].filter(([name]) => name !== "hash" && name !== "auth_date"));
  log.push({ kind: "telegram", fields, initData });
}

/** A source of sign-in codes whose codes are taped as they are read. */
export const tapedCodes = (source: CodeSource): CodeSource => ({
  async codeFor(email) {
    const code = await source.codeFor(email);
    tapeCode(email, code);
    return code;
  },
  close: () => source.close(),
});

/** A string an answer may hand on: long enough to be unmistakable (a token, an account number, a code). */
const handsOn = (value: unknown): value is string => typeof value === "string" && value.length >= 6;

/** Every (path, key, leaf) of a value, walking objects and arrays. */
export function* leaves(value: unknown, path: (string | number)[] = [], key = ""): Generator<[(string | number)[], string, unknown]> {
  if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* leaves(item, [...path, i], key);
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* leaves(v, [...path, k], k);
  else yield [path, key, value];
}

/**
 * A number a request sends that an earlier answer gave (an id): where it goes in the request, and
 * which step's answer gave it where. Numbers are carried by place, not by value: ids of different
 * things (a wallet, a transfer) may be the same number.
 */
export type Ref = { part: "params" | "query" | "body"; path: (string | number)[]; from: number; at: (string | number)[] };

/**
 * What an id names, from its key (`senderWalletId` → wallet) or, for a bare `id`, from the
 * operation that answered it: a movement for the operations that make one (knowledge.ts), else the
 * first part of its path (`/api/v1/transfers/wallet/{walletId}` lists transfers).
 */
function thingOf(key: string, method: string, path: string): string {
  if (key === "id" && MOVEMENT_KINDS[`${method} ${path}`]) return "transfer";
  const named = key === "id" ? (path.split("/").find((part) => part && !part.startsWith("{") && part !== "api" && part !== "v1") ?? "") : key;
  const thing = (/([A-Za-z][a-z]+)(?:Id|_id)?$/.exec(named)?.[1] ?? named).toLowerCase().replace(/s$/, "");
  return thing === "exchange" ? "transfer" : thing;
}

/** The numbers of a request that may be ids: any path parameter, identifying keys of the query and body. */
function idsOf(request: Request): { part: Ref["part"]; path: (string | number)[]; key: string; value: number }[] {
  const ids: { part: Ref["part"]; path: (string | number)[]; key: string; value: number }[] = [];
  for (const [name, value] of Object.entries(request.params)) if (typeof value === "number") ids.push({ part: "params", path: [name], key: name === "id" ? thingOf("id", "GET", request.path) : name, value });
  for (const part of ["query", "body"] as const)
    for (const [path, key, value] of leaves(request[part]))
      if (typeof value === "number" && Number.isInteger(value) && (IDENTIFYING.test(key) || (part === "query" && /wallet/i.test(key)))) ids.push({ part, path, key, value });
  return ids;
}

/** The strings a request sends that an earlier answer may have given: its token, its path, query and body. */
export function stringsOf(request: Request): string[] {
  const used: string[] = [];
  if (request.token) used.push(request.token);
  for (const value of Object.values(request.params)) if (handsOn(value)) used.push(value);
  for (const part of [request.query, request.body]) for (const [, , value] of leaves(part)) if (handsOn(value)) used.push(value);
  return used;
}

/** The strings an answer hands on: long strings anywhere, and carrying headers. */
export function stringsGiven(answer: Taped): string[] {
  return [...Object.values(answer.headers), ...[...leaves(answer.body)].map(([, , v]) => v).filter(handsOn)];
}

/** The first answer before `before` that gave the number as the same kind of thing (or, failing that, at all). */
function idFrom(id: { key: string; value: number }, before: number, request: Request): { from: number; at: (string | number)[] } | null {
  const thing = thingOf(id.key, request.method, request.path);
  let loose: { from: number; at: (string | number)[] } | null = null;
  for (let i = 0; i < before; i += 1) {
    const step = log[i];
    if (step.kind !== "exchange" || step.answer.status >= 300) continue;
    for (const [at, key, value] of leaves(step.answer.body)) {
      if (value !== id.value || !IDENTIFYING.test(key)) continue;
      if (thingOf(key, step.request.method, step.request.path) === thing) return { from: i, at };
      loose ??= { from: i, at };
    }
  }
  return loose;
}

/**
 * The steps a failing check needs, in the run's order, with the refs of their ids: its own steps
 * (since the previous line of the report), each earlier answer that gave a value they send, the
 * code or init data a sign-in sent and the request that asked for the code, what the same user
 * changed before an answer that gave a value (the wallets opened before they were listed), and
 * each earlier request that spent a secret the kept steps hold (signing out, refreshing).
 */
function slice(from: number): Step[] {
  const keep = new Set<number>();
  for (let i = from; i < log.length; i += 1) keep.add(i);
  const given = new Map<number, string[]>();
  const givenAt = (i: number, answer: Taped) => given.get(i) ?? given.set(i, stringsGiven(answer)).get(i)!;
  const stringFrom = (value: string, before: number): number =>
    log.slice(0, before).findIndex((step, i) =>
      step.kind === "exchange" ? givenAt(i, step.answer).some((g) => g === value || (g.length >= 16 && value.includes(g))) : step.kind === "code" ? step.code === value : step.initData === value,
    );
  const refs = new Map<number, Ref[]>();
  for (let changed = true; changed; ) {
    changed = false;
    const add = (i: number) => {
      if (i >= 0 && !keep.has(i)) {
        keep.add(i);
        changed = true;
      }
    };
    for (const i of [...keep]) {
      const step = log[i];
      if (step.kind === "exchange") {
        for (const value of stringsOf(step.request)) add(stringFrom(value, i));
        if (!refs.has(i)) {
          const found = idsOf(step.request).flatMap((id) => {
            const ref = idFrom(id, i, step.request);
            return ref ? [{ part: id.part, path: id.path, ...ref }] : [];
          });
          refs.set(i, found);
        }
        for (const ref of refs.get(i)!) add(ref.from);
        if (i < from) {
          // What the same caller changed before this answer: its answer depends on it.
          const token = step.request.token;
          for (let j = 0; j < i && token; j += 1) {
            const before = log[j];
            if (before.kind === "exchange" && before.request.method !== "GET" && before.request.token === token) add(j);
          }
        }
      } else if (step.kind === "code") {
        for (let j = i - 1; j >= 0; j -= 1) {
          const before = log[j];
          if (before.kind === "exchange" && JSON.stringify(before.request.body ?? "").toLowerCase().includes(step.email.toLowerCase())) {
            add(j);
            break;
          }
        }
      }
    }
    // A secret of the kept steps spent by an earlier request (a session signed out, a refresh token used).
    const secrets = new Set(
      [...keep].flatMap((i) => {
        const step = log[i];
        return step.kind === "exchange" ? [...leaves(step.answer.body)].flatMap(([, key, v]) => (/token$/i.test(key) && typeof v === "string" ? [v] : [])) : [];
      }),
    );
    for (let j = 0; j < from; j += 1) {
      const step = log[j];
      if (step.kind === "exchange" && step.request.method !== "GET" && !keep.has(j) && [...leaves(step.request.body)].some(([, , v]) => typeof v === "string" && secrets.has(v))) add(j);
    }
  }
  const order = [...keep].sort((a, b) => a - b);
  const position = new Map(order.map((i, n) => [i, n]));
  return order.map((i) => {
    const step = log[i];
    if (step.kind !== "exchange") return step;
    const carried = (refs.get(i) ?? []).map((ref) => ({ ...ref, from: position.get(ref.from)! }));
    return carried.length ? { ...step, refs: carried } : step;
  });
}

/** A failing check as a replay: its name, what was wrong, and the steps that reproduce it. */
export type Failing = { name: string; problems: string[]; steps: Step[]; judged: number | null };

const failing: Failing[] = [];
/** Past this many failing checks a run keeps no more replays (a server broken everywhere fails hundreds). */
export const MOST_REPLAYS = 20;

/**
 * A line of the report: the check whose exchanges were taped since the previous line ended. A
 * failing one is kept with its steps; `judged` is the step whose answer is compared as a whole when
 * no exchange missed its expected status (the check's own comparison failed): its last.
 */
export function checkEnded(name: string, problems: string[], server: boolean): void {
  if (problems.length && server && failing.length < MOST_REPLAYS) {
    const steps = slice(checkStart);
    const own = log.slice(checkStart);
    const missed = own.some((s) => s.kind === "exchange" && s.expect && !s.expect.includes(s.answer.status));
    const last = steps.findLastIndex((s) => s.kind === "exchange");
    failing.push({ name, problems, steps, judged: missed || last < 0 ? null : last });
  }
  checkStart = log.length;
}

export const failingChecks = (): Failing[] => failing;

/** A replay file as a failing run writes it (replay.ts runs it, replay-sh.ts writes it as curl). */
export type ReplayFile = { replay: 1; check: string; problems: string[]; recordedAgainst: string; judged: number | null; steps: Step[] };
