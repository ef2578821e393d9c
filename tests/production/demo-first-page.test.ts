// The demo as the README runs it, opened the way its README suggests: the demo mailbox page
// first, before any API route has loaded. The money endpoints must then still answer (when the
// database client lived per bundle, the page's copy left every API route with a 500).
// Uses MINIBANK_BUILD_DIR when it names a finished demo build (npm test builds .next-e2e).
import path from "node:path";
import Database from "better-sqlite3";
import { startApp, type App } from "@/tests/support/production-app";

jest.setTimeout(300_000);

let app: App;

beforeAll(async () => {
  app = await startApp({ name: "demo", mode: "demo" });
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
