import { initDataLanguageCode } from "@/lib/client/telegram/demo-init-data";

const loadTelegram = jest.fn();
jest.mock("@/lib/client/telegram/init", () => ({
  loadTelegram: () => loadTelegram(),
  loadedTelegram: () => null,
}));

function initData(user: Record<string, unknown>): string {
  return new URLSearchParams([
    ["user", JSON.stringify(user)],
    ["auth_date", "1700000000"],
    ["hash", "abc"],
  ]).toString();
}

/** A fresh copy of the module: it remembers the language it found. */
async function freshResolve() {
  let mod: typeof import("@/lib/client/ton/launch-language") | undefined;
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof import("@/lib/client/ton/launch-language")>("@/lib/client/ton/launch-language");
  });
  return mod!.resolveLaunchLanguage();
}

function demoEndpoint(reply: { status: number; body?: unknown }) {
  const fetchMock = jest.fn(async () => ({ ok: reply.status === 200, status: reply.status, json: async () => reply.body }));
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}

beforeEach(() => {
  sessionStorage.clear();
  loadTelegram.mockReset();
  // A demo build (next.config.ts inlines the build's mode).
  process.env.NEXT_PUBLIC_MINIBANK_DEMO = "1";
});

afterAll(() => {
  delete process.env.NEXT_PUBLIC_MINIBANK_DEMO;
});

describe("TON button language in a plain browser", () => {
  it("a production build never asks the demo endpoint, and falls back to English", async () => {
    process.env.NEXT_PUBLIC_MINIBANK_DEMO = "";
    const fetchMock = demoEndpoint({ status: 200, body: { init_data: initData({ id: 1, language_code: "ru" }) } });
    await expect(freshResolve()).resolves.toBe("en");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("comes from the demo launch user, without loading the Telegram SDK", async () => {
    const fetchMock = demoEndpoint({ status: 200, body: { init_data: initData({ id: 1, language_code: "ru" }) } });
    await expect(freshResolve()).resolves.toBe("ru");
    expect(fetchMock).toHaveBeenCalledWith("/api/v1/demo/telegram-init-data", expect.anything());
    expect(loadTelegram).not.toHaveBeenCalled();
  });

  it("is English for another language or when there is no launch data", async () => {
    demoEndpoint({ status: 200, body: { init_data: initData({ id: 1, language_code: "de" }) } });
    await expect(freshResolve()).resolves.toBe("en");
    demoEndpoint({ status: 404, body: { message: "Не найдено", code: "NOT_FOUND" } });
    await expect(freshResolve()).resolves.toBe("en");
    expect(loadTelegram).not.toHaveBeenCalled();
  });

  it("inside Telegram it asks the SDK", async () => {
    sessionStorage.setItem("mb-in-telegram", "1");
    const fetchMock = demoEndpoint({ status: 500 });
    loadTelegram.mockResolvedValue({ launchParams: { tgWebAppData: { user: { language_code: "ru-RU" } } } });
    await expect(freshResolve()).resolves.toBe("ru");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("initDataLanguageCode", () => {
  it("reads the user's language_code and tolerates anything else", () => {
    expect(initDataLanguageCode(initData({ language_code: "ru" }))).toBe("ru");
    expect(initDataLanguageCode(initData({ id: 1 }))).toBeNull();
    expect(initDataLanguageCode("user=%7Bbroken")).toBeNull();
    expect(initDataLanguageCode(null)).toBeNull();
  });
});
