import type { Locator, Page } from "@playwright/test";
import { test, expect, signInByEmail } from "./support/fixtures";
import { SHORT_ADDRESS, collectAppErrors, connectButton, installTestWallet } from "./support/test-wallet";

const SHOTS = "test-results/screens";
const WIDGET_MARKER = "data-tc-connect-button";

/**
 * Watches the widget's chunk (recognised by its content) and holds it back until `release()`,
 * so the test can look at the page before the widget arrives.
 */
async function watchWidgetChunk(page: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const state = { requested: false, release };
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(WIDGET_MARKER)) {
      state.requested = true;
      await held;
    }
    await route.fulfill({ response, body });
  });
  return state;
}

/** Telegram's button colours as the page resolves them (`rgb(…)`), background and text. */
async function buttonColours(page: Page): Promise<[string, string]> {
  return page.evaluate(() => {
    const probe = document.createElement("span");
    probe.style.backgroundColor = "var(--tg-theme-button-color)";
    probe.style.color = "var(--tg-theme-button-text-color)";
    document.body.append(probe);
    const style = getComputedStyle(probe);
    const colours: [string, string] = [style.backgroundColor, style.color];
    probe.remove();
    return colours;
  });
}

const paint = (button: Locator) =>
  button.evaluate((el): [string, string] => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);

/** The real widget's button (the stand-in shares its slot but not its data-tc-* marker). */
const widgetButton = (page: Page) => page.locator("#ton-connect-button [data-tc-connect-button]");

test("the wallet tab shows balances with a stand-in button; the widget loads on the first press", async ({
  page,
}) => {
  const errors = collectAppErrors(page);
  await installTestWallet(page);
  await signInByEmail(page, "boris@example.com");
  const chunk = await watchWidgetChunk(page);

  await page.reload();
  await expect(page.getByTestId("total-balance")).toBeVisible();
  const standin = page.getByRole("button", { name: "Подключить кошелёк" });
  await expect(standin).toBeVisible();
  await expect(standin).toHaveAttribute("data-testid", "ton-connect-standin");
  // A 44-px touch target in Telegram's button colours.
  const box = await standin.boundingBox();
  expect(box?.height).toBe(44);
  const colours = await buttonColours(page);
  expect(await paint(standin)).toEqual(colours);
  // Nothing stored, nothing pressed: the widget's code stays on the server.
  await page.waitForLoadState("networkidle");
  expect(chunk.requested).toBe(false);
  await expect(widgetButton(page)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/ton-wallet-tab.png` });

  // The first press loads the widget (desktop width: the test wallet is a browser extension),
  // which then opens its wallets modal without a second press.
  await page.setViewportSize({ width: 1280, height: 800 });
  await standin.click();
  await expect.poll(() => chunk.requested).toBe(true);
  await expect(page.locator("[data-tc-wallets-modal-container]")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/ton-wallet-tab-loading.png` });
  chunk.release();
  // The widget's own button: the same size and Telegram's colours as the stand-in it replaced.
  await expect(widgetButton(page)).toHaveCount(1);
  await expect.poll(() => paint(widgetButton(page))).toEqual(colours);
  // Measured once the widget's own press animation (a brief scale) has ended.
  await expect.poll(async () => (await widgetButton(page).boundingBox())?.height).toBe(44);
  const modal = page.locator("[data-tc-wallets-modal-container]");
  await modal.getByText("Test Wallet", { exact: true }).click();
  await expect(connectButton(page)).toHaveText(SHORT_ADDRESS);
  await expect(page.getByTestId("ton-connect-standin")).toHaveCount(0);
  await expect.poll(async () => (await connectButton(page).boundingBox())?.height).toBe(44);

  // Phone width, after a reload: the stored connection loads the widget at once, no press needed.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("total-balance")).toBeVisible();
  await expect(connectButton(page)).toHaveText(SHORT_ADDRESS);
  await expect(page.getByTestId("ton-connect-standin")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/ton-wallet-tab-connected.png` });

  expect(errors).toEqual([]);
});

test("with a stored connection the widget loads at once, in a placeholder of the button's size", async ({
  page,
}) => {
  const errors = collectAppErrors(page);
  await installTestWallet(page);
  await signInByEmail(page, "boris@example.com");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Подключить кошелёк" }).click();
  await page.locator("[data-tc-wallets-modal-container]").getByText("Test Wallet", { exact: true }).click();
  await expect(connectButton(page)).toHaveText(SHORT_ADDRESS);

  const chunk = await watchWidgetChunk(page);
  await page.reload();
  await expect(page.getByTestId("total-balance")).toBeVisible();
  const placeholder = page.getByTestId("ton-connect-placeholder");
  await expect(placeholder).toBeVisible();
  expect((await placeholder.boundingBox())?.height).toBe(44);
  await expect.poll(() => chunk.requested).toBe(true);
  await expect(page.getByTestId("ton-connect-standin")).toHaveCount(0);
  chunk.release();
  await expect(connectButton(page)).toHaveText(SHORT_ADDRESS);
  await expect(placeholder).toHaveCount(0);
  // The widget's button takes exactly the placeholder's height.
  await expect.poll(async () => (await connectButton(page).boundingBox())?.height).toBe(44);

  expect(errors).toEqual([]);
});
