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

/**
 * A full page has no bottom edge for a sticky or fixed bar to stay at: a full-page picture draws the
 * bars (the screen's action, the bank's tabs) where they sit in the page's flow, not over whatever
 * happened to be at the bottom of the first view.
 */
export const FULL_PAGE_BARS = ".sticky-action, .tab-bar { position: static !important; }";

/** Saves a full-page screenshot as a test artifact: test-results/screens/<name>-<theme>.png. */
export async function screenshot(page: Page, name: string, theme: Theme): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}-${theme}.png`, fullPage: true, style: FULL_PAGE_BARS });
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

/** The words the e-mail sign-in screens use, by the language the page is in. */
const SIGN_IN_WORDS = {
  ru: { email: "Электронная почта", getCode: "Получить код", code: "Код из письма" },
  en: { email: "E-mail", getCode: "Get code", code: "Code from the e-mail" },
} as const;

export type SignInOptions = {
  /** The language the page is in (Russian by default). */
  language?: keyof typeof SIGN_IN_WORDS;
  /** Opens /email-login first (the default); false when the page already shows it. */
  open?: boolean;
  /** Where the sign-in lands (glob, as `page.waitForURL` takes it): /bank by default. */
  landing?: string;
};

/**
 * Asks for a sign-in code for `email` and returns it once the code step shows, i.e. once the new
 * code was stored (the mailbox read earlier could hold an older code of the same address).
 */
export async function askForCode(page: Page, email: string, options: SignInOptions = {}): Promise<string> {
  const words = SIGN_IN_WORDS[options.language ?? "ru"];
  if (options.open !== false) await page.goto("/email-login");
  await page.getByLabel(words.email).fill(email);
  await page.getByRole("button", { name: words.getCode }).click();
  await expect(page.getByLabel(words.code)).toBeFocused();
  return readCodeFromMailbox(page, email);
}

/** Signs in through the real e-mail flow and waits for where it lands (/bank unless told). */
export async function signInByEmail(page: Page, email: string, options: SignInOptions = {}): Promise<void> {
  const code = await askForCode(page, email, options);
  await page.keyboard.type(code);
  await page.waitForURL(options.landing ?? "**/bank**");
}

/** Signs in by e-mail unless the page already holds a session (the tests of a suite that share one page). */
export async function signInOnce(page: Page, email: string, options: SignInOptions = {}): Promise<void> {
  const signedIn = page.url().startsWith("http") && (await page.evaluate(() => Boolean(sessionStorage.getItem("access_token"))));
  if (!signedIn) await signInByEmail(page, email, options);
}
