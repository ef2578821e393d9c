// The frontend against a server on another origin: the production build served twice, the
// frontend's server started with API_BASE_URL naming the other (which lists the frontend's origin
// in CORS_ORIGINS): the same build as every other production suite, configured at run time. In Chromium: e-mail sign-in, a transfer, the history —
// and every API request goes to the other origin.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@/scripts/lib/chromium";
import { ensureBuild, freePort, startServer, type AppServer } from "@/scripts/app-server";
import { productionEnv, serveRecordedRates, type RatesSource } from "@/tests/support/production-env";
import { codeIn, startSmtp, type Mailbox } from "@/tests/support/smtp";
import { signInOnFront, topUpAndSend, watchedPage } from "@/tests/support/browser-journey";

jest.setTimeout(300_000);

let work: string;
let mailbox: Mailbox;
let api: AppServer;
let front: AppServer;
let browser: Browser | null = null;
let rates: RatesSource;

const env = (port: number, name: string, extra: Record<string, string>) =>
  productionEnv({ work, name, port, smtpPort: mailbox.port, extra });

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-cross-"));
  mailbox = await startSmtp();
  // The API server imports the recorded Central Bank file, so the wallet tab has its rates.
  rates = await serveRecordedRates();
  const ratesUrl = rates.url;
  const [apiPort, frontPort] = [await freePort(), await freePort()];
  const apiBase = `http://127.0.0.1:${apiPort}`;
  const build = await ensureBuild({ mode: "production", distDir: ".next-prod" });
  [api, front] = await Promise.all([
    startServer({ distDir: build, port: apiPort, npmStart: true, timeoutMs: 120_000, env: env(apiPort, "api", { CORS_ORIGINS: `http://127.0.0.1:${frontPort}`, RATES_SOURCE_URL: ratesUrl }) }),
    startServer({ distDir: build, port: frontPort, npmStart: true, timeoutMs: 120_000, env: env(frontPort, "front", { API_BASE_URL: apiBase }) }),
  ]);
  for (let i = 0; i < 100; i += 1) {
    const ready = (await (await fetch(`${api.url}/api/ready`)).json()) as { rates: unknown };
    if (ready.rates) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([api?.stop(), front?.stop()]);
  await mailbox?.close();
  await rates?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Signs a user in on the API server directly; returns the access token. */
async function apiSignIn(email: string): Promise<string> {
  const post = (p: string, body: unknown, token?: string) =>
    fetch(`${api.url}${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, string> }));
  const before = mailbox.received.length;
  await post("/api/v1/auth/email/request-code", { email });
  const tokens = await post("/api/v1/auth/email/verify-code", { email, code: await codeIn(mailbox.received[before].raw) });
  await post("/api/v1/wallet/init", {}, tokens.body.access_token);
  return tokens.body.access_token;
}

it("signs in by e-mail, transfers and shows the history, all against the other origin", async () => {
  // The recipient, made on the API server.
  const recipientToken = await apiSignIn("recipient.cross@example.test");
  const recipientWallets = (await (await fetch(`${api.url}/api/v1/wallet`, { headers: { authorization: `Bearer ${recipientToken}` } })).json()) as { currency: string; number: string }[];
  const recipientRub = recipientWallets.find((w) => w.currency === "RUB")!;

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const { page, apiCalls, failed, consoleErrors } = await watchedPage(browser);

  // E-mail sign-in on the frontend; the code arrives through the API server's SMTP.
  let before = 0;
  await signInOnFront(page, front.url, "sender.cross@example.test", {
    beforeAsking: () => (before = mailbox.received.length),
    read: () => codeIn(mailbox.received[before].raw),
  });
  // Money to send: a top-up on the wallet the sender sees; the receipt comes from the other origin too.
  await topUpAndSend(page, front.url, recipientRub.number);

  await page.goto(`${front.url}/bank?tab=history`);
  // The recipient as the history names them: their handle (random for an e-mail user).
  const recipientMe = (await (await fetch(`${api.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${recipientToken}` } })).json()) as { username: string };
  await page.getByText(recipientMe.username).first().waitFor();

  const recipientAfter = (await (await fetch(`${api.url}/api/v1/wallet`, { headers: { authorization: `Bearer ${recipientToken}` } })).json()) as { currency: string; balance: number }[];
  expect(recipientAfter.find((w) => w.currency === "RUB")!.balance).toBe(1_250);
  expect(apiCalls.length).toBeGreaterThan(5);
  expect(apiCalls.filter((call) => !call.includes(` ${api.url}/`))).toEqual([]);
  // Nothing the browser refused: no CORS, CSP or cross-origin resource errors.
  expect({ consoleErrors, failed }).toEqual({ consoleErrors: [], failed: [] });
});
