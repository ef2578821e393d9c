// A receipt and a payment request prepared as Telegram messages (savePreparedInlineMessage)
// against a production build under `npm start`, the bot on a fake Bot API and the Mini App link
// configured, driven over HTTP. Uses MINIBANK_PROD_BUILD_DIR when it names a finished production build.
import crypto from "node:crypto";
import { startApp, type App, type CallOptions } from "@/tests/support/production-app";

jest.setTimeout(300_000);

const BOT_LINK = "https://t.me/minibank_test_bot/app";
let app: App;

type Body = Record<string, unknown>;

async function call(method: string, pathname: string, options: CallOptions = {}): Promise<{ status: number; body: Body }> {
  const answer = await app.call(method, pathname, options);
  return { status: answer.status, body: answer.body };
}
const ok = (method: string, pathname: string, options: CallOptions = {}): Promise<Body> => app.ok(method, pathname, options);
const telegramUser = (id: number, name: string) => app.telegramUser(id, name);
const prepared = () => app.botApi!.calls.filter((c) => c.method === "savePreparedInlineMessage");

beforeAll(async () => {
  // The limit on prepared messages runs at its default here.
  app = await startApp({ name: "share", bot: true, extra: { TELEGRAM_BOT_LINK: BOT_LINK, SHARE_LIMIT_PER_USER: undefined } });
});

afterAll(async () => {
  await app?.stop();
});

describe("sharing as a prepared Telegram message in a production build", () => {
  it("prepares a receipt and a request for their owner, refuses others, e-mail users and Telegram's failures cleanly", async () => {
    const alice = await telegramUser(626_262, "Алиса");
    const boris = await telegramUser(636_363, "Борис");
    const topUp = await ok("POST", "/api/v1/wallet/topup", { token: alice, body: { currency: "RUB", amount: 10_000 } });

    const receipt = await call("POST", "/api/v1/share/prepared", { token: alice, body: { kind: "receipt", transferId: topUp.id } });
    expect(receipt.status).toBe(201);
    expect(receipt.body.id).toEqual(expect.any(String));
    expect(prepared()[0].params.user_id).toBe(626_262);
    const markup = (prepared()[0].params.result as { reply_markup: unknown }).reply_markup;
    expect(markup).toEqual({ inline_keyboard: [[{ text: "Открыть квитанцию", url: `${BOT_LINK}?startapp=rcpt-${topUp.id}` }]] });

    const request = await ok("POST", "/api/v1/requests", { token: alice, body: { currency: "RUB", amount: 5_000 } });
    expect((await call("POST", "/api/v1/share/prepared", { token: alice, body: { kind: "request", token: request.token } })).status).toBe(201);
    expect(String((prepared()[1].params.result as { id: string }).id)).toBe(`req-${request.token}`);

    // Someone else's receipt and request are not found; nothing goes to Telegram.
    const calls = prepared().length;
    expect((await call("POST", "/api/v1/share/prepared", { token: boris, body: { kind: "receipt", transferId: topUp.id } })).status).toBe(404);
    expect((await call("POST", "/api/v1/share/prepared", { token: boris, body: { kind: "request", token: request.token } })).status).toBe(404);
    const mail = await app.emailUser("share.mail@example.test");
    const refused = await call("POST", "/api/v1/share/prepared", { token: mail, body: { kind: "receipt", transferId: topUp.id } });
    expect(refused).toEqual({ status: 422, body: { code: "TELEGRAM_ONLY", message: "Отправить сообщением Telegram можно только при входе через Telegram" } });
    expect(prepared()).toHaveLength(calls);

    // Telegram fails: a clean 502 at once, the app then shares the old way.
    app.botApi!.fail("savePreparedInlineMessage", "500");
    const failed = await call("POST", "/api/v1/share/prepared", { token: alice, body: { kind: "receipt", transferId: topUp.id } });
    expect(failed).toEqual({ status: 502, body: { code: "TELEGRAM_FAILED", message: "Telegram не принял сообщение. Попробуйте позже" } });

    // A request's words that could pass for the bank's stay out of the bot's message; the payer reads them in the app.
    const phishing = await ok("POST", "/api/v1/requests", { token: alice, body: { currency: "RUB", amount: 99_900, message: "Minibank: штраф https://evil.example/pay" } });
    expect((await call("POST", "/api/v1/share/prepared", { token: alice, body: { kind: "request", token: phishing.token } })).status).toBe(201);
    const article = prepared().at(-1)!.params.result as { description: string; input_message_content: { message_text: string } };
    expect([article.input_message_content.message_text, article.description]).toEqual(["Оплатите 999,00\u00a0₽ в Minibank", "Оплатите по ссылке в Minibank"]);

    // Each prepared message is a Bot API call: one user may ask for 20 in 10 minutes (the default), then 429 without one.
    const vera = await telegramUser(646_464, "Вера");
    const own = await ok("POST", "/api/v1/wallet/topup", { token: vera, body: { currency: "RUB", amount: 100 } });
    const shares = [];
    for (let i = 0; i < 20; i += 1) shares.push((await call("POST", "/api/v1/share/prepared", { token: vera, body: { kind: "receipt", transferId: own.id } })).status);
    expect(shares).toEqual(Array(20).fill(201));
    const before = prepared().length;
    const limited = await call("POST", "/api/v1/share/prepared", { token: vera, body: { kind: "receipt", transferId: own.id } });
    expect(limited).toEqual({ status: 429, body: { code: "RATE_LIMITED", message: "Слишком много сообщений подряд. Попробуйте через несколько минут" } });
    expect(prepared()).toHaveLength(before);

    const doc = await ok("GET", "/api/v1/openapi.json");
    expect(Object.keys((doc.paths as Record<string, Body>)["/api/v1/share/prepared"])).toEqual(["post"]);
  });
});

/** An update as Telegram posts it to the webhook, with the secret npm run bot:setup registers. */
async function webhook(update: Body): Promise<{ status: number; body: Body }> {
  const secret = crypto.createHmac("sha256", app.botToken).update("minibank webhook secret").digest("base64url");
  const res = await fetch(`${app.url}/api/telegram/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
    body: JSON.stringify({ update_id: 1, ...update }),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

type InlineAnswer = { inline_query_id: string; results: { id: string; input_message_content: { message_text: string } }[]; button?: Body };
const inlineAnswers = () => (app.botApi!.state.inlineAnswers ?? []) as InlineAnswer[];

describe("asking for money in any chat (inline mode) and in a chosen group, in a production build", () => {
  it("a known user's inline query gets a request card, a stranger's the sign-in button; the sent card makes one request", async () => {
    const vera = await telegramUser(646_464, "Вера");
    const query = (from: number, id: string, text: string) =>
      webhook({ inline_query: { id, from: { id: from, is_bot: false, first_name: "Вера" }, query: text, offset: "" } });

    expect(await query(646_464, "iq-1", "12.50 usd за обед")).toEqual({ status: 200, body: {} });
    const [answer] = inlineAnswers().filter((a) => a.inline_query_id === "iq-1");
    expect(answer.results).toHaveLength(1);
    const card = answer.results[0];
    expect(card.id).toMatch(/^req-[A-Za-z0-9_-]{22}$/);
    expect(card.input_message_content.message_text).toBe("Оплатите 12,50\u00a0$ в Minibank\nза обед");

    await query(9_999_001, "iq-2", "500");
    const [stranger] = inlineAnswers().filter((a) => a.inline_query_id === "iq-2");
    expect(stranger).toMatchObject({ results: [], button: { text: "Войдите в Minibank, чтобы запрашивать деньги", web_app: { url: expect.stringMatching(/^http/) } } });

    const chosen = { chosen_inline_result: { result_id: card.id, from: { id: 646_464, is_bot: false, first_name: "Вера" }, query: "12.50 usd за обед", inline_message_id: "im-1" } };
    expect((await webhook(chosen)).status).toBe(200);
    expect((await webhook(chosen)).status).toBe(200);
    const mine = (await ok("GET", "/api/v1/requests", { token: vera })) as unknown as { token: string; amount: number; currency: string; message: string }[];
    expect(mine).toEqual([expect.objectContaining({ token: card.id.slice(4), amount: 1_250, currency: "USD", message: "за обед", status: "pending" })]);
  });

  it("a request goes to a group picked in Telegram's chat picker: the picker is prepared, the bot posts it there", async () => {
    const gleb = await telegramUser(656_565, "Глеб");
    const request = await ok("POST", "/api/v1/requests", { token: gleb, body: { currency: "RUB", amount: 70_000, message: "Билеты" } });
    const button = await call("POST", "/api/v1/share/chat-button", { token: gleb, body: { token: request.token } });
    expect(button).toEqual({ status: 201, body: { id: expect.any(String) } });
    const [prepared] = app.botApi!.calls.filter((c) => c.method === "savePreparedKeyboardButton");
    const requestChat = (prepared.params.button as { request_chat: { request_id: number } }).request_chat;
    expect(requestChat).toMatchObject({ chat_is_channel: false, bot_is_member: true });

    const shared = { message: { message_id: 2, date: 1, chat: { id: 656_565, type: "private" }, from: { id: 656_565, is_bot: false, first_name: "Глеб" }, chat_shared: { request_id: requestChat.request_id, chat_id: -100_777 } } };
    expect(await webhook(shared)).toEqual({ status: 200, body: {} });
    const posted = app.botApi!.calls.filter((c) => c.method === "sendMessage" && c.params.chat_id === -100_777);
    expect(posted).toHaveLength(1);
    expect(posted[0].params.text).toBe("Оплатите 700,00\u00a0₽ в Minibank\nБилеты");
    expect(posted[0].params.reply_markup).toEqual({ inline_keyboard: [[{ text: "Оплатить в Minibank", url: `${BOT_LINK}?startapp=req-${request.token}`, style: "success" }]] });
  });
});
