import type { Page } from "@playwright/test";
import { expect, openInTheme, readCodeFromMailbox, screenshot, signInByEmail, test } from "./support/fixtures";
import { settled, THEMES } from "./support/screen-tour";

/**
 * The analytics view: reached from /bank and from an account, drawn from the seeded year of
 * history, each chart with its text; the charting library is downloaded there and not on /bank.
 */

/** uPlot's own class names, which survive minification: present only in its chunk. */
const CHART_MARKERS = ["u-over", "u-legend"];

async function chartScripts(page: Page): Promise<() => string[]> {
  const found: string[] = [];
  page.on("response", (response) => {
    if (!/\.m?js(\?|$)/.test(new URL(response.url()).pathname)) return;
    void response
      .text()
      .then((body) => {
        if (CHART_MARKERS.every((marker) => body.includes(marker))) found.push(response.url());
      })
      .catch(() => undefined);
  });
  return () => [...found];
}

for (const theme of THEMES) {
  test(`insights in Russian, ${theme}: from /bank to the total, then an account with its rate`, async ({ page }) => {
    const charts = await chartScripts(page);
    await signInByEmail(page, "boris@example.com");
    await openInTheme(page, "/bank", theme);
    await expect(page.getByTestId("total-balance")).toBeVisible();
    await settled(page);
    expect(charts()).toEqual([]);

    await page.getByRole("link", { name: "Аналитика" }).click();
    await page.waitForURL("**/insights");
    const flows = page.getByTestId("insights-flows");
    await expect(flows.getByRole("heading", { name: "Приход и расход по месяцам" })).toBeVisible();
    await expect(flows.locator("canvas").first()).toBeVisible();
    // The text equivalent: twelve months, each with its sums.
    await expect(flows.locator("table tbody tr")).toHaveCount(12);
    await expect(flows.getByText(/^За 12 месяцев: приход .+, расход .+$/)).toBeVisible();
    await expect(page.getByTestId("insights-balance").locator("canvas").first()).toBeVisible();
    await expect(page.getByTestId("insights-abroad").getByRole("meter")).toBeVisible();
    await expect(page.getByTestId("insights-parties").getByRole("listitem").first()).toBeVisible();
    await expect.poll(() => charts().length).toBeGreaterThan(0);
    await settled(page);
    await screenshot(page, "insights-total-ru", theme);

    await openInTheme(page, "/bank", theme);
    await page.getByRole("link", { name: /Доллары/ }).first().click();
    await page.waitForURL(/\/account\/\d+$/);
    await page.getByRole("link", { name: "Аналитика" }).click();
    await page.waitForURL("**/account/*/insights");
    await expect(page.getByText("Счёт: Доллары")).toBeVisible();
    const rates = page.getByTestId("insights-rates");
    await expect(rates.getByRole("heading", { name: "Курс USD за 90 дней" })).toBeVisible();
    await expect(rates.locator("canvas").first()).toBeVisible();
    expect(await rates.locator("table tbody tr").count()).toBeGreaterThan(50);
    await settled(page);
    await screenshot(page, "insights-account-ru", theme);
  });
}

test.describe("in English", () => {
  test.use({ locale: "en-US" });
  for (const theme of THEMES) {
    test(`insights in English, ${theme}`, async ({ page }) => {
      await page.goto("/email-login");
      await page.getByLabel("E-mail").fill("vera@example.com");
      await page.getByRole("button", { name: "Get code" }).click();
      await expect(page.getByLabel("Code from the e-mail")).toBeFocused();
      await page.keyboard.type(await readCodeFromMailbox(page, "vera@example.com"));
      await page.waitForURL("**/bank**");
      await openInTheme(page, "/insights", theme);
      await expect(page.getByRole("heading", { name: "Money in and out by month" })).toBeVisible();
      await expect(page.getByText(/^Over 12 months: in .+, out .+$/)).toBeVisible();
      await expect(page.getByTestId("insights-flows").locator("canvas").first()).toBeVisible();
      await settled(page);
      await screenshot(page, "insights-total-en", theme);
    });
  }
});

test("a new customer sees the empty state, not an error", async ({ page }) => {
  await signInByEmail(page, "insights-new@example.com");
  await page.goto("/insights");
  await expect(page.getByText("Пока нет операций — графики появятся после первых переводов")).toBeVisible();
});
