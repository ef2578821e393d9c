// The Mini App against `npm run contract -- mock` instead of Minibank's API: the production build
// started with API_BASE_URL naming the mock (started from the served document alone, on
// another origin). In Chromium: e-mail sign-in, the wallet, a top-up, a transfer, its receipt and
// the history — every API request answered by the mock, nothing refused by CORS or CSP.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@/scripts/lib/chromium";
import { ensureBuild, freePort, startServer, type AppServer } from "@/scripts/app-server";
import { signInOnFront, topUpAndSend, watchedPage } from "@/tests/support/browser-journey";
import { startMockProcess, type MockProcess } from "@/tests/support/contract-target";
import { productionEnv } from "@/tests/support/production-env";

jest.setTimeout(420_000);

let work: string;
let front: AppServer;
let mock: MockProcess;
let browser: Browser | null = null;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-mock-journey-"));
  const [mockPort, frontPort, smtpPort] = [await freePort(), await freePort(), await freePort()];
  const mockUrl = `http://127.0.0.1:${mockPort}`;
  // The API's address is configuration read at run time: the same build as every production suite.
  const frontBuild = await ensureBuild({ mode: "production", distDir: ".next-prod" });
  front = await startServer({
    distDir: frontBuild,
    port: frontPort,
    npmStart: true,
    timeoutMs: 120_000,
    env: productionEnv({ work, name: "front", port: frontPort, smtpPort, extra: { API_BASE_URL: mockUrl } }),
  });
  // The mock reads only the document (served by the frontend's own server, as any Minibank does).
  mock = await startMockProcess(front.url, mockPort);
});

afterAll(async () => {
  await browser?.close();
  mock?.child.kill("SIGTERM");
  await front?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

async function api<T>(method: string, pathname: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${mock.url}${pathname}`, {
    method,
    headers: { "content-type": "application/json", ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

/** Signs a user in on the mock directly (any six digits are its code); returns the access token. */
async function mockSignIn(email: string): Promise<string> {
  await api("POST", "/api/v1/auth/email/request-code", { body: { email } });
  const { access_token: token } = await api<{ access_token: string }>("POST", "/api/v1/auth/email/verify-code", { body: { email, code: "123456" } });
  await api("POST", "/api/v1/wallet/init", { token });
  return token;
}

const rubBalance = async (token: string) =>
  (await api<{ currency: string; balance: number }[]>("GET", "/api/v1/wallet", { token })).find((w) => w.currency === "RUB")!.balance;

it("signs in, tops up, transfers and shows the receipt and the history, all answered by the mock", async () => {
  const recipient = "recipient.mock@example.test";
  const recipientToken = await mockSignIn(recipient);

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const { page, apiCalls, failed, consoleErrors } = await watchedPage(browser);

  // Sign-in by e-mail code: the mock takes any six digits.
  await signInOnFront(page, front.url, "sender.mock@example.test", { read: () => "424242" });
  const recipientRub = (await api<{ currency: string; number: string }[]>("GET", "/api/v1/wallet", { token: recipientToken })).find((w) => w.currency === "RUB")!;
  await topUpAndSend(page, front.url, recipientRub.number);

  // The wallet shows what the mock now holds: 100 − 12.50.
  await page.goto(`${front.url}/bank`);
  await page.getByTestId("account-RUB").filter({ hasText: "87,50" }).waitFor();
  await page.goto(`${front.url}/bank?tab=history`);
  // Newest first: the transfer to the recipient, then the bank's top-up.
  const rows = page.getByTestId("history-row");
  await rows.first().filter({ hasText: recipient }).filter({ hasText: "12,50" }).waitFor();
  // A top-up is named by what happened (its kind), not by the bank's wallet.
  await rows.nth(1).filter({ hasText: "Пополнение" }).filter({ hasText: "100,00" }).waitFor();
  fs.mkdirSync("test-results/screens", { recursive: true });
  await page.screenshot({ path: "test-results/screens/mock-journey-history.png" });

  expect(await rubBalance(recipientToken)).toBe(1_250);
  expect(apiCalls.some((call) => call.startsWith(`POST ${mock.url}/api/v1/transfers`))).toBe(true);
  expect(apiCalls.filter((call) => !call.includes(` ${mock.url}/`))).toEqual([]);
  // Nothing the browser refused: no CORS, CSP or cross-origin errors, no refusals from the mock.
  expect({ consoleErrors, failed }).toEqual({ consoleErrors: [], failed: [] });
});
