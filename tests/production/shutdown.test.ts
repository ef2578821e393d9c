// A production server stopped with SIGTERM — as every deployment stops an instance — while a
// notification is being sent: the send finishes and is recorded before the process exits, so
// nothing is sent a second time when its lease runs out. (A SIGKILL is the crash window the
// README states.)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { ensureBuild, freePort, startServer, type AppServer } from "@/scripts/app-server";
import { productionEnv } from "@/tests/support/production-env";
import { codeIn, startSmtp, textOf, type Mailbox } from "@/tests/support/smtp";

jest.setTimeout(300_000);

let work: string;
let mailbox: Mailbox;
let server: AppServer;

async function post(pathname: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

async function until(what: string, condition: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-shutdown-"));
  mailbox = await startSmtp();
  const distDir = await ensureBuild({ mode: "production", distDir: ".next-prod" });
  const port = await freePort();
  server = await startServer({
    distDir,
    port,
    npmStart: true,
    logFile: path.join(work, "server.log"),
    env: productionEnv({ work, name: "shutdown", port, smtpPort: mailbox.port }),
  });
});

afterAll(async () => {
  mailbox.release();
  await server.kill();
  await mailbox.close();
  fs.rmSync(work, { recursive: true, force: true });
});

it("finishes and records the notification it is sending before it exits on SIGTERM", async () => {
  const email = "boris.shutdown@example.test";
  await post("/api/v1/auth/email/request-code", { email });
  await until("the sign-in code", () => mailbox.received.length === 1);
  const { access_token: token } = await post("/api/v1/auth/email/verify-code", { email, code: await codeIn(mailbox.received[0].raw) });
  await post("/api/v1/wallet/init", {}, token as string);

  mailbox.hold();
  await post("/api/v1/wallet/topup", { currency: "RUB", amount: 1500 }, token as string);
  // The notice has reached the SMTP server, which has not answered yet: it is being sent.
  await until("the credit notice to reach the SMTP server", () => mailbox.received.length === 2);
  expect(await textOf(mailbox.received[1].raw)).toMatch(/Счёт пополнен на 15,00\s₽/);

  const stopped = server.stop();
  setTimeout(() => mailbox.release(), 500);
  await stopped;
  const db = new Database(path.join(work, "shutdown.db"), { readonly: true });
  try {
    // npm may exit before the server it runs: wait for the row the server writes on its way out.
    const status = () => (db.prepare(`SELECT "status" FROM "Notification"`).get() as { status: string }).status;
    await until("the notice recorded as sent", () => status() === "sent", 15_000).catch(() => undefined);
    expect(status()).toBe("sent");
  } finally {
    db.close();
  }
  expect(mailbox.received).toHaveLength(2);
});
