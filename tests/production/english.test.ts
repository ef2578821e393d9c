// An English client of a demo build over real HTTP: the sign-in e-mail, errors and the names the
// API gives (the bank as a counterparty) follow Accept-Language; Russian stays the default.
// Uses MINIBANK_BUILD_DIR when it names a finished demo build (npm test builds .next-e2e).
import path from "node:path";
import Database from "better-sqlite3";
import { DICTIONARIES } from "@/lib/shared/i18n";
import { startApp, type App } from "@/tests/support/production-app";

const { ru, en } = DICTIONARIES;

jest.setTimeout(300_000);

let app: App;

beforeAll(async () => {
  app = await startApp({ name: "english", mode: "demo" });
});

afterAll(() => app?.stop());

const ENGLISH = { "accept-language": "en-US,en;q=0.9" };

async function send(pathname: string, init: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const answer = await app.call(init.body === undefined ? "GET" : "POST", pathname, init);
  return { status: answer.status, body: answer.body as unknown };
}

function lastMail(): { subject: string; text: string } {
  const db = new Database(path.join(app.work, "english.db"), { readonly: true });
  try {
    return db.prepare(`SELECT "subject", "text" FROM "OutboxEmail" ORDER BY "id" DESC LIMIT 1`).get() as { subject: string; text: string };
  } finally {
    db.close();
  }
}

it("an English client gets the sign-in e-mail and the bank's name in English, a Russian one in Russian", async () => {
  const email = "english@example.test";
  expect((await send("/api/v1/auth/email/request-code", { body: { email }, headers: ENGLISH })).status).toBe(200);
  expect(lastMail().subject).toBe(en.mail.codeSubject);
  expect((await send("/api/v1/auth/email/request-code", { body: { email: "russian@example.test" } })).status).toBe(200);
  expect(lastMail().subject).toBe(ru.mail.codeSubject);

  // The live code is sent again, this time in English.
  expect((await send("/api/v1/auth/email/request-code", { body: { email }, headers: ENGLISH })).status).toBe(200);
  const code = /(\d{6})/.exec(lastMail().text)![1];
  const tokens = await send("/api/v1/auth/email/verify-code", { body: { email, code } });
  expect(tokens.status).toBe(200);
  const token = (tokens.body as { access_token: string }).access_token;
  expect((await send("/api/v1/wallet/init", { body: {}, token })).status).toBeLessThan(300);
  expect((await send("/api/v1/wallet/topup", { body: { currency: "RUB", amount: 100 }, token })).status).toBeLessThan(300);

  const wallets = (await send("/api/v1/wallet", { token })).body as { id: number; currency: string }[];
  const rub = wallets.find((w) => w.currency === "RUB")!;
  const history = await send(`/api/v1/transfers/wallet/${rub.id}`, { token });
  const [topUp] = history.body as { senderWalletId: number }[];
  const bank = `/api/v1/transfers/username/${topUp.senderWalletId}`;
  expect((await send(bank, { token, headers: ENGLISH })).body).toMatchObject({ username: en.history.topUpName });
  expect((await send(bank, { token })).body).toMatchObject({ username: ru.history.topUpName });
});
