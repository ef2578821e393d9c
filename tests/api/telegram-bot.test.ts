import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { POST as webhook } from "@/app/api/telegram/webhook/route";
import { getDb } from "@/lib/server/db";
import { getEnv } from "@/lib/server/platform/env";
import { describeBotError } from "@/lib/server/telegram/bot-api";
import { setUpBot } from "@/lib/server/telegram/setup";
import { webhookSecret } from "@/lib/server/telegram/webhook-secret";
import { call } from "@/tests/support/api";
import { startFakeBotApi, type FakeBotApi } from "@/tests/support/fake-bot-api";

const TOKEN = "7000000009:FAKE_bot_token_for_the_fake_bot_api_0123";
const APP_URL = "https://minibank.example";
let fake: FakeBotApi;

beforeEach(async () => {
  fake = await startFakeBotApi(TOKEN);
});
afterEach(() => fake.close());

const env = () => ({ telegramBotToken: TOKEN, telegramApiUrl: fake.url, appUrl: APP_URL });
const methods = () => fake.calls.map((c) => c.method);

describe("npm run bot:setup (setUpBot) against a Bot API on this machine", () => {
  it("registers the menu button, commands, Russian descriptions and the webhook, then reads them back", async () => {
    const report = await setUpBot(env());
    expect(methods()).toEqual([
      "setChatMenuButton",
      "setMyCommands",
      "setMyDescription",
      "setMyShortDescription",
      "setWebhook",
      "getChatMenuButton",
      "getMyCommands",
      "getWebhookInfo",
      "getMe",
    ]);
    expect(fake.state.menuButton).toEqual({ type: "web_app", text: "Открыть Minibank", web_app: { url: APP_URL } });
    expect(fake.state.commands).toEqual([
      { command: "start", description: expect.stringMatching(/[а-я]/) },
      { command: "help", description: expect.stringMatching(/[а-я]/) },
    ]);
    expect(fake.state.description).toMatch(/^Minibank — мультивалютный кошелёк/);
    expect(fake.state.shortDescription).toMatch(/[а-я]/);
    expect(fake.state.webhook).toEqual({
      url: `${APP_URL}/api/telegram/webhook`,
      secret_token: webhookSecret(TOKEN),
      allowed_updates: ["message", "my_chat_member", "inline_query", "chosen_inline_result"],
    });
    expect(webhookSecret(TOKEN)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(report).toEqual({
      menuButton: { type: "web_app", text: "Открыть Minibank", url: APP_URL },
      commands: ["/start", "/help"],
      webhook: { url: `${APP_URL}/api/telegram/webhook`, pendingUpdates: 0 },
      // The Bot API cannot switch inline mode or its feedback on: the report says what is left.
      inline: {
        enabled: false,
        botFather: ['/setinline → @minibank_test_bot → "Сумма и сообщение: 500 за обед"', "/setinlinefeedback → @minibank_test_bot → 100%"],
      },
    });
  });

  it("says inline mode is on where @BotFather has switched it on; feedback is always left to check", async () => {
    fake.state.inlineMode = true;
    const report = await setUpBot(env());
    expect(report.inline).toEqual({ enabled: true, botFather: ["/setinlinefeedback → @minibank_test_bot → 100%"] });
  });

  it("is idempotent: a second run leaves the same settings and adds nothing", async () => {
    const first = await setUpBot(env());
    const settings = JSON.stringify(fake.state);
    const second = await setUpBot(env());
    expect(second).toEqual(first);
    expect(JSON.stringify(fake.state)).toBe(settings);
    expect(methods().slice(9)).toEqual(methods().slice(0, 9));
  });

  it("waits out a 429's retry_after, then goes on", async () => {
    fake.fail("setMyCommands", "429");
    await setUpBot(env());
    const tries = fake.calls.filter((c) => c.method === "setMyCommands");
    expect(tries).toHaveLength(2);
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(950);
  });

  it("tries a 5xx again (after 3 and 6 s), then goes on", async () => {
    fake.fail("setMyDescription", "500", "500");
    await expect(setUpBot(env())).resolves.toMatchObject({ commands: ["/start", "/help"] });
    const tries = fake.calls.filter((c) => c.method === "setMyDescription");
    expect(tries).toHaveLength(3);
    expect(tries[2].at - tries[0].at).toBeGreaterThanOrEqual(8_900);
  }, 30_000);

  it("reports an unreachable Bot API at once instead of retrying without end", async () => {
    const unreachable = { ...env(), telegramApiUrl: "http://127.0.0.1:9" };
    const started = Date.now();
    const error = await setUpBot(unreachable).catch((e: unknown) => e);
    expect(describeBotError(error)).toEqual({ code: null, description: "network error talking to the Bot API" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("does not retry a refusal (403), and its description never quotes the token", async () => {
    fake.fail("setChatMenuButton", "403");
    const error = await setUpBot(env()).catch((e: unknown) => e);
    expect(fake.calls.filter((c) => c.method === "setChatMenuButton")).toHaveLength(1);
    const described = describeBotError(error);
    expect(described.code).toBe(403);
    expect(JSON.stringify(described)).not.toContain(TOKEN.split(":")[1]);
  });

  it("runs as `npm run bot:setup`, prints what is in place, and never prints the token", async () => {
    const run = promisify(execFile);
    const { stdout, stderr } = await run("npx", ["tsx", "--conditions=react-server", "scripts/bot-setup.ts"], {
      env: { ...process.env, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: fake.url, APP_URL },
    });
    expect(stdout).toContain(`webhook:     ${APP_URL}/api/telegram/webhook`);
    expect(stdout).toContain(`menu button: web_app "Открыть Minibank" → ${APP_URL}`);
    expect(stdout).toContain("inline mode: off");
    expect(stdout).toContain("/setinlinefeedback → @minibank_test_bot → 100%");
    expect(stdout).toContain("TELEGRAM_BOT_LINK");
    expect(stdout + stderr).not.toContain(TOKEN.split(":")[1]);
    const missing = await run("npx", ["tsx", "--conditions=react-server", "scripts/bot-setup.ts"], {
      env: { ...process.env, TELEGRAM_BOT_TOKEN: "", TELEGRAM_API_URL: fake.url, APP_URL: "" },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringMatching(/TELEGRAM_BOT_TOKEN[\s\S]*APP_URL/) });
  }, 60_000);
});

describe("POST /api/telegram/webhook", () => {
  const secret = () => webhookSecret(getEnv().telegramBotToken);
  const update = (text: string, chatType = "private") => ({
    update_id: 1,
    message: { message_id: 5, date: 1, chat: { id: 4242, type: chatType }, from: { id: 4242, is_bot: false, first_name: "Вера" }, text },
  });
  const post = (body: unknown, token?: string) =>
    call(webhook, {
      path: "/api/telegram/webhook",
      body,
      headers: token === undefined ? {} : { "x-telegram-bot-api-secret-token": token },
    });

  it("refuses a request without the right secret (401) and answers nothing", async () => {
    for (const token of [undefined, "", "wrong", secret().slice(0, -1), `${secret()}x`]) {
      const res = await post(update("/start"), token);
      expect(res).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
      expect(res.body.method).toBeUndefined();
    }
  });

  it("answers /start in Russian with a button that opens the Mini App", async () => {
    const res = await post(update("/start"), secret());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      method: "sendMessage",
      chat_id: 4242,
      text: expect.stringMatching(/^Добро пожаловать в Minibank/),
      reply_markup: { inline_keyboard: [[{ text: "Открыть Minibank", web_app: { url: getEnv().appUrl }, style: "primary" }]] },
    });
  });

  it("answers in the sender's language: English for a non-Russian language_code, Russian for ru or none", async () => {
    const as = (language_code: string | undefined, text: string) => {
      const body = update(text);
      return { ...body, message: { ...body.message, from: { ...body.message.from, language_code } } };
    };
    const english = await post(as("en", "/start"), secret());
    expect(english.body.text).toMatch(/^Welcome to Minibank!/);
    expect(english.body.reply_markup.inline_keyboard[0][0].text).toBe("Open Minibank");
    expect((await post(as("de", "/help"), secret())).body.text).toMatch(/^Minibank opens with/);
    expect((await post(as("ru", "/start"), secret())).body.text).toMatch(/^Добро пожаловать в Minibank/);
    expect((await post(as(undefined, "/start"), secret())).body.text).toMatch(/^Добро пожаловать в Minibank/);
  });

  it("opens the Mini App on a start payload, and only on a well-formed one", async () => {
    const withPayload = await post(update("/start pay_RUB-2202"), secret());
    expect(withPayload.body.reply_markup.inline_keyboard[0][0].web_app.url).toBe(`${getEnv().appUrl}/?startapp=pay_RUB-2202`);
    const odd = await post(update("/start x<script>"), secret());
    expect(odd.body.reply_markup.inline_keyboard[0][0].web_app.url).toBe(getEnv().appUrl);
    const help = await post(update("/help@minibank_test_bot"), secret());
    expect(help.body.text).toMatch(/Открыть Minibank/);
  });

  it("acknowledges anything else with 200 and no answer, and never fails with a 5xx", async () => {
    for (const body of [update("привет"), update("/start", "group"), { update_id: 2, callback_query: { id: "1" } }, { update_id: 3 }, [], "text"]) {
      const res = await post(body, secret());
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 200, answer: {} });
    }
  });
});

describe("whether the bot may write: what the webhook records", () => {
  const secret = () => webhookSecret(getEnv().telegramBotToken);
  const post = (body: unknown) =>
    call(webhook, { path: "/api/telegram/webhook", body, headers: { "x-telegram-bot-api-secret-token": secret() } });
  const from = { id: 5151, is_bot: false, first_name: "Вера" };
  const message = (extra: Record<string, unknown>) => ({
    update_id: 7,
    message: { message_id: 9, date: 1, chat: { id: from.id, type: "private" }, from, ...extra },
  });
  const membership = (status: string) => ({
    update_id: 8,
    my_chat_member: {
      chat: { id: from.id, type: "private" },
      from,
      date: 1,
      old_chat_member: { status: "member", user: { id: 1, is_bot: true, first_name: "Minibank" } },
      new_chat_member: { status, user: { id: 1, is_bot: true, first_name: "Minibank" } },
    },
  });
  const mayWrite = async () =>
    (await getDb().user.findUniqueOrThrow({ where: { telegramId: String(from.id) }, select: { botMayWrite: true } })).botMayWrite;

  beforeAll(async () => {
    await getDb().user.upsert({
      where: { telegramId: String(from.id) },
      create: { telegramId: String(from.id), username: "vera_may_write", botMayWrite: false },
      update: { botMayWrite: false },
    });
  });

  it("/start in the bot's chat, a granted write access and unblocking set it; blocking the bot clears it", async () => {
    expect(await mayWrite()).toBe(false);
    expect((await post(message({ text: "/start" }))).status).toBe(200);
    expect(await mayWrite()).toBe(true);
    expect((await post(membership("kicked"))).body).toEqual({});
    expect(await mayWrite()).toBe(false);
    expect((await post(message({ write_access_allowed: { from_request: true } }))).body).toEqual({});
    expect(await mayWrite()).toBe(true);
    await post(membership("kicked"));
    await post(membership("member"));
    expect(await mayWrite()).toBe(true);
  });

  it("other messages and group chats change nothing", async () => {
    await post(membership("kicked"));
    await post(message({ text: "привет" }));
    await post({ update_id: 9, message: { message_id: 1, date: 1, chat: { id: -5, type: "group" }, from, text: "/start" } });
    expect(await mayWrite()).toBe(false);
  });
});
