// Several instances of one bank: three production servers (`npm start`) started at the same moment
// on ONE PostgreSQL database (their migrations race), then 240 transfers fired at once across them
// — both directions between the same wallets, one in three across currencies — and a quarter sent
// again at the same moment, with the same Idempotency-Key, to another instance. Every logical
// transfer must happen exactly once, no answer may be a 5xx, each currency's balances must sum to
// zero and each wallet's balance must equal the sum of its postings. Rate limits count across
// instances, and an order at a target rate runs once though every instance's runner looks for it.
// Uses MINIBANK_PROD_BUILD_DIR when it names a finished production build.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { ensureBuild, freePort, startServer, type AppServer } from "@/scripts/app-server";
import { dropPostgresDatabase } from "@/scripts/lib/database";
import { productionEnv, serveRecordedRates, type RatesSource } from "@/tests/support/production-env";
// @ts-expect-error -- a plain .mjs helper shared with jest's global setup
import { postgresUrl } from "@/tests/support/postgres.mjs";
import { codeIn, startSmtp, type Mailbox } from "@/tests/support/smtp";
import { queryPostgres } from "@/tests/support/pg-query";

/** Per currency: every balance (a customer's column, the bank's postings) and every posting. */
const CURRENCY_SUMS = `
  SELECT w."currency",
    SUM(CASE WHEN u."isSystem" THEN (SELECT COALESCE(SUM(p."amount"), 0) FROM "Posting" p WHERE p."walletId" = w."id")
      ELSE w."balance" END) AS balances,
    (SELECT COALESCE(SUM(p."amount"), 0) FROM "Posting" p WHERE p."currency" = w."currency") AS postings
  FROM "Wallet" w JOIN "User" u ON u."id" = w."userId" GROUP BY w."currency"`;
/** Customer wallets whose balance is not the sum of their postings, and bank rows with a balance. */
const DRIFT = `
  SELECT w."id" FROM "Wallet" w JOIN "User" u ON u."id" = w."userId" LEFT JOIN "Posting" p ON p."walletId" = w."id"
  WHERE NOT u."isSystem" GROUP BY w."id", w."balance" HAVING w."balance" <> COALESCE(SUM(p."amount"), 0)
  UNION ALL
  SELECT w."id" FROM "Wallet" w JOIN "User" u ON u."id" = w."userId" WHERE u."isSystem" AND w."balance" <> 0`;

jest.setTimeout(600_000);

const INSTANCES = 3;
const PEOPLE = 6;
const TRANSFERS = 240;
const CODE_LIMIT_PER_IP = 11;
/** Above what the exactly-once test sends from one person (80), below the burst's 120. */
const SENDING_LIMIT = 90;
const BURST = 120;
/** The two SQLite processes' sending limit: above the 50 transfers each sender makes in the first test. */
const SQLITE_SENDING_LIMIT = 60;

const databaseName = `minibank_multi_${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = (postgresUrl as (name: string) => string)(databaseName);
let work: string;
let servers: AppServer[] = [];
let mailbox: Mailbox;
let rates: RatesSource;

type Answer = { status: number; body: { id?: number; code?: string } & Record<string, unknown> };

async function call(server: AppServer, method: string, pathname: string, options: { token?: string; body?: unknown; key?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.key) headers["idempotency-key"] = options.key;
  const res = await fetch(`${server.url}${pathname}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

const query = <T extends pg.QueryResultRow>(sql: string): Promise<T[]> => queryPostgres<T>(databaseUrl, sql);

beforeAll(async () => {
  // The servers' logs stay in test-results/ for whoever reads a failure.
  work = path.resolve("test-results", "multi-instance");
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  mailbox = await startSmtp();
  rates = await serveRecordedRates();
  const distDir = await ensureBuild({ mode: "production", distDir: ".next-prod" });
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  // One configuration (secrets included) for every instance, as behind a load balancer.
  const env = productionEnv({
    work,
    name: "unused",
    port: ports[0],
    smtpPort: mailbox.port,
    extra: {
      DATABASE_URL: databaseUrl,
      RATES_SOURCE_URL: rates.url,
      TOPUP_DAILY_LIMIT: "100000000",
      AUTH_CODE_LIMIT_PER_IP: String(CODE_LIMIT_PER_IP),
      TRANSFER_LIMIT_PER_USER: String(SENDING_LIMIT),
      // Orders at a target rate are looked at every second on every instance.
      SCHEDULER_INTERVAL_SECONDS: "1",
    },
  });
  // Started together: the database does not exist yet, and all three try to create and migrate it.
  servers = await Promise.all(
    ports.map((port, i) =>
      startServer({ distDir, port, npmStart: true, timeoutMs: 180_000, logFile: path.join(work, `server-${i}.log`), env }),
    ),
  );
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await mailbox?.close();
  await rates?.close();
  await dropPostgresDatabase(databaseUrl);
});

/** Polls GET /api/ready until it answers 200 or `ms` pass; the last status. */
async function readyWithin(server: AppServer, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let status = (await call(server, "GET", "/api/ready")).status;
  while (status !== 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = (await call(server, "GET", "/api/ready")).status;
  }
  return status;
}

/**
 * The sign-in code mailed to `email` after the first `from` messages. The mailbox is shared with
 * the servers' "money arrived" notices, which their outbox workers send whenever they get to them.
 */
async function codeSentTo(email: string, from: number): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    for (const mail of mailbox.received.slice(from).filter((m) => m.to.includes(email))) {
      const code = await codeIn(mail.raw).catch(() => null);
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-in code reached ${email}`);
}

/** Signs in by e-mail: the code is requested from one instance and verified on another. */
async function signIn(email: string, i: number): Promise<string> {
  const before = mailbox.received.length;
  expect((await call(servers[i % INSTANCES], "POST", "/api/v1/auth/email/request-code", { body: { email } })).status).toBe(200);
  const code = await codeSentTo(email, before);
  const tokens = await call(servers[(i + 1) % INSTANCES], "POST", "/api/v1/auth/email/verify-code", { body: { email, code } });
  expect(tokens.status).toBe(200);
  return tokens.body.access_token as string;
}

describe(`${INSTANCES} production instances on one PostgreSQL database`, () => {
  it("migrated the database exactly once and all answer", async () => {
    const applied = await query<{ name: string }>(`SELECT "name" FROM "_minibank_migrations"`);
    expect(applied.map((row) => row.name)).toEqual(fs.readdirSync("prisma/postgres/migrations").filter((n) => !n.includes(".")).sort());
    // Readiness is a probe a balancer polls: a process may answer 503 while its first database
    // connection opens (its query has 2 s, and the three start at once on a loaded machine). Each
    // must become ready within 30 s; a database that never answers still fails here.
    for (const server of servers) expect(await readyWithin(server, 30_000)).toBe(200);
  });

  it("moves every logical transfer exactly once, keeps the books balanced, never answers 5xx", async () => {
    const tokens: string[] = [];
    for (let i = 0; i < PEOPLE; i += 1) tokens.push(await signIn(`person${i}.multi@example.test`, i));
    const wallets: Record<string, number>[] = [];
    for (const [i, token] of tokens.entries()) {
      // Opened on two instances at once: one creates the wallets, the other finds them.
      const opened = await Promise.all([0, 1].map((k) => call(servers[(i + k) % INSTANCES], "POST", "/api/v1/wallet/init", { token })));
      expect(opened.map((answer) => answer.status)).toEqual([200, 200]);
      expect(opened[0].body).toEqual(opened[1].body);
      const list = await call(servers[i % INSTANCES], "GET", "/api/v1/wallet", { token });
      expect(list.status).toBe(200);
      const byCurrency = Object.fromEntries((list.body as unknown as { id: number; currency: string }[]).map((w) => [w.currency, w.id]));
      wallets.push(byCurrency);
      for (const currency of ["RUB", "USD"]) {
        const topUp = await call(servers[(i + 1) % INSTANCES], "POST", "/api/v1/wallet/topup", { token, body: { currency, amount: 50_000_000 }, key: crypto.randomUUID() });
        expect(topUp.status).toBe(201);
      }
    }

    // Pairs (a, b) of neighbours, each way in turn, so A→B and B→A run at the same moment.
    const plan = Array.from({ length: TRANSFERS }, (_, i) => {
      const a = i % PEOPLE;
      const b = (a + 1) % PEOPLE;
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      const fromCurrency = i % 6 < 3 ? "RUB" : "USD";
      const toCurrency = i % 3 === 0 ? (fromCurrency === "RUB" ? "USD" : "RUB") : fromCurrency;
      return {
        key: crypto.randomUUID(),
        token: tokens[from],
        body: { senderWalletId: wallets[from][fromCurrency], receiverWalletId: wallets[to][toCurrency], amount: 1_000 + crypto.randomInt(100_000) },
        instance: i % INSTANCES,
        resend: i % 4 === 0,
      };
    });
    const sends = plan.flatMap((t, i) => {
      const first = call(servers[t.instance], "POST", "/api/v1/transfers", { token: t.token, body: t.body, key: t.key }).then((answer) => ({ i, answer }));
      if (!t.resend) return [first];
      const again = call(servers[(t.instance + 1) % INSTANCES], "POST", "/api/v1/transfers", { token: t.token, body: t.body, key: t.key }).then((answer) => ({ i, answer }));
      return [first, again];
    });
    const answers = await Promise.all(sends);
    expect(answers.length).toBe(TRANSFERS + TRANSFERS / 4);

    // Every answer is the created transfer; a resend answers the same transfer.
    const idOf = new Map<number, number>();
    for (const { i, answer } of answers) {
      expect({ i, status: answer.status, code: answer.body.code }).toEqual({ i, status: 201, code: undefined });
      const id = answer.body.id!;
      if (idOf.has(i)) expect(id).toBe(idOf.get(i));
      idOf.set(i, id);
    }
    expect(new Set(idOf.values()).size).toBe(TRANSFERS);
    const [{ n }] = await query<{ n: string }>(`SELECT COUNT(*) AS n FROM "Transfer" WHERE "kind" = 'transfer'`);
    expect(Number(n)).toBe(TRANSFERS);

    // Double entry: each currency sums to zero over all balances (customers' running balances,
    // the bank's as the sum of its postings) and over all postings; each customer wallet holds
    // exactly the sum of its postings; the bank's rows keep no running balance.
    const sums = await query<{ currency: string; balances: string; postings: string }>(CURRENCY_SUMS);
    for (const row of sums) expect({ currency: row.currency, balances: Number(row.balances), postings: Number(row.postings) }).toEqual({ currency: row.currency, balances: 0, postings: 0 });
    expect(await query(DRIFT)).toEqual([]);
    const negative = await query(`
      SELECT w."id" FROM "Wallet" w JOIN "User" u ON u."id" = w."userId" WHERE NOT u."isSystem" AND w."balance" < 0`);
    expect(negative).toEqual([]);
    // One bank user, one wallet per currency, however many instances raced to create them.
    const banks = await query<{ n: string }>(`SELECT COUNT(*) AS n FROM "User" WHERE "isSystem"`);
    expect(Number(banks[0].n)).toBe(1);

    for (let i = 0; i < INSTANCES; i += 1) {
      const log = fs.readFileSync(path.join(work, `server-${i}.log`), "utf8");
      expect(log).not.toMatch(/"level":(50|60)/);
    }
  });

  it("holds the sending limit under a burst spread over every instance: exactly the limit is sent", async () => {
    const sender = await signIn("burst.multi@example.test", 0);
    const receiver = await signIn("burst-receiver.multi@example.test", 1);
    const walletOf = async (token: string, i: number) => {
      await call(servers[i % INSTANCES], "POST", "/api/v1/wallet/init", { token });
      const list = (await call(servers[i % INSTANCES], "GET", "/api/v1/wallet", { token })).body as unknown as { id: number; currency: string }[];
      return list.find((w) => w.currency === "RUB")!.id;
    };
    const [from, to] = [await walletOf(sender, 0), await walletOf(receiver, 1)];
    expect((await call(servers[2], "POST", "/api/v1/wallet/topup", { token: sender, body: { currency: "RUB", amount: 1_000_000 }, key: crypto.randomUUID() })).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        call(servers[i % INSTANCES], "POST", "/api/v1/transfers", { token: sender, body: { senderWalletId: from, receiverWalletId: to, amount: 100 }, key: crypto.randomUUID() }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect({ sent: statuses.filter((s) => s === 201).length, refused: statuses.filter((s) => s === 429).length }).toEqual({ sent: SENDING_LIMIT, refused: BURST - SENDING_LIMIT });
    const [{ n }] = await query<{ n: string }>(`SELECT COUNT(*) AS n FROM "Transfer" WHERE "senderWalletId" = ${from}`);
    expect(Number(n)).toBe(SENDING_LIMIT);
  });

  it("runs each order at a target rate once, though every instance's runner looks every second", async () => {
    const tokens = [await signIn("orders-a.multi@example.test", 0), await signIn("orders-b.multi@example.test", 1)];
    // The recorded Central Bank file the servers imported at start: 1 $ = 73.3 ₽ or so, dated 2021-08-21, in force today.
    const usd = await query<{ value: string }>(`SELECT "value" FROM "Rate" WHERE "currency" = 'USD' ORDER BY "date" DESC LIMIT 1`);
    expect(usd).toHaveLength(1);
    const rate = Number(usd[0].value) / 10_000;
    const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const made: { id: number; met: boolean; funded: boolean }[] = [];
    for (const [i, token] of tokens.entries()) {
      await call(servers[i], "POST", "/api/v1/wallet/init", { token });
      const list = (await call(servers[i], "GET", "/api/v1/wallet", { token })).body as unknown as { id: number; currency: string }[];
      const wallet = (currency: string) => list.find((w) => w.currency === currency)!.id;
      expect((await call(servers[i], "POST", "/api/v1/wallet/topup", { token, body: { currency: "USD", amount: 1_000_000 }, key: crypto.randomUUID() })).status).toBe(201);
      // Eight selling orders the rate meets (two with more dollars than there are), one it does not.
      for (let k = 0; k < 9; k += 1) {
        const met = k < 8;
        const funded = k < 6;
        const body = { fromWalletId: wallet("USD"), toWalletId: wallet("RUB"), amount: funded ? 100_000 : 5_000_000, target: met ? Math.floor(rate) - k : Math.ceil(rate) + 10, expiresOn };
        const key = crypto.randomUUID();
        // Sent twice with one key, to two instances: one order.
        const [first, again] = await Promise.all([0, 1].map((n) => call(servers[(i + k + n) % INSTANCES], "POST", "/api/v1/orders", { token, body, key })));
        expect([first.status, again.status]).toEqual([201, 201]);
        expect(again.body.id).toBe(first.body.id);
        made.push({ id: first.body.id!, met, funded });
      }
    }
    const waiting = () => query<{ n: string }>(`SELECT COUNT(*) AS n FROM "RateWatch" WHERE "status" = 'waiting'`);
    const deadline = Date.now() + 60_000;
    while (Number((await waiting())[0].n) > 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    // Several passes more on every instance, to give a second run every chance to happen.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const rows = await query<{ id: number; status: string; reason: string | null; transferId: number | null }>(
      `SELECT "id", "status", "reason", "transferId" FROM "RateWatch" ORDER BY "id"`,
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    expect(rows).toHaveLength(made.length);
    for (const order of made) {
      const row = byId.get(order.id)!;
      const expected = !order.met ? "waiting" : order.funded ? "done" : "failed";
      expect({ id: order.id, status: row.status, reason: row.reason }).toEqual({ id: order.id, status: expected, reason: expected === "failed" ? "INSUFFICIENT_FUNDS" : null });
    }
    const transfers = await query<{ id: number; rate: string; channel: string }>(`SELECT "id", "rate", "channel" FROM "Transfer" WHERE "channel" = 'order'`);
    expect(transfers).toHaveLength(made.filter((o) => o.met && o.funded).length);
    expect(new Set(rows.filter((r) => r.transferId !== null).map((r) => Number(r.transferId)))).toEqual(new Set(transfers.map((t) => Number(t.id))));
    for (const t of transfers) expect(Number(t.rate)).toBe(rate);
    // The customer sees them, with their state; another customer's is 404 on any instance.
    const seen = await call(servers[2], "GET", "/api/v1/orders", { token: tokens[0] });
    expect((seen.body as unknown as { status: string }[]).map((o) => o.status).sort()).toEqual(["done", "done", "done", "done", "done", "done", "failed", "failed", "waiting"]);
    expect((await call(servers[1], "POST", `/api/v1/orders/${made[0].id}/cancel`, { token: tokens[1] })).status).toBe(404);
    expect(await query(DRIFT)).toEqual([]);
  });

  it("counts rate limits across instances", async () => {
    const spent = await query<{ n: string }>(`SELECT COUNT(*) AS n FROM "RateLimitHit" WHERE "key" LIKE 'code:ip:%'`);
    let left = CODE_LIMIT_PER_IP - Number(spent[0].n);
    expect(left).toBeGreaterThan(0);
    const statuses: number[] = [];
    for (let i = 0; left >= 0; i += 1, left -= 1) {
      const answer = await call(servers[i % INSTANCES], "POST", "/api/v1/auth/email/request-code", { body: { email: `limit${i}.multi@example.test` } });
      statuses.push(answer.status);
    }
    // Every request went to another instance than the one before: only a shared count stops the last.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
  });
});

describe("2 production instances on one SQLite file", () => {
  const sqliteServers: AppServer[] = [];
  const file = () => path.join(work, "shared.db");

  afterAll(async () => {
    await Promise.all(sqliteServers.map((server) => server.stop()));
  });

  it("stay correct: every transfer exactly once and the books balanced, though they take turns on the file", async () => {
    const distDir = await ensureBuild({ mode: "production", distDir: ".next-prod" });
    const ports = await Promise.all([0, 1].map(() => freePort()));
    const env = productionEnv({
      work,
      name: "shared",
      port: ports[0],
      smtpPort: mailbox.port,
      extra: { DATABASE_URL: `file:${file()}`, TOPUP_DAILY_LIMIT: "100000000", AUTH_CODE_LIMIT_PER_IP: "1000", TRANSFER_LIMIT_PER_USER: String(SQLITE_SENDING_LIMIT) },
    });
    // The first applies the migrations; the second finds nothing to do.
    for (const [i, port] of ports.entries()) {
      sqliteServers.push(await startServer({ distDir, port, npmStart: true, timeoutMs: 180_000, logFile: path.join(work, `sqlite-${i}.log`), env }));
    }
    const [one, two] = sqliteServers;
    const signInOn = async (email: string) => {
      const before = mailbox.received.length;
      expect((await call(one, "POST", "/api/v1/auth/email/request-code", { body: { email } })).status).toBe(200);
      const code = await codeSentTo(email, before);
      const tokens = await call(two, "POST", "/api/v1/auth/email/verify-code", { body: { email, code } });
      return tokens.body.access_token as string;
    };
    const tokens = [await signInOn("left.sqlite@example.test"), await signInOn("right.sqlite@example.test")];
    const rub: number[] = [];
    for (const token of tokens) {
      expect((await call(one, "POST", "/api/v1/wallet/init", { token })).status).toBe(200);
      const list = (await call(two, "GET", "/api/v1/wallet", { token })).body as unknown as { id: number; currency: string }[];
      rub.push(list.find((w) => w.currency === "RUB")!.id);
      expect((await call(one, "POST", "/api/v1/wallet/topup", { token, body: { currency: "RUB", amount: 10_000_000 } })).status).toBe(201);
    }
    const plan = Array.from({ length: 100 }, (_, i) => ({ i, key: crypto.randomUUID(), from: i % 2, amount: 100 + i }));
    const send = (server: AppServer, t: (typeof plan)[number]) =>
      call(server, "POST", "/api/v1/transfers", {
        token: tokens[t.from],
        key: t.key,
        body: { senderWalletId: rub[t.from], receiverWalletId: rub[1 - t.from], amount: t.amount },
      });
    // Every transfer sent to both servers at once, with one key.
    const answers = await Promise.all(plan.flatMap((t) => [send(one, t), send(two, t)]));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    // Whatever did not go through (a 503 after waiting for the other process) goes again.
    const ids = new Map<number, number>();
    for (const t of plan) {
      let answer = answers[2 * t.i].status === 201 ? answers[2 * t.i] : answers[2 * t.i + 1];
      if (answer.status !== 201) answer = await send(one, t);
      expect(answer.status).toBe(201);
      ids.set(t.i, answer.body.id!);
      for (const other of [answers[2 * t.i], answers[2 * t.i + 1]]) if (other.status === 201) expect(other.body.id).toBe(answer.body.id);
    }
    expect(new Set(ids.values()).size).toBe(plan.length);
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(file(), { readonly: true });
    try {
      const count = db.prepare(`SELECT COUNT(*) AS n FROM "Transfer" WHERE "kind" = 'transfer'`).get() as { n: number };
      expect(count.n).toBe(plan.length);
      const sums = db.prepare(CURRENCY_SUMS).all() as { balances: number; postings: number }[];
      for (const row of sums) expect([row.balances, row.postings]).toEqual([0, 0]);
      expect(db.prepare(DRIFT).all()).toEqual([]);
    } finally {
      db.close();
    }
    console.log(`two processes on one SQLite file: ${statuses.filter((s) => s === 201).length} of ${statuses.length} answers 201, ${statuses.filter((s) => s === 503).length} 503`);
  });

  it("first sign-ins at the same moment on both processes: each makes its user, none answers 500", async () => {
    const [one, two] = sqliteServers;
    const emails = Array.from({ length: 12 }, (_, i) => `first${i}.sqlite@example.test`);
    const codes: string[] = [];
    for (const [i, email] of emails.entries()) {
      const before = mailbox.received.length;
      expect((await call(i % 2 ? two : one, "POST", "/api/v1/auth/email/request-code", { body: { email } })).status).toBe(200);
      codes.push(await codeSentTo(email, before));
    }
    // Every user is created by whichever process verifies first; both write the file at once.
    const verify = (i: number, server: AppServer) => call(server, "POST", "/api/v1/auth/email/verify-code", { body: { email: emails[i], code: codes[i] } });
    const answers = await Promise.all(emails.map((_, i) => verify(i, i % 2 ? one : two)));
    // As with transfers: a process that waited too long for the other's write says 503 (retry
    // later), never 500. The code was spent by then, so that person asks for a new one.
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 503)).toEqual([]);
    for (const [i, answer] of answers.entries()) {
      if (answer.status !== 503) continue;
      const before = mailbox.received.length;
      expect((await call(one, "POST", "/api/v1/auth/email/request-code", { body: { email: emails[i] } })).status).toBe(200);
      codes[i] = await codeSentTo(emails[i], before);
      expect((await verify(i, one)).status).toBe(200);
    }
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(file(), { readonly: true });
    try {
      const made = db.prepare(`SELECT COUNT(*) AS n FROM "User" WHERE "email" LIKE 'first%.sqlite@example.test'`).get() as { n: number };
      expect(made.n).toBe(emails.length);
    } finally {
      db.close();
    }
    console.log(`first sign-ins on one SQLite file: ${answers.filter((a) => a.status === 200).length} of ${emails.length} at once answered 200, the rest 503`);
  });

  it("holds the sending limit under a burst spread over both processes: exactly the limit is sent", async () => {
    const [one, two] = sqliteServers;
    const tokens: string[] = [];
    for (const email of ["burst.sqlite@example.test", "burst-receiver.sqlite@example.test"]) {
      const before = mailbox.received.length;
      expect((await call(one, "POST", "/api/v1/auth/email/request-code", { body: { email } })).status).toBe(200);
      tokens.push((await call(two, "POST", "/api/v1/auth/email/verify-code", { body: { email, code: await codeSentTo(email, before) } })).body.access_token as string);
    }
    const rub: number[] = [];
    for (const token of tokens) {
      expect((await call(one, "POST", "/api/v1/wallet/init", { token })).status).toBe(200);
      const list = (await call(two, "GET", "/api/v1/wallet", { token })).body as unknown as { id: number; currency: string }[];
      rub.push(list.find((w) => w.currency === "RUB")!.id);
    }
    expect((await call(one, "POST", "/api/v1/wallet/topup", { token: tokens[0], body: { currency: "RUB", amount: 1_000_000 } })).status).toBe(201);
    // The limit against 80 sent at once, 40 to each process, each with its key.
    const keys = Array.from({ length: 80 }, () => crypto.randomUUID());
    const send = (i: number) =>
      call(i % 2 ? two : one, "POST", "/api/v1/transfers", { token: tokens[0], key: keys[i], body: { senderWalletId: rub[0], receiverWalletId: rub[1], amount: 100 } });
    const statuses = (await Promise.all(keys.map((_, i) => send(i)))).map((answer) => answer.status);
    // A process that waited too long for the other's write says 503: that transfer goes again with its key.
    for (const i of statuses.keys()) for (let tries = 0; statuses[i] === 503 && tries < 5; tries++) statuses[i] = (await send(i)).status;
    expect({ sent: statuses.filter((s) => s === 201).length, refused: statuses.filter((s) => s === 429).length }).toEqual({ sent: SQLITE_SENDING_LIMIT, refused: 80 - SQLITE_SENDING_LIMIT });
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(file(), { readonly: true });
    try {
      expect((db.prepare(`SELECT COUNT(*) AS n FROM "Transfer" WHERE "senderWalletId" = ?`).get(rub[0]) as { n: number }).n).toBe(SQLITE_SENDING_LIMIT);
    } finally {
      db.close();
    }
  });
});
