import { test, expect } from "./support/fixtures";
import {
  FRIENDLY_ADDRESS,
  SHORT_ADDRESS,
  TEST_WALLET_ADDRESS,
  TEST_WALLET_APP_NAME,
  TEST_WALLET_APP_VERSION,
  TEST_WALLET_PUBLIC_KEY,
  collectAppErrors,
  connectButton,
  installTestWallet,
  releaseHeldRequest,
  setSendMode,
  walletRequests,
  widgetRoot,
} from "./support/test-wallet";
import type { Page } from "@playwright/test";

// Wider than the widget's 440 px mobile breakpoint: on phones the widget lists only wallets with
// a mobile app, and the test wallet is a browser extension (platform 'chrome'), like Tonkeeper's.
test.use({ viewport: { width: 1280, height: 800 } });

/** An English speaker: the screens, and with them the widget, speak English (the settings choice). */
async function speakEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem("mb-language", "en"));
}

const SHOTS = "test-results/screens";

/** The wallets modal (the library marks its parts with data-tc-* attributes, not roles). */
const walletsModal = (page: Page) => widgetRoot(page).locator("[data-tc-wallets-modal-container]");
/** The connected button's menu. */
const dropdown = (page: Page) => page.locator("[data-tc-dropdown]");

/** Waits for the widget's enter/exit animations (not endless spinners), for settled screenshots. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

async function connectTestWallet(page: Page): Promise<void> {
  await connectButton(page).click();
  const modal = walletsModal(page);
  await expect(modal).toBeVisible();
  await modal.getByText("Test Wallet", { exact: true }).click();
  await expect(connectButton(page)).toHaveText(SHORT_ADDRESS);
}

test.describe("TON Connect widget", () => {
  let errors: string[];

  test.beforeEach(async ({ page }) => {
    errors = collectAppErrors(page);
    await installTestWallet(page);
  });

  test.afterEach(() => {
    // Offline, the widget must still work and the app must log nothing louder than a warning.
    expect(errors).toEqual([]);
  });

  test("a Russian user gets the Russian button; the modal lists the test wallet", async ({ page }) => {
    await page.goto("/ton-connect");
    await expect(connectButton(page)).toHaveText("Подключить кошелёк");
    await expect(page.getByText("Чтобы увидеть данные, подключите кошелёк")).toBeVisible();
    await connectButton(page).click();
    const modal = walletsModal(page);
    await expect(modal.getByText("Test Wallet", { exact: true })).toBeVisible();
    // The library's bundled list, served by the app while the internet is unreachable.
    await expect(modal.getByText("Tonkeeper", { exact: true })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/ton-modal-ru.png` });
  });

  test("an English user connects; the button shows the short address with Copy and Disconnect", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await speakEnglish(page);
    await page.goto("/ton-connect");
    await expect(connectButton(page)).toHaveText(/^connect wallet$/i);
    await connectButton(page).click();
    await expect(walletsModal(page).getByText("Test Wallet", { exact: true })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/ton-modal-en.png` });
    await page.keyboard.press("Escape");

    await connectTestWallet(page);
    expect(SHORT_ADDRESS).toMatch(/^UQ..…....$/);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/ton-connected-button.png` });

    await connectButton(page).click();
    const menu = widgetRoot(page).getByRole("button", { name: "Copy address" }).or(
      page.getByRole("button", { name: "Copy address" }),
    );
    await expect(menu.first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Disconnect" })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/ton-dropdown.png` });
    await menu.first().click();
    await expect(page.getByText("Address copied!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(FRIENDLY_ADDRESS);
  });

  test("a reload restores the connection; Disconnect clears it for good", async ({ page }) => {
    await speakEnglish(page);
    await page.goto("/ton-connect");
    await connectTestWallet(page);

    await page.reload();
    await expect(connectButton(page)).toHaveText(SHORT_ADDRESS);
    await expect(page.getByText(TEST_WALLET_ADDRESS)).toBeVisible();

    await connectButton(page).click();
    await dropdown(page).getByRole("button", { name: "Disconnect" }).click();
    await expect(connectButton(page)).toHaveText(/^connect wallet$/i);
    await expect(page.getByText(TEST_WALLET_ADDRESS)).toHaveCount(0);

    await page.reload();
    await expect(page.getByText("Connect a wallet to see the data")).toBeVisible();
    await expect(connectButton(page)).toHaveText(/^connect wallet$/i);
  });

  test("/ton-connect shows the connected wallet, account and device", async ({ page }) => {
    await page.goto("/ton-connect");
    await connectTestWallet(page);
    const rows: [string, string][] = [
      ["Адрес", FRIENDLY_ADDRESS],
      ["Адрес (raw)", TEST_WALLET_ADDRESS],
      ["Сеть", "-239 (основная)"],
      ["Публичный ключ", TEST_WALLET_PUBLIC_KEY],
      ["Приложение", TEST_WALLET_APP_NAME],
      ["Версия", TEST_WALLET_APP_VERSION],
      ["Макс. версия протокола", "2"],
      ["Платформа", "browser"],
    ];
    for (const [label, value] of rows) {
      await expect(page.locator("dt", { hasText: new RegExp(`^${label.replace(/[()]/g, "\\$&")}$`) }).locator("+ dd")).toHaveText(value);
    }
    await expect(page.locator("dt", { hasText: "Возможности" }).locator("+ dd")).toContainText("SendTransaction");
    await expect(page.getByRole("region", { name: "Кошелёк" }).getByText("Test Wallet")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/ton-debug-page.png`, fullPage: true });
  });

  test("the test transaction: confirm, then sent on approval and cancelled on rejection", async ({ page }) => {
    await speakEnglish(page);
    await page.goto("/ton-connect");
    await connectTestWallet(page);
    const send = page.getByRole("button", { name: "Send a test transaction" });

    await setSendMode(page, "hold");
    const before = Math.floor(Date.now() / 1000);
    await send.click();
    // The notice names the wallet ('Open Test Wallet to confirm the transaction.' in 2.4; older
    // versions and the spec: 'Confirm operation in your wallet'), with non-breaking spaces.
    const confirm = page.locator("[data-tc-notification-confirm]", {
      hasText: /Open\s+Test\s+Wallet\s+to\s+confirm|Confirm\s+operation\s+in\s+your\s+wallet/,
    });
    await expect(confirm).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/ton-confirm.png` });
    await expect.poll(() => releaseHeldRequest(page, true)).toBe(true);
    await expect(page.locator("[data-tc-notification-tx-sent]", { hasText: /Transaction\s+sent/ })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/ton-sent.png` });

    const [request] = (await walletRequests(page)).filter((r) => r.method === "sendTransaction");
    const tx = JSON.parse(request.params[0]) as {
      valid_until: number;
      from: string;
      network: string;
      messages: { address: string; amount: string }[];
    };
    expect(tx.messages).toEqual([{ address: FRIENDLY_ADDRESS, amount: "0" }]);
    expect(tx.from).toBe(TEST_WALLET_ADDRESS);
    expect(tx.network).toBe("-239");
    expect(tx.valid_until).toBeGreaterThanOrEqual(before + 300);
    expect(tx.valid_until).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 300);

    await setSendMode(page, "reject");
    await send.click();
    await expect(
      page.locator("[data-tc-notification-tx-cancelled]", { hasText: /Transaction\s+cancell?ed/ }),
    ).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/ton-cancelled.png` });
  });
});
