// Minibank as an operator runs it day to day, on a production build over real HTTP with every
// optional feature on (metrics token, rates source, SMTP, a ledger check every second): the
// metrics a scraper reads (checked by Debian's promtool and parsed), the scheduled ledger check
// seeing a hand-edited balance, a backup taken while 200 transfers run and restored into a new
// database, a pocket's round-ups across a SIGKILL mid-transfer and a keyed retry, and SIGTERM with
// 100 transfers in flight.
// The server process is scripts/serve.ts itself (as `npm start` runs it after migrating), started
// with node directly, so SIGTERM reaches it without any wrapper in between.
// Uses MINIBANK_PROD_BUILD_DIR when it names a finished production build.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { ensureBuild, freePort } from "@/scripts/app-server";
import { backupDatabase } from "@/scripts/lib/backup";
import { migrate } from "@/scripts/lib/database";
import { parseScrape, promtoolCheck, valueOf, type Sample } from "@/tests/support/metrics";
import { startServing, type ServingProcess } from "@/tests/support/serve-process";
import { productionEnv, serveRecordedRates, type RatesSource } from "@/tests/support/production-env";
import { codeIn, startSmtp, type Mailbox } from "@/tests/support/smtp";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "../..");
const TOKEN = crypto.randomBytes(24).toString("base64url");
const SHUTDOWN_SECONDS = 5;

let work: string;
let dbFile: string;
let env: Record<string, string | undefined>;
let mailbox: Mailbox;
let rates: RatesSource;
let server: ServingProcess;
let serving: Parameters<typeof startServing>[0];

type Wallet = { id: number; currency: string };
type Person = { token: string; email: string; rub: number; usd: number };
let alice: Person;
let bob: Person;

async function call(method: string, pathname: string, options: { token?: string; body?: unknown; key?: string } = {}) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.key) headers["idempotency-key"] = options.key;
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, text, body: (res.headers.get("content-type")?.includes("json") && text ? JSON.parse(text) : null) as Record<string, unknown> };
}

async function ok(method: string, pathname: string, options: Parameters<typeof call>[2] = {}) {
  const answer = await call(method, pathname, options);
  if (answer.status >= 300) throw new Error(`${method} ${pathname} answered ${answer.status}: ${answer.text}`);
  return answer.body;
}

const transfer = (from: Person, to: Person, amount: number) =>
  call("POST", "/api/v1/transfers", {
    token: from.token,
    key: crypto.randomUUID(),
    body: { senderWalletId: from.rub, receiverWalletId: to.rub, amount },
  });

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return { text, samples: parseScrape(text) };
}

async function signIn(email: string): Promise<Person> {
  const before = mailbox.received.length;
  await ok("POST", "/api/v1/auth/email/request-code", { body: { email } });
  const mail = mailbox.received.slice(before).find((m) => m.to.includes(email))!;
  const tokens = await ok("POST", "/api/v1/auth/email/verify-code", { body: { email, code: await codeIn(mail.raw) } });
  const token = tokens.access_token as string;
  await ok("POST", "/api/v1/wallet/init", { token });
  const wallets = (await ok("GET", "/api/v1/wallet", { token })) as unknown as Wallet[];
  const id = (currency: string) => wallets.find((w) => w.currency === currency)!.id;
  return { token, email, rub: id("RUB"), usd: id("USD") };
}

/** Polls `probe` until it returns a value, for up to `ms`. */
async function eventually<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function npmRun(script: string, args: string[], databaseUrl: string) {
  return promisify(execFile)("npm", ["run", "--silent", script, "--", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
  );
}

const transfersIn = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM "Transfer"`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

/** A transfer on a connection of its own (no keep-alive socket reused): its status, or the socket error's code. */
function postOnNewConnection(amount: number): Promise<number | string> {
  const body = JSON.stringify({ senderWalletId: alice.rub, receiverWalletId: bob.rub, amount });
  return new Promise((resolve) => {
    const req = http.request(
      `${server.url}/api/v1/transfers`,
      {
        method: "POST",
        agent: false,
        headers: { authorization: `Bearer ${alice.token}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end(body);
  });
}

beforeAll(async () => {
  work = path.resolve("test-results", "operations");
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  mailbox = await startSmtp();
  rates = await serveRecordedRates();
  const distDir = await ensureBuild({ mode: "production", distDir: ".next-prod" });
  const port = await freePort();
  env = productionEnv({
    work,
    name: "bank",
    port,
    smtpPort: mailbox.port,
    extra: {
      RATES_SOURCE_URL: rates.url,
      METRICS_TOKEN: TOKEN,
      LEDGER_CHECK_INTERVAL_SECONDS: "1",
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_SECONDS),
      LOG_LEVEL: "info",
    },
  });
  dbFile = path.join(work, "bank.db");
  await migrate(`file:${dbFile}`);
  serving = { distDir, port, env };
  server = await startServing(serving);
  alice = await signIn("alice.operations@example.test");
  bob = await signIn("bob.operations@example.test");
  await ok("POST", "/api/v1/wallet/topup", { token: alice.token, key: crypto.randomUUID(), body: { currency: "RUB", amount: 5_000_000 } });
});

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill("SIGKILL");
  fs.writeFileSync(path.join(work, "server.log"), server?.log.join("\n") ?? "");
  await mailbox?.close();
  await rates?.close();
});

describe("metrics", () => {
  it("are not there without the token", async () => {
    expect((await fetch(`${server.url}/api/metrics`)).status).toBe(404);
    const wrong = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(404);
    expect((await fetch(`${server.url}/api/v1/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it("count requests, transfers and money by label, pass promtool, and carry no user's data in labels", async () => {
    const before = (await scrape()).samples;
    const amounts = [1_100, 2_200, 3_300];
    const ids: number[] = [];
    for (const amount of amounts) {
      const res = await transfer(alice, bob, amount);
      expect(res.status).toBe(201);
      ids.push(res.body.id as number);
    }
    await ok("GET", `/api/v1/users/email/${encodeURIComponent(bob.email)}`, { token: alice.token });
    await ok("GET", `/api/v1/transfers/${ids[0]}`, { token: alice.token });
    const { text, samples } = await scrape();

    const moved = (name: string, labels: Record<string, string>) => valueOf(samples, name, labels) - valueOf(before, name, labels);
    expect(moved("minibank_transfers_total", { kind: "transfer", currency: "RUB" })).toBe(3);
    expect(moved("minibank_transferred_minor_units_total", { kind: "transfer", currency: "RUB" })).toBe(6_600);
    const requests = (route: string, method: string, status: string) =>
      moved("minibank_http_request_duration_seconds_count", { route, method, status });
    expect(requests("/api/v1/transfers", "POST", "201")).toBe(3);
    expect(requests("/api/v1/users/email/[email]", "GET", "200")).toBe(1);
    expect(requests("/api/v1/transfers/[id]", "GET", "200")).toBe(1);
    expect(valueOf(samples, "minibank_transfers_total", { kind: "topup", currency: "RUB" })).toBe(1);
    expect(valueOf(samples, "minibank_rates_age_seconds", { currency: "USD" })).toBeGreaterThan(365 * 86_400);
    expect(samples.some((s) => s.name === "minibank_outbox_pending" && s.labels.channel === "email")).toBe(true);
    expect(samples.some((s) => s.name === "minibank_outbox_oldest_pending_seconds" && s.labels.channel === "telegram")).toBe(true);
    expect(samples.some((s) => s.name === "minibank_db_wait_seconds_count" && s.labels.database === "sqlite" && s.value > 0)).toBe(true);
    expect(samples.some((s) => s.name === "nodejs_eventloop_lag_seconds")).toBe(true);
    expect(valueOf(samples, "minibank_ledger_check_ok")).toBe(1);

    // No label carries an address, a token, an id from a path or a user's id.
    const values = samples.flatMap((s) => Object.values(s.labels));
    for (const secret of [alice.email, bob.email, alice.token, "@", "%40"]) {
      expect(values.filter((v) => v.includes(secret))).toEqual([]);
    }
    const routes = samples.map((s) => s.labels.route).filter(Boolean);
    expect(routes.filter((r) => r.split("/").some((segment) => /^\d+$/.test(segment)))).toEqual([]);
    const names = new Set(samples.flatMap((s) => Object.keys(s.labels)));
    for (const name of ["user", "userId", "user_id", "email", "path", "url"]) expect(names.has(name)).toBe(false);

    fs.writeFileSync(path.join(work, "metrics.txt"), text);
    const promtool = promtoolCheck(text);
    expect(promtool).toEqual({ status: 0, output: "" });
  });
});

describe("the scheduled ledger check", () => {
  it("reports a hand-edited balance in /api/ready, the metrics and the log within its interval, and the repair too", async () => {
    const ready = async () => (await ok("GET", "/api/ready")).ledger as { ok: boolean; problems: number; checkedAt: string };
    expect(await ready()).toMatchObject({ ok: true, problems: 0 });
    const db = new Database(dbFile);
    try {
      db.prepare(`UPDATE "Wallet" SET "balance" = "balance" + 1 WHERE "id" = ?`).run(bob.rub);
      const failed = await eventually(async () => {
        const status = await ready();
        return status.ok ? undefined : status;
      });
      expect(failed.problems).toBe(2);
      expect(valueOf((await scrape()).samples, "minibank_ledger_check_ok")).toBe(0);
      expect(valueOf((await scrape()).samples, "minibank_ledger_check_problems")).toBe(2);
      const line = server.log.find((l) => l.includes('"msg":"ledger check failed"'));
      expect(line).toContain(`wallet ${bob.rub} (RUB): balance`);
    } finally {
      db.prepare(`UPDATE "Wallet" SET "balance" = "balance" - 1 WHERE "id" = ?`).run(bob.rub);
      db.close();
    }
    await eventually(async () => ((await ready()).ok ? true : undefined));
  });
});

describe("backup and restore", () => {
  it("a backup taken while 200 transfers run restores to a balanced ledger holding the transfers made before it", async () => {
    const backup = path.join(work, "backup.db");
    const before = transfersIn(dbFile);
    let done = 0;
    const running = (async () => {
      const answers: number[] = [];
      // Ten at a time, so the backups land among them.
      for (let round = 0; round < 20; round += 1) {
        const batch = await Promise.all(Array.from({ length: 10 }, (_, i) => transfer(alice, bob, 10 + round * 10 + i)));
        answers.push(...batch.map((a) => a.status));
        done += batch.length;
      }
      return answers;
    })();
    await eventually(async () => (done >= 30 ? true : undefined), 60_000);
    // As the operator runs it, and the same online backup in this process (the command's start-up
    // alone may outlast the transfers on a busy machine; this one surely lands among them).
    const command = npmRun("db:backup", [backup], `file:${dbFile}`);
    const inProcess = path.join(work, "backup-in-process.db");
    const doneBeforeBackup = done;
    await backupDatabase(`file:${dbFile}`, inProcess);
    const doneAtBackup = done;
    const made = await command;
    expect(made.output).toMatch(/backup written to .*backup\.db \(\d+ bytes\)/);
    expect(made.code).toBe(0);
    // A backup holds every account and address: readable by its owner only.
    for (const file of [backup, inProcess]) expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await running).filter((status) => status !== 201)).toEqual([]);
    const after = transfersIn(dbFile);
    expect(after).toBe(before + 200);
    expect(doneAtBackup).toBeLessThan(200);

    for (const [file, least] of [[inProcess, before + doneBeforeBackup], [backup, before + 30]] as const) {
      const restored = path.join(work, `restored-${path.basename(file)}`);
      const result = await npmRun("db:restore", [file], `file:${restored}`);
      expect(result.output).toMatch(/ledger check passed: \d+ wallets, \d+ transfers, \d+ postings/);
      expect(result.code).toBe(0);
      const count = transfersIn(restored);
      expect(count).toBeGreaterThanOrEqual(least);
      expect(count).toBeLessThanOrEqual(after);
    }
    expect(transfersIn(path.join(work, "restored-backup-in-process.db"))).toBeLessThan(after);

    // Never over a database that holds data, never over an existing file.
    const again = await npmRun("db:restore", [backup], `file:${path.join(work, "restored-backup.db")}`);
    expect(again.code).not.toBe(0);
    expect(again.output).toContain("the target database is not empty");
    const over = await npmRun("db:backup", [backup], `file:${dbFile}`);
    expect(over.code).not.toBe(0);
    expect(over.output).toContain("already exists");
  });
});

describe("a pocket's round-ups across a SIGKILL", () => {
  /** What rounds `amount` up to the next 10 units (1 000 minor units), as lib/shared/money.ts says. */
  const roundUpOf = (amount: number) => (amount % 1_000 === 0 ? 0 : 1_000 - (amount % 1_000));
  const roundUpsIn = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare(`SELECT "id", "senderWalletId", "receiverWalletId", "amount" FROM "Transfer" WHERE "channel" = 'roundup' ORDER BY "id"`).all() as {
        id: number;
        senderWalletId: number;
        receiverWalletId: number;
        amount: number;
      }[];
    } finally {
      db.close();
    }
  };

  it("are made once each: transfers cut off by the kill and sent again with their keys round up exactly once", async () => {
    const carol = await signIn("carol.operations@example.test");
    await ok("POST", "/api/v1/wallet/topup", { token: carol.token, key: crypto.randomUUID(), body: { currency: "RUB", amount: 5_000_000 } });
    const pocket = await ok("POST", "/api/v1/pockets", { token: carol.token, body: { currency: "RUB", name: "Копилка", roundUp: 10 } });
    const planned = Array.from({ length: 200 }, (_, i) => ({ key: crypto.randomUUID(), amount: 20_001 + 37 * i }));
    const fire = (t: (typeof planned)[number]) =>
      call("POST", "/api/v1/transfers", { token: carol.token, key: t.key, body: { senderWalletId: carol.rub, receiverWalletId: bob.rub, amount: t.amount } }).then(
        (res) => res.status,
        (error: Error) => error.message,
      );
    const inFlight = planned.map(fire);
    // The plug is pulled once some round-ups are committed, watched in the database itself.
    for (const deadline = Date.now() + 60_000; roundUpsIn(dbFile).length < 10 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    server.child.kill("SIGKILL");
    await server.exited;
    const first = await Promise.all(inFlight);
    expect(first.filter((status) => status !== 201).length).toBeGreaterThan(0);

    server = await startServing(serving);
    const retried = await Promise.all(planned.map(fire));
    expect(retried).toEqual(Array(planned.length).fill(201));

    // One round-up per transfer whose amount is not round already (21 000.00 is), made in the
    // transfer's own step (the next row), of exactly its difference.
    const roundUps = roundUpsIn(dbFile);
    expect(roundUps).toHaveLength(planned.filter((t) => roundUpOf(t.amount) > 0).length);
    const db = new Database(dbFile, { readonly: true });
    const made = db
      .prepare(`SELECT "id", "amount" FROM "Transfer" WHERE "senderWalletId" = ? AND "receiverWalletId" = ? ORDER BY "id"`)
      .all(carol.rub, bob.rub) as { id: number; amount: number }[];
    const pocketBalance = (db.prepare(`SELECT "balance" FROM "Wallet" WHERE "id" = ?`).get(pocket.id) as { balance: number }).balance;
    db.close();
    expect(made.map((t) => t.amount).sort((a, b) => a - b)).toEqual(planned.map((t) => t.amount));
    expect(roundUps.map((r) => [r.id, r.senderWalletId, r.receiverWalletId, r.amount])).toEqual(
      made.filter((t) => roundUpOf(t.amount) > 0).map((t) => [t.id + 1, carol.rub, pocket.id, roundUpOf(t.amount)]),
    );
    expect(pocketBalance).toBe(planned.reduce((sum, t) => sum + roundUpOf(t.amount), 0));
    const wallets = (await ok("GET", "/api/v1/wallet", { token: carol.token })) as unknown as { currency: string; pocketed: number }[];
    expect(wallets.find((w) => w.currency === "RUB")!.pocketed).toBe(pocketBalance);
    const checked = await npmRun("ledger:check", [], `file:${dbFile}`);
    expect(checked.code).toBe(0);
  });
});

describe("SIGTERM", () => {
  it("with 100 transfers in flight: each is done (201) or never reached the server, the ledger balances, exit 0 in time", async () => {
    const before = transfersIn(dbFile);
    type Outcome = { amount: number; status: number } | { amount: number; error: string };
    const fire = (amount: number): Promise<Outcome> =>
      transfer(alice, bob, amount).then(
        (res) => ({ amount, status: res.status }),
        (error: Error & { cause?: { code?: string } }) => ({ amount, error: error.cause?.code ?? error.message }),
      );
    let signalled = 0;
    const inFlight = Array.from({ length: 100 }, (_, i) => fire(5_000 + i));
    // The signal goes once the server has answered one of them: the others are under way.
    await Promise.race(inFlight);
    server.child.kill("SIGTERM");
    signalled = Date.now();
    // Requests that come after it stopped accepting (it logs that it stops, then closes its
    // listening socket) find no one listening: on a new connection, refused.
    await eventually(async () => (server.log.some((line) => line.includes('"msg":"stopping"')) ? true : undefined));
    const late = await Promise.all(Array.from({ length: 10 }, (_, i) => postOnNewConnection(6_000 + i)));
    const outcomes = await Promise.all(inFlight);
    const { code, at } = await server.exited;

    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(2 * SHUTDOWN_SECONDS * 1000 + 2_000);
    expect(late).toEqual(Array(10).fill("ECONNREFUSED"));
    const answered = outcomes.filter((o): o is { amount: number; status: number } => "status" in o);
    expect(answered.filter((o) => o.status !== 201)).toEqual([]);
    expect(answered.length).toBeGreaterThan(0);
    // What the bank holds is exactly what it answered 201: nothing half-done, nothing unanswered.
    const db = new Database(dbFile, { readonly: true });
    const stored = (
      db.prepare(`SELECT "amount" FROM "Transfer" WHERE "amount" >= 5000 AND "amount" < 6100 ORDER BY "amount"`).all() as { amount: number }[]
    ).map((row) => row.amount);
    db.close();
    expect(stored).toEqual(answered.map((o) => o.amount).sort((a, b) => a - b));
    expect(transfersIn(dbFile)).toBe(before + answered.length);
    expect(server.log.some((line) => line.includes('"msg":"stopped"'))).toBe(true);

    const checked = await npmRun("ledger:check", [], `file:${dbFile}`);
    expect(checked.output).toMatch(/^ledger check passed/);
    expect(checked.code).toBe(0);
  });
});
