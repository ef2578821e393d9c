import { shareLink } from "@/lib/client/requests";
import { loadedTelegram } from "@/lib/client/telegram/init";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { sendToChat } from "@/lib/client/telegram/request-chat";
import { emitEvent, mockTelegramClient } from "@/tests/support/telegram-sdk";

jest.mock("@/lib/client/telegram/init", () => ({ ...jest.requireActual("@/lib/client/telegram/init"), loadedTelegram: jest.fn() }));

type Picker = "sent" | "USER_DECLINED" | "UNKNOWN_ERROR";

/**
 * A Telegram client behind the real SDK and bridge reporting `version`: it answers
 * `web_app_request_chat` (Bot API 9.6, unknown to the SDK) with requested_chat_sent or
 * requested_chat_failed, and a prepared message with prepared_message_sent; it records both.
 */
function fakeClient(version: string, picker: Picker = "sent") {
  const asked: { name: string; params: Record<string, unknown> }[] = [];
  const env = mockTelegramClient(version, (name, params) => {
    asked.push({ name, params });
    setTimeout(() => {
      if (name === "web_app_send_prepared_message") emitEvent("prepared_message_sent");
      if (name !== "web_app_request_chat") return;
      if (picker === "sent") emitEvent("requested_chat_sent", { req_id: params.req_id });
      else emitEvent("requested_chat_failed", { req_id: params.req_id, error: picker });
    }, 0);
  });
  return { env, asked };
}

const TOKEN = "AbCdEfGhIjKlMnOpQrStUv";

describe("sending a request to a chat with Telegram's chat picker (requestChat, Bot API 9.6)", () => {
  it("prepares the picker on the server, then opens it with its id", async () => {
    const client = fakeClient("9.6");
    const prepare = jest.fn().mockResolvedValue("button-1");
    expect(await sendToChat(client.env, TOKEN, prepare)).toBe("sent");
    expect(prepare).toHaveBeenCalledWith(TOKEN);
    expect(client.asked.filter((a) => a.name === "web_app_request_chat")).toEqual([{ name: "web_app_request_chat", params: { req_id: "button-1" } }]);
  });

  it("is declined when the user closes the picker, unavailable when the client fails", async () => {
    expect(await sendToChat(fakeClient("9.6", "USER_DECLINED").env, TOKEN, async () => "b")).toBe("declined");
    expect(await sendToChat(fakeClient("10.0", "UNKNOWN_ERROR").env, TOKEN, async () => "b")).toBe("unavailable");
  });

  it("asks nothing before 9.6, outside Telegram, or when the server cannot prepare it", async () => {
    const prepare = jest.fn().mockResolvedValue("b");
    const old = fakeClient("9.5");
    expect(await sendToChat(old.env, TOKEN, prepare)).toBe("unavailable");
    expect(await sendToChat({ ...fakeClient("9.6").env, native: false }, TOKEN, prepare)).toBe("unavailable");
    expect(await sendToChat(null, TOKEN, prepare)).toBe("unavailable");
    expect(prepare).not.toHaveBeenCalled();
    expect(old.asked.map((a) => a.name)).not.toContain("web_app_request_chat");
    const refused = fakeClient("9.6");
    expect(await sendToChat(refused.env, TOKEN, () => Promise.reject(new Error("SHARE_UNAVAILABLE")))).toBe("unavailable");
    expect(refused.asked.map((a) => a.name)).not.toContain("web_app_request_chat");
  });
});

describe("'Отправить в чат': the picker where the client has it, a prepared message otherwise", () => {
  function server(answers: Record<string, { status: number; body: unknown }>) {
    const paths: string[] = [];
    Object.assign(globalThis, {
      fetch: jest.fn(async (url: string) => {
        const path = new URL(url, "http://localhost").pathname;
        paths.push(path);
        const { status, body } = answers[path] ?? { status: 404, body: {} };
        return { ok: status < 300, status, json: async () => body } as Response;
      }),
    });
    return paths;
  }
  const use = (env: object) => jest.mocked(loadedTelegram).mockReturnValue(env as TelegramEnv);
  const ok = { "/api/v1/share/chat-button": { status: 201, body: { id: "button-1" } }, "/api/v1/share/prepared": { status: 201, body: { id: "prepared-1", expiresAt: "2026-01-03T10:00:00.000Z" } } };

  it("a 9.6 client sends it to the chosen group and nothing else", async () => {
    const client = fakeClient("9.6");
    use(client.env);
    const paths = server(ok);
    expect(await shareLink("https://t.me/x", "Оплатите", TOKEN)).toBe("chat");
    expect(paths).toEqual(["/api/v1/share/chat-button"]);
    expect(client.asked.map((a) => a.name)).not.toContain("web_app_send_prepared_message");
  });

  it("a 9.1 client, or a 9.6 one whose server cannot prepare the picker, sends a prepared message", async () => {
    const older = fakeClient("9.1");
    use(older.env);
    expect(await shareLink("https://t.me/x", "Оплатите", TOKEN)).toBe("telegram");
    expect(older.asked.map((a) => a.name)).toContain("web_app_send_prepared_message");

    const current = fakeClient("9.6");
    use(current.env);
    const paths = server({ ...ok, "/api/v1/share/chat-button": { status: 503, body: { code: "SHARE_UNAVAILABLE", message: "…" } } });
    expect(await shareLink("https://t.me/x", "Оплатите", TOKEN)).toBe("telegram");
    expect(paths).toEqual(["/api/v1/share/chat-button", "/api/v1/share/prepared"]);
  });

  it("closing the picker opens no second sheet", async () => {
    const client = fakeClient("9.6", "USER_DECLINED");
    use(client.env);
    server(ok);
    expect(await shareLink("https://t.me/x", "Оплатите", TOKEN)).toBe("shared");
    expect(client.asked.map((a) => a.name)).not.toContain("web_app_send_prepared_message");
  });
});
