import type { BrowserContext, Page } from "@playwright/test";
import { MOCK_THEMES } from "@/lib/client/telegram/mock-env";
import type { Theme } from "./fixtures";

/**
 * A Telegram client around the page, as the Mini App sees a real one (not the plain-browser
 * imitation): launch parameters in the URL hash and `window.TelegramWebviewProxy.postEvent`, which
 * the app's SDK calls, answered through `window.Telegram.WebView.receiveEvent` as Telegram's
 * mobile apps do. Its SecureStorage and DeviceStorage live in the browser context's localStorage,
 * so they outlive a page — the way they outlive a Mini App's webview.
 */
export type ClientOptions = {
  /** Bot API version the client reports (default 9.1). */
  version?: string;
  platform?: string;
  theme?: Theme;
  /** "unsupported": SecureStorage answers UNSUPPORTED, as Telegram Desktop does. */
  secureStorage?: "works" | "unsupported";
  /** How the write-access request is answered. */
  writeAccess?: "allowed" | "cancelled";
  /** Safe-area insets the client reports (px). */
  safeArea?: { top: number; bottom: number; left: number; right: number };
  contentSafeArea?: { top: number; bottom: number; left: number; right: number };
  /** Signed init data (tgWebAppData); none by default. */
  initData?: string;
  /** The device's biometrics (default none). Its access and saved token live in localStorage too. */
  biometry?: "none" | "face";
  /** How Telegram's chat picker for a prepared message ends (default: the message is sent). */
  shareMessage?: "sent" | "MESSAGE_SEND_FAILED";
  /** How the chat picker of `requestChat` (Bot API 9.6) ends (default: a chat is chosen). */
  requestChat?: "sent" | "USER_DECLINED";
  /** Whether the app is on the device's home screen (`checkHomeScreenStatus`, Bot API 8.0). */
  homeScreen?: "missed" | "added" | "unsupported";
  /** What the user answers Telegram's "add to home screen" dialog. */
  addToHomeScreen?: "added" | "declined";
};

type Installed = Required<Omit<ClientOptions, "initData" | "theme">> & { palette: Record<string, string> };

/** What the fake biometric check answers next ("authorized" unless a test says otherwise). */
export const BIOMETRY_ANSWER = "telegram-biometry-answer";

/** Runs in the page before any of its scripts. Plain JavaScript: it is serialised into the page. */
function fakeTelegram(options: Installed): void {
  type Payload = Record<string, unknown>;
  const w = window as unknown as {
    Telegram?: { WebView?: { receiveEvent?: (name: string, data: unknown) => void } };
    TelegramWebviewProxy?: unknown;
    __telegramCalls?: { name: string; data: Payload }[];
  };
  const calls: { name: string; data: Payload }[] = [];
  w.__telegramCalls = calls;
  const emit = (name: string, data: unknown) => setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(name, data), 5);
  const storage = (kind: string, key: string) => `telegram-${kind}-storage:${key}`;
  w.TelegramWebviewProxy = {
    postEvent(name: string, raw?: string) {
      const data = (raw ? JSON.parse(raw) : {}) as Payload;
      calls.push({ name, data });
      const storageCall = /^web_app_(secure|device)_storage_(get|save)_key$/.exec(name);
      if (storageCall) {
        const [, kind, action] = storageCall;
        const req_id = data.req_id;
        if (kind === "secure" && options.secureStorage === "unsupported") {
          emit("secure_storage_failed", { req_id, error: "UNSUPPORTED" });
        } else if (action === "get") {
          emit(`${kind}_storage_key_received`, { req_id, value: localStorage.getItem(storage(kind, String(data.key))) });
        } else {
          if (data.value === null) localStorage.removeItem(storage(kind, String(data.key)));
          else localStorage.setItem(storage(kind, String(data.key)), String(data.value));
          emit(`${kind}_storage_key_saved`, { req_id });
        }
        return;
      }
      const biometryInfo = () =>
        options.biometry === "none"
          ? { available: false }
          : {
              available: true,
              access_requested: localStorage.getItem("telegram-biometry-access") !== null,
              access_granted: localStorage.getItem("telegram-biometry-access") === "granted",
              device_id: "fake-device",
              token_saved: localStorage.getItem("telegram-biometry-token") !== null,
              type: options.biometry,
            };
      switch (name) {
        case "web_app_biometry_get_info":
          return emit("biometry_info_received", biometryInfo());
        case "web_app_biometry_request_access":
          localStorage.setItem("telegram-biometry-access", "granted");
          return emit("biometry_info_received", biometryInfo());
        case "web_app_biometry_request_auth": {
          const status = localStorage.getItem("telegram-biometry-answer") ?? "authorized";
          return emit("biometry_auth_requested", { status, token: localStorage.getItem("telegram-biometry-token") ?? "" });
        }
        case "web_app_biometry_update_token":
          if (data.token) localStorage.setItem("telegram-biometry-token", String(data.token));
          else localStorage.removeItem("telegram-biometry-token");
          return emit("biometry_token_updated", { status: data.token ? "updated" : "removed" });
        case "web_app_request_theme":
          return emit("theme_changed", { theme_params: options.palette });
        case "web_app_request_viewport":
          return emit("viewport_changed", { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true });
        case "web_app_request_safe_area":
          return emit("safe_area_changed", options.safeArea);
        case "web_app_request_content_safe_area":
          return emit("content_safe_area_changed", options.contentSafeArea);
        case "web_app_request_write_access":
          return emit("write_access_requested", { status: options.writeAccess });
        case "web_app_request_fullscreen":
          return emit("fullscreen_changed", { is_fullscreen: true });
        case "web_app_exit_fullscreen":
          return emit("fullscreen_changed", { is_fullscreen: false });
        case "web_app_send_prepared_message":
          return options.shareMessage === "sent"
            ? emit("prepared_message_sent", {})
            : emit("prepared_message_failed", { error: options.shareMessage });
        case "web_app_request_chat":
          return options.requestChat === "sent"
            ? emit("requested_chat_sent", { req_id: data.req_id })
            : emit("requested_chat_failed", { req_id: data.req_id, error: options.requestChat });
        case "web_app_check_home_screen":
          return emit("home_screen_checked", { status: localStorage.getItem("telegram-home-screen") ?? options.homeScreen });
        case "web_app_add_to_home_screen":
          if (options.addToHomeScreen === "added") {
            localStorage.setItem("telegram-home-screen", "added");
            return emit("home_screen_added", {});
          }
          return emit("home_screen_failed", { error: "USER_DECLINED" });
      }
    },
  };
}

/** Installs the client on every page of `target` opened from now on. */
export async function installTelegramClient(target: Page | BrowserContext, options: ClientOptions = {}): Promise<void> {
  const none = { top: 0, bottom: 0, left: 0, right: 0 };
  await target.addInitScript(fakeTelegram, {
    version: options.version ?? "9.1",
    platform: options.platform ?? "ios",
    secureStorage: options.secureStorage ?? "works",
    writeAccess: options.writeAccess ?? "allowed",
    biometry: options.biometry ?? "none",
    shareMessage: options.shareMessage ?? "sent",
    requestChat: options.requestChat ?? "sent",
    homeScreen: options.homeScreen ?? "missed",
    addToHomeScreen: options.addToHomeScreen ?? "added",
    safeArea: options.safeArea ?? none,
    contentSafeArea: options.contentSafeArea ?? none,
    palette: MOCK_THEMES[options.theme ?? "light"],
  });
}

/** The address Telegram opens the Mini App at: `path` with the launch parameters in the hash. */
export function telegramUrl(path: string, options: ClientOptions = {}): string {
  const params = new URLSearchParams([
    ["tgWebAppVersion", options.version ?? "9.1"],
    ["tgWebAppPlatform", options.platform ?? "ios"],
    ["tgWebAppThemeParams", JSON.stringify(MOCK_THEMES[options.theme ?? "light"])],
  ]);
  if (options.initData) params.set("tgWebAppData", options.initData);
  return `${path}#${params.toString()}`;
}

/** The Mini App methods the app called, in order. */
export function telegramCalls(page: Page): Promise<{ name: string; data: Record<string, unknown> }[]> {
  return page.evaluate(() => (window as unknown as { __telegramCalls: { name: string; data: Record<string, unknown> }[] }).__telegramCalls);
}

/**
 * Vera, the demo's Telegram user, opens Minibank inside the client (init data the demo server signs
 * for her) and continues as herself; waits for where that lands (/bank unless told).
 */
export async function signInAsVera(
  page: Page,
  options: ClientOptions = {},
  open: { startParam?: string; landing?: string | RegExp } = {},
): Promise<void> {
  const res = await page.request.get("/api/v1/demo/telegram-init-data?telegramId=100000003");
  const { init_data } = (await res.json()) as { init_data: string };
  await installTelegramClient(page, options);
  const url = telegramUrl("/telegram-login", { ...options, initData: init_data });
  await page.goto(open.startParam ? `${url}&tgWebAppStartParam=${open.startParam}` : url);
  await page.getByRole("button", { name: "Продолжить как Вера" }).click();
  await page.waitForURL(open.landing ?? "**/bank**");
}
