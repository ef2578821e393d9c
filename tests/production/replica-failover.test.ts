// Outgrowing one database machine, on this machine: Debian's PostgreSQL as two clusters of the
// test's own — a primary and a synchronous standby made with pg_basebackup — and two production
// servers with DATABASE_URL naming both hosts (the primary first) and DATABASE_READ_URL the standby.
//
// 1. A stale replica (its replay paused) never shows a customer less than their own last
//    movement: the reads it would serve go to the primary, and come back to it once it catches up;
//    /api/ready and the metrics report its lag.
// 2. Keyed transfers run on both servers while the primary is killed with SIGKILL and the standby
//    promoted: every transfer answered 201 before the kill is on the new primary, every resent
//    key completes exactly once, nothing answers 500, the books balance, the ledger check passes,
//    and the outbox delivers every message it holds.
// Uses MINIBANK_PROD_BUILD_DIR when it names a finished production build.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { ensureBuild, freePort } from "@/scripts/app-server";
import { migrate } from "@/scripts/lib/database";
import { startPrimary, startStandby, waitForStreaming, removeClusters, type Cluster } from "@/tests/support/pg-cluster";
import { productionEnv } from "@/tests/support/production-env";
import { startServing, type ServingProcess } from "@/tests/support/serve-process";
import { codeIn, startSmtp, textOf, type Mailbox } from "@/tests/support/smtp";

jest.setTimeout(300_000);

/** Customers, and keyed transfers between them (fewer by FAILOVER_PEOPLE, FAILOVER_TRANSFERS when trying things). */
const PEOPLE = Number(process.env.FAILOVER_PEOPLE ?? 100);
const TRANSFERS = Number(process.env.FAILOVER_TRANSFERS ?? 600);
/** Requests under way at once, over both servers. */
const PARALLEL = 16;
const METRICS_TOKEN = crypto.randomBytes(24).toString("base64url");

let work: string;
let mailbox: Mailbox;
let primary: Cluster & { root: string };
let standby: Cluster;
/** An asynchronous standby of the promoted one (the last test). */
let asyncStandby: Cluster | undefined;
let servers: ServingProcess[] = [];
let env: Record<string, string | undefined>;

type Answer = { status: number; body: Record<string, unknown> & { id?: number; code?: string }; headers: Headers };

async function call(server: ServingProcess, method: string, pathname: string, options: { token?: string; body?: unknown; key?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.key) headers["idempotency-key"] = options.key;
  const res = await fetch(`${server.url}${pathname}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

async function ok(server: ServingProcess, method: string, pathname: string, options: { token?: string; body?: unknown; key?: string } = {}) {
  const answer = await call(server, method, pathname, options);
  if (answer.status >= 300) throw new Error(`${method} ${pathname}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function sql<T extends pg.QueryResultRow>(cluster: Cluster, text: string, database = "minibank"): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.url(database) });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

type Person = { email: string; token: string; rub: number };

async function codeSentTo(email: string, from: number): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    for (const mail of mailbox.received.slice(from).filter((m) => m.to.includes(email))) {
      const code = await codeIn(mail.raw).catch(() => null);
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-in code reached ${email}`);
}

/** Signs in (the code asked of one server, checked on the other), opens the wallets, tops up RUB. */
async function person(i: number): Promise<Person> {
  const email = `person${i}.failover@example.test`;
  const [a, b] = [servers[i % 2], servers[(i + 1) % 2]];
  const from = mailbox.received.length;
  await ok(a, "POST", "/api/v1/auth/email/request-code", { body: { email } });
  const tokens = await ok(b, "POST", "/api/v1/auth/email/verify-code", { body: { email, code: await codeSentTo(email, from) } });
  const token = tokens.access_token as string;
  await ok(a, "POST", "/api/v1/wallet/init", { token });
  const wallets = (await ok(b, "GET", "/api/v1/wallet", { token })) as unknown as { id: number; currency: string }[];
  const rub = wallets.find((w) => w.currency === "RUB")!.id;
  await ok(a, "POST", "/api/v1/wallet/topup", { token, body: { currency: "RUB", amount: 10_000_000 }, key: crypto.randomUUID() });
  return { email, token, rub };
}

async function metric(server: ServingProcess, name: string): Promise<number> {
  const res = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  return text
    .split("\n")
    .filter((line) => line.startsWith(name))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

beforeAll(async () => {
  work = path.resolve("test-results", "replica-failover");
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  mailbox = await startSmtp();
  const distDir = await ensureBuild({ mode: "production", distDir: ".next-prod" });
  const [primaryPort, standbyPort, portA, portB] = [await freePort(), await freePort(), await freePort(), await freePort()];
  primary = await startPrimary({ port: primaryPort, synchronousStandby: "standby" });
  standby = await startStandby(primary, { name: "standby", port: standbyPort, root: primary.root });
  await waitForStreaming(primary, "standby", "sync");
  // Several hosts, as libpq takes them: the app writes to the one not in recovery.
  const databaseUrl = `postgresql://postgres@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/minibank`;
  await migrate(databaseUrl);
  env = productionEnv({
    work,
    name: "unused",
    port: portA,
    smtpPort: mailbox.port,
    extra: {
      DATABASE_URL: databaseUrl,
      DATABASE_READ_URL: standby.url("minibank"),
      METRICS_TOKEN,
      LOG_LEVEL: "info",
      // A request waits at most this long for the database before it answers 503.
      DB_LOCK_WAIT_MS: "3000",
      AUTH_CODE_LIMIT_PER_IP: "100000",
      AUTH_CODE_LIMIT_PER_EMAIL: "1000",
      AUTH_VERIFY_LIMIT_PER_IP: "100000",
      TOPUP_DAILY_LIMIT: "1000000000",
      LEDGER_CHECK_INTERVAL_SECONDS: "0",
    },
  });
  servers = await Promise.all([portA, portB].map((port) => startServing({ distDir, port, env })));
});

afterAll(async () => {
  for (const [i, server] of servers.entries()) {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    fs.writeFileSync(path.join(work, `server-${i}.log`), server.log.join("\n"));
  }
  const texts = await Promise.all((mailbox?.received ?? []).map(async (m) => `${m.to.join()}: ${await textOf(m.raw)}`));
  fs.writeFileSync(path.join(work, "mails.txt"), texts.join("\n---\n"));
  await mailbox?.close();
  for (const cluster of [primary, standby, asyncStandby]) await cluster?.stop();
  if (primary) {
    for (const name of ["primary", "standby", "async"]) {
      const log = path.join(primary.root, `${name}.log`);
      if (fs.existsSync(log)) fs.copyFileSync(log, path.join(work, `${name}-postgres.log`));
    }
    removeClusters(primary.root);
  }
});

/** Today in Moscow (the statements' default zone, UTC+3), YYYY-MM-DD. */
const moscowToday = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

describe("a streaming replica that falls behind", () => {
  it("never shows a customer less than their own last movement, and serves reads again once it caught up", async () => {
    const [alice, bob] = [await person(1000), await person(1001)];
    const [a, b] = servers;
    const statementPath = `/api/v1/statements/wallet/${alice.rub}?from=${moscowToday()}&to=${moscowToday()}`;
    const send = (amount: number) =>
      ok(a, "POST", "/api/v1/transfers", { token: alice.token, key: crypto.randomUUID(), body: { senderWalletId: alice.rub, receiverWalletId: bob.rub, amount } });
    await send(1_000);
    // Caught up: reads are the replica's.
    const onReplica = await metric(b, 'minibank_replica_reads_total{target="replica"');
    await ok(b, "GET", statementPath, { token: alice.token });
    expect(await metric(b, 'minibank_replica_reads_total{target="replica"')).toBeGreaterThan(onReplica);

    await sql(standby, "SELECT pg_wal_replay_pause()", "postgres");
    try {
      // Alice moves money on one server and reads on the other; the replica has not replayed it.
      await send(2_345);
      const [{ balance }] = await sql<{ balance: string }>(primary, `SELECT "balance" FROM "Wallet" WHERE "id" = ${alice.rub}`);
      const [stale] = await sql<{ n: string }>(standby, `SELECT COUNT(*) AS n FROM "Transfer" WHERE "amount" = 2345`);
      expect(Number(stale.n)).toBe(0);

      const statement = await ok(b, "GET", statementPath, { token: alice.token });
      expect({ closing: statement.closing, totalOut: statement.totalOut }).toEqual({ closing: Number(balance), totalOut: 3_345 });
      const insights = JSON.stringify(await ok(b, "GET", `/api/v1/insights?wallet=${alice.rub}`, { token: alice.token }));
      expect(insights).toContain("3345");
      expect(await metric(b, 'minibank_replica_reads_total{target="primary",reason="behind"')).toBeGreaterThan(0);
      // The lag is reported: WAL the replica has yet to replay.
      const ready = await call(b, "GET", "/api/ready");
      expect(ready.status).toBe(200);
      expect(ready.body.replica).toMatchObject({ up: true, lagBytes: expect.any(Number) });
      expect((ready.body.replica as { lagBytes: number }).lagBytes).toBeGreaterThan(0);
      expect(await metric(b, "minibank_replica_lag_bytes")).toBeGreaterThan(0);
    } finally {
      await sql(standby, "SELECT pg_wal_replay_resume()", "postgres");
    }
    // Caught up again: the replica serves, and shows the same.
    const before = await metric(b, 'minibank_replica_reads_total{target="replica"');
    const again = await ok(b, "GET", statementPath, { token: alice.token });
    expect(again.totalOut).toBe(3_345);
    expect(await metric(b, 'minibank_replica_reads_total{target="replica"')).toBeGreaterThan(before);
  });
});

/** Per currency: customers' balances plus the bank's postings, and all postings (both must be 0). */
const CURRENCY_SUMS = `
  SELECT w."currency",
    SUM(CASE WHEN u."isSystem" THEN (SELECT COALESCE(SUM(p."amount"), 0) FROM "Posting" p WHERE p."walletId" = w."id")
      ELSE w."balance" END)::text AS balances,
    (SELECT COALESCE(SUM(p."amount"), 0) FROM "Posting" p WHERE p."currency" = w."currency")::text AS postings
  FROM "Wallet" w JOIN "User" u ON u."id" = w."userId" GROUP BY w."currency"`;
/** Customer wallets whose balance is not the sum of their postings, and bank rows with a balance. */
const DRIFT = `
  SELECT w."id" FROM "Wallet" w JOIN "User" u ON u."id" = w."userId" LEFT JOIN "Posting" p ON p."walletId" = w."id"
  WHERE NOT u."isSystem" GROUP BY w."id", w."balance" HAVING w."balance" <> COALESCE(SUM(p."amount"), 0)
  UNION ALL
  SELECT w."id" FROM "Wallet" w JOIN "User" u ON u."id" = w."userId" WHERE u."isSystem" AND w."balance" <> 0`;

const FIRST_AMOUNT = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Per address, the roubles (in kopecks) the bank's e-mails told of: the first amount in each. */
async function toldByMail(): Promise<Record<string, number>> {
  const told: Record<string, number> = {};
  for (const mail of mailbox.received) {
    const found = /(\d[\d\s]*),(\d{2})\s?₽/.exec(await textOf(mail.raw));
    if (!found) continue;
    const kopecks = Number(found[1].replace(/\s/g, "")) * 100 + Number(found[2]);
    for (const to of mail.to) told[to] = (told[to] ?? 0) + kopecks;
  }
  return told;
}

type Outcome = { statuses: (number | string)[]; id?: number; answeredAt?: number; retryAfterMissing: number };

describe("failover to the synchronous standby", () => {
  it("loses no transfer answered 201 when the primary is killed and the standby promoted mid-run", async () => {
    const t0 = Date.now();
    const people: Person[] = [];
    for (let i = 0; i < PEOPLE; i += 8) {
      people.push(...(await Promise.all(Array.from({ length: Math.min(8, PEOPLE - i) }, (_, k) => person(i + k)))));
    }
    // Keyed transfers between the customers, each with an amount of its own to find it by.
    const plan = Array.from({ length: TRANSFERS }, (_, i) => {
      const from = i % PEOPLE;
      const to = (from + 1 + ((i * 7) % (PEOPLE - 1))) % PEOPLE;
      return { key: crypto.randomUUID(), from: people[from], to: people[to], amount: FIRST_AMOUNT + i };
    });
    const signInMs = Date.now() - t0;
    const outcomes: Outcome[] = plan.map(() => ({ statuses: [], retryAfterMissing: 0 }));
    let answered = 0;
    let killedAt = Infinity;
    let promotedAt = Infinity;
    const started = Date.now();

    const failover = (async () => {
      while (answered < TRANSFERS / 3) await sleep(10);
      killedAt = Date.now();
      primary.killHard();
      // The operator (or Patroni) notices and promotes the synchronous standby.
      await sleep(1_000);
      await standby.promote();
      promotedAt = Date.now();
    })();

    let next = 0;
    const worker = async () => {
      while (next < plan.length) {
        const i = next++;
        const { key, from, to, amount } = plan[i];
        const outcome = outcomes[i];
        for (let attempt = 0; ; attempt += 1) {
          if (Date.now() - started > 120_000) throw new Error(`transfer ${i} not done: ${outcome.statuses.join(",")}`);
          // The other server on each resend, as a balancer would.
          const server = servers[(i + attempt) % 2];
          const answer = await call(server, "POST", "/api/v1/transfers", {
            token: from.token,
            key,
            body: { senderWalletId: from.rub, receiverWalletId: to.rub, amount },
          }).catch((error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message);
          outcome.statuses.push(typeof answer === "string" ? answer : answer.status);
          if (typeof answer !== "string" && answer.status === 503 && answer.headers.get("retry-after") === null) outcome.retryAfterMissing += 1;
          if (typeof answer !== "string" && answer.status === 201) {
            outcome.id = answer.body.id;
            outcome.answeredAt = Date.now();
            answered += 1;
            break;
          }
          if (typeof answer !== "string" && answer.status !== 503) break;
          await sleep(200);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    await failover;
    const runMs = Date.now() - started;

    // No 500, nothing but 201 in the end; every 503 said when to come back.
    const statuses = outcomes.flatMap((o) => o.statuses);
    expect(statuses.filter((s) => typeof s === "number" && s !== 201 && s !== 503)).toEqual([]);
    expect(outcomes.filter((o) => o.id === undefined)).toEqual([]);
    expect(outcomes.reduce((n, o) => n + o.retryAfterMissing, 0)).toBe(0);
    const before = outcomes.filter((o) => o.answeredAt! < killedAt);
    const resent = outcomes.filter((o) => o.statuses.length > 1);
    expect(before.length).toBeGreaterThanOrEqual(TRANSFERS / 3);
    expect(resent.length).toBeGreaterThan(0);

    // On the new primary: every transfer once — those answered before the kill among them — with
    // the id its answer gave.
    const stored = await sql<{ id: number; amount: string }>(
      standby,
      `SELECT "id", "amount"::text FROM "Transfer" WHERE "kind" = 'transfer' AND "amount" >= ${FIRST_AMOUNT} AND "amount" < ${FIRST_AMOUNT + TRANSFERS}`,
    );
    const byAmount = new Map<number, number[]>();
    for (const row of stored) byAmount.set(Number(row.amount), [...(byAmount.get(Number(row.amount)) ?? []), row.id]);
    const wrong = plan.flatMap((p, i) => {
      const ids = byAmount.get(p.amount) ?? [];
      return ids.length === 1 && ids[0] === outcomes[i].id ? [] : [{ i, ids, answered: outcomes[i].id, statuses: outcomes[i].statuses }];
    });
    expect(wrong).toEqual([]);
    expect(stored).toHaveLength(TRANSFERS);

    // A keyed resend now replays its transfer, on either server.
    for (const [i, p] of plan.entries()) {
      if (outcomes[i].statuses.length === 1 && i % 10 !== 0) continue;
      const again = await call(servers[i % 2], "POST", "/api/v1/transfers", {
        token: p.from.token,
        key: p.key,
        body: { senderWalletId: p.from.rub, receiverWalletId: p.to.rub, amount: p.amount },
      });
      expect({ i, status: again.status, id: again.body.id }).toEqual({ i, status: 201, id: outcomes[i].id });
    }
    expect(await sql(standby, `SELECT 1 FROM "Transfer" WHERE "amount" >= ${FIRST_AMOUNT} AND "amount" < ${FIRST_AMOUNT + TRANSFERS} AND "kind" = 'transfer'`)).toHaveLength(TRANSFERS);

    // Double entry, and the ledger check through the URL of both hosts (it finds the new primary).
    for (const row of await sql<{ balances: string; postings: string }>(standby, CURRENCY_SUMS)) {
      expect({ balances: row.balances, postings: row.postings }).toEqual({ balances: "0", postings: "0" });
    }
    expect(await sql(standby, DRIFT)).toEqual([]);
    const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "ledger:check"], { env: { ...process.env, ...env } });
    expect(stdout).toMatch(/^ledger check passed/);

    // The outbox, on the new primary, delivers everything it holds: nothing left waiting, sending or failed.
    const outboxFrom = Date.now();
    const deadline = Date.now() + 90_000;
    let left: { status: string; n: string }[] = [];
    for (;;) {
      left = await sql<{ status: string; n: string }>(standby, `SELECT "status", COUNT(*)::text AS n FROM "Notification" WHERE "status" <> 'sent' GROUP BY "status"`);
      if (left.length === 0 || Date.now() > deadline) break;
      await sleep(500);
    }
    expect(left).toEqual([]);
    // Once: per customer, the money the e-mails told (one credit each, or several folded into one
    // line with their sum) is the money their credits hold — a message sent twice would tell more.
    const credited = await sql<{ address: string; kopecks: string }>(
      standby,
      `SELECT n."address", SUM(COALESCE(t."receivedAmount", t."amount"))::text AS kopecks
       FROM "Notification" n JOIN "Transfer" t ON t."id" = n."transferId" WHERE n."channel" = 'email' GROUP BY n."address"`,
    );
    expect(credited.reduce((n, row) => n + Number(row.kopecks), 0)).toBeGreaterThan(TRANSFERS * FIRST_AMOUNT);
    expect(await toldByMail()).toEqual(Object.fromEntries(credited.map((row) => [row.address, Number(row.kopecks)])));
    fs.writeFileSync(
      path.join(work, "run.json"),
      JSON.stringify({ signInMs, outboxMs: Date.now() - outboxFrom, runMs, killedAfterMs: killedAt - started, promotedAfterMs: promotedAt - started, before: before.length, resent: resent.length, mails: mailbox.received.length }, null, 2),
    );
  });
});

describe("failover to an asynchronous standby", () => {
  it("loses the transfers answered 201 that the standby had not received", async () => {
    // The promoted standby is the primary now, with no standby of its own (nothing waits for one):
    // an asynchronous standby is made of it.
    asyncStandby = await startStandby(standby, { name: "async", port: await freePort(), root: primary.root });
    await waitForStreaming(standby, "async", "async");
    const [alice, bob] = [await person(2000), await person(2001)];
    const send = (amount: number) =>
      call(servers[amount % 2], "POST", "/api/v1/transfers", {
        token: alice.token,
        key: crypto.randomUUID(),
        body: { senderWalletId: alice.rub, receiverWalletId: bob.rub, amount },
      });
    expect((await send(501)).status).toBe(201);
    await sleep(500);
    // The standby falls behind (here: it stops receiving); the primary does not wait for it and
    // goes on answering 201.
    await asyncStandby.stop();
    const answered = await Promise.all([502, 503, 504, 505].map(send));
    expect(answered.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    standby.killHard();
    await asyncStandby.start();
    await asyncStandby.promote();
    const kept = await sql<{ amount: string }>(asyncStandby, `SELECT "amount"::text FROM "Transfer" WHERE "amount" BETWEEN 501 AND 505 ORDER BY "amount"`);
    // What it had received survived; the four transfers answered 201 after it fell behind did not.
    expect(kept.map((row) => Number(row.amount))).toEqual([501]);
  });
});
