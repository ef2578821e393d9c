// Stopping one of several instances on PostgreSQL, as every deployment does: instance A has
// "money arrived" e-mails under way (the SMTP server takes them in and does not answer) when it
// gets SIGTERM with 100 transfers in flight. Every transfer ends answered 201 or never reached
// it; A exits 0 within its bound, and gives its outbox leases back instead of leaving them to run
// out; instance B, started on the same database, sends those messages; the ledger check passes.
// Uses MINIBANK_PROD_BUILD_DIR when it names a finished production build.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type pg from "pg";
import { ensureBuild, freePort } from "@/scripts/app-server";
import { dropPostgresDatabase, migrate } from "@/scripts/lib/database";
// @ts-expect-error -- a plain .mjs helper shared with jest's global setup
import { postgresUrl } from "@/tests/support/postgres.mjs";
import { productionEnv } from "@/tests/support/production-env";
import { startServing, type ServingProcess } from "@/tests/support/serve-process";
import { codeIn, startSmtp, type Mailbox } from "@/tests/support/smtp";
import { queryPostgres } from "@/tests/support/pg-query";

jest.setTimeout(300_000);

const SHUTDOWN_SECONDS = 3;
const databaseUrl = (postgresUrl as (name: string) => string)(`minibank_shutdown_${process.pid}_${Date.now().toString(36)}`);
let work: string;
let distDir: string;
let env: Record<string, string | undefined>;
let mailbox: Mailbox;
let a: ServingProcess;
let b: ServingProcess | null = null;

type Person = { token: string; email: string; rub: number };

async function call(server: ServingProcess, method: string, pathname: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { accept: "application/json", "idempotency-key": crypto.randomUUID() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${server.url}${pathname}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  if (res.status >= 300 && method !== "POST") throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

async function signIn(server: ServingProcess, email: string): Promise<Person> {
  const before = mailbox.received.length;
  await call(server, "POST", "/api/v1/auth/email/request-code", { body: { email } });
  const mail = mailbox.received.slice(before).find((m) => m.to.includes(email))!;
  const tokens = await call(server, "POST", "/api/v1/auth/email/verify-code", { body: { email, code: await codeIn(mail.raw) } });
  const token = tokens.body.access_token as string;
  await call(server, "POST", "/api/v1/wallet/init", { token });
  const wallets = (await call(server, "GET", "/api/v1/wallet", { token })).body as unknown as { id: number; currency: string }[];
  return { token, email, rub: wallets.find((w) => w.currency === "RUB")!.id };
}

const query = <T extends pg.QueryResultRow>(sql: string): Promise<T[]> => queryPostgres<T>(databaseUrl, sql);

async function eventually<T>(probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out; notifications by status: ${JSON.stringify(await statuses())}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const statuses = async () =>
  Object.fromEntries(
    (await query<{ status: string; n: string }>(`SELECT "status", COUNT(*) AS n FROM "Notification" GROUP BY "status"`)).map(
      (row) => [row.status, Number(row.n)],
    ),
  ) as Record<string, number>;

beforeAll(async () => {
  work = path.resolve("test-results", "shutdown-postgres");
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  mailbox = await startSmtp();
  distDir = await ensureBuild({ mode: "production", distDir: ".next-prod" });
  const port = await freePort();
  env = productionEnv({
    work,
    name: "unused",
    port,
    smtpPort: mailbox.port,
    extra: { DATABASE_URL: databaseUrl, SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_SECONDS), LOG_LEVEL: "info" },
  });
  await migrate(databaseUrl);
  a = await startServing({ distDir, port, env });
});

afterAll(async () => {
  for (const server of [a, b]) if (server?.child.exitCode === null) server.child.kill("SIGKILL");
  fs.writeFileSync(path.join(work, "a.log"), a?.log.join("\n") ?? "");
  fs.writeFileSync(path.join(work, "b.log"), b?.log.join("\n") ?? "");
  mailbox?.release();
  await mailbox?.close();
  await dropPostgresDatabase(databaseUrl);
});

it("SIGTERM with transfers in flight and e-mails under way: 201 or untouched, exit 0, leases given back to another instance", async () => {
  const alice = await signIn(a, "alice.shutdown@example.test");
  const bob = await signIn(a, "bob.shutdown@example.test");
  expect((await call(a, "POST", "/api/v1/wallet/topup", { token: alice.token, body: { currency: "RUB", amount: 5_000_000 } })).status).toBe(201);
  const send = (amount: number) =>
    call(a, "POST", "/api/v1/transfers", {
      token: alice.token,
      body: { senderWalletId: alice.rub, receiverWalletId: bob.rub, amount },
    }).then(
      (res) => ({ amount, status: res.status }),
      (error: Error & { cause?: { code?: string } }) => ({ amount, error: error.cause?.code ?? error.message }),
    );

  // Bob's "money arrived" e-mails reach the SMTP server, which holds them unanswered: A's worker
  // has them under way, leased.
  mailbox.hold();
  for (const amount of [100, 200, 300]) expect(await send(amount)).toEqual({ amount, status: 201 });
  await eventually(async () => ((await statuses()).sending >= 1 ? true : undefined));

  const inFlight = Array.from({ length: 100 }, (_, i) => send(5_000 + i));
  await Promise.race(inFlight);
  a.child.kill("SIGTERM");
  const signalled = Date.now();
  const outcomes = await Promise.all(inFlight);
  const { code, at } = await a.exited;
  expect(code).toBe(0);
  // Requests, then background work, then the leases and the database.
  expect(at - signalled).toBeLessThan(2 * SHUTDOWN_SECONDS * 1000 + 4_000);

  const answered = outcomes.filter((o): o is { amount: number; status: number } => "status" in o);
  expect(answered.filter((o) => o.status !== 201)).toEqual([]);
  const stored = (await query<{ amount: string }>(`SELECT "amount" FROM "Transfer" WHERE "amount" >= 5000 AND "amount" < 5100 ORDER BY "amount"`)).map(
    (row) => Number(row.amount),
  );
  expect(stored).toEqual(answered.map((o) => o.amount).sort((x, y) => x - y));

  // Nothing is left leased to the stopped instance.
  const left = await query<{ status: string; leaseUntil: Date | null; lastError: string | null }>(
    `SELECT "status", "leaseUntil", "lastError" FROM "Notification" WHERE "status" <> 'sent'`,
  );
  expect(left.filter((row) => row.status === "sending")).toEqual([]);
  expect(left.filter((row) => row.lastError === "released: the sending server stopped").length).toBeGreaterThan(0);
  expect(a.log.some((line) => line.includes('"msg":"notification leases released at shutdown"'))).toBe(true);

  // Instance B sends them now (well before a lease of A's would have run out).
  mailbox.release();
  const from = mailbox.received.length;
  const started = Date.now();
  b = await startServing({ distDir, port: await freePort(), env });
  // Every message sent: Bob's credits (folded or not) and whatever else the bank told.
  await eventually(async () => {
    const now = await statuses();
    return Object.keys(now).join() === "sent" && now.sent >= 3 + answered.length ? true : undefined;
  });
  expect(Date.now() - started).toBeLessThan(25_000);
  expect(mailbox.received.slice(from).some((mail) => mail.to.includes(bob.email))).toBe(true);

  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "ledger:check"], {
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
  });
  expect(stdout).toMatch(/^ledger check passed/);

  b.child.kill("SIGTERM");
  expect((await b.exited).code).toBe(0);
});
