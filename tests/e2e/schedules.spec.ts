import type { Browser, Page } from "@playwright/test";
import { expect, FULL_PAGE_BARS, openInTheme, readCodeFromMailbox, test, type Theme } from "./support/fixtures";

/**
 * Scheduled transfers: planned from the transfer form, listed with their next run, paused,
 * resumed and cancelled; the demo's seeded schedule is there on first open. Screens in both
 * themes and languages at 390×844.
 */

const SHOTS = "test-results/screens";

async function signIn(page: Page, email: string, heading = "Введите код", field = "Электронная почта", button = "Получить код") {
  await page.goto("/email-login");
  await page.getByLabel(field).fill(email);
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  await page.keyboard.type(await readCodeFromMailbox(page, email));
  await page.waitForURL("**/bank**");
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem("access_token"));
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

async function veraRubles(page: Page): Promise<string> {
  const vera = await apiGet<{ id: number }>(page, "/api/v1/users/username/vera_tg");
  const wallets = await apiGet<{ currency: string; number: string }[]>(page, `/api/v1/wallets/user/${vera.id}`);
  return wallets.find((w) => w.currency === "RUB")!.number;
}

async function shoot(page: Page, name: string, theme: Theme, language: string) {
  await page.screenshot({ path: `${SHOTS}/schedules-${name}-${language}-${theme}.png`, fullPage: true, style: FULL_PAGE_BARS });
}

test("plan a weekly transfer from the form, see it listed, pause, resume and cancel it", async ({ page }) => {
  await signIn(page, "boris@example.com");
  // The demo's own schedule (Boris pays Vera on the 1st of every month) is listed from the bank screen.
  await page.getByRole("link", { name: "Запланированные переводы" }).click();
  await page.waitForURL("**/schedules");
  const rows = page.getByTestId("schedule-row");
  await expect(rows.first()).toContainText("Каждый месяц, 1 числа");
  const before = await rows.count();

  const veraRub = await veraRubles(page);
  await page.goto(`/transfer-money?method=card&target=${veraRub}&amount=3,21`);
  await page.getByLabel("Сообщение получателю").fill("Обеды");
  await page.getByRole("button", { name: "Запланировать", exact: true }).click();
  const panel = page.getByTestId("schedule-panel");
  await panel.getByRole("radio", { name: "Каждую неделю" }).click();
  await panel.getByRole("radio", { name: "Количество раз" }).click();
  await panel.getByLabel("Количество раз").fill("4");
  // One primary action on the screen: the schedule's; it opens the review sheet, which creates it.
  await expect(page.getByRole("button", { name: "Перевести", exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Запланировать перевод" }).click();
  const review = page.getByRole("dialog", { name: "Проверьте перевод по расписанию" });
  await expect(review).toContainText("Всего 4 раза");
  await review.getByRole("button", { name: "Подтвердить" }).click();
  await page.waitForURL("**/schedules");
  await expect(rows).toHaveCount(before + 1);
  const row = rows.filter({ hasText: "Обеды" });
  await expect(row).toContainText("Каждую неделю");
  await expect(row.getByTestId("schedule-end")).toHaveText("Всего 4 раза");
  await expect(row).toContainText("Активен");
  await expect(row.getByTestId("schedule-next")).toContainText("Следующий:");

  await row.getByRole("button", { name: "Приостановить" }).click();
  await expect(row).toContainText("Приостановлен");
  await row.getByRole("button", { name: "Возобновить" }).click();
  await expect(row).toContainText("Активен");
  await row.getByRole("button", { name: "Отменить" }).click();
  await page.getByRole("dialog", { name: "Отменить запланированный перевод?" }).getByRole("button", { name: "Да, отменить" }).click();
  await expect(rows).toHaveCount(before);
});

async function screens(browser: Browser, language: "ru" | "en") {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: language === "en" ? "en-US" : "ru-RU",
  });
  const page = await context.newPage();
  await page.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/]).*/, (route) => route.abort());
  // Boris's language is Russian; a newcomer whose browser speaks English gets English.
  if (language === "en") await signIn(page, "schedules-en@example.com", "Enter the code", "E-mail", "Get code");
  else await signIn(page, "boris@example.com");
  const veraRub = await veraRubles(page);
  const toggle = language === "en" ? "Schedule" : "Запланировать";
  if (language === "en") {
    await openInTheme(page, "/schedules", "light");
    await expect(page.getByText("No scheduled transfers.", { exact: false })).toBeVisible();
    await shoot(page, "empty", "light", language);
    await page.goto(`/transfer-money?method=card&target=${veraRub}&amount=100`);
    await page.getByRole("button", { name: toggle, exact: true }).click();
    await page.getByRole("button", { name: "Schedule the transfer" }).click();
    await page.getByRole("dialog", { name: "Check the scheduled transfer" }).getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL("**/schedules");
  }
  for (const theme of ["light", "dark"] as const) {
    await openInTheme(page, "/schedules", theme);
    await expect(page.getByTestId("schedule-row").first()).toBeVisible();
    await shoot(page, "list", theme, language);
    await openInTheme(page, `/transfer-money?method=card&target=${veraRub}&amount=100`, theme);
    await page.getByRole("button", { name: toggle, exact: true }).click();
    await expect(page.getByTestId("schedule-panel")).toBeVisible();
    await shoot(page, "form", theme, language);
  }
  await context.close();
}

test("the screens in both themes and languages", async ({ browser }) => {
  await screens(browser, "ru");
  await screens(browser, "en");
});
