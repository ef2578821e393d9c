import { alerts, expect, openInTheme, screenshot, signInByEmail, test } from "./support/fixtures";

/**
 * Pockets, from the wallet: open one with a target and a round-up, move money in, see its
 * progress and the account's pocketed sum, and its movement in the history; the screen in both
 * themes (test-results/screens/pockets-<theme>.png).
 */
test("a pocket opened from the wallet fills, shows its progress, and its movement is in the history", async ({ page }) => {
  await signInByEmail(page, "vera@example.com");
  await page.getByRole("link", { name: "Копилки" }).click();
  await expect(page).toHaveURL(/\/pockets$/);

  await page.getByRole("button", { name: "Новая копилка" }).click();
  await page.getByLabel("Название").fill("Отпуск");
  await page.getByLabel("Цель (необязательно)").fill("1000");
  await page.getByRole("radio", { name: "До 10", exact: true }).click();
  await page.getByRole("button", { name: "Открыть копилку" }).click();
  const pocket = page.getByTestId("pocket").filter({ hasText: "Отпуск" });
  await expect(pocket).toBeVisible();

  await pocket.getByLabel("Сумма").fill("250");
  await pocket.getByRole("button", { name: "Пополнить" }).click();
  await expect(pocket.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
  await expect(alerts(page)).toHaveCount(0);

  for (const theme of ["light", "dark"] as const) {
    await openInTheme(page, "/pockets", theme);
    await expect(page.getByTestId("pocket").filter({ hasText: "Отпуск" })).toContainText("Округление до 10");
    await screenshot(page, "pockets", theme);
  }

  await openInTheme(page, "/bank", "light");
  await expect(page.getByTestId("account-RUB").getByTestId("account-pocketed")).toHaveText(/В копилках: 250,00\u00a0₽/);
  await openInTheme(page, "/bank?tab=history", "light");
  await expect(page.getByTestId("history-row").first()).toContainText("Копилка");
});
