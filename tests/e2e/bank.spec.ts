import type { Page } from "@playwright/test";
import { alerts, askForCode, expect, openInTheme, screenshot, signInByEmail, test, type Theme } from "./support/fixtures";

/**
 * The main screen against the seeded demo server, signed in as vera (e-mail): wallet total and
 * accounts, merged history with received and sent rows, the notifications switch surviving a
 * reload, and screenshots of every tab in both themes.
 */

const THEMES: Theme[] = ["light", "dark"];

async function openBank(page: Page, theme: Theme, tab?: string) {
  await openInTheme(page, tab ? `/bank?tab=${tab}` : "/bank", theme);
}

for (const theme of THEMES) {
  test(`wallet, history and settings tabs (${theme})`, async ({ page }) => {
    await signInByEmail(page, "vera@example.com");
    await openBank(page, theme);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);

    const total = page.getByTestId("total-balance");
    await expect(total).toHaveText(/^\d{1,3}(\u00a0\d{3})*,\d{2}\u00a0₽$/);
    for (const currency of ["RUB", "USD", "EUR", "CNY"]) {
      await expect(page.getByTestId(`account-${currency}`)).toContainText(/\d{4} \d{4} \d{4} \d{4}/);
    }
    await expect(page.getByTestId("account-USD")).toContainText("Доллары");
    await expect(page.getByTestId("account-USD")).toContainText(/1\s\$ = [\d\s]+,\d{2,4}\s₽/);
    await expect(page.getByRole("link", { name: "Перевести" })).toBeVisible();
    await expect(alerts(page)).toHaveCount(0);
    await screenshot(page, "bank-wallet", theme);

    await page.getByRole("tab", { name: "История" }).click();
    await expect(page).toHaveURL(/tab=history/);
    const rows = page.getByTestId("history-row");
    await expect(rows.first()).toBeVisible();
    const amounts = await page.locator(".history-amount").allInnerTexts();
    expect(amounts.some((a) => a.startsWith("+"))).toBe(true);
    // Money out with the minus sign U+2212, as everywhere money is shown.
    expect(amounts.some((a) => a.startsWith("\u2212"))).toBe(true);
    await expect(rows.first()).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    await expect(page.getByText("неизвестно")).toHaveCount(0);
    // A reload keeps the tab.
    await page.reload();
    await expect(page.getByRole("tab", { name: "История" })).toHaveAttribute("aria-selected", "true");
    await expect(rows.first()).toBeVisible();
    await screenshot(page, "bank-history", theme);

    await page.getByRole("tab", { name: "Настройки" }).click();
    await expect(page.getByTestId("settings-username")).toHaveText("vera_tg");
    await expect(page.getByText("1.0.0")).toBeVisible();
    await screenshot(page, "bank-settings", theme);
  });
}

test("the notifications switch survives a reload", async ({ page }) => {
  await signInByEmail(page, "boris@example.com");
  await page.goto("/bank?tab=settings");
  const toggle = page.getByRole("switch", { name: "Уведомления" });
  await expect(toggle).toBeEnabled();
  const before = await toggle.getAttribute("aria-checked");
  const after = before === "true" ? "false" : "true";
  const saved = page.waitForResponse((r) => r.url().includes("/notifications") && r.request().method() === "PUT");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", after);
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole("switch", { name: "Уведомления" })).toHaveAttribute("aria-checked", after);
  // Back to where it was, so reruns start from the same state.
  await page.getByRole("switch", { name: "Уведомления" }).click();
  await expect(page.getByRole("switch", { name: "Уведомления" })).toHaveAttribute("aria-checked", before ?? "true");
});

test("the payments tab exists outside the bar", async ({ page }) => {
  await signInByEmail(page, "boris@example.com");
  await page.goto("/bank?tab=payments");
  await expect(page.getByText("Раздел в разработке")).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(3);
});

test("retry after an error: a failed load says so with a retry button, and the retry succeeds", async ({ page }) => {
  await signInByEmail(page, "boris@example.com");
  // The wallets request fails until the user presses "Повторить".
  let failing = true;
  let failed = 0;
  await page.route("**/api/v1/wallet", async (route) => {
    if (!failing || route.request().method() !== "GET") return route.fallback();
    failed += 1;
    await route.fulfill({ status: 500, json: { message: "Внутренняя ошибка сервера. Попробуйте позже", code: "INTERNAL" } });
  });
  await page.goto("/bank");
  await expect(alerts(page)).toHaveText("Ошибка загрузки данных");
  const retry = page.getByRole("button", { name: "Повторить" });
  await expect(retry).toBeVisible();
  await expect(page.getByTestId("total-balance")).toHaveCount(0);
  expect(failed).toBeGreaterThan(0);

  failing = false;
  await retry.click();
  await expect(page.getByTestId("total-balance")).toHaveText(/\d,\d{2}\u00a0₽$/);
  await expect(page.getByTestId("account-RUB")).toBeVisible();
  await expect(alerts(page)).toHaveCount(0);
  await expect(retry).toHaveCount(0);
});

test("after sign-in /bank is never blank: its shell shows while the screen's code downloads", async ({ page }) => {
  const code = await askForCode(page, "boris@example.com");
  // A slow network: every script fetched from now on (the /bank screen's) arrives 600 ms late.
  await page.route("**/_next/static/chunks/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.fallback();
  });
  // Every frame from here on: is /bank showing anything?
  await page.evaluate(() => {
    const frames: string[] = [];
    Object.assign(window, { bankFrames: frames });
    const look = () => {
      if (location.pathname === "/bank") frames.push(document.querySelector("main .skeleton, main .balance-card") ? "shown" : "blank");
      requestAnimationFrame(look);
    };
    look();
  });
  await page.keyboard.type(code);
  await page.waitForURL("**/bank");
  await expect(page.getByTestId("total-balance")).toBeVisible();
  const frames = await page.evaluate(() => (window as unknown as { bankFrames: string[] }).bankFrames);
  expect(frames.length).toBeGreaterThan(0);
  expect(frames.filter((f) => f === "blank")).toEqual([]);
  await expect(page.getByRole("tab", { name: "История" })).toBeEnabled();
});
