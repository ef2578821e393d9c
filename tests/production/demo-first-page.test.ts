// The demo as the README runs it, opened the way its README suggests: the demo mailbox page
// first, before any API route has loaded. The money endpoints must then still answer (when the
// database client lived per bundle, the page's copy left every API route with a 500).
// Uses MINIBANK_BUILD_DIR when it names a finished demo build (npm test builds .next-e2e).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { ensureBuild, freePort, startServer, type AppServer } from "@/scripts/app-server";

jest.setTimeout(300_000);

let work: string;
let server: AppServer;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-demo-first-page-"));
  const distDir = await ensureBuild({ mode: "demo", distDir: ".next-e2e" });
  server = await startServer({
    distDir,
    port: await freePort(),
    npmStart: true,
    timeoutMs: 120_000,
    env: {
      MINIBANK_DEMO: "1",
      DATABASE_URL: `file:${path.join(work, "demo.db")}`,
      MINIBANK_DATA_DIR: work,
      RATES_SOURCE_URL: undefined,
      LOG_LEVEL: "warn",
    },
  });
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const post = async (pathname: string, body: unknown, token?: string) => {
  const res = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
};

it("the money endpoints answer after /dev/mailbox was the first request", async () => {
  const mailbox = await fetch(`${server.url}/dev/mailbox`);
  expect(mailbox.status).toBe(200);
  expect(await mailbox.text()).toContain("Демо-почта");

  const email = "first-page@example.test";
  expect((await post("/api/v1/auth/email/request-code", { email })).status).toBe(200);
  const db = new Database(path.join(work, "demo.db"), { readonly: true });
  const { text } = db.prepare(`SELECT "text" FROM "OutboxEmail" ORDER BY "id" DESC LIMIT 1`).get() as { text: string };
  db.close();
  const code = /(\d{6})/.exec(text)![1];
  const tokens = await post("/api/v1/auth/email/verify-code", { email, code });
  expect(tokens.status).toBe(200);

  const token = tokens.body.access_token;
  expect((await post("/api/v1/wallet/init", {}, token)).status).toBeLessThan(300);
  const wallets = await fetch(`${server.url}/api/v1/wallet`, { headers: { authorization: `Bearer ${token}` } });
  expect(wallets.status).toBe(200);
  expect(((await wallets.json()) as unknown[]).length).toBe(4);
  const topUp = await post("/api/v1/wallet/topup", { currency: "RUB", amount: 100 }, token);
  expect(topUp.status).toBeLessThan(300);
});
