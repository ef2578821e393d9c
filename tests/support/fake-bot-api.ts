import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A Bot API server on 127.0.0.1 for tests: answers `POST /bot<token>/<method>` as Telegram does
 * (`{ok, result}` or `{ok: false, error_code, description, parameters}`), keeps the bot's settings
 * so the get* methods read back what the set* methods stored, records every call, and can be told
 * to fail the next calls of a method (429 with retry_after, 500, 403 …).
 */
export type BotCall = { method: string; params: Record<string, unknown>; at: number };
type Answer = { status: number; body: unknown };

export type FakeBotApi = {
  url: string;
  calls: BotCall[];
  state: Record<string, unknown>;
  /** The next calls of `method` get these answers, in order, before it works normally again. */
  fail(method: string, ...answers: ("429" | "500" | "403")[]): void;
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

export async function startFakeBotApi(token: string): Promise<FakeBotApi> {
  const calls: BotCall[] = [];
  const state: Record<string, unknown> = {};
  const scripted = new Map<string, Answer[]>();
  let messageId = 0;

  const handle = (method: string, params: Record<string, unknown>): Answer => {
    const ok = (result: unknown): Answer => ({ status: 200, body: { ok: true, result } });
    switch (method) {
      case "getMe":
        return ok({ id: Number(token.split(":")[0]), is_bot: true, first_name: "Minibank", username: "minibank_test_bot" });
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
      case "sendMessage":
        messageId += 1;
        return ok({ message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: params.chat_id, type: "private" }, text: params.text });
      default:
        return { status: 404, body: { ok: false, error_code: 404, description: "Not Found: method not found" } };
    }
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
      let answer: Answer;
      if (!match || match[1] !== token) {
        answer = { status: 401, body: { ok: false, error_code: 401, description: "Unauthorized" } };
      } else {
        const text = Buffer.concat(chunks).toString("utf8");
        const params = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        const method = match[2];
        calls.push({ method, params, at: Date.now() });
        answer = scripted.get(method)?.shift() ?? handle(method, params);
      }
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    state,
    fail(method, ...answers) {
      scripted.set(method, [...(scripted.get(method) ?? []), ...answers.map((a) => errorAnswer(a))]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
