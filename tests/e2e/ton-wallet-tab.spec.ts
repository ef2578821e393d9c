import { test, expect, signInByEmail } from "./support/fixtures";
import { SHORT_ADDRESS, collectAppErrors, connectButton, installTestWallet } from "./support/test-wallet";

const SHOTS = "test-results/screens";
const WIDGET_MARKER = "data-tc-connect-button";

test("the wallet tab shows balances first, then the widget's button in the header", async ({ page }) => {
  const errors = collectAppErrors(page);
  await installTestWallet(page);
  await signInByEmail(page, "boris@example.com");

  // Hold back the widget's chunk (recognised by its content) until the balances are on screen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let widgetRequested = false;
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(WIDGET_MARKER)) {
      widgetRequested = true;
      await held;
    }
    await route.fulfill({ response, body });
  });

  await page.reload();
  await expect(page.getByTestId("total-balance")).toBeVisible();
  const placeholder = page.getByTestId("ton-connect-placeholder");
  await expect(placeholder).toBeVisible();
  const box = await placeholder.boundingBox();
  expect(box?.height).toBe(40);
  await expect.poll(() => widgetRequested).toBe(true);
  await expect(connectButton(page)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/ton-wallet-tab-loading.png` });

  release();
  await expect(connectButton(page)).toHaveText("Подключить кошелёк");
  await expect(placeholder).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/ton-wallet-tab.png` });

  // Connect from the header (desktop width: the test wallet is a browser extension), then look
  // at the connected button at phone width.
  await page.setViewportSize({ width: 1280, height: 800 });
  await connectButton(page).click();
  await page.locator("[data-tc-wallets-modal-container]").getByText("Test Wallet", { exact: true }).click();
  await expect(connectButton(page)).toHaveText(SHORT_ADDRESS);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(connectButton(page)).toHaveText(SHORT_ADDRESS);
  await page.screenshot({ path: `${SHOTS}/ton-wallet-tab-connected.png` });

  expect(errors).toEqual([]);
});
