// The demo as the README runs it, opened the way its README suggests: the demo mailbox page
// first, before any API route has loaded. The money endpoints must then still answer (when the
// database client lived per bundle, the page's copy left every API route with a 500).
// The same demo, started with its clock control (MINIBANK_DEV_CLOCK=1), is the contract tester's
// target for what only a moved clock shows: schedules running over weeks, expiries, an order at a
// target rate run once.
// Uses MINIBANK_BUILD_DIR when it names a finished demo build (npm test builds .next-e2e).
import path from "node:path";
import Database from "better-sqlite3";
import { runContract } from "@/tests/support/contract-target";
import { startApp, type App } from "@/tests/support/production-app";

jest.setTimeout(300_000);

let app: App;

beforeAll(async () => {
  // The recorded Central Bank file for its rates: an order at a target rate needs one in force.
  app = await startApp({ name: "demo", mode: "demo", rates: true, extra: { MINIBANK_DEV_CLOCK: "1" } });
});

afterAll(() => app?.stop());

const post = async (pathname: string, body: unknown, token?: string) => {
  const answer = await app.call("POST", pathname, { body, token });
  return { status: answer.status, body: answer.body as unknown as Record<string, string> };
};

it("the money endpoints answer after /dev/mailbox was the first request", async () => {
  const mailbox = await fetch(`${app.url}/dev/mailbox`);
  expect(mailbox.status).toBe(200);
  expect(await mailbox.text()).toContain("Демо-почта");

  const email = "first-page@example.test";
  expect((await post("/api/v1/auth/email/request-code", { email })).status).toBe(200);
  const db = new Database(path.join(app.work, "demo.db"), { readonly: true });
  const { text } = db.prepare(`SELECT "text" FROM "OutboxEmail" ORDER BY "id" DESC LIMIT 1`).get() as { text: string };
  db.close();
  const code = /(\d{6})/.exec(text)![1];
  const tokens = await post("/api/v1/auth/email/verify-code", { email, code });
  expect(tokens.status).toBe(200);

  const token = tokens.body.access_token;
  expect((await post("/api/v1/wallet/init", {}, token)).status).toBeLessThan(300);
  const wallets = await fetch(`${app.url}/api/v1/wallet`, { headers: { authorization: `Bearer ${token}` } });
  expect(wallets.status).toBe(200);
  expect(((await wallets.json()) as unknown[]).length).toBe(4);
  const topUp = await post("/api/v1/wallet/topup", { currency: "RUB", amount: 100 }, token);
  expect(topUp.status).toBeLessThan(300);
});

/** The tester's --code-from: the newest sign-in code the demo put in its outbox for the address ($1). */
const outboxCode = () => {
  const read = `const D = require("better-sqlite3"); const db = new D(process.argv[1], { readonly: true });
    const row = db.prepare("SELECT [text] FROM OutboxEmail WHERE [to] = ? ORDER BY id DESC LIMIT 1").get(process.argv[2]);
    process.stdout.write(row ? row.text : "");`;
  return `${JSON.stringify(process.execPath)} -e '${read}' ${JSON.stringify(app.databaseFile)}`;
};

it("the contract tester moves the demo's clock: a weekly schedule over five weeks with a catch-up, expiries, an order run once", async () => {
  const run = await runContract(app.url, "--phases", "clock", "--seed", "1", "--code-from", outboxCode());
  for (const line of [
    "ok    clock: a weekly schedule over five weeks: one transfer at each occurrence, none before; after downtime only the latest missed occurrence, the earlier skipped (MISSED)",
    "ok    clock: a payment request is paid a minute before it expires and refused 409 REQUEST_EXPIRED a second after, nothing moved",
    "ok    clock: a statement link opens within its ten minutes and answers 404 a second after",
    "ok    clock: an order at a target rate runs once and at or past its target; one whose target is not met waits",
  ]) {
    expect(run.output).toContain(line);
  }
  expect(run.output).toMatch(/^4 passed, 0 failed;/m);
  expect(run.code).toBe(0);
  // The tester put the clock back.
  const clock = await app.ok("GET", "/api/dev/clock");
  expect(Math.abs(Number(clock.offsetMs))).toBeLessThan(1_000);
});
