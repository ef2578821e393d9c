import type { BrowserContext, Page } from "@playwright/test";
import { expect, screenshot, signInByEmail, test, type Theme } from "./support/fixtures";
import { MOCK_THEMES } from "@/lib/client/telegram/mock-env";
import { BIOMETRY_ANSWER, installTelegramClient, signInAsVera, telegramCalls, telegramUrl, type ClientOptions } from "./support/telegram-client";

/**
 * The platform features Minibank uses inside a Telegram client, against a fake client that speaks
 * the Mini Apps protocol (tests/e2e/support/telegram-client.ts): staying signed in through
 * SecureStorage/DeviceStorage and the bot's permission to write.
 */

const VAULT = (kind: "secure" | "device") => `telegram-${kind}-storage:minibank_refresh_token`;
const kept = (page: Page, kind: "secure" | "device" = "secure") =>
  page.evaluate((key) => localStorage.getItem(key), VAULT(kind));

/** The Mini App opened again: a new webview (its session storage empty) of the same client. */
async function reopen(context: BrowserContext, options: ClientOptions): Promise<Page> {
  const page = await context.newPage();
  await installTelegramClient(page, options);
  await page.goto(telegramUrl("/", options));
  return page;
}

/** Signs in by e-mail inside the client, as a user who opened the Mini App from its menu button. */
async function signInInTelegram(page: Page, email: string, options: ClientOptions): Promise<void> {
  await installTelegramClient(page, options);
  await page.goto(telegramUrl("/", options));
  await expect(page.getByRole("link", { name: "Войти по e-mail" })).toBeVisible();
  // The next page is a full load without the launch hash: the app kept the launch parameters.
  await signInByEmail(page, email);
}

test("stays signed in: an e-mail user reopens the app and lands on the wallet without a code; logout forgets it", async ({ context, page }) => {
  const options: ClientOptions = { version: "9.1" };
  await signInInTelegram(page, "boris@example.com", options);
  await expect.poll(() => kept(page)).toMatch(/\S{20,}/);
  await page.close();

  // Opening the Mini App again: a new webview, its session storage empty.
  const codeRequests: string[] = [];
  context.on("request", (r) => void (r.url().includes("/auth/email/") && codeRequests.push(r.url())));
  const reopened = await reopen(context, options);
  await reopened.waitForURL("**/bank**");
  await expect(reopened.getByRole("tab", { name: "Кошелёк" })).toBeVisible();
  expect(codeRequests).toEqual([]);
  // The rotated refresh token replaced the one used.
  const rotated = await kept(reopened);
  expect(rotated).toMatch(/\S{20,}/);

  await reopened.getByRole("tab", { name: "Настройки" }).click();
  await reopened.getByRole("button", { name: "Выйти" }).click();
  await reopened.waitForURL((url) => url.pathname === "/");
  await expect.poll(() => kept(reopened)).toBeNull();
  await reopened.close();

  const afterLogout = await reopen(context, options);
  await expect(afterLogout.getByRole("link", { name: "Войти по e-mail" })).toBeVisible();
  await afterLogout.waitForTimeout(500);
  expect(new URL(afterLogout.url()).pathname).toBe("/");
});

test("where SecureStorage is unsupported (Telegram Desktop), DeviceStorage keeps the session", async ({ context, page }) => {
  const options: ClientOptions = { version: "9.0", platform: "tdesktop", secureStorage: "unsupported" };
  await signInInTelegram(page, "boris@example.com", options);
  await expect.poll(() => kept(page, "device")).toMatch(/\S{20,}/);
  expect(await kept(page, "secure")).toBeNull();
  await page.close();
  const reopened = await reopen(context, options);
  await reopened.waitForURL("**/bank**");
});

test("a client older than Bot API 9.0 keeps nothing: reopening asks to sign in, as before", async ({ context, page }) => {
  const options: ClientOptions = { version: "8.0" };
  await signInInTelegram(page, "boris@example.com", options);
  const calls = await telegramCalls(page);
  expect(calls.map((c) => c.name).filter((name) => name.includes("storage"))).toEqual([]);
  await page.close();
  const reopened = await reopen(context, options);
  await expect(reopened.getByRole("link", { name: "Войти по e-mail" })).toBeVisible();
});

/** Vera opened Minibank from a link and never started the bot (the demo seed says so). */
async function veraInTelegram(page: Page, options: ClientOptions): Promise<void> {
  await signInAsVera(page, options);
  await page.getByRole("tab", { name: "Настройки" }).click();
}

async function botMayWrite(page: Page): Promise<boolean | null> {
  const token = await page.evaluate(() => sessionStorage.getItem("access_token"));
  const me = await page.request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${token}` } });
  return ((await me.json()) as { botMayWrite: boolean | null }).botMayWrite;
}

/** Telegram switches the theme while the app is open (the app follows), for a screenshot in each. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const theme of ["dark", "light"] as Theme[]) {
    await page.evaluate((palette) => {
      const receive = (window as unknown as { Telegram: { WebView: { receiveEvent: (n: string, d: unknown) => void } } }).Telegram.WebView.receiveEvent;
      receive("theme_changed", { theme_params: palette });
    }, MOCK_THEMES[theme]);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await screenshot(page, name, theme);
  }
}

test("notifications without leave to write: asked, refused (the row explains), then granted", async ({ page }) => {
  await veraInTelegram(page, { version: "9.1", writeAccess: "cancelled" });
  const state = page.getByTestId("notifications-state");
  await expect(state).toHaveText("Бот не может вам писать. Уведомления приходят на почту");
  await screenshots(page, "settings-bot-cannot-write");
  expect(await botMayWrite(page)).toBe(false);

  await page.getByRole("button", { name: "Разрешить боту писать" }).click();
  await expect.poll(async () => (await telegramCalls(page)).filter((c) => c.name === "web_app_request_write_access").length).toBe(1);
  await expect(state).toBeVisible();
  expect(await botMayWrite(page)).toBe(false);

  // The same user allows it this time (the client now answers "allowed").
  await page.evaluate(() => {
    const proxy = (window as unknown as { TelegramWebviewProxy: { postEvent: (n: string, d?: string) => void } }).TelegramWebviewProxy;
    const original = proxy.postEvent.bind(proxy);
    proxy.postEvent = (name, data) => {
      if (name !== "web_app_request_write_access") return original(name, data);
      const receive = (window as unknown as { Telegram: { WebView: { receiveEvent: (n: string, d: unknown) => void } } }).Telegram.WebView.receiveEvent;
      setTimeout(() => receive("write_access_requested", { status: "allowed" }), 5);
    };
  });
  await page.getByRole("button", { name: "Разрешить боту писать" }).click();
  await expect(state).toHaveCount(0);
  const toggle = page.getByRole("switch", { name: "Уведомления" });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  expect(await botMayWrite(page)).toBe(true);
  await screenshots(page, "settings-notifications-on");

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await screenshots(page, "settings-notifications-off");
});

const receive = (page: Page, name: string, data: unknown = {}) =>
  page.evaluate(
    ([n, d]) => (window as unknown as { Telegram: { WebView: { receiveEvent: (n: string, d: unknown) => void } } }).Telegram.WebView.receiveEvent(n as string, d),
    [name, data] as const,
  );

test("full screen on a phone: content clear of the insets, swipes off in forms, the settings button opens settings", async ({ page }) => {
  const options: ClientOptions = {
    version: "9.1",
    platform: "ios",
    safeArea: { top: 47, bottom: 34, left: 0, right: 0 },
    contentSafeArea: { top: 46, bottom: 0, left: 0, right: 0 },
  };
  await signInInTelegram(page, "boris@example.com", options);
  const names = async () => (await telegramCalls(page)).map((c) => c.name);
  await expect.poll(names).toContain("web_app_request_fullscreen");
  const header = (await telegramCalls(page)).find((c) => c.name === "web_app_set_header_color");
  expect(header?.data).toEqual({ color: "#efeff3" });

  // The first line of the wallet sits below the status bar (47) and Telegram's own buttons (46).
  const label = page.locator("#total-label");
  await expect(label).toBeVisible();
  expect((await label.boundingBox())!.y).toBeGreaterThanOrEqual(93);
  // The tab bar's buttons end above the home indicator (34).
  const tabs = page.getByRole("tablist");
  const box = (await tabs.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844 - 34);
  await screenshots(page, "wallet-fullscreen");

  // Swipes: off in the transfer form, back on when it is left.
  await page.goto("/transfer-money?method=card");
  await expect.poll(async () => (await telegramCalls(page)).filter((c) => c.name === "web_app_setup_swipe_behavior").at(-1)?.data).toEqual({
    allow_vertical_swipe: false,
  });

  // Telegram's ⋮ → Settings.
  await receive(page, "settings_button_pressed");
  await page.waitForURL(/\/bank\?tab=settings/);
  await expect(page.getByRole("switch", { name: "Уведомления" })).toBeVisible();
  await expect.poll(async () => (await telegramCalls(page)).filter((c) => c.name === "web_app_setup_swipe_behavior").at(-1)?.data).toEqual({
    allow_vertical_swipe: true,
  });
});

test("an old client (7.0) degrades quietly: no full screen, no swipe settings; the debug page says which features it lacks", async ({ page }) => {
  const options: ClientOptions = { version: "7.0", platform: "android" };
  await signInInTelegram(page, "boris@example.com", options);
  await page.goto("/transfer-money?method=card");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("textbox").first()).toBeVisible();
  const names = (await telegramCalls(page)).map((c) => c.name);
  expect(names).not.toContain("web_app_request_fullscreen");
  expect(names).not.toContain("web_app_setup_swipe_behavior");
  await page.goto("/launch-params");
  const features = page.getByRole("definition");
  await expect(page.getByText("Возможности клиента", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Полный экран").locator("xpath=following-sibling::dd")).toHaveText("нет (нужен Bot API 8.0)");
  await expect(page.getByText("Разрешение писать").locator("xpath=following-sibling::dd")).toHaveText("да (Bot API 6.9)");
  expect(await features.count()).toBeGreaterThan(11);
  await screenshot(page, "debug-features", "light");
});

test("app lock: offered with biometrics, asked on reopening after the background minutes and before a large transfer", async ({ context, page }) => {
  const options: ClientOptions = { version: "9.1", platform: "ios", biometry: "face" };
  await signInInTelegram(page, "boris@example.com", options);
  await page.getByRole("tab", { name: "Настройки" }).click();
  const lockSwitch = page.getByRole("switch", { name: "Вход по биометрии" });
  await expect(lockSwitch).toHaveAttribute("aria-checked", "false");
  await lockSwitch.click();
  await expect(lockSwitch).toHaveAttribute("aria-checked", "true");
  const names = (await telegramCalls(page)).map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining(["web_app_biometry_request_access", "web_app_biometry_request_auth", "web_app_biometry_update_token"]));
  await page.getByRole("radio", { name: "1 мин" }).click();
  await page.getByRole("radio", { name: /^1\s000,00\s₽$/ }).click();
  await screenshots(page, "settings-lock");

  // Closed (which records when), and opened again more than a minute later: locked until
  // biometrics pass. The record is moved back from a page outside the app.
  await page.close();
  const clock = await context.newPage();
  await clock.goto("/api/health");
  await clock.evaluate(() => localStorage.setItem("mb-app-hidden-at", String(Date.now() - 2 * 60_000)));
  await clock.close();
  const reopened = await reopen(context, options);
  // Only the lock screen shows: the app (and its way to the wallet) waits behind it.
  const lockScreen = reopened.getByRole("dialog", { name: "Minibank заблокирован" });
  await expect(lockScreen).toBeVisible();
  await screenshots(reopened, "unlock");
  await reopened.evaluate((key) => localStorage.setItem(key, "failed"), BIOMETRY_ANSWER);
  await reopened.getByRole("button", { name: "Разблокировать" }).click();
  await expect(lockScreen).toContainText("Не удалось подтвердить личность");
  await reopened.evaluate((key) => localStorage.removeItem(key), BIOMETRY_ANSWER);
  await reopened.getByRole("button", { name: "Разблокировать" }).click();
  await expect(lockScreen).toHaveCount(0);
  await reopened.waitForURL("**/bank**");

  // A transfer above 1 000 ₽ asks; refused biometrics send nothing.
  const sent: string[] = [];
  reopened.on("request", (r) => void (r.method() === "POST" && r.url().endsWith("/api/v1/transfers") && sent.push(r.url())));
  await reopened.goto("/transfer-money?method=username&target=vera_tg&amount=2000");
  // Inside Telegram the steps go on with Telegram's MainButton.
  const press = async (text: string) => {
    await expect
      .poll(async () => (await telegramCalls(reopened)).filter((c) => c.name === "web_app_setup_main_button").at(-1)?.data)
      .toMatchObject({ text, is_visible: true, is_active: true });
    await receive(reopened, "main_button_pressed");
  };
  await reopened.getByRole("radiogroup", { name: "Счёт получателя" }).getByRole("radio", { name: /Рубли/ }).click();
  await press("Продолжить");
  await press("Перевести");
  await expect(reopened.getByRole("dialog", { name: "Проверьте перевод" })).toBeVisible();
  await reopened.evaluate((key) => localStorage.setItem(key, "failed"), BIOMETRY_ANSWER);
  const auths = async () => (await telegramCalls(reopened)).filter((c) => c.name === "web_app_biometry_request_auth").length;
  const authsBefore = await auths();
  await press("Подтвердить");
  await expect(reopened.getByRole("alert").filter({ hasText: "Не удалось подтвердить личность" })).toBeVisible();
  expect(await auths()).toBe(authsBefore + 1);
  expect(sent).toEqual([]);
  // The sheet stays open: confirming again asks again.
  await reopened.evaluate((key) => localStorage.removeItem(key), BIOMETRY_ANSWER);
  await press("Подтвердить");
  await reopened.waitForURL(/\/receipt\/\d+/);
  expect(sent).toHaveLength(1);
});

test("without biometrics on the device the lock is not offered", async ({ page }) => {
  const options: ClientOptions = { version: "9.1", platform: "android", biometry: "none" };
  await signInInTelegram(page, "boris@example.com", options);
  await page.getByRole("tab", { name: "Настройки" }).click();
  await expect(page.getByRole("switch", { name: "Уведомления" })).toBeVisible();
  await expect.poll(async () => (await telegramCalls(page)).some((c) => c.name === "web_app_biometry_get_info")).toBe(true);
  await expect(page.getByRole("switch", { name: "Вход по биометрии" })).toHaveCount(0);
});
