// What a transfer costs must not grow with the bank's history. On a database holding a long
// generated history, every statement the money paths and the outbox's polling run is looked at
// as the database plans it:
//  - PostgreSQL (auto_explain, with the statements inside minibank_apply_plan): no sequential scan
//    of a history table, and no statement reads more than a few dozen of their rows;
//  - SQLite (EXPLAIN QUERY PLAN of each statement as run): no SCAN of a history table, and no
//    SEARCH bounded only by one wallet, user or channel (that reads its whole history).
// Not a timing: the plans and the rows read are the same on a quiet machine and a busy one.
import Database from "better-sqlite3";
import pg from "pg";
import { POST as exchangeRoute } from "@/app/api/v1/exchanges/route";
import { POST as payRoute } from "@/app/api/v1/requests/[token]/pay/route";
import { POST as createRequestRoute } from "@/app/api/v1/requests/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { GET as historyRoute } from "@/app/api/v1/transfers/wallet/[walletId]/route";
import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import { getDb } from "@/lib/server/db";
import { addSqliteFunctions } from "@/lib/server/db/sqlite";
import { moscowDate } from "@/lib/shared/schedule-dates";
import { claimDue } from "@/lib/server/notifications/store-claim";
import { call } from "@/tests/support/api";
import { createFundedUser, setRate } from "@/tests/support/ledger";
import { addLongHistory } from "@/tests/support/long-history";

const HISTORY = Number(process.env.HISTORY_COST_TRANSFERS ?? 200_000);
/** Tables that grow with every movement. */
const HISTORY_TABLES = ["Transfer", "Posting", "Notification", "IdempotencyKey"];
/** SQLite has no statistics: an unindexed read is a SCAN whatever the size, so these are checked too. */
const SQLITE_CHECKED = [...HISTORY_TABLES, "RateLimitHit", "RefreshToken", "SendingCounter"];
/** Rows of history tables one statement may read on PostgreSQL (what the money paths return is a few). */
const MAX_ROWS_READ = 60;
const DAY = 86_400_000;

const url = process.env.DATABASE_URL!;
const onPostgres = url.startsWith("postgres");

type Recorded = { text: string; args: unknown[] };
let recording = false;
const sqliteStatements: Recorded[] = [];
const postgresPlans: string[] = [];

if (onPostgres) {
  // auto_explain sends each plan to the client as a LOG message (client_min_messages below).
  const emit = pg.Client.prototype.emit;
  pg.Client.prototype.emit = function (this: pg.Client, event: string | symbol, ...args: unknown[]) {
    if (recording && event === "notice") {
      const message = (args[0] as { message?: string }).message ?? "";
      if (message.includes("plan:")) postgresPlans.push(message);
    }
    return emit.call(this, event, ...args);
  };
} else {
  // Every statement prepared on a connection, with the values it runs with.
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (this: Database.Database, source: string) {
    const statement = prepare.call(this, source);
    // Values given to `bind` (Prisma's adapter) or to the call itself (the ledger's store).
    let bound: unknown[] = [];
    const bind = statement.bind.bind(statement) as (...args: unknown[]) => unknown;
    Object.defineProperty(statement, "bind", {
      value: (...args: unknown[]) => {
        bound = args;
        bind(...args);
        return statement;
      },
    });
    for (const method of ["run", "get", "all", "iterate"] as const) {
      const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      Object.defineProperty(statement, method, {
        value: (...args: unknown[]) => {
          if (recording) sqliteStatements.push({ text: source, args: args.length ? args : bound });
          return original(...args);
        },
      });
    }
    return statement;
  } as typeof prepare;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

type Person = Awaited<ReturnType<typeof createFundedUser>>;
let hot: Person[] = [];
let others: Person[] = [];

beforeAll(async () => {
  if (onPostgres) {
    // Every later connection of this database explains what it runs, nested statements included.
    const name = new URL(url).pathname.slice(1);
    await adminQuery(`ALTER DATABASE "${name}" SET session_preload_libraries = 'auto_explain'`);
    for (const [setting, value] of Object.entries({
      "auto_explain.log_min_duration": "0",
      "auto_explain.log_analyze": "on",
      "auto_explain.log_timing": "off",
      "auto_explain.log_nested_statements": "on",
      "auto_explain.log_format": "json",
      client_min_messages: "log",
    })) {
      await adminQuery(`ALTER DATABASE "${name}" SET ${setting} = '${value}'`);
    }
  }
  await setRate("USD", 1_000_000);
  hot = [await createFundedUser({ RUB: 100, USD: 100 }), await createFundedUser({ RUB: 100 })];
  others = [];
  for (let i = 0; i < 6; i += 1) others.push(await createFundedUser({ RUB: 100 }));
  const bank = await getDb().wallet.findFirstOrThrow({ where: { currency: "RUB", user: { isSystem: true } } });
  const now = Date.now();
  await addLongHistory(url, {
    wallets: [...hot, ...others].map((p) => p.wallets.RUB),
    hot: hot.length,
    bankWallet: bank.id,
    transfers: HISTORY,
    // A year of history that ends two days ago: every window the limits count (up to a day) is
    // empty of it, so what a statement may read is what the test itself adds.
    from: new Date(now - 365 * DAY),
    to: new Date(now - 2 * DAY),
    balance: 1_000_000_000,
  });
}, 600_000);

/** Runs `work` and returns what the database planned for each statement it ran. */
async function recorded(work: () => Promise<void>): Promise<void> {
  sqliteStatements.length = 0;
  postgresPlans.length = 0;
  recording = true;
  try {
    await work();
  } finally {
    recording = false;
  }
}

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Index Name"?: string;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

const SCANS = ["Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan"];

/** A page of a wallet's history (ledger/store-history.ts): each side one wallet's transfers, newest first. */
const HISTORY_PAGE = /FROM "Transfer" WHERE "(?:sender|receiver)WalletId" = \S+ .*ORDER BY "id" DESC LIMIT/s;
/**
 * What a history page's side may walk: its wallet's indexes, or (PostgreSQL's choice when the
 * wallet holds a large part of all transfers, as the busiest one here does: a third) the id order
 * itself, newest first, which stops after a page just as soon. The rows read are counted either way.
 */
const HISTORY_INDEX = /^Transfer_((sender|receiver)WalletId_|pkey$)/;
/**
 * Rows of Transfer a filtered history page may read: a page of matches, however far apart they
 * lie in the wallet's own history (the filters below match one row in a few dozen at most), far
 * below the wallet's history and the table's.
 */
const MAX_HISTORY_ROWS_READ = 2_000;

/** PostgreSQL: what is wrong with one logged plan (sequential scans, too many rows read), if anything. */
function postgresProblems(message: string): string[] {
  const { "Query Text": text, Plan: plan } = JSON.parse(message.slice(message.indexOf("{"))) as { "Query Text": string; Plan: PlanNode };
  const historyPage = HISTORY_PAGE.test(text);
  const problems: string[] = [];
  let read = 0;
  const walk = (node: PlanNode) => {
    const table = node["Relation Name"];
    if (table && HISTORY_TABLES.includes(table) && SCANS.includes(node["Node Type"])) {
      if (node["Node Type"] === "Seq Scan") problems.push(`Seq Scan on ${table}`);
      const perLoop = (node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0);
      read += perLoop * (node["Actual Loops"] ?? 1);
    }
    const index = node["Index Name"] ?? "";
    if (historyPage && index.startsWith("Transfer_") && !HISTORY_INDEX.test(index)) {
      problems.push(`${node["Node Type"]} of Transfer on ${index}, neither a wallet's index nor the id order`);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  if (read > (historyPage ? MAX_HISTORY_ROWS_READ : MAX_ROWS_READ)) problems.push(`reads ${read} rows of history tables`);
  return problems.map((p) => `${p}: ${text.replace(/\s+/g, " ").slice(0, 400)}`);
}

/** Names a history table goes by in `text`: its own and its aliases. */
function namesOf(text: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const table of SQLITE_CHECKED) {
    names.set(table, table);
    for (const m of text.matchAll(new RegExp(`"${table}"\\s+(?:AS\\s+)?"?([a-z]\\w*)"?`, "g"))) names.set(m[1], table);
  }
  return names;
}

/** Columns that alone pick one wallet's, user's or channel's whole history. */
const WHOLE_HISTORY_OF = new Set(["senderWalletId", "receiverWalletId", "walletId", "userId", "channel"]);

/** SQLite: what is wrong with one statement's plan, if anything. */
function sqliteProblems(db: Database.Database, { text, args }: Recorded): string[] {
  if (!/^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)/i.test(text)) return [];
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...args) as { detail: string }[];
  const names = namesOf(text);
  const problems: string[] = [];
  if (HISTORY_PAGE.test(text)) {
    // Each side walks its wallet's (walletId, id) index newest first and stops after a page: a
    // SEARCH of that index and no sort. With a period it may instead take the wallet's days
    // ((walletId, createdAt), (walletId, kind, createdAt)) and sort them: still one wallet's rows
    // and only the period's.
    const period = /"createdAt" [<>]=? /.test(text);
    for (const { detail } of rows) {
      if (/TEMP B-TREE/.test(detail) && !period) problems.push(detail);
      const transfer = /^(SCAN|SEARCH) Transfer\b(?: USING (?:COVERING )?INDEX (\S+) \((\w+)=\?(.*)\))?/.exec(detail);
      if (!transfer) continue;
      const [, how, index = "", , rest = ""] = transfer;
      const onId = /^Transfer_(sender|receiver)WalletId_id_idx$/.test(index);
      const onDays = /^Transfer_(sender|receiver)WalletId_(kind_)?createdAt_idx$/.test(index) && /createdAt[<>]/.test(rest);
      if (how !== "SEARCH" || !(onId || (period && onDays))) problems.push(detail);
    }
    return problems.map((p) => `${p}: ${text.replace(/\s+/g, " ").slice(0, 400)}`);
  }
  for (const { detail } of rows) {
    const scan = /^SCAN (\S+)/.exec(detail);
    if (scan && names.has(scan[1])) problems.push(`${detail} (${names.get(scan[1])})`);
    const search = /^SEARCH (\S+) USING (?:COVERING )?INDEX \S+ \((\w+)[=><]/.exec(detail);
    const only = /\(([^()]*)\)$/.exec(detail)?.[1] ?? "";
    if (search && names.has(search[1]) && !only.includes(" AND ") && WHOLE_HISTORY_OF.has(search[2])) {
      problems.push(`${detail} (all of one ${search[2]}'s rows of ${names.get(search[1])})`);
    }
  }
  return problems.map((p) => `${p}: ${text.replace(/\s+/g, " ").slice(0, 400)}`);
}

function problemsOfRecorded(): string[] {
  if (onPostgres) {
    expect(postgresPlans.length).toBeGreaterThan(0);
    return [...new Set(postgresPlans.flatMap(postgresProblems))];
  }
  expect(sqliteStatements.length).toBeGreaterThan(0);
  const db = new Database(url.replace(/^file:/, ""), { readonly: true });
  addSqliteFunctions(db);
  try {
    return [...new Set(sqliteStatements.flatMap((s) => sqliteProblems(db, s)))];
  } finally {
    db.close();
  }
}

const key = () => ({ "idempotency-key": `history-cost-${Math.random()}` });

describe("on a long history, the money paths read no more than they return", () => {
  it(
    "a transfer (to a wallet dealt with before and to a new one), its replay, an exchange, a top-up and a request paid",
    async () => {
      const [sender] = hot;
      const stranger = await createFundedUser();
      const headers = key();
      await recorded(async () => {
        const send = (to: number) =>
          call(transferRoute, { token: sender.token, headers, body: { senderWalletId: sender.wallets.RUB, receiverWalletId: to, amount: 5 } });
        expect((await send(others[0].wallets.RUB)).status).toBe(201);
        expect((await send(others[0].wallets.RUB)).status).toBe(201);
        const first = await call(transferRoute, {
          token: sender.token,
          headers: key(),
          body: { senderWalletId: sender.wallets.RUB, receiverWalletId: stranger.wallets.RUB, amount: 5 },
        });
        expect(first.status).toBe(201);
        const exchanged = await call(exchangeRoute, {
          token: sender.token,
          headers: key(),
          body: { fromWalletId: sender.wallets.RUB, toWalletId: sender.wallets.USD, amount: 1_000 },
        });
        expect(exchanged.status).toBe(201);
        expect((await call(topUpRoute, { token: sender.token, headers: key(), body: { currency: "RUB", amount: 100 } })).status).toBe(201);
        const asked = await call(createRequestRoute, { token: others[1].token, body: { currency: "RUB", amount: 100 } });
        expect(asked.status).toBe(201);
        const paid = await call(payRoute, { token: sender.token, headers: key(), params: { token: asked.body.token }, body: { walletId: sender.wallets.RUB } });
        expect(paid.status).toBe(201);
      });
      expect(problemsOfRecorded()).toEqual([]);
    },
    120_000,
  );

  it("the outbox's polling: an idle channel, and claims of what is due", async () => {
    await recorded(async () => {
      // Both channels have their notices of the transfers above (and a year of sent ones).
      for (const channel of ["email", "telegram"] as const) await claimDue(channel, new Date(), 10);
      for (const channel of ["email", "telegram"] as const) await claimDue(channel, new Date(), 10);
    });
    expect(problemsOfRecorded()).toEqual([]);
  }, 120_000);
});

describe("on a long history, a history page reads one wallet's index, filtered or not", () => {
  it("pages of the busiest wallet's history: unfiltered, by kind and direction, currency, a name, an amount, a period", async () => {
    const [owner] = hot;
    const counterparty = await getDb().user.findUniqueOrThrow({ where: { id: others[0].user.id } });
    const queries: Record<string, string>[] = [
      {},
      { kind: "transfer", direction: "out" },
      { direction: "in", currency: "RUB" },
      { q: counterparty.username! },
      { q: "0,05" },
      { from: moscowDate(new Date(Date.now() - 5 * DAY)), kind: "request" },
    ];
    const pages: number[] = [];
    await recorded(async () => {
      for (const query of queries) {
        let cursor: string | null = null;
        for (let page = 0; page < 2; page += 1) {
          const search = new URLSearchParams({ ...query, limit: "20", ...(cursor ? { cursor } : {}) }).toString();
          const res = await call(historyRoute, {
            token: owner.token,
            path: `/api/v1/transfers/wallet/${owner.wallets.RUB}?${search}`,
            params: { walletId: String(owner.wallets.RUB) },
          });
          expect(res.status).toBe(200);
          pages.push((res.body as unknown[]).length);
          cursor = res.headers.get("x-next-cursor");
          if (!cursor) break;
        }
      }
    });
    // Every filter matched a page's worth in a long history.
    expect(pages.every((length) => length === 20)).toBe(true);
    expect(problemsOfRecorded()).toEqual([]);
  }, 120_000);
});
