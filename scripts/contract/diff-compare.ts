/**
 * How the differential run holds two backends' answers side by side. Two correct implementations
 * of the contract never agree on values that are theirs to choose — ids, tokens, account numbers,
 * times — so those are compared by correspondence (ids: the n-th seen on A is the n-th seen on B)
 * or by shape (tokens, times); everything else — the status, the fields of every object, the
 * length and order of every list, every amount — must be equal.
 */

/** One answer of one side: the operation ("POST /api/v1/transfers"), its status and body, whether it names a next page. */
export type Seen = { operation: string; status: number; body: unknown; paged: boolean };

/** What differs: `kind` is what broke (status, shape, id, amount, value, answers), `at` where in the body. */
export type Difference = { kind: string; operation: string; at: string; a: string; b: string };

/** A field that holds an id: `id`, or one named …Id / …_id. Its value is compared by correspondence. */
const ID_KEY = /^id$|Id$|_id$/;
/** Values that are the server's to choose and are compared by shape: times, tokens, account numbers, generated names, links. */
const SHAPE_KEY = /token|number|account|name|avatar|link|url|cursor|challenge|key|secret|qr/i;
const TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A string as it is compared: by value, or, for what the server makes up, by its shape. */
function stringOf(key: string, value: string): string {
  if (TIME.test(value)) return value.includes("T") || value.includes(" ") ? "<date-time>" : "<date>";
  if (!SHAPE_KEY.test(key) && (value.length < 20 || /\s/.test(value))) return JSON.stringify(value);
  return /^\d+$/.test(value) ? `<${value.length} digits>` : "<token>";
}

/**
 * The ids seen so far on both sides, paired in the order they were first seen. An `id` is paired
 * within the kind of object that holds it (its set of fields), a foreign key (`senderWalletId`)
 * within its name, so that a user 5 and a wallet 5 on one side are never confused.
 */
export class Correspondence {
  private readonly aToB = new Map<string, string>();
  private readonly bToA = new Map<string, string>();
  /** The order each id of A was first seen in, within its space; how many each space has seen. */
  private readonly ordinals = new Map<string, number>();
  private readonly counts = new Map<string, number>();

  /** Whether `a` on A and `b` on B are the same thing; the first time either is seen, they become so. */
  pair(space: string, a: unknown, b: unknown): boolean {
    const [ka, kb] = [`${space} ${JSON.stringify(a)}`, `${space} ${JSON.stringify(b)}`];
    const [toB, toA] = [this.aToB.get(ka), this.bToA.get(kb)];
    if (toB === undefined && toA === undefined) {
      this.aToB.set(ka, kb);
      this.bToA.set(kb, ka);
      this.counts.set(space, (this.counts.get(space) ?? 0) + 1);
      this.ordinals.set(ka, this.counts.get(space)!);
      return true;
    }
    return toB === kb && toA === ka;
  }

  /** How a value of A is named in a report: its id and the order it was first seen in (`id 42, the 3rd seen`). */
  describeA(space: string, a: unknown): string {
    const n = this.ordinals.get(`${space} ${JSON.stringify(a)}`);
    return `${JSON.stringify(a)}${n ? ` (#${n} seen)` : " (new)"}`;
  }

  describeB(space: string, b: unknown): string {
    const ka = this.bToA.get(`${space} ${JSON.stringify(b)}`);
    const n = ka ? this.ordinals.get(ka) : undefined;
    return `${JSON.stringify(b)}${n ? ` (#${n} seen)` : " (new)"}`;
  }
}

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
const short = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/** The first difference between two bodies at `at`, or null; ids met on the way are paired. */
function compareValue(a: unknown, b: unknown, at: string, key: string, holder: Record<string, unknown> | null, pairs: Correspondence): Omit<Difference, "operation"> | null {
  const [ta, tb] = [typeOf(a), typeOf(b)];
  if (ta !== tb) return { kind: "shape", at, a: `${ta} ${short(a)}`, b: `${tb} ${short(b)}` };
  if (ID_KEY.test(key) && (ta === "number" || ta === "string")) {
    const space = key === "id" && holder ? `id of {${Object.keys(holder).sort().join(",")}}` : key;
    return pairs.pair(space, a, b) ? null : { kind: "id", at, a: pairs.describeA(space, a), b: pairs.describeB(space, b) };
  }
  if (ta === "array") {
    const [la, lb] = [a as unknown[], b as unknown[]];
    if (la.length !== lb.length) return { kind: "shape", at: `${at}.length`, a: String(la.length), b: String(lb.length) };
    for (let i = 0; i < la.length; i += 1) {
      const found = compareValue(la[i], lb[i], `${at}[${i}]`, key, null, pairs);
      if (found) return found;
    }
    return null;
  }
  if (ta === "object") {
    const [oa, ob] = [a as Record<string, unknown>, b as Record<string, unknown>];
    const [ka, kb] = [Object.keys(oa).sort(), Object.keys(ob).sort()];
    if (ka.join() !== kb.join()) return { kind: "shape", at: `${at} fields`, a: ka.join(", "), b: kb.join(", ") };
    // Ids first: a list in another order shows as ids out of correspondence, not as whatever field differs first.
    for (const k of [...ka.filter((k) => ID_KEY.test(k)), ...ka.filter((k) => !ID_KEY.test(k))]) {
      const found = compareValue(oa[k], ob[k], `${at}.${k}`, k, oa, pairs);
      if (found) return found;
    }
    return null;
  }
  if (ta === "number") return a === b ? null : { kind: "amount", at, a: String(a), b: String(b) };
  if (ta === "string") {
    const [sa, sb] = [stringOf(key, a as string), stringOf(key, b as string)];
    return sa === sb ? null : { kind: "value", at, a: sa.startsWith("<") ? `${sa} ${short(a)}` : sa, b: sb.startsWith("<") ? `${sb} ${short(b)}` : sb };
  }
  return a === b ? null : { kind: "value", at, a: short(a), b: short(b) };
}

/** The first difference between what one step answered on A and on B, in the order the answers came. */
export function compareSeen(a: Seen[], b: Seen[], pairs: Correspondence): Difference | null {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const [x, y] = [a[i], b[i]];
    if (!x || !y) {
      const operation = (x ?? y).operation;
      return { kind: "answers", operation, at: "the number of answers", a: String(a.length), b: String(b.length) };
    }
    const { operation } = x;
    if (x.status !== y.status) return { kind: "status", operation, at: "status", a: `${x.status} ${short(x.body)}`, b: `${y.status} ${short(y.body)}` };
    if (x.paged !== y.paged) return { kind: "shape", operation, at: "a next page", a: x.paged ? "named" : "none", b: y.paged ? "named" : "none" };
    const found = compareValue(x.body, y.body, "body", "", null, pairs);
    if (found) return { ...found, operation };
  }
  return null;
}

/** One line for a report: "amount at POST /api/v1/transfers: body.receivedAmount is 1234 on A, 1235 on B". */
export const describeDifference = (d: Difference): string => `${d.kind} at ${d.operation}: ${d.at} is ${d.a} on A, ${d.b} on B`;
