import { alerts, expect, openInTheme, readCodeFromMailbox, screenshot, test, type Theme } from "./support/fixtures";

/**
 * Sign-in journeys in a real browser against the seeded demo server: e-mail with the code from
 * the demo mailbox (a wrong code first), Telegram in a plain browser (demo-signed init data),
 * logout, and the redirects around the session.
 */

const THEMES: Theme[] = ["light", "dark"];

for (const theme of THEMES) {
  test(`e-mail sign-in with a wrong code first (${theme})`, async ({ page }) => {
    const email = `e2e-${theme}-${Date.now()}@example.com`;
    await openInTheme(page, "/", theme);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expect(page.getByRole("heading", { name: "Добро пожаловать в Minibank" })).toBeVisible();
    await screenshot(page, "welcome", theme);

    await page.getByRole("link", { name: "Войти по e-mail" }).click();
    const field = page.getByLabel("Электронная почта");
    await field.fill("not an email");
    await page.getByRole("button", { name: "Получить код" }).click();
    await expect(alerts(page)).toHaveText("Введите корректный email");
    await screenshot(page, "email-invalid", theme);

    await field.fill(email);
    await page.getByRole("button", { name: "Получить код" }).click();
    const pin = page.getByLabel("Код из письма");
    await expect(pin).toBeFocused();
    const code = await readCodeFromMailbox(page, email);
    const wrong = code === "000000" ? "111111" : "000000";
    await pin.pressSequentially(wrong);
    await expect(alerts(page)).toHaveText("Неверный или просроченный код");
    // The popup sits below the header: Back stays visible and tappable.
    const back = (await page.getByRole("button", { name: "Назад" }).boundingBox())!;
    // Once its entry animation has run, the popup's top is below Back's bottom.
    await expect.poll(async () => (await page.locator(".toast").boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(back.y + back.height);
    await expect(page.getByRole("button", { name: /Отправить код ещё раз через \d:\d{2}/ })).toBeDisabled();
    await screenshot(page, "code-wrong", theme);
    await expect(pin).toHaveValue("", { timeout: 3000 });

    await pin.pressSequentially(code);
    await page.waitForURL("**/bank");
    // A first sign-in creates the four wallets.
    await expect(page.getByTestId("account-RUB")).toBeVisible();
    await expect(page.getByTestId("account-CNY")).toBeVisible();
    // The profile is read from the server when shown, never kept in the browser's storage.
    expect(await page.evaluate(() => sessionStorage.getItem("user"))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem("access_token"))).toBeTruthy();
  });

  test(`Telegram sign-in in a plain browser (${theme})`, async ({ page }) => {
    await openInTheme(page, "/telegram-login", theme);
    await expect(page.getByText("Алиса", { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: "Алиса" })).toBeVisible();
    await screenshot(page, "telegram-login", theme);
    await page.getByRole("button", { name: "Продолжить как Алиса" }).click();
    await page.waitForURL("**/bank");
    await expect(page.getByText("alice_tg", { exact: true })).toBeVisible();
  });
}

test("logout clears the session and returns to the welcome screen", async ({ page }) => {
  await page.goto("/telegram-login");
  await page.getByRole("button", { name: "Продолжить как Алиса" }).click();
  await page.waitForURL("**/bank");
  // With a session, the welcome screen forwards to the bank.
  await page.goto("/");
  await page.waitForURL("**/bank");

  await page.getByRole("tab", { name: "Настройки" }).click();
  await page.getByRole("button", { name: "Выйти" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  const tokens = await page.evaluate(() => [
    sessionStorage.getItem("access_token"),
    sessionStorage.getItem("refresh_token"),
  ]);
  expect(tokens).toEqual([null, null]);
  await expect(page.getByRole("link", { name: "Продолжить с Telegram" })).toBeVisible();

  // Without a session, /bank sends the visitor back.
  await page.goto("/bank");
  await page.waitForURL((url) => url.pathname === "/");
});

test("an unknown path goes to /", async ({ page }) => {
  await page.goto("/no/such/page");
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("link", { name: "Войти по e-mail" })).toBeVisible();
});
