import { POST as webhook } from "@/app/api/telegram/webhook/route";
import { POST as payRoute } from "@/app/api/v1/requests/[token]/pay/route";
import { POST as createRequestRoute } from "@/app/api/v1/requests/route";
import { POST as chatButtonRoute } from "@/app/api/v1/share/chat-button/route";
import { getDb } from "@/lib/server/db";
import { getEnv, resetEnvForTests } from "@/lib/server/platform/env";
import { parseRequestQuery } from "@/lib/server/share/inline-query";
import { webhookSecret } from "@/lib/server/telegram/webhook-secret";
import { call } from "@/tests/support/api";
import { withFakeBotApi } from "@/tests/support/bot-api-suite";
import { createFundedUser } from "@/tests/support/ledger";

const BOT_LINK = "https://t.me/minibank_test_bot/app";
const bot = withFakeBotApi(BOT_LINK);
let telegramId = 880_000;

type Person = Awaited<ReturnType<typeof createFundedUser>> & { telegramId: number };

async function telegramUser(): Promise<Person> {
  const person = await createFundedUser({ RUB: 1_000_000 });
  telegramId += 1;
  await getDb().user.update({ where: { id: person.user.id }, data: { telegramId: String(telegramId), telegramFirstName: "Алиса" } });
  return { ...person, telegramId };
}

const post = (update: Record<string, unknown>) =>
  call(webhook, { path: "/api/telegram/webhook", body: { update_id: 1, ...update }, headers: { "x-telegram-bot-api-secret-token": webhookSecret(getEnv().telegramBotToken) } });
const inlineQuery = (from: number, query: string, language_code?: string) =>
  post({ inline_query: { id: `q-${from}-${query.length}`, from: { id: from, is_bot: false, first_name: "Алиса", language_code }, query, offset: "" } });
const chosen = (from: number, result_id: string, query: string) =>
  post({ chosen_inline_result: { result_id, from: { id: from, is_bot: false, first_name: "Алиса" }, query, inline_message_id: "inline-1" } });

type Answer = { results: { id: string; title: string; description: string; input_message_content: { message_text: string }; reply_markup: unknown }[]; button?: unknown; cache_time: number; is_personal: boolean };
const answers = () => (bot.fake.state.inlineAnswers ?? []) as Answer[];
const requestsOf = (userId: number) => getDb().paymentRequest.findMany({ where: { requesterId: userId } });

describe("reading an inline query as a request", () => {
  it("an amount, then a currency (rubles when none), then the message", () => {
    expect(parseRequestQuery("500")).toEqual({ currency: "RUB", amount: 50_000, message: null });
    expect(parseRequestQuery(" 12.50 usd  за обед ")).toEqual({ currency: "USD", amount: 1_250, message: "за обед" });
    expect(parseRequestQuery("12,5 EUR")).toEqual({ currency: "EUR", amount: 1_250, message: null });
    expect(parseRequestQuery("$20 lunch")).toEqual({ currency: "USD", amount: 2_000, message: "lunch" });
    expect(parseRequestQuery("500₽ на подарок")).toEqual({ currency: "RUB", amount: 50_000, message: "на подарок" });
    expect(parseRequestQuery("10 cny")).toEqual({ currency: "CNY", amount: 1_000, message: null });
  });

  it("nothing else: no amount first, zero, three decimals, two symbols, a message over 140 characters", () => {
    for (const query of ["", "обед 500", "0", "12.345", "$5€", "1e3", `5 ${"я".repeat(141)}`, "99999999999999999999"]) {
      expect({ query, parsed: parseRequestQuery(query) }).toEqual({ query, parsed: null });
    }
  });
});

describe("inline mode: @bot 500 in any chat", () => {
  it("a Minibank user gets one personal card: the amount, the message, a button that opens the Mini App on it", async () => {
    const alice = await telegramUser();
    expect((await inlineQuery(alice.telegramId, "12.50 usd за обед")).body).toEqual({});
    const [answer] = answers();
    expect(answer).toMatchObject({ cache_time: 0, is_personal: true });
    expect(answer.button).toBeUndefined();
    expect(answer.results).toHaveLength(1);
    const [card] = answer.results;
    const token = card.id.replace(/^req-/, "");
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(card.title).toBe("Запрос денег · 12,50\u00a0$");
    expect(card.input_message_content.message_text).toBe("Оплатите 12,50\u00a0$ в Minibank\nза обед");
    expect(card.reply_markup).toEqual({ inline_keyboard: [[{ text: "Оплатить в Minibank", url: `${BOT_LINK}?startapp=req-${token}`, style: "success" }]] });
    // Nothing is made until the card is sent.
    expect(await requestsOf(alice.user.id)).toEqual([]);
  });

  it("leaves out of the card a message the bot may not carry: a link, or words that pass for the bank", async () => {
    const alice = await telegramUser();
    await inlineQuery(alice.telegramId, "999 Minibank: штраф, оплатите на evil.example/pay");
    const [card] = answers()[0].results;
    expect(card.input_message_content.message_text).toBe("Оплатите 999,00\u00a0₽ в Minibank");
    expect(card.description).toBe("Оплатите по ссылке в Minibank");
  });

  it("speaks the sender's language", async () => {
    const alice = await telegramUser();
    await inlineQuery(alice.telegramId, "5", "en");
    expect(answers()[0].results[0].input_message_content.message_text).toBe("Pay ₽5.00 in Minibank");
  });

  it("someone who never signed in with Telegram gets no card, only a button to sign in", async () => {
    await inlineQuery(4_040_404, "500");
    expect(answers()[0].results).toEqual([]);
    expect(answers()[0].button).toEqual({ text: "Войдите в Minibank, чтобы запрашивать деньги", web_app: { url: getEnv().appUrl } });
  });

  it("a query that is not a request gets a button that shows how to type one", async () => {
    const alice = await telegramUser();
    await inlineQuery(alice.telegramId, "привет");
    expect(answers()[0]).toMatchObject({ results: [], button: { text: "Введите сумму: 500 или 12,50 usd за обед", web_app: { url: `${getEnv().appUrl}/requests` } } });
  });

  it("the sent card makes exactly one request, with its token, whoever's link it is; a repeat of the update makes none", async () => {
    const alice = await telegramUser();
    await inlineQuery(alice.telegramId, "12.50 usd за обед");
    const card = answers()[0].results[0];
    expect((await chosen(alice.telegramId, card.id, "12.50 usd за обед")).body).toEqual({});
    await chosen(alice.telegramId, card.id, "12.50 usd за обед");
    const made = await requestsOf(alice.user.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ token: card.id.slice(4), amount: 1_250n, currency: "USD", message: "за обед", status: "pending" });
    expect(bot.fake.state.edited).toBeUndefined();

    // The link works: someone else pays it.
    const bob = await createFundedUser({ USD: 10_000 });
    const paid = await call(payRoute, { token: bob.token, params: { token: made[0].token }, body: { walletId: bob.wallets.USD }, headers: { "idempotency-key": "inline-pay-1" } });
    expect(paid.status).toBe(201);
  });

  it("a replayed card spends no request slot: only a request actually made counts against the limit", async () => {
    const alice = await telegramUser();
    await inlineQuery(alice.telegramId, "500 за такси");
    const card = answers().at(-1)!.results[0];
    process.env.PAYMENT_REQUEST_LIMIT_PER_USER = "5";
    resetEnvForTests();
    try {
      // Telegram may deliver the same update again, one after another or several at once.
      await chosen(alice.telegramId, card.id, "500 за такси");
      for (let i = 0; i < 3; i++) await chosen(alice.telegramId, card.id, "500 за такси");
      await Promise.all(Array.from({ length: 5 }, () => chosen(alice.telegramId, card.id, "500 за такси")));
      expect(await requestsOf(alice.user.id)).toHaveLength(1);
      // One of five slots is spent: four more requests, then the limit.
      for (let i = 0; i < 4; i++) expect((await call(createRequestRoute, { token: alice.token, body: { amount: 100 + i, currency: "RUB" } })).status).toBe(201);
      expect((await call(createRequestRoute, { token: alice.token, body: { amount: 1, currency: "RUB" } })).status).toBe(429);
      // A replay once the limit is spent still finds its request made: its card is not marked failed.
      await chosen(alice.telegramId, card.id, "500 за такси");
      expect(bot.fake.state.edited ?? []).toEqual([]);
    } finally {
      delete process.env.PAYMENT_REQUEST_LIMIT_PER_USER;
      resetEnvForTests();
    }
  });

  it("a card that can no longer be made says so in the sent message instead of a dead link", async () => {
    const alice = await telegramUser();
    await chosen(alice.telegramId, "req-AAAAAAAAAAAAAAAAAAAAAA", "не сумма");
    expect(await requestsOf(alice.user.id)).toEqual([]);
    expect(bot.fake.state.edited).toEqual([{ inline_message_id: "inline-1", text: "Запрос не создан. Создайте его в Minibank." }]);
    // A card of another bot or a forged id: ignored.
    await chosen(alice.telegramId, "rcpt-5", "500");
    expect(await requestsOf(alice.user.id)).toEqual([]);
  });
});

describe("send to a chat: Telegram's chat picker (requestChat) and the bot posting there", () => {
  async function requestOf(who: Person): Promise<{ token: string; id: number }> {
    const res = await call(createRequestRoute, { token: who.token, body: { currency: "RUB", amount: 50_000, message: "За ужин" } });
    const row = await getDb().paymentRequest.findUniqueOrThrow({ where: { token: res.body.token as string } });
    return { token: row.token, id: row.id };
  }
  const chatShared = (from: number, request_id: number, chat_id = -100_500) =>
    post({ message: { message_id: 3, date: 1, chat: { id: from, type: "private" }, from: { id: from, is_bot: false, first_name: "Алиса" }, chat_shared: { request_id, chat_id } } });
  const sent = () => bot.fake.calls.filter((c) => c.method === "sendMessage");

  it("prepares a picker of the groups the bot is in, whose request id is the request's", async () => {
    const alice = await telegramUser();
    const request = await requestOf(alice);
    const res = await call(chatButtonRoute, { token: alice.token, body: { token: request.token } });
    expect(res).toMatchObject({ status: 201, body: { id: "button-1" } });
    expect(bot.fake.state.preparedButtons).toEqual([
      { user_id: alice.telegramId, button: { text: "Выбрать чат", request_chat: { request_id: request.id, chat_is_channel: false, bot_is_member: true } } },
    ]);
  });

  it("refuses someone else's request (404), an e-mail user (422) and a paid request (409)", async () => {
    const alice = await telegramUser();
    const request = await requestOf(alice);
    const mallory = await telegramUser();
    expect((await call(chatButtonRoute, { token: mallory.token, body: { token: request.token } })).body.code).toBe("NOT_FOUND");
    const email = await createFundedUser();
    expect((await call(chatButtonRoute, { token: email.token, body: { token: request.token } })).body.code).toBe("TELEGRAM_ONLY");
    await call(payRoute, { token: mallory.token, params: { token: request.token }, body: { walletId: mallory.wallets.RUB }, headers: { "idempotency-key": "chat-pay-1" } });
    expect((await call(chatButtonRoute, { token: alice.token, body: { token: request.token } })).body.code).toBe("REQUEST_PAID");
    expect(bot.fake.state.preparedButtons).toBeUndefined();
  });

  it("the chosen group gets the request's card from the bot; the requester hears nothing more", async () => {
    const alice = await telegramUser();
    const request = await requestOf(alice);
    expect((await chatShared(alice.telegramId, request.id)).body).toEqual({});
    expect(sent()).toHaveLength(1);
    expect(sent()[0].params).toEqual({
      chat_id: -100_500,
      text: "Оплатите 500,00\u00a0₽ в Minibank\nЗа ужин",
      reply_markup: { inline_keyboard: [[{ text: "Оплатить в Minibank", url: `${BOT_LINK}?startapp=req-${request.token}`, style: "success" }]] },
    });
  });

  it("someone else's request is never posted; a group the bot cannot write to is told to the requester", async () => {
    const alice = await telegramUser();
    const request = await requestOf(alice);
    const mallory = await telegramUser();
    const refused = await chatShared(mallory.telegramId, request.id);
    expect(refused.body).toMatchObject({ method: "sendMessage", chat_id: mallory.telegramId, text: expect.stringMatching(/^Не удалось отправить запрос/) });
    expect(sent()).toEqual([]);
    bot.fake.fail("sendMessage", "403");
    const blocked = await chatShared(alice.telegramId, request.id);
    expect(blocked.body).toMatchObject({ method: "sendMessage", chat_id: alice.telegramId });
  });
});
