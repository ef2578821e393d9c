import { shareAsMessage } from "@/lib/client/telegram/share-message";
import { shareLink } from "@/lib/client/requests";
import { shareReceipt } from "@/lib/client/transfer/receipt";
import { loadedTelegram } from "@/lib/client/telegram/init";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import type { ReceiptDto } from "@/lib/shared/schemas/transfers";
import { emitEvent, mockTelegramClient } from "@/tests/support/telegram-sdk";

// The receipt screen asks for the loaded SDK; each test decides which client it is.
jest.mock("@/lib/client/telegram/init", () => ({ ...jest.requireActual("@/lib/client/telegram/init"), loadedTelegram: jest.fn() }));
const useClient = (env: object) => jest.mocked(loadedTelegram).mockReturnValue(env as TelegramEnv);

type Answer = "sent" | "USER_DECLINED" | "MESSAGE_SEND_FAILED";

/**
 * A Telegram client behind the real SDK (its mock environment) reporting `version`; it answers
 * `web_app_send_prepared_message` as Telegram documents it (prepared_message_sent, or
 * prepared_message_failed with an error) and records what it was asked.
 */
function fakeClient(version: string, answer: Answer = "sent") {
  const shared: string[] = [];
  const opened: string[] = [];
  const env = mockTelegramClient(version, (name, params) => {
    if (name === "web_app_open_tg_link") opened.push(String(params.path_full ?? ""));
    if (name !== "web_app_send_prepared_message") return;
    shared.push(String(params.id ?? ""));
    setTimeout(() => {
      if (answer === "sent") emitEvent("prepared_message_sent");
      else emitEvent("prepared_message_failed", { error: answer });
    }, 0);
  });
  return { env, shared, opened };
}

const target = { kind: "receipt", transferId: 7 } as const;

beforeEach(() => jest.restoreAllMocks());

describe("sending as a prepared Telegram message", () => {
  it("prepares the message on the server, then hands its id to shareMessage (Bot API 8.0)", async () => {
    const client = fakeClient("8.0");
    const prepare = jest.fn().mockResolvedValue("prepared-1");
    expect(await shareAsMessage(client.env, target, prepare)).toBe("sent");
    expect(prepare).toHaveBeenCalledWith(target);
    expect(client.shared).toEqual(["prepared-1"]);
  });

  it("does nothing on a client older than 8.0, or outside Telegram (the old share paths follow)", async () => {
    const client = fakeClient("7.10");
    const prepare = jest.fn().mockResolvedValue("prepared-1");
    expect(await shareAsMessage(client.env, target, prepare)).toBe("unavailable");
    expect(await shareAsMessage({ ...fakeClient("9.1").env, native: false }, target, prepare)).toBe("unavailable");
    expect(await shareAsMessage(null, target, prepare)).toBe("unavailable");
    expect(prepare).not.toHaveBeenCalled();
    expect(client.shared).toEqual([]);
  });

  it("is unavailable when the server cannot prepare one (an e-mail user, Telegram refusing)", async () => {
    const client = fakeClient("9.1");
    expect(await shareAsMessage(client.env, target, () => Promise.reject(new Error("TELEGRAM_ONLY")))).toBe("unavailable");
    expect(client.shared).toEqual([]);
  });

  it("is unavailable when the client fails to send it, and only declined when the user closed the picker", async () => {
    const failing = fakeClient("9.1", "MESSAGE_SEND_FAILED");
    expect(await shareAsMessage(failing.env, target, () => Promise.resolve("p"))).toBe("unavailable");
    const declined = fakeClient("9.1", "USER_DECLINED");
    expect(await shareAsMessage(declined.env, target, () => Promise.resolve("p"))).toBe("declined");
  });
});

describe("sharing a receipt", () => {
  const receipt: ReceiptDto = {
    id: 7,
    senderWalletId: 1,
    receiverWalletId: 2,
    kind: "transfer",
    direction: "out",
    status: "completed",
    amount: 12_345,
    currency: "RUB",
    receivedAmount: 12_345,
    receivedCurrency: "RUB",
    rate: "1",
    fee: 0,
    message: null,
    channel: "app",
    createdAt: "2026-01-02T10:00:00.000Z",
    sender: { name: "Алиса", avatarUrl: "/a.svg", account: "40817810000000000001", bank: false },
    receiver: { name: "Борис", avatarUrl: "/b.svg", account: "•• 0002", bank: false },
  };

  /** The server's answer to every call (jsdom has no fetch of its own). */
  function answer(status: number, body: unknown) {
    const fetchMock = jest.fn(async () => ({ ok: status < 300, status, json: async () => body }) as Response);
    Object.assign(globalThis, { fetch: fetchMock });
    return fetchMock;
  }

  it("goes as a prepared message where the client and the server can", async () => {
    const client = fakeClient("9.1");
    useClient(client.env);
    const fetchMock = answer(201, { id: "prepared-9", expiresAt: "2026-01-03T10:00:00.000Z" });
    expect(await shareReceipt(receipt)).toBe("telegram");
    const [url, request] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain("/api/v1/share/prepared");
    expect(JSON.parse(String(request.body))).toEqual({ kind: "receipt", transferId: 7 });
    expect(client.shared).toEqual(["prepared-9"]);
    expect(client.opened).toEqual([]);
  });

  it("falls back to Telegram's share link when the server refuses (an e-mail user) or shareMessage fails", async () => {
    const refused = fakeClient("9.1");
    useClient(refused.env);
    answer(422, { code: "TELEGRAM_ONLY", message: "…" });
    expect(await shareReceipt(receipt)).toBe("telegram");
    expect(refused.shared).toEqual([]);
    expect(refused.opened).toHaveLength(1);
    expect(refused.opened[0]).toMatch(/^\/share\/url\?/);

    const failing = fakeClient("9.1", "MESSAGE_SEND_FAILED");
    useClient(failing.env);
    answer(201, { id: "prepared-10", expiresAt: "2026-01-03T10:00:00.000Z" });
    expect(await shareReceipt(receipt)).toBe("telegram");
    expect(failing.shared).toEqual(["prepared-10"]);
    expect(failing.opened).toHaveLength(1);
  });

  it("on a client before 8.0 never asks the server, and uses the share link", async () => {
    const old = fakeClient("7.10");
    useClient(old.env);
    const fetchMock = answer(201, { id: "never", expiresAt: "" });
    expect(await shareReceipt(receipt)).toBe("telegram");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(old.opened).toHaveLength(1);
  });
});

describe("sharing a payment link", () => {
  const answer = (status: number, body: unknown) => {
    const fetchMock = jest.fn(async () => ({ ok: status < 300, status, json: async () => body }) as Response);
    Object.assign(globalThis, { fetch: fetchMock });
    return fetchMock;
  };
  const TOKEN = "AbCdEfGhIjKlMnOpQrStUv";

  it("one's own request goes as a prepared message whose button pays it; the link when the server refuses", async () => {
    const client = fakeClient("9.1");
    useClient(client.env);
    const fetchMock = answer(201, { id: "prepared-req", expiresAt: "2026-01-03T10:00:00.000Z" });
    expect(await shareLink("https://t.me/minibank_bot/app?startapp=req-x", "Оплатите", TOKEN)).toBe("telegram");
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ kind: "request", token: TOKEN });
    expect(client.shared).toEqual(["prepared-req"]);
    expect(client.opened).toEqual([]);

    answer(503, { code: "SHARE_UNAVAILABLE", message: "…" });
    expect(await shareLink("https://t.me/minibank_bot/app?startapp=req-x", "Оплатите", TOKEN)).toBe("telegram");
    expect(client.shared).toEqual(["prepared-req"]);
    expect(client.opened).toHaveLength(1);
    expect(decodeURIComponent(client.opened[0])).toContain("startapp=req-x");
  });

  it("the user closing Telegram's chat picker opens no second sheet", async () => {
    const client = fakeClient("9.1", "USER_DECLINED");
    useClient(client.env);
    answer(201, { id: "prepared-req", expiresAt: "2026-01-03T10:00:00.000Z" });
    expect(await shareLink("https://t.me/x", "Оплатите", TOKEN)).toBe("shared");
    expect(client.opened).toEqual([]);
  });
});
