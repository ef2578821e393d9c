import type { Page, Route } from "@playwright/test";
import { MOCK_THEMES } from "@/lib/client/telegram/mock-env";
import { expect, screenshot, test, type Theme } from "./support/fixtures";
import { signInAsVera, telegramCalls, type ClientOptions } from "./support/telegram-client";

/**
 * A receipt sent as a message the bot prepared (`shareMessage`, Bot API 8.0), inside a fake
 * Telegram client (tests/e2e/support/telegram-client.ts), and the old share link where it cannot be.
 * The demo server talks to no Bot API, so it refuses to prepare one (503) — the real fallback; the
 * prepared message itself is answered here, the way a server with a bot answers (the server's side,
 * against a fake Bot API, is in tests/api/share-prepared.test.ts and tests/production).
 */

/** Vera, a Telegram user, signs in inside the client and tops up: her receipt's id. */
async function veraWithReceipt(page: Page, options: ClientOptions): Promise<number> {
  await signInAsVera(page, options);
  const token = await page.evaluate(() => sessionStorage.getItem("access_token"));
  const topUp = await page.request.post("/api/v1/wallet/topup", {
    headers: { authorization: `Bearer ${token}` },
    data: { currency: "RUB", amount: 4_200 },
  });
  expect(topUp.status()).toBe(201);
  return ((await topUp.json()) as { id: number }).id;
}

const shareCalls = async (page: Page) =>
  (await telegramCalls(page)).filter((c) => c.name === "web_app_send_prepared_message" || c.name === "web_app_open_tg_link");

test("a receipt goes as a prepared Telegram message; the share link where the server cannot prepare one", async ({ page }) => {
  const id = await veraWithReceipt(page, { version: "9.1" });
  await page.goto(`/receipt/${id}`);
  const share = page.getByRole("button", { name: "Поделиться" });
  await expect(share).toBeVisible();

  // This server has no bot to prepare it with: 503, and the app shares the old way at once.
  const refused = page.waitForResponse((res) => res.url().endsWith("/api/v1/share/prepared"));
  await share.click();
  expect((await refused).status()).toBe(503);
  await expect.poll(() => shareCalls(page)).toHaveLength(1);
  const [link] = await shareCalls(page);
  expect(link.name).toBe("web_app_open_tg_link");
  expect(String(link.data.path_full)).toMatch(/^\/share\/url\?/);

  // A server with a bot prepares it: the app hands its id to Telegram's chat picker, nothing else.
  const asked: unknown[] = [];
  await page.route("**/api/v1/share/prepared", (route: Route) => {
    asked.push(route.request().postDataJSON());
    return route.fulfill({ status: 201, contentType: "application/json", body: JSON.stringify({ id: "prepared-e2e", expiresAt: new Date(Date.now() + 86_400_000).toISOString() }) });
  });
  await share.click();
  await expect.poll(() => shareCalls(page)).toHaveLength(2);
  expect(asked).toEqual([{ kind: "receipt", transferId: id }]);
  expect((await shareCalls(page))[1]).toEqual({ name: "web_app_send_prepared_message", data: { id: "prepared-e2e" } });
  await expect(page.getByText("Не удалось поделиться квитанцией")).toHaveCount(0);
  for (const theme of ["light", "dark"] as Theme[]) {
    await page.evaluate((palette) => {
      const receive = (window as unknown as { Telegram: { WebView: { receiveEvent: (n: string, d: unknown) => void } } }).Telegram.WebView.receiveEvent;
      receive("theme_changed", { theme_params: palette });
    }, MOCK_THEMES[theme]);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await screenshot(page, "receipt-shared-as-message", theme);
  }
});

test("the message's button (startapp=rcpt-<id>) opens Minibank at that receipt", async ({ page }) => {
  const id = await veraWithReceipt(page, { version: "9.1" });
  const opened = await page.context().newPage();
  await signInAsVera(opened, { version: "9.1" }, { startParam: `rcpt-${id}`, landing: new RegExp(`/receipt/${id}$`) });
  await expect(opened.getByText("+42,00 ₽")).toBeVisible();
});

test("the client fails to send it: the share link follows; a client before 8.0 never asks for one", async ({ page, browser }) => {
  const id = await veraWithReceipt(page, { version: "9.1", shareMessage: "MESSAGE_SEND_FAILED" });
  await page.route("**/api/v1/share/prepared", (route: Route) =>
    route.fulfill({ status: 201, contentType: "application/json", body: JSON.stringify({ id: "prepared-e2e", expiresAt: new Date(Date.now() + 86_400_000).toISOString() }) }),
  );
  await page.goto(`/receipt/${id}`);
  await page.getByRole("button", { name: "Поделиться" }).click();
  await expect.poll(async () => (await shareCalls(page)).map((c) => c.name)).toEqual(["web_app_send_prepared_message", "web_app_open_tg_link"]);

  const old = await browser.newPage();
  let asked = 0;
  await old.route("**/api/v1/share/prepared", (route: Route) => {
    asked += 1;
    return route.abort();
  });
  const oldId = await veraWithReceipt(old, { version: "7.10" });
  await old.goto(`/receipt/${oldId}`);
  await old.getByRole("button", { name: "Поделиться" }).click();
  await expect.poll(async () => (await shareCalls(old)).map((c) => c.name)).toEqual(["web_app_open_tg_link"]);
  expect(asked).toBe(0);
  await old.close();
});
