// A customer's journey in a plain browser against a production frontend: a page that records what
// it asked of the API and what was refused, e-mail sign-in, a top-up and a transfer.
import type { Browser, Page } from "@playwright/test";

export type WatchedPage = {
  page: Page;
  /** Every API request, as "METHOD origin/path". */
  apiCalls: string[];
  /** Every answer of 400 or more ("status url"). */
  failed: string[];
  consoleErrors: string[];
};

/**
 * A Russian-speaking customer at phone size (outside Telegram the screens follow the browser's
 * language), watched. The favicon is left out: the app has none, and the browser asks on its own.
 */
export async function watchedPage(browser: Browser): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: "ru-RU" });
  const watched: WatchedPage = { page, apiCalls: [], failed: [], consoleErrors: [] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) watched.apiCalls.push(`${request.method()} ${url.origin}${url.pathname}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().endsWith("/favicon.ico")) watched.failed.push(`${response.status()} ${response.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico")) watched.consoleErrors.push(`${message.text()} ${message.location().url}`);
  });
  return watched;
}

/**
 * E-mail sign-in on the frontend at `front`, up to the wallet. `code.beforeAsking` runs just before
 * the code is asked for; `code.read` once the code step shows.
 */
export async function signInOnFront(page: Page, front: string, email: string, code: { beforeAsking?: () => void; read: () => Promise<string> | string }) {
  await page.goto(`${front}/email-login`);
  await page.getByLabel("Электронная почта").fill(email);
  code.beforeAsking?.();
  await page.getByRole("button", { name: "Получить код" }).click();
  await page.getByRole("heading", { name: "Введите код" }).waitFor();
  await page.keyboard.type(await code.read());
  await page.waitForURL("**/bank**");
  await page.getByTestId("account-RUB").waitFor();
}

/** A 100,00 ₽ top-up, then 12,50 ₽ to the account `number`, confirmed, up to its receipt. */
export async function topUpAndSend(page: Page, front: string, number: string) {
  await page.goto(`${front}/add-money/online`);
  await page.getByLabel("Сумма").fill("100");
  await page.getByRole("button", { name: "Пополнить" }).click();
  await page.getByRole("status").filter({ hasText: "Кошелек пополнен" }).waitFor();
  await page.goto(`${front}/transfer-money?method=card&target=${number}&amount=12.5`);
  await page.getByRole("button", { name: "Перевести" }).click();
  await page.getByRole("button", { name: "Подтвердить" }).click();
  await page.getByText("Перевод выполнен").waitFor();
  await page.getByText("Номер операции").waitFor();
}
