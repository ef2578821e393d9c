import { test as base, expect, type Page } from "@playwright/test";

/**
 * Shared e2e fixtures: every page blocks requests that leave the machine (the product must work
 * offline), and console errors are collected so a test can assert a quiet console.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, provide) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await provide(errors);
  },
  page: async ({ page }, provide) => {
    await page.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/]).*/, (route) => route.abort());
    await provide(page);
  },
});

export { expect };

export type Theme = "light" | "dark";

/**
 * The app's own alerts. Next.js's route announcer has role="alert" too, and after a client-side
 * navigation it announces the new page's title.
 */
export function alerts(page: Page) {
  return page.locator('[role="alert"]:not(#__next-route-announcer__)').filter({ hasText: /\S/ });
}

/** Opens a path in the given Telegram theme (the plain-browser mock reads `?theme=`). */
export async function openInTheme(page: Page, path: string, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  const url = new URL(path, "http://placeholder");
  url.searchParams.set("theme", theme);
  await page.goto(`${url.pathname}${url.search}`);
}

/** Saves a full-page screenshot as a test artifact: test-results/screens/<name>-<theme>.png. */
export async function screenshot(page: Page, name: string, theme: Theme): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}-${theme}.png`, fullPage: true });
}

/** Reads the newest 6-digit code sent to `email` from the demo mailbox page. */
export async function readCodeFromMailbox(page: Page, email: string): Promise<string> {
  const mailbox = await page.context().newPage();
  try {
    await mailbox.goto("/dev/mailbox");
    const text = await mailbox.locator("body").innerText();
    const start = text.indexOf(email);
    const match = /\b(\d{6})\b/.exec(start >= 0 ? text.slice(start) : text);
    if (!match) throw new Error(`no code for ${email} in the demo mailbox`);
    return match[1];
  } finally {
    await mailbox.close();
  }
}

/**
 * Signs in through the real e-mail flow and waits for /bank. The mailbox is read only once the
 * code step shows, i.e. after the new code was stored (earlier it could hold an older code).
 */
export async function signInByEmail(page: Page, email: string): Promise<void> {
  await page.goto("/email-login");
  await page.getByLabel("Электронная почта").fill(email);
  await page.getByRole("button", { name: "Получить код" }).click();
  await expect(page.getByLabel("Код из письма")).toBeFocused();
  await page.keyboard.type(await readCodeFromMailbox(page, email));
  await page.waitForURL("**/bank**");
}
