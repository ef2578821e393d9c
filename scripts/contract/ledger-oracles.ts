import { BANK } from "./knowledge";
import { kindMade } from "./made";
import { balancesOf, historyOf, walletOf, within, type Caller, type Movement, type Timed } from "./oracle-kit";
import type { Person } from "./session";

/**
 * What the ledger says about movements after they are made: each reads back as it was answered
 * (history row, receipt), at a time that lies within its request; and a statement agrees with the
 * history and the balance of its account.
 */

/** A movement an oracle made: its answer and timing, what kind it is, who made it from which wallet. */
export type Made = { timed: Timed; kind: "transfer" | "topup" | "exchange" | "request"; by: Person; direction: "in" | "out"; wallet: number };

const FIELDS = ["id", "senderWalletId", "receiverWalletId", "amount", "currency", "receivedAmount", "receivedCurrency", "rate", "createdAt"] as const;
const differences = (a: Movement, b: Movement) => FIELDS.filter((f) => a[f] !== b[f]).map((f) => `${f} ${JSON.stringify(b[f])} (answered ${JSON.stringify(a[f])})`);

/**
 * Each movement: createdAt between request and answer; its history row and receipt equal the
 * answer; the receipt's kind and direction. And every movement the run made, in every history of
 * `people` that shows it: the kind it was made as.
 */
export async function readBack(call: Caller, made: Made[], skewMs: number, people: Person[]): Promise<string[]> {
  const problems: string[] = [];
  const histories = new Map<number, Movement[]>();
  for (const person of people) for (const wallet of person.wallets) histories.set(wallet.id, await historyOf(call, person, wallet.id));
  for (const [wallet, rows] of histories) {
    // One line per wallet and way of being wrong: "exchanges 12, 9 are shown in the history of wallet 3 as kind transfer".
    const wrong = new Map<string, number[]>();
    for (const row of rows) {
      const kind = kindMade(row.id);
      if (kind && row.kind !== kind) wrong.set(`${kind} ${String(row.kind)}`, [...(wrong.get(`${kind} ${String(row.kind)}`) ?? []), row.id]);
    }
    for (const [pair, ids] of wrong) {
      const [kind, shown] = pair.split(" ");
      problems.push(`${ids.length === 1 ? kind : `${kind}s`} ${ids.join(", ")} ${ids.length === 1 ? "is" : "are"} shown in the history of wallet ${wallet} as kind ${shown}`);
    }
  }
  for (const m of made) {
    const t = m.timed.body as Movement;
    if (t.kind !== m.kind) problems.push(`${m.kind} ${t.id} was answered as kind ${String(t.kind)}`);
    if (!within(t.createdAt, m.timed, skewMs)) {
      problems.push(`${m.kind} ${t.id}: createdAt ${t.createdAt}, but it was made between ${new Date(m.timed.sentAt).toISOString()} and ${new Date(m.timed.answeredAt).toISOString()}`);
    }
    if (!histories.has(m.wallet)) histories.set(m.wallet, await historyOf(call, m.by, m.wallet));
    const row = histories.get(m.wallet)!.find((r) => r.id === t.id);
    if (!row) problems.push(`${m.kind} ${t.id} is missing from the history of wallet ${m.wallet}`);
    else if (differences(t, row).length) problems.push(`${m.kind} ${t.id} in the history: ${differences(t, row).join(", ")}`);
    const receipt = (await call(BANK.receipt, m.by.tokens.access_token, { params: { id: t.id } })).body as Movement & { direction: string };
    if (differences(t, receipt).length) problems.push(`${m.kind} ${t.id} on its receipt: ${differences(t, receipt).join(", ")}`);
    if (receipt.kind !== m.kind || receipt.direction !== m.direction) problems.push(`the receipt of ${m.kind} ${t.id} says ${receipt.kind}, ${receipt.direction} (expected ${m.kind}, ${m.direction})`);
  }
  return problems;
}

type Statement = { opening: number; totalIn: number; totalOut: number; closing: number; count: number; from: string; to: string };

/** The calendar day `days` from today in a time zone `tz` minutes east of UTC. */
const day = (tz: number, days: number) => new Date(Date.now() + tz * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A statement of a fresh account for the last day (in several time zones) closes at today's
 * balance, opens at zero, and its totals and count are the history's; a period that ended before
 * the account existed is empty; the CSV file lists each movement of the history once.
 */
export async function statements(call: Caller, person: Person, baseUrl: string): Promise<string[]> {
  const problems: string[] = [];
  const token = person.tokens.access_token;
  // An exchange too, so that the ruble statement holds every kind of movement: top-ups, transfers in, requests paid out, an exchange.
  await call("POST /api/v1/exchanges", token, { body: { fromWalletId: walletOf(person, "RUB").id, toWalletId: walletOf(person, "USD").id, amount: 10_000 } }, 201);
  for (const currency of ["RUB", "USD"]) {
    const wallet = walletOf(person, currency).id;
    const rows = await historyOf(call, person, wallet);
    const balance = (await balancesOf(call, person))[currency];
    const totalIn = rows.filter((r) => r.receiverWalletId === wallet).reduce((n, r) => n + r.receivedAmount, 0);
    const totalOut = rows.filter((r) => r.senderWalletId === wallet).reduce((n, r) => n + r.amount, 0);
    const expected = { opening: 0, totalIn, totalOut, closing: balance, count: rows.length };
    for (const tz of [0, 840, -720]) {
      const query = { from: day(tz, -1), to: day(tz, 0), tz };
      const s = (await call("GET /api/v1/statements/wallet/{walletId}", token, { params: { walletId: wallet }, query })).body as Statement;
      const wrong = (Object.keys(expected) as (keyof typeof expected)[]).filter((k) => s[k] !== expected[k]);
      if (wrong.length) problems.push(`${currency} statement ${query.from}..${query.to} (tz ${tz}): ${wrong.map((k) => `${k} ${s[k]}, the history and balance say ${expected[k]}`).join("; ")}`);
      if (s.opening + s.totalIn - s.totalOut !== s.closing) problems.push(`${currency} statement (tz ${tz}): ${s.opening} + ${s.totalIn} − ${s.totalOut} ≠ ${s.closing}`);
    }
    const before = (await call("GET /api/v1/statements/wallet/{walletId}", token, { params: { walletId: wallet }, query: { from: day(0, -10), to: day(0, -3), tz: 0 } })).body as Statement;
    if (before.count !== 0 || before.opening !== 0 || before.closing !== 0 || before.totalIn !== 0 || before.totalOut !== 0) {
      problems.push(`${currency} statement of a period before the account existed: ${JSON.stringify(before)}`);
    }
    if (currency === "RUB") problems.push(...(await csvRows(call, token, wallet, rows, baseUrl)));
  }
  return problems;
}

/**
 * The CSV file of the last day: each of the history's movements on a line of its own, once, and no
 * line for a movement the history does not hold (another account's); a column names each
 * movement's kind (below).
 */
async function csvRows(call: Caller, token: string, wallet: number, rows: Movement[], baseUrl: string): Promise<string[]> {
  const link = (await call("POST /api/v1/statements/link", token, { body: { walletId: wallet, from: day(0, -1), to: day(0, 0), tz: 0, format: "csv" } }, 201)).body as { url: string };
  const url = new URL(link.url, baseUrl);
  const file = await call("GET /api/v1/statements/csv", undefined, { query: { token: url.searchParams.get("token") ?? "" } });
  // Fields are `;` separated (documented); a movement's line names its transfer id as a field of its own.
  const lines = String(file.body).split(/\r?\n/).map((line) => line.split(";").map((field) => field.replace(/^"|"$/g, "")));
  const problems: string[] = [];
  let shape: { column: number; width: number } | null = null;
  for (const r of rows) {
    const found = lines.filter((fields) => fields.includes(String(r.id)));
    if (found.length !== 1) problems.push(`the CSV statement lists transfer ${r.id} ${found.length} times`);
    else shape ??= { column: found[0].indexOf(String(r.id)), width: found[0].length };
  }
  if (!shape) return problems;
  // The movements' lines: as wide as theirs, an id where theirs have it.
  const { column, width } = shape;
  const movements = lines.filter((fields) => fields.length === width && /^\d+$/.test(fields[column]));
  const held = new Set(rows.map((r) => r.id));
  const foreign = movements.map((fields) => Number(fields[column])).filter((id) => !held.has(id));
  if (foreign.length) problems.push(`the CSV statement of wallet ${wallet} lists movements its history does not hold: ${foreign.join(", ")}`);
  return [...problems, ...csvKinds(movements, column, rows, wallet)];
}

/**
 * The CSV names each movement's kind in words of the server's language, which the tester does not
 * know; it knows what kind it made each movement as. So some column must follow the kinds: the
 * movements of one kind (and direction) share a name in it, movements of different kinds never do.
 */
function csvKinds(movements: string[][], idColumn: number, rows: Movement[], wallet: number): string[] {
  const known = movements.flatMap((fields) => {
    const id = Number(fields[idColumn]);
    const kind = kindMade(id);
    const row = rows.find((r) => r.id === id);
    return kind && row ? [{ id, kind, sort: `${kind}, ${row.receiverWalletId === wallet ? "in" : "out"}`, fields }] : [];
  });
  if (new Set(known.map((m) => m.kind)).size < 2) return [];
  const judged = (movements[0]?.map((_, column) => column) ?? [])
    .filter((column) => column !== idColumn)
    .map((column) => {
      const bySort = new Map<string, Map<string, number[]>>();
      const byName = new Map<string, Map<string, number[]>>();
      const add = (map: Map<string, Map<string, number[]>>, key: string, inner: string, id: number) => {
        const at = map.get(key) ?? new Map<string, number[]>();
        at.set(inner, [...(at.get(inner) ?? []), id]);
        map.set(key, at);
      };
      for (const m of known) {
        add(bySort, m.sort, m.fields[column], m.id);
        add(byName, m.fields[column], m.kind, m.id);
      }
      const list = (inner: Map<string, number[]>, quote: boolean) => [...inner].map(([key, ids]) => `${quote ? JSON.stringify(key) : key} (${ids.join(", ")})`).join(", ");
      const problems = [
        ...[...bySort].filter(([, names]) => names.size > 1).map(([sort, names]) => `${sort} movements go by different names: ${list(names, true)}`),
        ...[...byName].filter(([, kinds]) => kinds.size > 1).map(([name, kinds]) => `${JSON.stringify(name)} names movements of different kinds: ${list(kinds, false)}`),
      ];
      return { column, problems, names: byName.size };
    })
    // The nearest: the fewest disagreements, then the most names (a column the same on every line names nothing).
    .sort((a, b) => a.problems.length - b.problems.length || b.names - a.names);
  const best = judged[0];
  if (!best || best.problems.length === 0) return [];
  return [`no column of the CSV statement of wallet ${wallet} names the movements' kinds as they were made; the nearest, column ${best.column + 1}: ${best.problems.join("; ")}`];
}

type RequestDto = { token: string; createdAt: string; expiresAt: string; paidAt: string | null };

/**
 * Requests and links keep time too: a payment request's createdAt lies within its request and it
 * expires a whole number of days later, its paidAt lies within the payment, a statement link
 * expires ten minutes (as documented) after it was made.
 */
export async function otherTimes(call: Caller, requester: Person, payer: Person, skewMs: number): Promise<string[]> {
  const problems: string[] = [];
  const made = await call("POST /api/v1/requests", requester.tokens.access_token, { body: { currency: "RUB", amount: 111 } }, 201);
  const request = made.body as RequestDto;
  if (!within(request.createdAt, made, skewMs)) problems.push(`a request made between ${new Date(made.sentAt).toISOString()} and ${new Date(made.answeredAt).toISOString()} says createdAt ${request.createdAt}`);
  const days = (Date.parse(request.expiresAt) - Date.parse(request.createdAt)) / 86_400_000;
  if (!(days >= 1 && Math.abs(days - Math.round(days)) * 86_400_000 <= skewMs)) problems.push(`a request made at ${request.createdAt} expires at ${request.expiresAt}, not a whole number of days later`);
  const paid = await call("POST /api/v1/requests/{token}/pay", payer.tokens.access_token, { params: { token: request.token }, body: { walletId: walletOf(payer, "RUB").id } }, 201);
  const read = (await call("GET /api/v1/requests/{token}", requester.tokens.access_token, { params: { token: request.token } })).body as RequestDto;
  if (!read.paidAt || !within(read.paidAt, paid, skewMs)) problems.push(`a request paid between ${new Date(paid.sentAt).toISOString()} and ${new Date(paid.answeredAt).toISOString()} says paidAt ${read.paidAt}`);
  const link = await call("POST /api/v1/statements/link", requester.tokens.access_token, { body: { walletId: walletOf(requester, "RUB").id, from: day(0, -1), to: day(0, 0), tz: 0, format: "pdf" } }, 201);
  const expiresAt = (link.body as { expiresAt: string }).expiresAt;
  const tenMinutes = { sentAt: link.sentAt + 600_000, answeredAt: link.answeredAt + 600_000 };
  if (!within(expiresAt, tenMinutes, skewMs + 1_000)) problems.push(`a statement link made at ${new Date(link.sentAt).toISOString()} expires at ${expiresAt}, not ten minutes later`);
  return problems;
}
