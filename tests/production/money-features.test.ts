// Exchange, payment requests and a message with the money against a production build under
// `npm start`, every optional feature on (rates from a local server serving a recorded Central
// Bank file, mail over SMTP, the bot on a fake Bot API), driven over HTTP; rates imported ahead
// of their day, request links and statement links at their edges.
// Uses MINIBANK_PROD_BUILD_DIR when it names a finished production build.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import iconv from "iconv-lite";
import { startApp, type App, type CallOptions } from "@/tests/support/production-app";
import { DICTIONARIES } from "@/lib/shared/i18n";

const { ru } = DICTIONARIES;

jest.setTimeout(300_000);

let app: App;

type Body = Record<string, unknown>;
type Wallet = { id: number; currency: string; balance: number };

async function call(method: string, pathname: string, options: CallOptions = {}): Promise<{ status: number; body: Body }> {
  const answer = await app.call(method, pathname, options);
  return { status: answer.status, body: answer.body };
}
const ok = (method: string, pathname: string, options: CallOptions = {}): Promise<Body> => app.ok(method, pathname, options);
const emailUser = (email: string) => app.emailUser(email);
const telegramUser = (id: number, name: string, username?: string) => app.telegramUser(id, name, username);

async function walletOf(token: string, currency: string): Promise<Wallet> {
  const list = (await ok("GET", "/api/v1/wallet", { token })) as unknown as Wallet[];
  return list.find((w) => w.currency === currency)!;
}

const botMessagesTo = (chat: number) => () => app.botApi!.calls.filter((c) => c.method === "sendMessage" && c.params.chat_id === String(chat));

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 100));
}

beforeAll(async () => {
  // Converting at rates read at once: an import by another process (npm run rates:import) counts from the next request.
  app = await startApp({ name: "minibank", bot: true, rates: true, extra: { PAYMENT_REQUEST_TTL_DAYS: "3", RATES_CACHE_SECONDS: "0" } });
});

afterAll(async () => {
  await app?.stop();
});

describe("exchange, payment requests and messages in a production build", () => {
  it("sends a message with the money: on the receipt and in the recipient's bot message", async () => {
    const alice = await emailUser("alice.money@example.test");
    const gosha = await telegramUser(515_151, "Гоша");
    await ok("POST", "/api/v1/wallet/topup", { token: alice, key: crypto.randomUUID(), body: { currency: "RUB", amount: 1_000_000 } });
    const sent = await ok("POST", "/api/v1/transfers", {
      token: alice,
      key: crypto.randomUUID(),
      body: { senderWalletId: (await walletOf(alice, "RUB")).id, receiverWalletId: (await walletOf(gosha, "RUB")).id, amount: 5_000, message: " За <i>обед</i> " },
    });
    expect(sent.message).toBe("За <i>обед</i>");
    expect((await ok("GET", `/api/v1/transfers/${sent.id}`, { token: gosha })).message).toBe("За <i>обед</i>");
    const messages = botMessagesTo(515_151);
    await waitFor(() => messages().length > 0);
    expect(String(messages()[0].params.text).split("\n")).toEqual([expect.stringMatching(/^Вам перевели 50,00\s₽ от /), "Сообщение отправителя: «За <i>обед</i>»"]);
    expect(messages()[0].params.parse_mode).toBeUndefined();
    expect((await call("POST", "/api/v1/transfers", { token: alice, body: { senderWalletId: 1, receiverWalletId: 2, amount: 1, message: "a\u0007" } })).status).toBe(400);
  });

  it("keeps what people type from passing for the bank: in messages, notices, names and CSV statements", async () => {
    const victim = await telegramUser(737_373, "Вика");
    const formula = await telegramUser(747_474, '=HYPERLINK("https://evil.example","Minibank")', "evil_formula");
    const greek = await telegramUser(757_575, "Μinibαnk Suppοrt", "evil_greek");
    const victimRub = (await walletOf(victim, "RUB")).id;
    const send = async (token: string, message?: string) => {
      await ok("POST", "/api/v1/wallet/topup", { token, key: crypto.randomUUID(), body: { currency: "RUB", amount: 100 } });
      const body = { senderWalletId: (await walletOf(token, "RUB")).id, receiverWalletId: victimRub, amount: 1, message };
      return call("POST", "/api/v1/transfers", { token, key: crypto.randomUUID(), body });
    };
    const phishing = "спасибо»\u2028\u2028⚠️ Minibank: ваш счёт заблокирован. Позвоните 8 800 555 35 35";
    expect(await send(formula, phishing)).toEqual({ status: 400, body: { code: "VALIDATION_ERROR", message: ru.transferMessage.controlCharacters } });
    expect(await send(formula, "спасибо\u3164\u2800")).toEqual({ status: 400, body: { code: "VALIDATION_ERROR", message: ru.transferMessage.invisibleCharacters } });

    // On one line it is taken, and stays in the receipt; the bank's own message does not carry it.
    const visible = phishing.replace(/\u2028+/, " ");
    const sent = await send(formula, visible);
    expect(sent.status).toBe(201);
    expect((await ok("GET", `/api/v1/transfers/${sent.body.id}`, { token: victim })).message).toBe(visible);
    const messages = botMessagesTo(737_373);
    await waitFor(() => messages().length > 0);
    expect(String(messages()[0].params.text).split("\n")).toEqual([
      expect.stringMatching(/^Вам перевели 0,01\s₽ от @evil_formula \(Telegram\)$/),
      ru.transferMessage.noticeInReceipt,
    ]);

    // Greek letters spelling the bank's name, and a formula, are shown as the sender's handle.
    const fromGreek = await send(greek);
    expect(fromGreek.status).toBe(201);
    expect(((await ok("GET", `/api/v1/transfers/${fromGreek.body.id}`, { token: victim })).sender as Body).name).toBe("evil_greek");
    const today = new Date().toISOString().slice(0, 10);
    const link = await ok("POST", "/api/v1/statements/link", { token: victim, body: { walletId: victimRub, from: today, to: today, tz: 0, format: "csv" } });
    const csv = (await (await fetch(`${app.url}${link.url as string}`)).text()).replace(/^\uFEFF/, "");
    const movements = csv.split("\r\n").filter((line) => /^\d\d\.\d\d\.\d{4} /.test(line));
    expect(movements.map((line) => line.split(";").slice(3))).toEqual([
      ["evil_formula", "0,01", "0,01"],
      ["evil_greek", "0,01", "0,02"],
    ]);
    expect(csv).not.toMatch(/(^|[;\n])"?[=+@]/);
  });

  it("exchanges between own wallets at the imported rate, typed on either side", async () => {
    const me = await emailUser("exchange.money@example.test");
    await ok("POST", "/api/v1/wallet/topup", { token: me, key: crypto.randomUUID(), body: { currency: "RUB", amount: 1_000_000 } });
    const rub = (await walletOf(me, "RUB")).id;
    const usd = (await walletOf(me, "USD")).id;
    // 743,64 ₽ at 74,3640 ₽ per dollar (the recorded file) is exactly 10 dollars, either way typed.
    const give = await ok("POST", "/api/v1/exchanges", { token: me, key: crypto.randomUUID(), body: { fromWalletId: rub, toWalletId: usd, amount: 74_364 } });
    expect(give).toMatchObject({ amount: 74_364, receivedAmount: 1_000 });
    const get = await ok("POST", "/api/v1/exchanges", { token: me, key: crypto.randomUUID(), body: { fromWalletId: rub, toWalletId: usd, receivedAmount: 1_000 } });
    expect(get).toMatchObject({ amount: 74_364, receivedAmount: 1_000 });
    // One cent costs 74,364 kopecks: 75 kopecks, rounded up; exactly one cent arrives.
    expect(await ok("POST", "/api/v1/exchanges", { token: me, body: { fromWalletId: rub, toWalletId: usd, receivedAmount: 1 } })).toMatchObject({ amount: 75, receivedAmount: 1 });
    expect((await walletOf(me, "USD")).balance).toBe(2_001);
    expect((await ok("GET", `/api/v1/transfers/${give.id}`, { token: me })).kind).toBe("exchange");
  });

  it("a request is paid once by two payers at the same moment, and its requester is told by the bot", async () => {
    const requester = await telegramUser(626_262, "Даша");
    const payers = [await emailUser("payer1.money@example.test"), await emailUser("payer2.money@example.test")];
    for (const payer of payers) await ok("POST", "/api/v1/wallet/topup", { token: payer, key: crypto.randomUUID(), body: { currency: "RUB", amount: 100_000 } });
    const request = await ok("POST", "/api/v1/requests", { token: requester, body: { currency: "RUB", amount: 25_000, message: "Кино" } });
    expect(Date.parse(String(request.expiresAt)) - Date.parse(String(request.createdAt))).toBe(3 * 24 * 3600 * 1000);
    const token = String(request.token);
    expect((await ok("GET", `/api/v1/requests/${token}`, { token: payers[0] })).status).toBe("pending");
    const answers = await Promise.all(
      payers.map(async (payer) => call("POST", `/api/v1/requests/${token}/pay`, { token: payer, key: crypto.randomUUID(), body: { walletId: (await walletOf(payer, "RUB")).id } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe("REQUEST_PAID");
    const balances = await Promise.all(payers.map(async (payer) => (await walletOf(payer, "RUB")).balance));
    expect(balances.sort((a, b) => a - b)).toEqual([75_000, 100_000]);
    expect((await walletOf(requester, "RUB")).balance).toBe(25_000);
    const mine = (await ok("GET", "/api/v1/requests", { token: requester })) as unknown as Body[];
    expect(mine[0]).toMatchObject({ token, status: "paid" });
    const messages = botMessagesTo(626_262);
    await waitFor(() => messages().length > 0);
    expect(String(messages()[0].params.text)).toMatch(/^Ваш запрос на 250,00\s₽ оплачен: e\.[a-z2-9]{8} \(Minibank\)$/);
    expect((await call("POST", `/api/v1/requests/${token}/cancel`, { token: requester })).status).toBe(409);
    expect((await call("POST", `/api/v1/requests/${token}/cancel`, { token: payers[0] })).status).toBe(404);
  });

  it("the customer's own limits and freeze: parallel sends stop at the limit, a raise waits and is told by the bot, a freeze refuses and exchanges still work", async () => {
    const lena = await telegramUser(525_252, "Лена");
    const oleg = await emailUser("oleg.limits@example.test");
    await ok("POST", "/api/v1/wallet/topup", { token: lena, key: crypto.randomUUID(), body: { currency: "RUB", amount: 100_000 } });
    const from = (await walletOf(lena, "RUB")).id;
    const to = (await walletOf(oleg, "RUB")).id;
    const limits = await ok("PUT", "/api/v1/limits/RUB", { token: lena, body: { daily: 5_000, monthly: null } });
    expect((limits.limits as Body[]).find((l) => l.currency === "RUB")).toMatchObject({ daily: 5_000, pendingDaily: null });
    const send = () => call("POST", "/api/v1/transfers", { token: lena, key: crypto.randomUUID(), body: { senderWalletId: from, receiverWalletId: to, amount: 1_000 } });
    const answers = await Promise.all(Array.from({ length: 8 }, send));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 422).map((a) => a.body.code)).toEqual(["SPENDING_LIMIT", "SPENDING_LIMIT", "SPENDING_LIMIT"]);
    expect((await walletOf(oleg, "RUB")).balance).toBe(5_000);

    const raised = await ok("PUT", "/api/v1/limits/RUB", { token: lena, body: { daily: 50_000, monthly: null } });
    expect((raised.limits as Body[]).find((l) => l.currency === "RUB")).toMatchObject({ daily: 5_000, pendingDaily: { amount: 50_000 } });
    const messages = botMessagesTo(525_252);
    await waitFor(() => messages().some((m) => /повышен/.test(String(m.params.text))));
    expect(messages().some((m) => /повышен/.test(String(m.params.text)))).toBe(true);
    expect((await send()).status).toBe(422);

    expect((await ok("PUT", "/api/v1/limits", { token: lena, body: { frozen: true } })).frozen).toBe(true);
    const refused = await call("POST", "/api/v1/transfers", { token: lena, key: crypto.randomUUID(), body: { senderWalletId: from, receiverWalletId: to, amount: 1 } });
    expect(refused.status).toBe(423);
    expect(refused.body).toMatchObject({ code: "TRANSFERS_FROZEN", message: ru.errors.transfersFrozen });
    const usd = (await walletOf(lena, "USD")).id;
    expect((await call("POST", "/api/v1/exchanges", { token: lena, key: crypto.randomUUID(), body: { fromWalletId: from, toWalletId: usd, amount: 10_000 } })).status).toBe(201);
    expect((await call("PUT", "/api/v1/limits/RUB", { token: lena, body: { daily: -5, monthly: null } })).status).toBe(400);
    expect((await call("GET", "/api/v1/limits", { token: oleg })).body.frozen).toBe(false);
    expect((await ok("PUT", "/api/v1/limits", { token: lena, body: { frozen: false } })).frozen).toBe(false);
  });
});

describe("edges of rates, request links and statement links in a production build", () => {
  it("a link to a request names its requester's picture without their id; cancelling it once expired changes nothing", async () => {
    const requester = await emailUser("avatar.money@example.test");
    const payer = await emailUser("avatar.payer@example.test");
    const request = await ok("POST", "/api/v1/requests", { token: requester, body: { currency: "RUB", amount: 1_000 } });
    const token = String(request.token);
    const seen = await ok("GET", `/api/v1/requests/${token}`, { token: payer });
    const avatarUrl = String((seen.requester as Body).avatarUrl);
    expect(avatarUrl).toMatch(/^\/api\/v1\/avatars\/[A-Za-z0-9_-]{22}\.svg$/);
    const own = String((await ok("GET", "/api/v1/users/me", { token: requester })).avatarUrl);
    expect(own).toMatch(/^\/api\/v1\/avatars\/\d+\.svg$/);
    const picture = async (url: string) => (await fetch(`${app.url}${url}`)).text();
    expect(await picture(avatarUrl)).toBe(await picture(own));

    // Its time runs out (made so in the database, as the days would).
    const db = new Database(app.databaseFile);
    try {
      db.prepare(`UPDATE "PaymentRequest" SET "expiresAt" = "createdAt" WHERE "token" = ?`).run(token);
      const row = () => db.prepare(`SELECT "status", "cancelledAt" FROM "PaymentRequest" WHERE "token" = ?`).get(token);
      const before = row();
      const cancelled = await call("POST", `/api/v1/requests/${token}/cancel`, { token: requester });
      expect([cancelled.status, cancelled.body.status]).toEqual([200, "expired"]);
      expect(row()).toEqual(before);
      expect((await ok("GET", `/api/v1/requests/${token}`, { token: payer })).status).toBe("expired");
    } finally {
      db.close();
    }
  });

  it("a statement link stops working once the session that made it signs out", async () => {
    const { token, refresh } = await app.emailSession("statement.money@example.test");
    const rub = (await walletOf(token, "RUB")).id;
    const link = await ok("POST", "/api/v1/statements/link", { token, body: { walletId: rub, from: "2026-01-01", to: "2026-01-31", tz: 180, format: "csv" } });
    const url = `${app.url}${String(link.url)}`;
    expect((await fetch(url)).status).toBe(200);
    await ok("POST", "/api/v1/auth/logout", { body: { refresh_token: refresh } });
    const after = await fetch(url);
    expect([after.status, await after.json()]).toEqual([404, { code: "NOT_FOUND", message: "Не найдено" }]);
  });

  it("a rates file imported for tomorrow (Moscow) is stored, but quotes and exchanges keep today's rate until tomorrow begins", async () => {
    // Today's file, re-dated: served as the Central Bank would publish it for a given day.
    const recorded = iconv.decode(fs.readFileSync(path.join(__dirname, "../fixtures/cbr-daily.xml")), "windows-1251");
    const source = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/xml; charset=windows-1251" });
      res.end(iconv.encode(recorded.replace('Date="21.11.2026"', `Date="${(req.url ?? "").slice(1)}"`), "windows-1251"));
    });
    await new Promise<void>((resolve) => source.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
    /** npm run rates:import against this server's database, as an operator (or another instance) would. */
    const importFor = async (day: string) => {
      const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "rates:import"], {
        cwd: path.resolve(__dirname, "../.."),
        env: { ...process.env, ...app.env, RATES_SOURCE_URL: `${base}/${day.split("-").reverse().join(".")}` } as NodeJS.ProcessEnv,
      });
      expect(stdout).toContain(`Rates for ${day}: USD, EUR, CNY imported`);
    };
    // Moscow keeps UTC+3 all year.
    const moscowDay = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);
    const now = Date.now();
    const [today, tomorrow] = [moscowDay(now), moscowDay(now + 86_400_000)];
    try {
      const me = await emailUser("rates.money@example.test");
      await ok("POST", "/api/v1/wallet/topup", { token: me, key: crypto.randomUUID(), body: { currency: "RUB", amount: 1_000_000 } });
      const [rub, usd] = [(await walletOf(me, "RUB")).id, (await walletOf(me, "USD")).id];
      const exchange = (receivedAmount: number) =>
        ok("POST", "/api/v1/exchanges", { token: me, key: crypto.randomUUID(), body: { fromWalletId: rub, toWalletId: usd, receivedAmount } });

      await importFor(tomorrow);
      // Still the rate in force today (the recorded file imported at start, 74,3640 ₽).
      expect(await ok("GET", "/api/v1/rates/USD", { token: me })).toEqual({ value: 74.364 });
      expect(await exchange(1_000)).toMatchObject({ amount: 74_364, receivedAmount: 1_000 });
      expect(await ok("GET", `/api/v1/rates/USD/history?from=${today}&to=${tomorrow}`, { token: me })).toEqual([{ date: today, value: 74.364 }]);

      // Tomorrow has begun: the same quotes, dated today, are in force at once.
      await importFor(today);
      expect(await ok("GET", "/api/v1/rates/USD", { token: me })).toEqual({ value: 81.5043 });
      expect(await exchange(1_000)).toMatchObject({ amount: 81_505, receivedAmount: 1_000 });
    } finally {
      await new Promise<void>((resolve) => source.close(() => resolve()));
    }
  });
});
