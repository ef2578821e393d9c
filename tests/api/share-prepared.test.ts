import { POST as cancelRoute } from "@/app/api/v1/requests/[token]/cancel/route";
import { POST as createRequestRoute } from "@/app/api/v1/requests/route";
import { POST as shareRoute } from "@/app/api/v1/share/prepared/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { getDb } from "@/lib/server/db";
import { getEnv, resetEnvForTests } from "@/lib/server/platform/env";
import { formatMoney } from "@/lib/shared/money";
import { DICTIONARIES } from "@/lib/shared/i18n";
import { call } from "@/tests/support/api";
import { withFakeBotApi } from "@/tests/support/bot-api-suite";
import { startFakeBotApi } from "@/tests/support/fake-bot-api";
import { createFundedUser } from "@/tests/support/ledger";

const { ru } = DICTIONARIES;

const BOT_LINK = "https://t.me/minibank_test_bot/app";
const bot = withFakeBotApi(BOT_LINK);
let chat = 770_000;

type Person = Awaited<ReturnType<typeof createFundedUser>>;

/** A funded user who signed in with Telegram. */
async function telegramUser(): Promise<Person & { chat: number }> {
  const person = await createFundedUser({ RUB: 1_000_000 });
  chat += 1;
  await getDb().user.update({ where: { id: person.user.id }, data: { telegramId: String(chat), telegramFirstName: "Алиса" } });
  return { ...person, chat };
}

const share = (who: Person, body: unknown) => call(shareRoute, { token: who.token, body });

async function transfer(from: Person, to: Person): Promise<number> {
  const res = await call(transferRoute, { token: from.token, body: { senderWalletId: from.wallets.RUB, receiverWalletId: to.wallets.RUB, amount: 12_345 } });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function requestOf(who: Person): Promise<string> {
  const res = await call(createRequestRoute, { token: who.token, body: { currency: "RUB", amount: 50_000, message: "За ужин" } });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

const prepared = () => bot.fake.calls.filter((c) => c.method === "savePreparedInlineMessage");

describe("POST /api/v1/share/prepared", () => {
  it("prepares a receipt for its sender and its receiver, with a link button that opens it in the Mini App", async () => {
    const alice = await telegramUser();
    const bob = await telegramUser();
    const id = await transfer(alice, bob);

    const res = await share(alice, { kind: "receipt", transferId: id });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe("prepared-1");
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now());

    const [call0] = prepared();
    expect(call0.status).toBe(200);
    expect(call0.params.user_id).toBe(alice.chat);
    const result = call0.params.result as { type: string; input_message_content: { message_text: string }; reply_markup: unknown };
    expect(result.type).toBe("article");
    expect(result.input_message_content.message_text).toContain(formatMoney(12_345, "RUB"));
    expect(result.input_message_content.message_text).toContain(`Номер операции: ${id}`);
    expect(result.reply_markup).toEqual({ inline_keyboard: [[{ text: "Открыть квитанцию", url: `${BOT_LINK}?startapp=rcpt-${id}` }]] });

    const received = await share(bob, { kind: "receipt", transferId: id });
    expect(received.status).toBe(201);
    expect(prepared()[1].params.user_id).toBe(bob.chat);
  });

  it("prepares the caller's own pending request with a button that pays it", async () => {
    const alice = await telegramUser();
    const token = await requestOf(alice);
    const res = await share(alice, { kind: "request", token });
    expect(res.status).toBe(201);
    const result = prepared()[0].params.result as { input_message_content: { message_text: string }; reply_markup: unknown };
    expect(result.input_message_content.message_text).toBe(`Оплатите ${formatMoney(50_000, "RUB")} в Minibank\nЗа ужин`);
    expect(result.reply_markup).toEqual({ inline_keyboard: [[{ text: "Оплатить в Minibank", url: `${BOT_LINK}?startapp=req-${token}` }]] });
  });

  it("is limited per user (SHARE_LIMIT_PER_USER per 10 minutes): past it a 429, and Telegram is not called", async () => {
    process.env.SHARE_LIMIT_PER_USER = "2";
    resetEnvForTests();
    try {
      const alice = await telegramUser();
      const bob = await telegramUser();
      const id = await transfer(alice, bob);
      expect((await share(alice, { kind: "receipt", transferId: id })).status).toBe(201);
      expect((await share(alice, { kind: "receipt", transferId: id })).status).toBe(201);
      const refused = await share(alice, { kind: "receipt", transferId: id });
      expect([refused.status, refused.body]).toEqual([429, { code: "RATE_LIMITED", message: "Слишком много сообщений подряд. Попробуйте через несколько минут" }]);
      expect(prepared()).toHaveLength(2);
      // The limit is the person's: the receiver may still share the same receipt.
      expect((await share(bob, { kind: "receipt", transferId: id })).status).toBe(201);
    } finally {
      delete process.env.SHARE_LIMIT_PER_USER;
      resetEnvForTests();
    }
  });

  it("leaves out of the bot's message any words that could pass for the bank's: the payer reads them in the app", async () => {
    const alice = await telegramUser();
    const texts: { text: string; description: string }[] = [];
    for (const message of ["Minibank: штраф 999,00 ₽ https://evil.example/pay", "Μinibαnk: штраф, оплатите сегодня", "Пришлите код из СМС", "оплата: 1.2.3.4/pay"]) {
      const made = await call(createRequestRoute, { token: alice.token, body: { currency: "RUB", amount: 99_900, message } });
      expect(made.status).toBe(201);
      expect(made.body.message).toBe(message);
      expect((await share(alice, { kind: "request", token: made.body.token })).status).toBe(201);
      const result = prepared().at(-1)!.params.result as { description: string; input_message_content: { message_text: string } };
      texts.push({ text: result.input_message_content.message_text, description: result.description });
    }
    const expected = { text: `Оплатите ${formatMoney(99_900, "RUB")} в Minibank`, description: ru.share.requestDescription };
    expect(texts).toEqual(texts.map(() => expected));
  });

  it("names the other side of a shared receipt only when the name could not pass for the bank's", async () => {
    const alice = await telegramUser();
    const named = async (username: string) => {
      const bob = await telegramUser();
      await getDb().user.update({ where: { id: bob.user.id }, data: { telegramFirstName: null, username } });
      expect((await share(alice, { kind: "receipt", transferId: await transfer(alice, bob) })).status).toBe(201);
      return (prepared().at(-1)!.params.result as { input_message_content: { message_text: string } }).input_message_content.message_text;
    };
    expect(await named("minibank_help")).not.toMatch(/Получатель|minibank_help/);
    expect(await named("e.abcdefgh")).toContain("Получатель: e.abcdefgh");
    expect(await named("gosha_real")).toContain("Получатель: gosha_real");
  });

  it("answers 404 for someone else's receipt or request and for unknown ones, without calling Telegram", async () => {
    const alice = await telegramUser();
    const bob = await telegramUser();
    const eve = await telegramUser();
    const id = await transfer(alice, bob);
    const token = await requestOf(alice);
    for (const body of [
      { kind: "receipt", transferId: id },
      { kind: "receipt", transferId: 999_999_999 },
      { kind: "request", token },
      { kind: "request", token: "A".repeat(22) },
    ]) {
      const res = await share(eve, body);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
    // Bob holds the link to Alice's request, but it is not his to send.
    expect((await share(bob, { kind: "request", token })).status).toBe(404);
    expect(prepared()).toHaveLength(0);
  });

  it("refuses a request that can no longer be paid", async () => {
    const alice = await telegramUser();
    const token = await requestOf(alice);
    await call(cancelRoute, { method: "POST", token: alice.token, params: { token } });
    const res = await share(alice, { kind: "request", token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("REQUEST_CANCELLED");
    expect(prepared()).toHaveLength(0);
  });

  it("refuses an e-mail user with a clear 422, without calling Telegram", async () => {
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await telegramUser();
    const id = await transfer(alice, bob);
    const res = await share(alice, { kind: "receipt", transferId: id });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: "TELEGRAM_ONLY", message: "Отправить сообщением Telegram можно только при входе через Telegram" });
    expect(prepared()).toHaveLength(0);
  });

  it("refuses bad input with a Russian message", async () => {
    const alice = await telegramUser();
    for (const body of [{}, { kind: "receipt" }, { kind: "receipt", transferId: -1 }, { kind: "request", token: "short" }, { kind: "photo" }]) {
      const res = await share(alice, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[а-я]/i);
    }
    expect((await call(shareRoute, { body: { kind: "receipt", transferId: 1 } })).status).toBe(401);
  });

  it("answers a clean 502 when the Bot API refuses or fails, once, without waiting for retries", async () => {
    const alice = await telegramUser();
    const bob = await telegramUser();
    const id = await transfer(alice, bob);
    for (const kind of ["500", "429", "403"] as const) {
      bot.fake.fail("savePreparedInlineMessage", kind);
      const started = Date.now();
      const res = await share(alice, { kind: "receipt", transferId: id });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ code: "TELEGRAM_FAILED", message: "Telegram не принял сообщение. Попробуйте позже" });
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    expect(prepared().map((c) => c.status)).toEqual([500, 429, 403]);
    // The Bot API out of reach altogether.
    await bot.fake.close();
    const res = await share(alice, { kind: "receipt", transferId: id });
    expect(res.status).toBe(502);
    bot.fake = await startFakeBotApi(process.env.TELEGRAM_BOT_TOKEN!);
  });

  it("answers 503 when no Mini App link is configured (the button would lead nowhere)", async () => {
    delete process.env.TELEGRAM_BOT_LINK;
    resetEnvForTests();
    const alice = await telegramUser();
    const bob = await telegramUser();
    const id = await transfer(alice, bob);
    const res = await share(alice, { kind: "receipt", transferId: id });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("SHARE_UNAVAILABLE");
    expect(prepared()).toHaveLength(0);
  });
});

describe("TELEGRAM_BOT_LINK", () => {
  it("must be an http(s) URL: the configuration is refused at start, not at the first share", () => {
    for (const bad of ["t.me/minibank_bot/app", "javascript:alert(1)"]) {
      process.env.TELEGRAM_BOT_LINK = bad;
      resetEnvForTests();
      expect(() => getEnv()).toThrow(/TELEGRAM_BOT_LINK must be an http\(s\) URL/);
    }
    process.env.TELEGRAM_BOT_LINK = "";
    resetEnvForTests();
    expect(getEnv().telegramBotLink).toBeUndefined();
  });
});

describe("the fake Bot API's savePreparedInlineMessage", () => {
  const save = (params: Record<string, unknown>) =>
    fetch(`${bot.fake.url}/bot${process.env.TELEGRAM_BOT_TOKEN}/savePreparedInlineMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(params),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { ok: boolean; description?: string } }));
  const article = { type: "article", id: "a", title: "t", input_message_content: { message_text: "x" } };

  it("holds to what Telegram requires", async () => {
    expect((await save({ user_id: 1, result: article, allow_user_chats: true })).status).toBe(200);
    expect((await save({ result: article, allow_user_chats: true })).status).toBe(400);
    expect((await save({ user_id: 1, result: { ...article, type: "poll" }, allow_user_chats: true })).status).toBe(400);
    expect((await save({ user_id: 1, result: article })).status).toBe(400);
    const webApp = { ...article, reply_markup: { inline_keyboard: [[{ text: "b", web_app: { url: "https://x" } }]] } };
    expect((await save({ user_id: 1, result: webApp, allow_user_chats: true })).body.description).toBe("Bad Request: BUTTON_TYPE_INVALID");
  });
});
