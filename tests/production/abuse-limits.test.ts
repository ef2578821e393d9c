// The limits that keep one account from abusing others, over real HTTP against `npm start` behind
// one trusted proxy, with the Bot API's flood limits enforced by the fake: a first transfer to a
// wallet counts as a lookup, transfers to others — request payments included — are limited per
// sender (at the default), so is making payment requests (at the default), one
// address however it is written (IPv6 by /64) has one count, notices name the sender by handle,
// a flood of tiny transfers does not cost the real notices after it, and request targets Next.js
// cannot take are a clean 400.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import { sign } from "@telegram-apps/init-data-node";
import { TELEGRAM_LIMITS } from "@/tests/support/fake-bot-api";
import { startApp, type App } from "@/tests/support/production-app";
import { codeIn } from "@/tests/support/smtp";

jest.setTimeout(300_000);

const PER_IP = 3;
const LOOKUPS = 4;
/** The default of TRANSFER_LIMIT_PER_USER (lib/server/platform/env.ts): this server runs with it. */
const DEFAULT_TRANSFER_LIMIT = 50;
/** The default of PAYMENT_REQUEST_LIMIT_PER_USER: this server runs with it. */
const DEFAULT_REQUEST_LIMIT = 20;
const PHISHING = "Minibank: перевод ошибочный, верните на t.me/evil_support";

let app: App;
let addresses = 0;

type Body = Record<string, unknown> & Record<string, unknown>[];

/** Each call from its own IPv4 address (the trusted proxy's X-Forwarded-For) unless `from` says. */
async function call(method: string, pathname: string, options: { token?: string; body?: unknown; from?: string } = {}) {
  addresses += 1;
  const from = options.from ?? `198.18.${addresses >> 8}.${addresses & 255}`;
  const answer = await app.call(method, pathname, { token: options.token, body: options.body, headers: { "x-forwarded-for": from } });
  return { status: answer.status, body: answer.body as Body };
}

async function emailUser(email: string): Promise<string> {
  const mailbox = app.mailbox!;
  const before = mailbox.received.length;
  expect((await call("POST", "/api/v1/auth/email/request-code", { body: { email } })).status).toBe(200);
  // Other mail (top-up notices to e-mail users) arrives too: take the one to this address.
  let mail = mailbox.received.slice(before).find((m) => m.to.includes(email));
  for (let i = 0; i < 50 && !mail; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    mail = mailbox.received.slice(before).find((m) => m.to.includes(email));
  }
  const code = await codeIn(mail!.raw);
  const tokens = await call("POST", "/api/v1/auth/email/verify-code", { body: { email, code } });
  expect(tokens.status).toBe(200);
  return tokens.body.access_token as unknown as string;
}

async function telegramUser(id: number, firstName: string, username: string): Promise<string> {
  // Opened from the bot's chat: Telegram says the bot may write to them.
  const initData = sign({ user: { id, first_name: firstName, username, allows_write_to_pm: true }, query_id: `abuse-${id}` }, app.botToken, new Date());
  const tokens = await call("POST", "/api/v1/auth/telegram/login", { body: { init_data: initData } });
  expect(tokens.status).toBe(200);
  return tokens.body.access_token as unknown as string;
}

type Wallet = { id: number; currency: string };

/** The caller's RUB wallet id, topped up by `topUp` minor units first. */
async function rubWallet(token: string, topUp = 0): Promise<number> {
  await call("POST", "/api/v1/wallet/init", { token });
  if (topUp) expect((await call("POST", "/api/v1/wallet/topup", { token, body: { currency: "RUB", amount: topUp } })).status).toBe(201);
  const wallets = (await call("GET", "/api/v1/wallet", { token })).body as unknown as Wallet[];
  return wallets.find((w) => w.currency === "RUB")!.id;
}

const send = (token: string, senderWalletId: number, receiverWalletId: number, amount = 1) =>
  call("POST", "/api/v1/transfers", { token, body: { senderWalletId, receiverWalletId, amount } });

beforeAll(async () => {
  app = await startApp({
    name: "abuse",
    bot: { limits: TELEGRAM_LIMITS },
    extra: {
      TRUST_PROXY: "1",
      AUTH_CODE_LIMIT_PER_IP: String(PER_IP),
      AUTH_CODE_LIMIT_PER_EMAIL: "100",
      LOOKUP_LIMIT_PER_USER: String(LOOKUPS),
      LOG_LEVEL: "info",
      // The transfer and request limits run at their defaults here.
      TRANSFER_LIMIT_PER_USER: undefined,
      PAYMENT_REQUEST_LIMIT_PER_USER: undefined,
    },
  });
});

afterAll(async () => {
  await app?.stop();
});

describe("over HTTP, behind one trusted proxy", () => {
  it("counts one client address however it is written, and an IPv6 client by its /64", async () => {
    const requestCode = (from: string) =>
      call("POST", "/api/v1/auth/email/request-code", { from, body: { email: `ip.${crypto.randomUUID()}@example.test` } }).then(
        (res) => res.status,
      );
    const six = [];
    for (const from of ["2001:db8::1", "2001:DB8:0::1", "2001:db8::2", "[2001:db8::3]:443"]) six.push(await requestCode(`10.0.0.9, ${from}`));
    expect(six).toEqual([200, 200, 200, 429]);
    expect(await requestCode("2001:db8:0:1::1")).toBe(200);
    const four = [];
    for (const from of ["6.6.6.6:1234", "6.6.6.6", "::ffff:6.6.6.6", "6.6.6.6:80"]) four.push(await requestCode(from));
    expect(four).toEqual([200, 200, 200, 429]);
  });

  it("a first transfer to a wallet counts as a lookup: walking wallet ids by transfers stops at the lookup limit", async () => {
    const prober = await emailUser(`prober.${crypto.randomUUID()}@example.test`);
    const mine = await rubWallet(prober, 10_000);
    const target = await rubWallet(await emailUser(`target.${crypto.randomUUID()}@example.test`));
    const answers = [];
    for (let id = 900_001; id < 900_001 + LOOKUPS; id += 1) answers.push((await send(prober, mine, id)).status);
    expect(answers).toEqual(Array(LOOKUPS).fill(404));
    const walked = await send(prober, mine, target);
    expect([walked.status, walked.body.code]).toEqual([429, "RATE_LIMITED"]);
    expect(((await call("GET", "/api/v1/wallet", { token: prober })).body as unknown as { id: number; balance: number }[]).find((w) => w.id === mine)?.balance).toBe(10_000);
  });

  it("a flood of tiny transfers stops at the per-sender default, names the sender by handle, and the real notices after it all arrive", async () => {
    const victim = await telegramUser(515_151, "Вера", "vera_victim");
    const victimRub = await rubWallet(victim);
    const flooder = await telegramUser(616_161, PHISHING, "flood_er");
    const flooderRub = await rubWallet(flooder, 100_000);
    const toVictim = () => app.botApi!.calls.filter((c) => c.method === "sendMessage" && c.params.chat_id === "515151" && c.status === 200);
    // The first one is told alone, naming the flooder by handle — never by the name they typed.
    expect((await send(flooder, flooderRub, victimRub)).status).toBe(201);
    for (let i = 0; i < 100 && toVictim().length === 0; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(toVictim().map((c) => String(c.params.text).replace(/\s/g, " "))).toEqual(["Вам перевели 0,01 ₽ от @flood_er (Telegram)"]);
    // Telegram now answers "slow down" more times than a message may be tried (MAX_ATTEMPTS, 8):
    // a 429 must never use up a try, or the real notices below would be lost behind the flood.
    app.botApi!.fail("sendMessage", ...Array<"429">(10).fill("429"));
    const statuses: number[] = [];
    for (let i = 1; i < 40; i += 1) statuses.push((await send(flooder, flooderRub, victimRub)).status);
    expect(statuses).toEqual(Array(39).fill(201));

    // Three real transfers from three people after the flood.
    const real = [111_11, 222_22, 333_33];
    for (const [i, amount] of real.entries()) {
      const friend = await emailUser(`friend${i}.${crypto.randomUUID()}@example.test`);
      expect((await send(friend, await rubWallet(friend, 100_000), victimRub, amount)).status).toBe(201);
    }

    // The flooder goes on to the default limit, and is stopped there with nothing moved.
    for (let i = 40; i < DEFAULT_TRANSFER_LIMIT; i += 1) expect((await send(flooder, flooderRub, victimRub)).status).toBe(201);
    const stopped = await send(flooder, flooderRub, victimRub);
    expect([stopped.status, stopped.body]).toEqual([429, { code: "RATE_LIMITED", message: "Слишком много переводов. Попробуйте позже" }]);
    const balance = ((await call("GET", "/api/v1/wallet", { token: flooder })).body as unknown as { id: number; balance: number }[])
      .find((w) => w.id === flooderRub)!.balance;
    expect(balance).toBe(100_000 - DEFAULT_TRANSFER_LIMIT);
    // Paying the victim's request is sending money too: refused the same way, nothing moves.
    const request = await call("POST", "/api/v1/requests", { token: victim, body: { currency: "RUB", amount: 100 } });
    expect(request.status).toBe(201);
    const paid = await call("POST", `/api/v1/requests/${String(request.body.token)}/pay`, { token: flooder, body: { walletId: flooderRub } });
    expect([paid.status, paid.body]).toEqual([429, { code: "RATE_LIMITED", message: "Слишком много переводов. Попробуйте позже" }]);
    const wallets = (await call("GET", "/api/v1/wallet", { token: flooder })).body as unknown as { id: number; balance: number }[];
    expect(wallets.find((w) => w.id === flooderRub)!.balance).toBe(balance);
    expect((await call("GET", `/api/v1/requests/${String(request.body.token)}`, { token: victim })).body.status).toBe("pending");

    // Every credit reaches the chat — one by one or told together — and no message is lost to 429s.
    const told = () => {
      let count = 0;
      let kopecks = 0;
      for (const c of toVictim()) {
        const text = String(c.params.text);
        const folded = /^Вам при\S+ (\d+) перевод\S* на ([\d\s\u00a0]+),(\d\d)\s₽$/.exec(text);
        const single = /^Вам перевели ([\d\s\u00a0]+),(\d\d)\s₽ от (.+)$/.exec(text);
        if (folded) {
          count += Number(folded[1]);
          kopecks += Number(folded[2].replace(/\D/g, "")) * 100 + Number(folded[3]);
        } else if (single) {
          count += 1;
          kopecks += Number(single[1].replace(/\D/g, "")) * 100 + Number(single[2]);
        } else throw new Error(`unexpected message: ${text}`);
      }
      return { count, kopecks };
    };
    const expected = { count: DEFAULT_TRANSFER_LIMIT + 3, kopecks: DEFAULT_TRANSFER_LIMIT + real.reduce((a, b) => a + b, 0) };
    for (let i = 0; i < 600 && told().count < expected.count; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(told()).toEqual(expected);

    expect(toVictim().map((c) => c.params.text).join("\n")).not.toMatch(/t\.me|ошибочный|Minibank:/);
    // And lookups do not show it either.
    const looked = await call("GET", "/api/v1/users/telegram/616161", { token: victim });
    expect(looked.status).toBe(200);
    expect(looked.body.telegramFirstName).toBeNull();
  });

  it("payment requests: one user makes at most the default number per 10 minutes, then 429 and nothing is made", async () => {
    const token = await emailUser(`asker.${crypto.randomUUID()}@example.test`);
    await rubWallet(token);
    const statuses = [];
    for (let i = 0; i < DEFAULT_REQUEST_LIMIT; i += 1) statuses.push((await call("POST", "/api/v1/requests", { token, body: { currency: "RUB", amount: 100 + i } })).status);
    expect(statuses).toEqual(Array(DEFAULT_REQUEST_LIMIT).fill(201));
    const refused = await call("POST", "/api/v1/requests", { token, body: { currency: "RUB", amount: 1 } });
    expect([refused.status, refused.body]).toEqual([429, { code: "RATE_LIMITED", message: "Слишком много запросов денег подряд. Попробуйте через несколько минут" }]);
    expect(((await call("GET", "/api/v1/requests", { token })).body as unknown as unknown[]).length).toBe(DEFAULT_REQUEST_LIMIT);
  });

  it("an e-mail user's handle says nothing of their address", async () => {
    const token = await emailUser("alice.1f3b92f9@example.test");
    const me = await call("GET", "/api/v1/users/me", { token });
    expect(me.body.username).toMatch(/^e\.[a-z2-9]{8}$/);
  });

  it("answers request targets Next.js cannot take with a clean 400 — a page for pages, JSON for the API — logged as one line", async () => {
    const page = await fetch(`${app.url}/receipt/%E0%A4%A`);
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    expect(await page.text()).toContain("Неверный адрес страницы");

    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(app.url).port), "127.0.0.1", () => {
        socket.write("OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
      });
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toMatch(/content-type: application\/json/i);
    expect(raw).toContain('"code":"VALIDATION_ERROR"');

    const read = () =>
      fs
        .readFileSync(app.logFile, "utf8")
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { level: number; msg?: string; status?: number; route?: string });
    // The server logs after it has answered, and its output reaches the file through a pipe: the
    // last line may land a moment after the socket closed. Wait for it (up to 5 s), then count.
    let lines = read();
    for (let i = 0; i < 50 && !lines.some((l) => l.route === "/api/[malformed]"); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      lines = read();
    }
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.status === 400 && l.route === "/[malformed]")).toHaveLength(1);
    expect(lines.filter((l) => l.status === 400 && l.route === "/api/[malformed]")).toHaveLength(1);
  });
});
