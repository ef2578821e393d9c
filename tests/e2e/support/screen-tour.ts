import type { Page } from "@playwright/test";
import { expect, openInTheme, type Theme } from "./fixtures";

/**
 * A walk over every screen of the app in one theme: the one tour of screens.spec.ts, which takes
 * each screen's screenshot, layout faults and accessibility audit in one pass. Each stop waits
 * until the screen shows its real content (not skeletons), then hands over to `visit` with the
 * screen's name.
 */
export type Visit = (name: string) => Promise<void>;

export const THEMES: Theme[] = ["light", "dark"];

/** Waits for finite animations (toasts, shakes, widget transitions); endless spinners don't count. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

async function stop(page: Page, name: string, visit: Visit): Promise<void> {
  await settled(page);
  await visit(name);
}

/**
 * Screens without a session: welcome (both paths), e-mail sign-in (both steps and a refused
 * address), the demo mailbox, Telegram sign-in.
 */
export async function tourSignedOut(page: Page, theme: Theme, visit: Visit, email: string): Promise<void> {
  const welcomeHeading = page.getByRole("heading", { name: "Добро пожаловать в Minibank" });
  for (const [name, path] of [
    ["welcome", "/"],
    ["login", "/login"],
  ] as const) {
    await openInTheme(page, path, theme);
    await expect(welcomeHeading).toBeVisible();
    await stop(page, name, visit);
  }

  await openInTheme(page, "/email-login", theme);
  await expect(page.getByLabel("Электронная почта")).toBeVisible();
  await stop(page, "email-login", visit);
  await page.getByLabel("Электронная почта").fill("not an email");
  await page.getByRole("button", { name: "Получить код" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Введите корректный email" })).toBeVisible();
  await stop(page, "email-invalid", visit);
  // Afresh, so the code step is not shown under the error popup of the refused address.
  await openInTheme(page, "/email-login", theme);
  await page.getByLabel("Электронная почта").fill(email);
  await page.getByRole("button", { name: "Получить код" }).click();
  await expect(page.getByRole("heading", { name: "Введите код" })).toBeVisible();
  await expect(page.getByLabel("Код из письма")).toBeFocused();
  await stop(page, "email-code", visit);

  await openInTheme(page, "/dev/mailbox", theme);
  await expect(page.getByTestId("mail-to").first()).toBeVisible();
  await stop(page, "mailbox", visit);

  await openInTheme(page, "/telegram-login", theme);
  await expect(page.getByRole("button", { name: "Продолжить как Алиса" })).toBeEnabled();
  await expect(page.getByRole("img", { name: "Алиса" })).toBeVisible();
  await stop(page, "telegram-login", visit);
}

const recipientGroup = (page: Page) => page.getByRole("radiogroup", { name: "Счёт получателя" });

/** Screens behind a session (the page must already be signed in). */
export async function tourSignedIn(page: Page, theme: Theme, visit: Visit): Promise<void> {
  await openInTheme(page, "/bank", theme);
  await expect(page.getByTestId("total-balance")).toHaveText(/\d,\d{2}\u00a0₽$/);
  await expect(page.getByTestId("account-CNY")).toContainText(/\d{4} \d{4} \d{4} \d{4}/);
  await expect(page.locator("#ton-connect-button button").first()).toBeVisible();
  await stop(page, "bank-wallet", visit);

  // An account opens its details.
  await page.getByTestId("account-USD").getByRole("link").click();
  await expect(page).toHaveURL(/\/account\/\d+$/);
  await expect(page.getByTestId("account-number")).toHaveText(/\d{4} \d{4} \d{4} \d{4}/);
  await expect(page.getByTestId("history-row").first()).toBeVisible();
  await stop(page, "account", visit);

  // Its statement: this month's totals.
  await page.getByRole("link", { name: "Выписка по счёту" }).click();
  await expect(page).toHaveURL(/\/account\/\d+\/statement$/);
  await expect(page.getByTestId("statement-Исходящий остаток")).toHaveText(/\d,\d{2}\u00a0\$$/);
  await stop(page, "statement", visit);

  // Its analytics, and the analytics of all accounts: charts, each with its text.
  const account = new URL(page.url()).pathname.replace(/\/statement$/, "");
  await openInTheme(page, `${account}/insights`, theme);
  await expect(page.getByTestId("insights-rates").locator("canvas").first()).toBeVisible();
  await stop(page, "account-insights", visit);
  await openInTheme(page, "/insights", theme);
  await expect(page.getByTestId("insights-flows").locator("canvas").first()).toBeVisible();
  await expect(page.getByTestId("insights-balance").locator("canvas").first()).toBeVisible();
  await stop(page, "insights", visit);

  await openInTheme(page, "/bank?tab=history", theme);
  await expect(page.getByTestId("history-row").first()).toBeVisible();
  await expect(page.getByTestId("history-row").first()).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await stop(page, "bank-history", visit);
  // A history row opens its receipt.
  await page.getByTestId("history-row").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/receipt\/\d+$/);
  await expect(page.getByText("Номер операции")).toBeVisible();
  await expect(page.getByRole("button", { name: "Поделиться" })).toBeVisible();
  await stop(page, "receipt", visit);

  await openInTheme(page, "/bank?tab=settings", theme);
  await expect(page.getByTestId("settings-username")).not.toBeEmpty();
  await expect(page.getByRole("switch", { name: "Уведомления" })).toBeEnabled();
  await stop(page, "bank-settings", visit);
  // "Лимиты и заморозка", reached from the settings.
  await page.getByTestId("settings-limits").click();
  await expect(page).toHaveURL(/\/limits$/);
  await expect(page.getByRole("switch", { name: "Заморозить переводы" })).toBeEnabled();
  await expect(page.getByTestId("limits-RUB")).toBeVisible();
  await stop(page, "limits", visit);

  await openInTheme(page, "/bank?tab=payments", theme);
  await expect(page.getByText("Раздел в разработке")).toBeVisible();
  await stop(page, "bank-payments", visit);

  await openInTheme(page, "/add-money", theme);
  await expect(page.getByRole("link", { name: /Онлайн/ })).toBeVisible();
  await stop(page, "add-money", visit);

  await openInTheme(page, "/add-money/online", theme);
  await expect(page.getByLabel("Сумма")).toBeVisible();
  await expect(page.getByRole("radio").first()).toBeVisible();
  await stop(page, "add-money-online", visit);
  await page.getByLabel("Сумма").fill("250");
  await page.getByRole("button", { name: "Пополнить" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Кошелек пополнен/ })).toBeVisible();
  await stop(page, "add-money-online-done", visit);

  await openInTheme(page, "/add-money/qr", theme);
  await page.getByLabel("Сумма").fill("150");
  await page.getByRole("button", { name: "Создать QR-код" }).click();
  await expect(page.getByTestId("payment-qr")).toBeVisible();
  await stop(page, "add-money-qr", visit);

  await openInTheme(page, "/transfer-money", theme);
  await expect(page.getByText("Кому перевести?")).toBeVisible();
  await stop(page, "transfer-choose", visit);

  await openInTheme(page, "/transfer-money?method=username&target=vera_tg&amount=1000", theme);
  // Dollars to vera from roubles: step 1 the recipient, step 2 the amount with what arrives.
  await recipientGroup(page).getByRole("radio", { name: /Доллары/ }).click();
  await stop(page, "transfer-recipient", visit);
  await page.getByRole("button", { name: "Продолжить" }).click();
  await page.getByRole("radiogroup", { name: "Списать со счёта" }).getByRole("radio", { name: /Рубли/ }).click();
  await expect(page.getByText(/Получатель получит/)).toBeVisible();
  await stop(page, "transfer-amount", visit);
  // The same transfer planned for later: the schedule panel, then back to a transfer now.
  await page.getByRole("button", { name: "Запланировать", exact: true }).click();
  await expect(page.getByTestId("schedule-panel")).toBeVisible();
  await stop(page, "schedule-panel", visit);
  await page.getByRole("button", { name: "Перевести сейчас" }).click();
  await expect(page.getByTestId("schedule-panel")).toHaveCount(0);
  await page.getByRole("button", { name: "Перевести" }).click();
  await expect(page.getByRole("dialog", { name: "Проверьте перевод" })).toBeVisible();
  await stop(page, "transfer-confirm", visit);
  await page.getByRole("button", { name: "Подтвердить" }).click();
  await expect(page.getByText("Перевод выполнен")).toBeVisible();
  await expect(page.getByText("Номер операции")).toBeVisible();
  await stop(page, "transfer-done", visit);

  await openInTheme(page, "/exchange", theme);
  await page.getByLabel(/^Отдаю, /).fill("100");
  await expect(page.getByText(/^1\s.+ = .+$/).first()).toBeVisible();
  await stop(page, "exchange", visit);

  await openInTheme(page, "/requests", theme);
  await expect(page.getByRole("heading", { name: "Мои запросы" })).toBeVisible();
  await stop(page, "requests", visit);
  // A request made: its QR code and link; the link opens the payer's screen (here the asker's own).
  await page.getByLabel("Сумма").fill("150");
  const made = page.waitForResponse((r) => r.url().endsWith("/api/v1/requests") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Создать ссылку" }).click();
  const { token } = (await (await made).json()) as { token: string };
  await expect(page.getByTestId("request-qr")).toBeVisible();
  await stop(page, "requests-made", visit);
  await openInTheme(page, `/pay?r=${token}`, theme);
  await expect(page.getByText(/^150,00\s₽$/)).toBeVisible();
  await stop(page, "pay", visit);

  // Splitting a bill: the form with the organiser's splits, by amounts with a share left to the
  // link, and the split made, as its organiser sees it.
  await openInTheme(page, "/splits", theme);
  await expect(page.getByTestId("split-row").first()).toBeVisible();
  await stop(page, "splits", visit);
  await page.getByLabel("За что").fill("Pizza");
  await page.getByLabel("Сумма счёта").fill("900");
  await page.getByLabel("@username, e-mail или номер счёта").fill("vera@example.com");
  await page.getByRole("button", { name: "Добавить", exact: true }).click();
  await page.getByRole("button", { name: "+ Доля по ссылке" }).click();
  await page.getByRole("radio", { name: "По суммам" }).click();
  for (const [i, amount] of ["300", "300", "300"].entries()) await page.getByTestId("split-entry").nth(i).getByRole("textbox").fill(amount);
  await stop(page, "splits-amounts", visit);
  await page.getByRole("button", { name: "Разделить", exact: true }).click();
  await page.waitForURL("**/split?s=*");
  await expect(page.getByTestId("split-share")).toHaveCount(3);
  await stop(page, "split-organiser", visit);

  await openInTheme(page, "/schedules", theme);
  await expect(page.getByTestId("schedule-row").first()).toBeVisible();
  await stop(page, "schedules", visit);

  // Orders at a target rate and rate alerts, reached from the exchange screen.
  await openInTheme(page, "/orders", theme);
  await expect(page.getByText(/Курс ЦБ сегодня: /)).toBeVisible();
  await stop(page, "orders", visit);

  await openInTheme(page, "/qr", theme);
  await expect(page.getByText("Загрузить изображение")).toBeVisible();
  await expect(page.getByText(/Камера недоступна|Наведите камеру/)).toBeVisible();
  await stop(page, "qr-scanner", visit);

  // Signed in by e-mail: the launch data of the Telegram user this browser imitates is not Boris's.
  await openInTheme(page, "/init-data", theme);
  await expect(page.getByRole("status").filter({ hasText: "Вы вошли не через Telegram" })).toBeVisible();
  await stop(page, "init-data", visit);
  for (const path of ["theme-params", "launch-params"]) {
    await openInTheme(page, `/${path}`, theme);
    await expect(page.locator("dl.kv-list").first()).toBeVisible();
    await stop(page, path, visit);
  }

  await openInTheme(page, "/ton-connect", theme);
  await expect(page.locator("#ton-connect-button button").first()).toHaveText("Подключить кошелёк");
  await stop(page, "ton-connect", visit);
}
