import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, openInTheme, screenshot, signInByEmail, test, type Theme } from "./support/fixtures";

/**
 * Exchange between one's own accounts (amount typed on either side), a payment request paid by a
 * second user through its link, and a transfer with a message seen on both receipts — against
 * the seeded demo server, with screenshots of the new screens in both themes.
 */

type Wallet = { id: number; currency: string; balance: number; number: string };

/** Screenshot, then axe (WCAG 2 A and AA): no serious or critical finding outside the TON widget. */
async function shootAndAudit(page: Page, name: string, theme: Theme): Promise<void> {
  await screenshot(page, name, theme);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).exclude("#tc-widget-root").exclude("#ton-connect-button").analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${name}-${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem("access_token"));
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const balance = async (page: Page, currency: string) =>
  (await apiGet<Wallet[]>(page, "/api/v1/wallet")).find((w) => w.currency === currency)!.balance;

/** A second person in their own browser context (own session storage). */
async function secondUser(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "ru-RU" });
  const page = await context.newPage();
  await page.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/]).*/, (route) => route.abort());
  await signInByEmail(page, email);
  return page;
}

test.describe("exchange between own accounts", () => {
  test.beforeEach(async ({ page }) => {
    await signInByEmail(page, "boris@example.com");
  });

  test("typed on the giving side: what leaves is exact, the receipt says 'Обмен'", async ({ page }) => {
    const rub = await balance(page, "RUB");
    await page.getByRole("link", { name: "Обмен" }).click();
    await page.waitForURL("**/exchange");
    await page.getByRole("radiogroup", { name: "Со счёта" }).getByRole("radio", { name: /Рубли/ }).click();
    await page.getByRole("radiogroup", { name: "На счёт" }).getByRole("radio", { name: /Доллары/ }).click();
    await page.getByLabel("Отдаю, RUB").fill("100");
    await expect(page.getByLabel("Получаю, USD")).not.toHaveValue("");
    const got = await page.getByLabel("Получаю, USD").inputValue();
    await expect(page.getByText(/^1\s\$ = [\d\s]+,\d+\s₽$/)).toBeVisible();
    await expect(page.getByText(/^1\s₽ = 0,\d+\s\$$/)).toBeVisible();
    await page.getByRole("button", { name: "Обменять" }).click();
    await page.getByRole("dialog", { name: "Проверьте обмен" }).getByRole("button", { name: "Подтвердить" }).click();
    await expect(page.getByText("Обмен выполнен")).toBeVisible();
    await expect(page.locator(".receipt-kind")).toHaveText("Обмен");
    await expect(page.getByText("−100,00 ₽")).toBeVisible();
    await expect(page.getByText(`${got}\u00a0$`, { exact: true })).toBeVisible();
    expect(await balance(page, "RUB")).toBe(rub - 10_000);
  });

  test("typed on the receiving side: exactly that arrives", async ({ page }) => {
    const usd = await balance(page, "USD");
    await page.goto("/exchange");
    await page.getByRole("radiogroup", { name: "Со счёта" }).getByRole("radio", { name: /Рубли/ }).click();
    await page.getByRole("radiogroup", { name: "На счёт" }).getByRole("radio", { name: /Доллары/ }).click();
    await page.getByLabel("Получаю, USD").fill("2,50");
    await expect(page.getByLabel("Отдаю, RUB")).not.toHaveValue("");
    await page.getByRole("button", { name: "Обменять" }).click();
    await page.getByRole("dialog", { name: "Проверьте обмен" }).getByRole("button", { name: "Подтвердить" }).click();
    await expect(page.getByText("Обмен выполнен")).toBeVisible();
    expect(await balance(page, "USD")).toBe(usd + 250);
  });

  for (const theme of ["light", "dark"] as Theme[]) {
    test(`the exchange screen, ${theme}`, async ({ page }) => {
      await openInTheme(page, "/exchange", theme);
      await page.getByLabel(/^Отдаю, /).fill("1000");
      await expect(page.getByText(/^1\s.+ = .+$/).first()).toBeVisible();
      await shootAndAudit(page, "exchange", theme);
      await page.getByRole("button", { name: "Обменять" }).click();
      await expect(page.getByRole("dialog", { name: "Проверьте обмен" })).toBeVisible();
      await shootAndAudit(page, "exchange-confirm", theme);
    });
  }
});

test("a payment request: link → a second user opens it and pays → the requester sees 'оплачен' and is told", async ({ page, browser }) => {
  await signInByEmail(page, "boris@example.com");
  await page.getByRole("link", { name: "Запросить" }).click();
  await page.waitForURL("**/requests");
  await page.getByLabel("Сумма").fill("12,34");
  await page.getByLabel("Сообщение плательщику").fill("За кино");
  await page.getByRole("button", { name: "Создать ссылку" }).click();
  await expect(page.getByText("Ссылка на оплату готова")).toBeVisible();
  await expect(page.getByTestId("request-qr")).toBeVisible();
  const link = await page.getByTestId("request-link").innerText();
  expect(link).toMatch(/\/pay\?r=[A-Za-z0-9_-]{22}$/);
  // Outside Telegram, without a share sheet, the link is copied.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
  await page.getByRole("button", { name: "Поделиться ссылкой" }).click();
  await expect(page.getByText("Ссылка скопирована")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const row = page.getByTestId("request-row").filter({ hasText: "12,34 ₽" }).first();
  await expect(row.getByText("ожидает")).toBeVisible();

  const vera = await secondUser(browser, "vera@example.com");
  const veraRub = await balance(vera, "RUB");
  await vera.goto(new URL(link).pathname + new URL(link).search);
  await expect(vera.getByText(/запрашивает$/)).toBeVisible();
  await expect(vera.getByText("12,34 ₽").first()).toBeVisible();
  await expect(vera.getByText("За кино")).toBeVisible();
  await vera.getByRole("button", { name: "Оплатить" }).click();
  const sheet = vera.getByRole("dialog", { name: "Проверьте оплату" });
  await expect(sheet.getByText("За кино")).toBeVisible();
  await sheet.getByRole("button", { name: "Подтвердить" }).click();
  await expect(vera.getByText("Перевод выполнен")).toBeVisible();
  expect(await balance(vera, "RUB")).toBe(veraRub - 1_234);
  // The link again: paid, nothing more to pay.
  await vera.goto(new URL(link).pathname + new URL(link).search);
  await expect(vera.getByRole("status").filter({ hasText: "оплачен" })).toBeVisible();
  await expect(vera.getByRole("button", { name: "Оплатить" })).toHaveCount(0);
  await vera.context().close();

  await page.reload();
  await expect(page.getByTestId("request-row").filter({ hasText: "12,34 ₽" }).first().getByText("оплачен")).toBeVisible();
  // Told through the outbox: the demo mailbox receives the e-mail within seconds.
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(page.locator("body")).toContainText(/Ваш запрос на 12,34\s₽ оплачен: @vera_tg \(Telegram\)/);
  }).toPass({ timeout: 20_000 });
});

test("a transfer with a message shows it on both receipts and in the history", async ({ page, browser }) => {
  await signInByEmail(page, "boris@example.com");
  const vera = await apiGet<{ id: number }>(page, "/api/v1/users/username/vera_tg");
  const veraRub = (await apiGet<Omit<Wallet, "balance">[]>(page, `/api/v1/wallets/user/${vera.id}`)).find((w) => w.currency === "RUB")!;
  await page.goto(`/transfer-money?method=card&target=${veraRub.number}&amount=3,21`);
  await page.getByLabel("Сообщение получателю").fill("  Спасибо за <b>ужин</b>  ");
  await page.getByRole("button", { name: "Перевести" }).click();
  const sheet = page.getByRole("dialog", { name: "Проверьте перевод" });
  await expect(sheet.getByText("Спасибо за <b>ужин</b>")).toBeVisible();
  await sheet.getByRole("button", { name: "Подтвердить" }).click();
  await expect(page.getByText("Перевод выполнен")).toBeVisible();
  await expect(page.getByText("Спасибо за <b>ужин</b>")).toBeVisible();
  const id = /\/receipt\/(\d+)/.exec(page.url())![1];

  const veraPage = await secondUser(browser, "vera@example.com");
  await veraPage.goto(`/receipt/${id}`);
  await expect(veraPage.getByText("+3,21 ₽")).toBeVisible();
  await expect(veraPage.getByText("Спасибо за <b>ужин</b>")).toBeVisible();
  await veraPage.goto("/bank?tab=history");
  await expect(veraPage.getByTestId("history-row").filter({ hasText: "Спасибо за <b>ужин</b>" }).first()).toBeVisible();
  await veraPage.context().close();
});

for (const theme of ["light", "dark"] as Theme[]) {
  test(`screens of requests and messages, ${theme}`, async ({ page }) => {
    await signInByEmail(page, "boris@example.com");
    await openInTheme(page, "/bank", theme);
    await expect(page.getByRole("link", { name: "Запросить" })).toBeVisible();
    await shootAndAudit(page, "wallet-actions", theme);
    await openInTheme(page, "/requests", theme);
    await page.getByLabel("Сумма").fill("500");
    await page.getByLabel("Сообщение плательщику").fill("На подарок Алисе");
    await shootAndAudit(page, "request-form", theme);
    await page.getByRole("button", { name: "Создать ссылку" }).click();
    await expect(page.getByTestId("request-qr")).toBeVisible();
    const link = await page.getByTestId("request-link").innerText();
    await shootAndAudit(page, "request-created", theme);
    const vera = await secondUser(page.context().browser()!, "vera@example.com");
    await openInTheme(vera, new URL(link).pathname + new URL(link).search, theme);
    await expect(vera.getByRole("button", { name: "Оплатить" })).toBeVisible();
    await shootAndAudit(vera, "request-pay", theme);
    await vera.context().close();

    // A receipt and the history with a message.
    const veraUser = await apiGet<{ id: number }>(page, "/api/v1/users/username/vera_tg");
    const veraRub = (await apiGet<Omit<Wallet, "balance">[]>(page, `/api/v1/wallets/user/${veraUser.id}`)).find((w) => w.currency === "RUB")!;
    const ownRub = (await apiGet<Wallet[]>(page, "/api/v1/wallet")).find((w) => w.currency === "RUB")!;
    const token = await page.evaluate(() => sessionStorage.getItem("access_token"));
    const sent = await page.request.post("/api/v1/transfers", {
      headers: { authorization: `Bearer ${token}` },
      data: { senderWalletId: ownRub.id, receiverWalletId: veraRub.id, amount: 1_500, message: "За обед в пятницу 🍕" },
    });
    expect(sent.status()).toBe(201);
    await openInTheme(page, `/receipt/${(await sent.json()).id}`, theme);
    await expect(page.getByText("За обед в пятницу 🍕")).toBeVisible();
    await shootAndAudit(page, "receipt-message", theme);
    await openInTheme(page, "/bank?tab=history", theme);
    await expect(page.getByTestId("history-row").first()).toBeVisible();
    await shootAndAudit(page, "history-message", theme);
  });
}
