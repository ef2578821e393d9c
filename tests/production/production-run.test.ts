// Minibank as an operator runs it: a production build (`next build` without the demo), started
// with `npm start` and every optional feature on — rates from a local server that serves a
// recorded Central Bank daily file (windows-1251), sign-in codes over a real SMTP server, the
// bundled TON wallets list — and driven from outside over HTTP and in Chromium. The first
// requests go to pages and /api/ready (before any API route loads the database client), then the
// money endpoints; every answer must be 2xx and the log must hold no error.
// Uses MINIBANK_PROD_BUILD_DIR when it names a finished production build (npm test builds
// .next-prod); otherwise builds .next-prod once.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import Database from "better-sqlite3";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@/scripts/lib/chromium";
import { sign } from "@telegram-apps/init-data-node";
import { startApp, type App, type CallOptions } from "@/tests/support/production-app";
import { pdfText } from "@/tests/support/pdf-text";
import { codeIn, textOf, type Mailbox } from "@/tests/support/smtp";
import { DICTIONARIES } from "@/lib/shared/i18n";

const { ru } = DICTIONARIES;

jest.setTimeout(300_000);

const SCREENSHOTS = path.resolve(__dirname, "../../test-results/production");

let app: App;
let browser: Browser | null = null;

type Answer = { status: number; body: Record<string, unknown> & unknown[] };

async function call(method: string, pathname: string, options: CallOptions = {}): Promise<Answer> {
  const answer = await app.call(method, pathname, options);
  return { status: answer.status, body: answer.body };
}

/** Asserts a 2xx and returns the body; on anything else the failure names the call and the answer. */
const ok = (method: string, pathname: string, options: CallOptions = {}): Promise<Answer["body"]> => app.ok(method, pathname, options);

let aliceSession: { access_token: string; refresh_token: string } | null = null;

async function signIn(email: string): Promise<string> {
  const mailbox = app.mailbox!;
  const before = mailbox.received.length;
  await ok("POST", "/api/v1/auth/email/request-code", { body: { email } });
  // Credit notices go out by e-mail too, at their own pace: the code's letter is the newest
  // letter to this address with a code in it.
  let mail: Mailbox["received"][number] | undefined;
  for (let i = 0; i < 100 && !mail; i += 1) {
    const letters = mailbox.received.slice(before).filter((m) => m.to[0] === email);
    for (const letter of letters) if (/Ваш код для входа в Minibank: \d{6}/.test(await textOf(letter.raw))) mail = letter;
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(mail?.to).toEqual([email]);
  if (!mail) throw new Error(`no sign-in code for ${email}`);
  const tokens = await ok("POST", "/api/v1/auth/email/verify-code", { body: { email, code: await codeIn(mail.raw) } });
  if (email.startsWith("alice")) aliceSession = tokens as unknown as { access_token: string; refresh_token: string };
  return tokens.access_token as string;
}

type Wallet = { id: number; currency: string; balance: number; number: string };

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  app = await startApp({ name: "minibank", bot: true, rates: true, extra: { LOG_LEVEL: "info" } });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("production build under npm start, every optional feature on", () => {
  it("serves pages and readiness first, with the rates imported at start", async () => {
    for (const page of ["/", "/login", "/email-login", "/bank", "/transfer-money"]) {
      const res = await fetch(`${app.url}${page}`);
      expect({ page, status: res.status }).toEqual({ page, status: 200 });
    }
    // The site's icons: the browser's default /favicon.ico, and each icon the pages link to.
    const favicon = await fetch(`${app.url}/favicon.ico`);
    expect([favicon.status, favicon.headers.get("content-type")]).toEqual([200, "image/x-icon"]);
    const html = await (await fetch(`${app.url}/bank`)).text();
    const icons = [...html.matchAll(/<link rel="(icon|apple-touch-icon)" href="([^"]+)"/g)];
    expect(icons.map((m) => m[1]).sort()).toEqual(["apple-touch-icon", "icon", "icon"]);
    for (const [, , href] of icons) {
      const res = await fetch(new URL(href.replace(/&amp;/g, "&"), app.url));
      expect({ href, status: res.status, type: res.headers.get("content-type")?.split("/")[0] }).toEqual({ href, status: 200, type: "image" });
    }
    // Demo pages and endpoints do not exist in production.
    expect((await fetch(`${app.url}/dev/mailbox`)).status).toBe(404);
    expect((await call("GET", "/api/v1/demo/telegram-init-data")).status).toBe(404);
    // An unknown path answers 404 (an API client sees it as such), and sends a browser to the
    // welcome screen by a refresh instruction, without a page script.
    for (const unknown of ["/no-such-page", "/api/v1/no-such-thing"]) {
      const res = await fetch(`${app.url}${unknown}`, { redirect: "manual" });
      expect({ unknown, status: res.status }).toEqual({ unknown, status: 404 });
      expect(await res.text()).toContain('<meta http-equiv="refresh" content="0;url=/"/>');
    }

    let ready = await ok("GET", "/api/ready");
    for (let i = 0; i < 100 && (ready.rates === null || ready.ledger === null); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await ok("GET", "/api/ready");
    }
    expect(ready).toEqual({
      status: "ok",
      rates: { latest: "2021-08-21", ageDays: expect.any(Number) },
      outbox: { pending: expect.any(Number), oldestPendingSeconds: expect.any(Number) },
      ledger: { ok: true, problems: 0, checkedAt: expect.any(String) },
      replica: null,
    });
    expect(app.rates!.hits()).toBeGreaterThanOrEqual(1);
  });

  it("signs in by e-mail, tops up, transfers in one and across currencies, and lists the history", async () => {
    const alice = await signIn("alice.production@example.test");
    const bob = await signIn("bob.production@example.test");

    expect(await ok("GET", "/api/v1/rates/USD", { token: alice })).toEqual({ value: 74.364 });
    for (const token of [alice, bob]) await ok("POST", "/api/v1/wallet/init", { token });
    const aliceWallets = (await ok("GET", "/api/v1/wallet", { token: alice })) as unknown as Wallet[];
    const bobWallets = (await ok("GET", "/api/v1/wallet", { token: bob })) as unknown as Wallet[];
    expect(aliceWallets.map((w) => w.currency).sort()).toEqual(["CNY", "EUR", "RUB", "USD"]);
    const wallet = (list: Wallet[], currency: string) => list.find((w) => w.currency === currency)!;

    await ok("POST", "/api/v1/wallet/topup", {
      token: alice,
      key: crypto.randomUUID(),
      body: { currency: "RUB", amount: 1_000_000 },
    });
    const same = await ok("POST", "/api/v1/transfers", {
      token: alice,
      key: crypto.randomUUID(),
      body: { senderWalletId: wallet(aliceWallets, "RUB").id, receiverWalletId: wallet(bobWallets, "RUB").id, amount: 150_000 },
    });
    expect(same).toMatchObject({ amount: 150_000, currency: "RUB", receivedAmount: 150_000 });
    const cross = await ok("POST", "/api/v1/transfers", {
      token: alice,
      key: crypto.randomUUID(),
      body: { senderWalletId: wallet(aliceWallets, "RUB").id, receiverWalletId: wallet(bobWallets, "USD").id, amount: 74_364 },
    });
    // 743.64 ₽ at 74.3640 ₽ per dollar (the recorded file's rate) is exactly 10 dollars.
    expect(cross).toMatchObject({ amount: 74_364, currency: "RUB", receivedAmount: 1_000, receivedCurrency: "USD" });

    const history = (await ok("GET", `/api/v1/transfers/wallet/${wallet(aliceWallets, "RUB").id}`, { token: alice })) as unknown as {
      id: number;
    }[];
    expect(history.map((t) => t.id)).toEqual(expect.arrayContaining([same.id, cross.id]));
    // Searched and filtered as the history tab asks: an amount typed the Russian way, the other
    // side's currency, a kind, a direction; an unknown kind is refused.
    const rub = wallet(aliceWallets, "RUB").id;
    const found = async (query: string) =>
      ((await ok("GET", `/api/v1/transfers/wallet/${rub}?${query}`, { token: alice })) as unknown as { id: number }[]).map((t) => t.id);
    expect(await found(`q=${encodeURIComponent("1 500,00")}`)).toEqual([same.id]);
    expect(await found("currency=USD")).toEqual([cross.id]);
    expect(await found("kind=topup")).toHaveLength(1);
    expect(await found("direction=in&kind=transfer")).toEqual([]);
    const unknown = await call("GET", `/api/v1/transfers/wallet/${rub}?kind=gift`, { token: alice });
    expect([unknown.status, unknown.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    const after = (await ok("GET", "/api/v1/wallet", { token: bob })) as unknown as Wallet[];
    expect(wallet(after, "RUB").balance).toBe(150_000);
    expect(wallet(after, "USD").balance).toBe(1_000);
  });

  it("statements: totals, a CSV and a PDF over HTTP, for the account's owner only", async () => {
    const carol = await signIn("carol.production@example.test");
    const bob = await signIn("bob.production@example.test");
    for (const token of [carol, bob]) await ok("POST", "/api/v1/wallet/init", { token });
    const wallets = (await ok("GET", "/api/v1/wallet", { token: carol })) as unknown as Wallet[];
    const rub = wallets.find((w) => w.currency === "RUB")!;
    const bobRub = ((await ok("GET", "/api/v1/wallet", { token: bob })) as unknown as Wallet[]).find((w) => w.currency === "RUB")!;
    await ok("POST", "/api/v1/wallet/topup", { token: carol, key: crypto.randomUUID(), body: { currency: "RUB", amount: 500_000 } });
    await ok("POST", "/api/v1/transfers", { token: carol, key: crypto.randomUUID(), body: { senderWalletId: rub.id, receiverWalletId: bobRub.id, amount: 123_456 } });
    const today = new Date().toISOString().slice(0, 10);
    const period = `from=${today}&to=${today}&tz=0`;
    const totals = await ok("GET", `/api/v1/statements/wallet/${rub.id}?${period}`, { token: carol });
    expect(totals).toEqual({ walletId: rub.id, number: rub.number, currency: "RUB", from: today, to: today, opening: 0, totalIn: 500_000, totalOut: 123_456, closing: 376_544, count: 2 });
    expect((await call("GET", `/api/v1/statements/wallet/${rub.id}?${period}`, { token: bob })).status).toBe(404);
    expect((await call("POST", "/api/v1/statements/link", { token: bob, body: { walletId: rub.id, from: today, to: today, tz: 0, format: "pdf" } })).status).toBe(404);

    const download = async (format: "csv" | "pdf") => {
      const link = await ok("POST", "/api/v1/statements/link", { token: carol, body: { walletId: rub.id, from: today, to: today, tz: 0, format } });
      // No bearer token: Telegram's downloadFile and a browser's download open the link as it is.
      const res = await fetch(`${app.url}${link.url as string}`);
      expect([res.status, res.headers.get("content-disposition")]).toEqual([200, `attachment; filename="${link.fileName as string}"`]);
      return Buffer.from(await res.arrayBuffer());
    };
    const csv = await download("csv");
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.toString("utf8")).toMatch(/\r\n\d\d\.\d\d\.\d{4} \d\d:\d\d;\d+;Перевод;[^;]+;-1234,56;3765,44\r\n/);
    expect(csv.toString("utf8")).toContain("\r\nИсходящий остаток;3765,44\r\n");
    const pdf = pdfText(await download("pdf")).replace(/\s+/g, " ");
    expect(pdf).toContain("Входящий остаток: 0,00 ₽");
    expect(pdf).toContain("Исходящий остаток: 3 765,44 ₽");
  });

  it("tells a Telegram user about money that arrived: one bot message, within seconds", async () => {
    const alice = await signIn("alice.production@example.test");
    const gosha = await app.telegramUser(424_242, "Гоша", "gosha_prod");
    const goshaRub = ((await ok("GET", "/api/v1/wallet", { token: gosha })) as unknown as Wallet[]).find((w) => w.currency === "RUB")!;
    const aliceRub = ((await ok("GET", "/api/v1/wallet", { token: alice })) as unknown as Wallet[]).find((w) => w.currency === "RUB")!;
    await ok("POST", "/api/v1/transfers", {
      token: alice,
      key: crypto.randomUUID(),
      body: { senderWalletId: aliceRub.id, receiverWalletId: goshaRub.id, amount: 12_345 },
    });
    const messages = () => app.botApi!.calls.filter((c) => c.method === "sendMessage" && c.params.chat_id === "424242");
    for (let i = 0; i < 100 && messages().length === 0; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(messages()).toHaveLength(1);
    expect(String(messages()[0].params.text)).toMatch(/^Вам перевели 123,45\s₽ от e\.[a-z2-9]{8} \(Minibank\)$/);
    // No second message follows.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(messages()).toHaveLength(1);
  });

  it("a 403 from the Bot API records that the bot may not write; /start in the bot's chat records that it may", async () => {
    const initData = sign(
      { user: { id: 434_343, first_name: "Нина", allows_write_to_pm: true }, query_id: "production-run-403" },
      app.botToken,
      new Date(),
    );
    const nina = (await ok("POST", "/api/v1/auth/telegram/login", { body: { init_data: initData } })).access_token as string;
    await ok("POST", "/api/v1/wallet/init", { token: nina });
    expect(await ok("GET", "/api/v1/users/me", { token: nina })).toMatchObject({ notification: true, botMayWrite: true });
    app.botApi!.fail("sendMessage", "403");
    // Her own top-up is announced by the bot too.
    await ok("POST", "/api/v1/wallet/topup", { token: nina, key: crypto.randomUUID(), body: { currency: "RUB", amount: 100 } });
    const mayWrite = async () => (await ok("GET", "/api/v1/users/me", { token: nina })).botMayWrite;
    for (let i = 0; i < 100 && (await mayWrite()) !== false; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(await mayWrite()).toBe(false);
    const secret = crypto.createHmac("sha256", app.botToken).update("minibank webhook secret").digest("base64url");
    const start = { update_id: 2, message: { message_id: 2, date: 1, chat: { id: 434_343, type: "private" }, from: { id: 434_343, is_bot: false, first_name: "Нина" }, text: "/start" } };
    const res = await fetch(`${app.url}/api/telegram/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
      body: JSON.stringify(start),
    });
    expect(res.status).toBe(200);
    expect(await mayWrite()).toBe(true);
  });

  it("answers Telegram's webhook: 401 without the secret, /start with a button to the Mini App", async () => {
    const start = { update_id: 1, message: { message_id: 1, date: 1, chat: { id: 77, type: "private" }, text: "/start" } };
    const post = (secret?: string) =>
      fetch(`${app.url}/api/telegram/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}) },
        body: JSON.stringify(start),
      });
    expect((await post()).status).toBe(401);
    expect((await post("not-the-secret")).status).toBe(401);
    // The secret npm run bot:setup registers: derived from the bot token (lib/server/telegram/webhook-secret.ts).
    const secret = crypto.createHmac("sha256", app.botToken).update("minibank webhook secret").digest("base64url");
    const res = await post(secret);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      method: "sendMessage",
      chat_id: 77,
      reply_markup: { inline_keyboard: [[{ web_app: { url: app.url } }]] },
    });
  });

  it("has no clock control: /api/dev/clock answers 404, and the clock does not move", async () => {
    const before = Date.now();
    expect((await app.call("GET", "/api/dev/clock")).status).toBe(404);
    const moved = await app.call("POST", "/api/dev/clock", { body: { advanceMs: 7 * 86_400_000 } });
    expect([moved.status, moved.body?.code]).toEqual([404, "NOT_FOUND"]);
    // The server's time is still the system's: a transfer made now is dated now.
    const token = await app.emailUser("clock-refused@example.com");
    const topUp = await app.ok("POST", "/api/v1/wallet/topup", { token, body: { currency: "RUB", amount: 100 } });
    expect(Math.abs(Date.parse(String(topUp.createdAt)) - before)).toBeLessThan(60_000);
  });

  it("in a plain browser, the production client never calls a demo endpoint", async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: "ru-RU" });
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`${app.url}/`);
    await page.getByRole("link", { name: ru.login.withTelegram }).click();
    // No init data outside Telegram, and no demo signer to ask for some.
    await page.getByText(ru.login.noLaunchData).waitFor();
    await page.waitForLoadState("networkidle");
    expect(asked.filter((p) => p.startsWith("/api/v1/demo"))).toEqual([]);
    expect(asked).toContain("/telegram-login");
  });

  it("the wallet tab lists every account when a rate is missing (light and dark)", async () => {
    const session = aliceSession!;
    await ok("POST", "/api/v1/wallet/topup", {
      token: session.access_token,
      key: crypto.randomUUID(),
      body: { currency: "CNY", amount: 5_000 },
    });
    // The yuan's quotes vanish (a source that stopped quoting it): its rate answers 404.
    const db = new Database(app.databaseFile);
    db.prepare(`DELETE FROM "Rate" WHERE "currency" = 'CNY'`).run();
    db.close();
    expect((await call("GET", "/api/v1/rates/CNY", { token: session.access_token })).status).toBe(404);

    browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme, locale: "ru-RU" });
      await page.addInitScript((tokens) => {
        sessionStorage.setItem("access_token", tokens.access_token);
        sessionStorage.setItem("refresh_token", tokens.refresh_token);
      }, session);
      await page.goto(`${app.url}/bank`);
      await page.getByRole("alert").filter({ hasText: ru.bank.loadFailed }).waitFor();
      await page.getByTestId("total-partial").waitFor();
      expect(await page.getByTestId(/^account-/).count()).toBe(4);
      expect((await page.getByTestId("account-CNY").innerText()).replace(/\s/g, " ")).toContain("50,00 ¥");
      expect(await page.getByTestId("account-CNY").innerText()).toMatch(/Курс: -/);
      // 10 000,00 − 1 500,00 − 743,64 − 123,45 ₽ left in rubles (any kind of space between the groups).
      expect((await page.getByTestId("account-RUB").innerText()).replace(/\s/g, " ")).toContain("7 632,91 ₽");
      expect(await page.getByTestId("total-partial").innerText()).toBe("Без счетов в CNY: нет курса");
      await page.screenshot({ path: path.join(SCREENSHOTS, `wallet-rate-missing-${colorScheme}.png`) });
      await page.close();
    }
  });

  it("logged no error and no 5xx", () => {
    const lines = fs
      .readFileSync(app.logFile, "utf8")
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; status?: number; msg?: string });
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((l) => l.level >= 50 || (l.status ?? 0) >= 500)).toEqual([]);
    expect(lines.some((l) => l.msg === "rates imported")).toBe(true);
  });
});
