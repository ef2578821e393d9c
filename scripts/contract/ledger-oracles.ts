import { BANK } from "./knowledge";
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

/** Each movement: createdAt between request and answer; its history row and receipt equal the answer; the receipt's kind and direction. */
export async function readBack(call: Caller, made: Made[], skewMs: number): Promise<string[]> {
  const problems: string[] = [];
  const histories = new Map<number, Movement[]>();
  for (const m of made) {
    const t = m.timed.body as Movement & { kind?: string };
    if (t.kind !== m.kind) problems.push(`${m.kind} ${t.id} was answered as kind ${String(t.kind)}`);
    if (!within(t.createdAt, m.timed, skewMs)) {
      problems.push(`${m.kind} ${t.id}: createdAt ${t.createdAt}, but it was made between ${new Date(m.timed.sentAt).toISOString()} and ${new Date(m.timed.answeredAt).toISOString()}`);
    }
    if (!histories.has(m.wallet)) histories.set(m.wallet, await historyOf(call, m.by, m.wallet));
    const row = histories.get(m.wallet)!.find((r) => r.id === t.id);
    if (!row) problems.push(`${m.kind} ${t.id} is missing from the history of wallet ${m.wallet}`);
    else if (differences(t, row).length) problems.push(`${m.kind} ${t.id} in the history: ${differences(t, row).join(", ")}`);
    const receipt = (await call(BANK.receipt, m.by.tokens.access_token, { params: { id: t.id } })).body as Movement & { kind: string; direction: string };
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

/** The CSV file of the last day lists every history row's transfer once. */
async function csvRows(call: Caller, token: string, wallet: number, rows: Movement[], baseUrl: string): Promise<string[]> {
  const link = (await call("POST /api/v1/statements/link", token, { body: { walletId: wallet, from: day(0, -1), to: day(0, 0), tz: 0, format: "csv" } }, 201)).body as { url: string };
  const url = new URL(link.url, baseUrl);
  const file = await call("GET /api/v1/statements/csv", undefined, { query: { token: url.searchParams.get("token") ?? "" } });
  // Fields are `;` separated (documented); a movement's line names its transfer id as a field of its own.
  const lines = String(file.body).split(/\r?\n/).map((line) => line.split(";").map((field) => field.replace(/^"|"$/g, "")));
  const problems: string[] = [];
  for (const r of rows) {
    const n = lines.filter((fields) => fields.includes(String(r.id))).length;
    if (n !== 1) problems.push(`the CSV statement lists transfer ${r.id} ${n} times`);
  }
  return problems;
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
