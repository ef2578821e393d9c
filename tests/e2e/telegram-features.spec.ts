import type { BrowserContext, Page, Route } from "@playwright/test";
import { MOCK_THEMES } from "@/lib/client/telegram/mock-env";
import { expect, screenshot, signInByEmail, test, type Theme } from "./support/fixtures";
import { installTelegramClient, signInAsVera, telegramCalls, telegramUrl, type ClientOptions } from "./support/telegram-client";

/**
 * The newer Mini App features inside the fake Telegram client (tests/e2e/support/telegram-client.ts):
 * the home-screen offer (8.0), "Отправить в чат" with the chat picker (9.6), the keyboard closed on
 * a confirmed amount (9.1), the MainButton following the theme, and the debug page listing them.
 */

const names = async (page: Page) => (await telegramCalls(page)).map((call) => call.name);
const receive = (page: Page, name: string, data: unknown = {}) =>
  page.evaluate(
    ([n, d]) => (window as unknown as { Telegram: { WebView: { receiveEvent: (n: string, d: unknown) => void } } }).Telegram.WebView.receiveEvent(n as string, d),
    [name, data] as const,
  );

/** Telegram switches the theme while the app is open (the app follows), for a screenshot in each. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const theme of ["dark", "light"] as Theme[]) {
    await receive(page, "theme_changed", { theme_params: MOCK_THEMES[theme] });
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await screenshot(page, name, theme);
  }
}

async function signInInTelegram(page: Page, email: string, options: ClientOptions): Promise<void> {
  await installTelegramClient(page, options);
  await page.goto(telegramUrl("/", options));
  await expect(page.getByRole("link", { name: "Войти по e-mail" })).toBeVisible();
  await signInByEmail(page, email);
}

/** The Mini App opened again: a new webview of the same client, signed in by its kept token. */
async function reopen(context: BrowserContext, options: ClientOptions): Promise<Page> {
  const page = await context.newPage();
  await installTelegramClient(page, options);
  await page.goto(telegramUrl("/", options));
  await page.waitForURL("**/bank**");
  await expect(page.getByRole("tab", { name: "Кошелёк" })).toBeVisible();
  await expect.poll(() => names(page)).toContain("web_app_check_home_screen");
  return page;
}

test("the home screen: offered once from the third opening, declined for good, in the settings afterwards", async ({ context, page }) => {
  const options: ClientOptions = { version: "9.1", platform: "android", homeScreen: "missed", addToHomeScreen: "added" };
  await signInInTelegram(page, "boris@example.com", options);
  const offer = (p: Page) => p.getByRole("region", { name: "Добавить на главный экран" });
  await expect.poll(() => names(page)).toContain("web_app_check_home_screen");
  await expect(offer(page)).toHaveCount(0);
  await page.close();

  const second = await reopen(context, options);
  await expect(offer(second)).toHaveCount(0);
  await second.close();

  const third = await reopen(context, options);
  await expect(offer(third)).toBeVisible();
  await screenshots(third, "home-screen-offer");
  await offer(third).getByRole("button", { name: "Не сейчас" }).click();
  await expect(offer(third)).toHaveCount(0);
  expect(await names(third)).not.toContain("web_app_add_to_home_screen");
  await third.close();

  const fourth = await reopen(context, options);
  await expect(offer(fourth)).toHaveCount(0);
  await fourth.getByRole("tab", { name: "Настройки" }).click();
  await fourth.getByRole("button", { name: "Добавить на главный экран" }).click();
  await expect(fourth.getByText("Minibank на главном экране")).toBeVisible();
  expect((await names(fourth)).filter((name) => name === "web_app_add_to_home_screen")).toHaveLength(1);
  await screenshots(fourth, "settings-home-screen-added");
});

test("'Отправить в чат' opens Telegram's chat picker on 9.6; the plain link stays beside it", async ({ page }) => {
  await signInAsVera(page, { version: "9.6", platform: "ios", requestChat: "sent" });
  await page.getByRole("link", { name: "Запросить" }).click();
  await page.getByLabel("Сумма").fill("300");
  await page.getByLabel("Сообщение плательщику").fill("За билеты");
  await receive(page, "main_button_pressed");
  await expect(page.getByText("Ссылка на оплату готова")).toBeVisible();
  await expect(page.getByRole("button", { name: "Поделиться ссылкой" })).toBeVisible();
  await screenshots(page, "request-send-to-chat");

  // The demo server has no bot to prepare the picker with; a server with one answers like this
  // (its side, against a fake Bot API: tests/api/telegram-inline.test.ts and tests/production).
  const asked: unknown[] = [];
  await page.route("**/api/v1/share/chat-button", (route: Route) => {
    asked.push(route.request().postDataJSON());
    return route.fulfill({ status: 201, contentType: "application/json", body: JSON.stringify({ id: "button-e2e" }) });
  });
  await page.getByRole("button", { name: "Отправить в чат" }).click();
  await expect(page.getByText("Запрос отправлен в чат")).toBeVisible();
  expect(asked).toEqual([{ token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) }]);
  const picker = (await telegramCalls(page)).filter((c) => c.name === "web_app_request_chat");
  expect(picker).toEqual([{ name: "web_app_request_chat", data: { req_id: "button-e2e" } }]);
  expect(await names(page)).not.toContain("web_app_send_prepared_message");
});

test("a confirmed amount closes the keyboard (9.1); the MainButton takes the theme's colours and follows a change", async ({ page }) => {
  const options: ClientOptions = { version: "9.1", platform: "ios" };
  await signInInTelegram(page, "boris@example.com", options);
  await page.goto("/transfer-money?method=username&target=vera_tg&amount=20");
  const mainButton = async () => (await telegramCalls(page)).filter((c) => c.name === "web_app_setup_main_button").at(-1)?.data;
  const press = async (text: string) => {
    await expect.poll(mainButton).toMatchObject({ text, is_visible: true, is_active: true });
    await receive(page, "main_button_pressed");
  };
  await page.getByRole("radiogroup", { name: "Счёт получателя" }).getByRole("radio", { name: /Рубли/ }).click();
  await press("Продолжить");
  expect(await names(page)).not.toContain("web_app_hide_keyboard");
  await press("Перевести");
  await expect(page.getByRole("dialog", { name: "Проверьте перевод" })).toBeVisible();
  expect((await names(page)).filter((name) => name === "web_app_hide_keyboard")).toHaveLength(1);

  expect(await mainButton()).toMatchObject({ text: "Подтвердить", color: MOCK_THEMES.light.button_color, text_color: MOCK_THEMES.light.button_text_color });
  await receive(page, "theme_changed", { theme_params: MOCK_THEMES.dark });
  await expect.poll(mainButton).toMatchObject({ text: "Подтвердить", is_visible: true, color: MOCK_THEMES.dark.button_color });
});

test("before 9.1 the keyboard is left alone; the debug page lists every feature with the version it needs", async ({ page }) => {
  const options: ClientOptions = { version: "9.0", platform: "ios" };
  await signInInTelegram(page, "boris@example.com", options);
  await page.goto("/exchange");
  await page.getByLabel(/^Отдаю/).fill("10");
  await receive(page, "main_button_pressed");
  await page.waitForTimeout(300);
  expect(await names(page)).not.toContain("web_app_hide_keyboard");

  await page.goto("/launch-params");
  const row = (name: string) => page.getByText(name, { exact: true }).locator("xpath=following-sibling::dd");
  await expect(row("Добавление на главный экран")).toHaveText("да (Bot API 8.0)");
  await expect(row("Скрытие клавиатуры")).toHaveText("нет (нужен Bot API 9.1)");
  await expect(row("Выбор чата")).toHaveText("нет (нужен Bot API 9.6)");
  await screenshots(page, "debug-features-9.0");
});
