import type { Page } from "@playwright/test";
import { expect, FULL_PAGE_BARS, openInTheme, readCodeFromMailbox, test, type Theme } from "./support/fixtures";

/**
 * Orders at a target rate and rate alerts: reached from the exchange screen, created from the
 * form, listed with their state (one fails without the money once the demo's runner gets to it),
 * cancelled. Screens in both themes at 390×844.
 */

const SHOTS = "test-results/screens";

async function signIn(page: Page, email: string) {
  await page.goto("/email-login");
  await page.getByLabel("Электронная почта").fill(email);
  await page.getByRole("button", { name: "Получить код" }).click();
  await expect(page.getByRole("heading", { name: "Введите код" })).toBeVisible();
  await page.keyboard.type(await readCodeFromMailbox(page, email));
  await page.waitForURL("**/bank**");
}

async function shoot(page: Page, theme: Theme) {
  await page.screenshot({ path: `${SHOTS}/orders-list-${theme}.png`, fullPage: true, style: FULL_PAGE_BARS });
}

test("from the exchange screen: an order and an alert created, listed with their state, one cancelled", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "boris@example.com");
  await page.goto("/exchange");
  await page.getByRole("link", { name: /Заявки по курсу/ }).click();
  await page.waitForURL("**/orders");
  await expect(page.getByText(/Курс ЦБ сегодня: /)).toBeVisible();

  // Sell 10 $ when 1 $ ≥ 1 000 ₽: waits.
  await page.getByLabel("Целевой курс, ₽ за 1 $").fill("1000");
  await page.getByLabel("Сумма, $").fill("10");
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page.getByTestId("order-row").first()).toContainText("Продать 10,00 $, когда 1 $ ≥ 1 000,00 ₽");
  await expect(page.getByLabel("Целевой курс, ₽ за 1 $")).toHaveValue("");

  // Buy 1 000 000 $ when 1 $ ≤ 1 000 ₽: met at once, and fails without the money.
  await page.getByRole("radio", { name: "Купить $ за рубли" }).click();
  await page.getByLabel("Целевой курс, ₽ за 1 $").fill("1000");
  await page.getByLabel("Сумма, $").fill("1000000");
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page.getByTestId("order-row")).toHaveCount(2);

  await expect(page.getByLabel("Целевой курс, ₽ за 1 $")).toHaveValue("");
  // An alert for the euro that waits, and one that is cancelled.
  await page.getByRole("radio", { name: "Уведомление" }).click();
  await page.getByRole("radio", { name: /EUR/ }).click();
  await page.getByRole("radio", { name: "Не выше цели" }).click();
  await page.getByLabel("Целевой курс, ₽ за 1 €").fill("1");
  await page.getByRole("button", { name: "Создать уведомление" }).click();
  await expect(page.getByTestId("alert-row")).toHaveCount(1);
  await page.getByLabel("Целевой курс, ₽ за 1 €").fill("2,5");
  await page.getByRole("button", { name: "Создать уведомление" }).click();
  const alerts = page.getByTestId("alert-row");
  await expect(alerts).toHaveCount(2);
  await alerts.first().getByRole("button", { name: "Отменить" }).click();
  await alerts.first().getByRole("button", { name: "Да, отменить" }).click();
  await expect(alerts.first()).toContainText("Отменено");

  // The demo's runner looks every 30 seconds.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("order-row").first()).toContainText("недостаточно средств", { timeout: 2_000 });
  }).toPass({ timeout: 70_000, intervals: [3_000] });

  for (const theme of ["light", "dark"] as const) {
    await openInTheme(page, "/orders", theme);
    await expect(page.getByTestId("order-row")).toHaveCount(2);
    await shoot(page, theme);
  }
});
