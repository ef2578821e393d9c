import type { BrowserContext, Page } from "@playwright/test";
import { expect, screenshot, signInByEmail, test } from "./support/fixtures";
import { initDataWithoutSignature } from "./support/init-data";
import { installTelegramClient, telegramCalls, telegramUrl, type ClientOptions } from "./support/telegram-client";

/**
 * How the Mini App starts inside a Telegram client, as the messages it posts to the client show
 * them (the fake client of tests/e2e/support/telegram-client.ts records every one): swipes,
 * launch parameters, the lock, and who is let in.
 */

const names = async (page: Page) => (await telegramCalls(page)).map((call) => call.name);
const swipes = async (page: Page) =>
  (await telegramCalls(page)).filter((call) => call.name === "web_app_setup_swipe_behavior").map((call) => call.data.allow_vertical_swipe);
const receive = (page: Page, name: string, data: unknown = {}) =>
  page.evaluate(
    ([n, d]) => (window as unknown as { Telegram: { WebView: { receiveEvent: (n: string, d: unknown) => void } } }).Telegram.WebView.receiveEvent(n as string, d),
    [name, data] as const,
  );

test("launch: the app starts and says it is ready without touching Telegram's swipe gesture", async ({ page }) => {
  const options: ClientOptions = { version: "9.1", platform: "ios" };
  await installTelegramClient(page, options);
  await page.goto(telegramUrl("/", options));
  await expect(page.getByRole("link", { name: "Войти по e-mail" })).toBeVisible();
  await expect.poll(() => names(page)).toContain("web_app_request_fullscreen");
  await expect.poll(() => names(page)).toContain("web_app_biometry_get_info");
  const all = await names(page);
  // In order up to "ready": the SDK, the safe areas, Telegram's frame in the app's colours.
  expect(all.slice(0, all.indexOf("web_app_ready") + 1)).toEqual([
    "iframe_ready",
    "web_app_request_safe_area",
    "web_app_request_content_safe_area",
    "web_app_set_header_color",
    "web_app_set_background_color",
    "web_app_set_bottom_bar_color",
    "web_app_ready",
  ]);
  // Then, as answers arrive: a kept session is looked for, the viewport and the full screen, the
  // settings button, the lock's question to the device. The swipe gesture is never touched.
  expect(all.slice(all.indexOf("web_app_ready") + 1).sort()).toEqual([
    "web_app_biometry_get_info",
    "web_app_expand",
    "web_app_request_fullscreen",
    "web_app_request_viewport",
    "web_app_secure_storage_get_key",
    "web_app_setup_settings_button",
  ]);
});

test("a money form turns the swipe gesture off, and leaving it by Telegram's back button turns it on again", async ({ page }) => {
  const options: ClientOptions = { version: "9.1", platform: "ios" };
  await installTelegramClient(page, options);
  await page.goto(telegramUrl("/", options));
  await signInByEmail(page, "boris@example.com");
  await expect(page.getByRole("tab", { name: "Кошелёк" })).toBeVisible();
  // The wallet is no form: Telegram's default stands.
  await expect.poll(() => names(page)).toContain("web_app_ready");
  expect(await swipes(page)).toEqual([]);

  await page.getByRole("link", { name: "Перевести" }).click();
  await page.getByRole("button", { name: "По номеру счёта" }).click();
  await expect(page.getByRole("textbox").first()).toBeVisible();
  await expect.poll(() => swipes(page)).toEqual([false]);

  // Telegram's back button: the form walks back to the choice of method, then to the wallet.
  await receive(page, "back_button_pressed");
  await expect(page.getByRole("button", { name: "По номеру счёта" })).toBeVisible();
  await expect.poll(() => swipes(page)).toEqual([false, true]);
  await receive(page, "back_button_pressed");
  await page.waitForURL("**/bank");
  expect(await swipes(page)).toEqual([false, true]);
  const back = (await telegramCalls(page)).filter((c) => c.name === "web_app_setup_back_button").map((c) => c.data.is_visible);
  expect(back.at(-1)).toBe(false);
});

test("the launch parameters outlive a full page load in the first moments after opening", async ({ page }) => {
  const options: ClientOptions = { version: "9.1", platform: "ios" };
  await installTelegramClient(page, options);
  // Leaves as soon as the document is parsed, before the app has loaded the Telegram SDK.
  await page.goto(telegramUrl("/", options), { waitUntil: "domcontentloaded" });
  await signInByEmail(page, "boris@example.com");
  // Known to be a 9.1 client, the app keeps the session in SecureStorage.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("telegram-secure-storage:minibank_refresh_token")))
    .toMatch(/\S{20,}/);
});

test("a client that sends init data without `signature` (before Bot API 8.0) is let in and signed in", async ({ page }) => {
  const options: ClientOptions = {
    version: "7.10",
    platform: "android",
    initData: initDataWithoutSignature({ id: 100000003, first_name: "Вера", username: "vera_tg" }),
  };
  expect(options.initData).not.toContain("signature");
  await installTelegramClient(page, options);
  await page.goto(telegramUrl("/telegram-login", options));
  await page.getByRole("button", { name: "Продолжить как Вера" }).click();
  await page.waitForURL("**/bank**");
  await expect(page.getByRole("tab", { name: "Кошелёк" })).toBeVisible();
  await expect(page.getByText("Приложение не поддерживается")).toHaveCount(0);
  expect(await names(page)).toContain("web_app_ready");
});

test("a truly old client (Bot API 6.0) gets the outdated screen and is sent nothing", async ({ page }) => {
  const options: ClientOptions = { version: "6.0", platform: "android" };
  await installTelegramClient(page, options);
  await page.goto(telegramUrl("/", options));
  await expect(page.getByRole("heading", { name: "Приложение не поддерживается" })).toBeVisible();
  await expect(page.getByText("Ваша версия Telegram устарела")).toBeVisible();
  expect(await names(page)).toEqual([]);
  // Without the SDK the page follows the device's colour scheme.
  await screenshot(page, "outdated-client", "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Приложение не поддерживается" })).toBeVisible();
  await screenshot(page, "outdated-client", "dark");
});

/** Records whether money (a ruble amount) was ever in the page before the unlock button was pressed. */
function watchForMoney(target: Page | BrowserContext) {
  return target.addInitScript(() => {
    const w = window as unknown as { __moneyBeforeUnlock?: string; __unlocking?: boolean };
    const look = () => {
      const money = /.{0,40}\d,\d\d\s₽/.exec(document.body?.textContent ?? "");
      if (!w.__unlocking && !w.__moneyBeforeUnlock && money) w.__moneyBeforeUnlock = money[0];
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

test("reopened with the lock on, no money is in the page before biometrics pass", async ({ context, page }) => {
  const options: ClientOptions = { version: "9.1", platform: "ios", biometry: "face" };
  await installTelegramClient(page, options);
  await page.goto(telegramUrl("/", options));
  await signInByEmail(page, "boris@example.com");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("telegram-secure-storage:minibank_refresh_token"))).toMatch(/\S{20,}/);
  // The lock is on (Telegram keeps its token for the bot) and the app was closed long ago.
  await page.evaluate(() => {
    localStorage.setItem("telegram-biometry-access", "granted");
    localStorage.setItem("telegram-biometry-token", "lock-on");
    localStorage.removeItem("mb-app-hidden-at");
  });
  await page.close();

  const reopened = await context.newPage();
  await watchForMoney(reopened);
  await installTelegramClient(reopened, options);
  await reopened.goto(telegramUrl("/", options));
  const lockScreen = reopened.getByRole("dialog", { name: "Minibank заблокирован" });
  await expect(lockScreen).toBeVisible();
  // The session came back on its own behind the lock (the kept refresh token), and no money showed.
  await expect.poll(() => reopened.evaluate(() => sessionStorage.getItem("access_token"))).not.toBeNull();
  await reopened.waitForTimeout(500);
  expect(await reopened.evaluate(() => (window as unknown as { __moneyBeforeUnlock?: string }).__moneyBeforeUnlock ?? null)).toBeNull();
  await expect(reopened.getByRole("tab", { name: "Кошелёк" })).toHaveCount(0);

  await reopened.evaluate(() => ((window as unknown as { __unlocking: boolean }).__unlocking = true));
  await reopened.getByRole("button", { name: "Разблокировать" }).click();
  await expect(lockScreen).toHaveCount(0);
  await reopened.waitForURL("**/bank**");
  await expect(reopened.getByText(/\d,\d\d\s₽/).first()).toBeVisible();
  const biometry = (await names(reopened)).filter((name) => name.startsWith("web_app_biometry"));
  expect(biometry).toEqual(["web_app_biometry_get_info", "web_app_biometry_request_auth"]);
});
