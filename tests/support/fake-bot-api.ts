import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A Bot API server on 127.0.0.1 for tests: answers `POST /bot<token>/<method>` as Telegram does
 * (`{ok, result}` or `{ok: false, error_code, description, parameters}`), keeps the bot's settings
 * so the get* methods read back what the set* methods stored, records every call with its answer's
 * status, and can be told to fail the next calls of a method (429 with retry_after, 500, 403 …).
 * Inline mode: answerInlineQuery and savePreparedKeyboardButton are checked as Telegram checks
 * them and kept in `state` (inlineAnswers, preparedButtons); editMessageText is kept (edited).
 *
 * Opt-in (`limits`): Telegram's flood limits on sendMessage, as the Bot API FAQ states them —
 * at most `perSecond` messages in any second for the bot and `perChatPerSecond` to one chat; a message
 * over either gets 429 with `parameters.retry_after` (whole seconds until it would pass), and only
 * accepted messages count. Opt-in (`hold`): sendMessage calls wait unanswered until `release`.
 * Always, as Telegram: a sendMessage text over 4,096 characters is refused with 400 "message is too
 * long" (`limitText` lowers the limit, to play a Telegram that counts longer than the server does).
 */
export type BotCall = { method: string; params: Record<string, unknown>; at: number; status: number };
type Answer = { status: number; body: unknown };

export type Limits = { perSecond: number; perChatPerSecond: number };
/** Telegram's limits for one bot (Bot API FAQ). */
export const TELEGRAM_LIMITS: Limits = { perSecond: 30, perChatPerSecond: 1 };

export type FakeBotApi = {
  url: string;
  calls: BotCall[];
  state: Record<string, unknown>;
  /** The next calls of `method` get these answers, in order, before it works normally again. */
  fail(method: string, ...answers: ("429" | "500" | "403")[]): void;
  /** From now on sendMessage refuses texts over `max` characters (4,096 unless told). */
  limitText(max: number): void;
  /** sendMessage calls answered 429 by the limits (not the scripted ones). */
  limited(): BotCall[];
  /** From now on sendMessage calls are held unanswered … */
  hold(): void;
  /** … until this answers them all, and the next ones at once. */
  release(): void;
  /** sendMessage calls held unanswered now. */
  holding(): number;
  close(): Promise<void>;
};

const errorAnswer = (kind: "429" | "500" | "403", retryAfter = 1): Answer => {
  if (kind === "429") {
    return {
      status: 429,
      body: { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } },
    };
  }
  if (kind === "403") return { status: 403, body: { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" } };
  return { status: 500, body: { ok: false, error_code: 500, description: "Internal Server Error" } };
};

/** The inline result types Telegram accepts (InlineQueryResult, the cached ones included). */
const INLINE_TYPES = ["article", "photo", "gif", "mpeg4_gif", "video", "audio", "voice", "document", "location", "venue", "contact", "game", "sticker"];
const CHAT_TYPES = ["allow_user_chats", "allow_bot_chats", "allow_group_chats", "allow_channel_chats"];

/**
 * What Telegram refuses in savePreparedInlineMessage (Bot API 8.0), or null: the user it is for,
 * a result of an inline type with an id of 1–64 bytes (an article needs a title and the message's
 * content), at least one kind of chat it may go to, and no `web_app` button (allowed only in
 * messages the bot itself sends to a private chat).
 */
function preparedMessageProblem(params: Record<string, unknown>): string | null {
  if (!Number.isSafeInteger(params.user_id) || (params.user_id as number) <= 0) return "user_id is required";
  const result = params.result as Record<string, unknown> | undefined;
  if (!result || typeof result !== "object") return "result is required";
  if (!INLINE_TYPES.includes(String(result.type))) return "RESULT_TYPE_INVALID";
  const id = typeof result.id === "string" ? Buffer.byteLength(result.id) : 0;
  if (id < 1 || id > 64) return "RESULT_ID_INVALID";
  if (result.type === "article" && (!result.title || !result.input_message_content)) return "article needs title and input_message_content";
  if (!CHAT_TYPES.some((key) => params[key] === true)) return "at least one chat type must be allowed";
  const markup = result.reply_markup as { inline_keyboard?: Record<string, unknown>[][] } | undefined;
  if (markup?.inline_keyboard?.flat().some((button) => "web_app" in button)) return "BUTTON_TYPE_INVALID";
  return null;
}

/**
 * What Telegram refuses in answerInlineQuery, or null: a query id, at most 50 results with unique
 * ids that savePreparedInlineMessage would take (no `web_app` button: a result goes to any chat),
 * and a results button with a text and exactly one of `web_app` or `start_parameter`.
 */
function inlineAnswerProblem(params: Record<string, unknown>): string | null {
  if (typeof params.inline_query_id !== "string" || !params.inline_query_id) return "inline_query_id is required";
  const results = params.results;
  if (!Array.isArray(results) || results.length > 50) return "RESULTS_TOO_MUCH";
  for (const result of results) {
    const problem = preparedMessageProblem({ user_id: 1, result, allow_user_chats: true });
    if (problem) return problem;
  }
  if (new Set(results.map((r: { id?: unknown }) => r.id)).size !== results.length) return "RESULT_ID_DUPLICATE";
  const button = params.button as Record<string, unknown> | undefined;
  if (button && (typeof button.text !== "string" || !button.text || ("web_app" in button) === ("start_parameter" in button))) return "BUTTON_INVALID";
  return null;
}

/** What Telegram refuses in savePreparedKeyboardButton (Bot API 9.6), or null. */
function preparedButtonProblem(params: Record<string, unknown>): string | null {
  if (!Number.isSafeInteger(params.user_id) || (params.user_id as number) <= 0) return "user_id is required";
  const button = params.button as Record<string, unknown> | undefined;
  if (!button || typeof button.text !== "string" || !button.text) return "BUTTON_INVALID";
  const kinds = ["request_users", "request_chat", "request_managed_bot"].filter((kind) => kind in button);
  if (kinds.length !== 1) return "BUTTON_TYPE_INVALID";
  const request = button[kinds[0]] as { request_id?: unknown };
  if (!Number.isInteger(request?.request_id) || Math.abs(request.request_id as number) > 2 ** 31 - 1) return "REQUEST_ID_INVALID";
  return null;
}

const SECOND_MS = 1000;
/** Telegram's limit for one message's text (sendMessage), in UTF-16 code units as its entities count. */
export const TELEGRAM_MAX_TEXT = 4096;

/** Telegram's flood control: which sendMessage would break a limit, and how long until it would not. */
function floodControl(limits: Limits) {
  const accepted: number[] = [];
  const lastToChat = new Map<string, number>();
  return {
    /** Whole seconds to wait (≥ 1) when a message to `chat` at `now` breaks a limit; 0 when it passes (and counts). */
    check(chat: string, now: number): number {
      while (accepted.length > 0 && accepted[0] <= now - SECOND_MS) accepted.shift();
      const last = lastToChat.get(chat);
      const spacing = SECOND_MS / limits.perChatPerSecond;
      const waits = [
        accepted.length >= limits.perSecond ? accepted[0] + SECOND_MS - now : 0,
        last !== undefined && now - last < spacing ? last + spacing - now : 0,
      ];
      const wait = Math.max(...waits);
      if (wait > 0) return Math.max(1, Math.ceil(wait / SECOND_MS));
      accepted.push(now);
      lastToChat.set(chat, now);
      return 0;
    },
  };
}

export async function startFakeBotApi(token: string, options: { limits?: Limits } = {}): Promise<FakeBotApi> {
  const calls: BotCall[] = [];
  const state: Record<string, unknown> = {};
  const scripted = new Map<string, Answer[]>();
  const flood = options.limits ? floodControl(options.limits) : null;
  const limitedCalls = new Set<BotCall>();
  let held: (() => void)[] | null = null;
  let messageId = 0;
  let preparedId = 0;
  let maxText = TELEGRAM_MAX_TEXT;

  const handle = (method: string, params: Record<string, unknown>): Answer => {
    const ok = (result: unknown): Answer => ({ status: 200, body: { ok: true, result } });
    switch (method) {
      case "getMe":
        return ok({
          id: Number(token.split(":")[0]),
          is_bot: true,
          first_name: "Minibank",
          username: "minibank_test_bot",
          // Switched on in @BotFather only; a test sets state.inlineMode.
          supports_inline_queries: state.inlineMode === true,
        });
      case "answerInlineQuery": {
        const problem = inlineAnswerProblem(params);
        if (problem) return { status: 400, body: { ok: false, error_code: 400, description: `Bad Request: ${problem}` } };
        ((state.inlineAnswers ??= []) as unknown[]).push(params);
        return ok(true);
      }
      case "editMessageText":
        ((state.edited ??= []) as unknown[]).push(params);
        return ok(true);
      case "savePreparedKeyboardButton": {
        const problem = preparedButtonProblem(params);
        if (problem) return { status: 400, body: { ok: false, error_code: 400, description: `Bad Request: ${problem}` } };
        preparedId += 1;
        ((state.preparedButtons ??= []) as unknown[]).push(params);
        return ok({ id: `button-${preparedId}` });
      }
      case "setChatMenuButton":
        state.menuButton = params.menu_button ?? { type: "default" };
        return ok(true);
      case "getChatMenuButton":
        return ok(state.menuButton ?? { type: "default" });
      case "setMyCommands":
        state.commands = params.commands;
        return ok(true);
      case "getMyCommands":
        return ok(state.commands ?? []);
      case "setMyDescription":
        state.description = params.description;
        return ok(true);
      case "setMyShortDescription":
        state.shortDescription = params.short_description;
        return ok(true);
      case "setWebhook":
        state.webhook = { url: params.url, secret_token: params.secret_token, allowed_updates: params.allowed_updates };
        return ok(true);
      case "getWebhookInfo": {
        const hook = (state.webhook ?? { url: "" }) as { url: string; allowed_updates?: string[] };
        return ok({ url: hook.url, has_custom_certificate: false, pending_update_count: 0, allowed_updates: hook.allowed_updates });
      }
      case "savePreparedInlineMessage": {
        const problem = preparedMessageProblem(params);
        if (problem) return { status: 400, body: { ok: false, error_code: 400, description: `Bad Request: ${problem}` } };
        preparedId += 1;
        const prepared = { id: `prepared-${preparedId}`, expiration_date: Math.floor(Date.now() / 1000) + 24 * 60 * 60 };
        ((state.prepared ??= []) as unknown[]).push({ ...prepared, ...params });
        return ok(prepared);
      }
      case "sendMessage":
        if (typeof params.text !== "string" || params.text.length === 0) return { status: 400, body: { ok: false, error_code: 400, description: "Bad Request: message text is empty" } };
        if (params.text.length > maxText) return { status: 400, body: { ok: false, error_code: 400, description: "Bad Request: message is too long" } };
        messageId += 1;
        return ok({ message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: params.chat_id, type: "private" }, text: params.text });
      default:
        return { status: 404, body: { ok: false, error_code: 404, description: "Not Found: method not found" } };
    }
  };

  const respond = (res: http.ServerResponse, answer: Answer) => {
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  };

  /** Answers a call when it is let through (at once unless sendMessage is held). */
  const answerCall = (res: http.ServerResponse, method: string, params: Record<string, unknown>) => {
    const at = Date.now();
    let answer = scripted.get(method)?.shift();
    const call: BotCall = { method, params, at, status: 0 };
    if (!answer && flood && method === "sendMessage") {
      const retryAfter = flood.check(String(params.chat_id), at);
      if (retryAfter > 0) {
        answer = errorAnswer("429", retryAfter);
        limitedCalls.add(call);
      }
    }
    answer ??= handle(method, params);
    call.status = answer.status;
    calls.push(call);
    respond(res, answer);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
      if (!match || match[1] !== token) {
        respond(res, { status: 401, body: { ok: false, error_code: 401, description: "Unauthorized" } });
        return;
      }
      const text = Buffer.concat(chunks).toString("utf8");
      const params = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      const method = match[2];
      if (held && method === "sendMessage") held.push(() => answerCall(res, method, params));
      else answerCall(res, method, params);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    state,
    holding: () => held?.length ?? 0,
    fail(method, ...answers) {
      scripted.set(method, [...(scripted.get(method) ?? []), ...answers.map((a) => errorAnswer(a))]);
    },
    limitText(max) {
      maxText = max;
    },
    limited: () => calls.filter((call) => limitedCalls.has(call)),
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
