import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expect, FULL_PAGE_BARS, openInTheme, readCodeFromMailbox, test, type Theme } from "./support/fixtures";
import { settled, THEMES } from "./support/screen-tour";

/**
 * Splitting a bill: Boris splits a picnic with Vera, himself and a share left open to the link;
 * Vera sees who else owes what and pays her share through the request's own pay screen; Boris
 * sees the progress, reminds once (a second reminder is refused), and marks the open share settled
 * outside the app. Screens in both themes and both languages, kept as artifacts (SHOTS_DIR also
 * receives them when set).
 */

type Language = "ru" | "en";
const LABELS = {
  ru: { email: "Электронная почта", getCode: "Получить код" },
  en: { email: "E-mail", getCode: "Get code" },
} as const;

async function signIn(page: Page, email: string, language: Language = "ru"): Promise<void> {
  await page.goto("/email-login");
  await page.getByLabel(LABELS[language].email).fill(email);
  await page.getByRole("button", { name: LABELS[language].getCode }).click();
  await expect(page.getByLabel(language === "ru" ? "Код из письма" : "Code from the e-mail")).toBeFocused();
  await page.keyboard.type(await readCodeFromMailbox(page, email));
  await page.waitForURL("**/bank**");
}

async function person(browser: Browser, email: string, language: Language = "ru"): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: language === "ru" ? "ru-RU" : "en-US",
  });
  const page = await context.newPage();
  await page.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/]).*/, (route) => route.abort());
  await signIn(page, email, language);
  return page;
}

/** Screenshot (test-results/screens, and SHOTS_DIR when set), then axe: nothing serious or critical. */
async function shoot(page: Page, name: string, theme: Theme, language: Language): Promise<void> {
  await settled(page);
  const file = `splits-${name}-${language}-${theme}.png`;
  await page.screenshot({ path: `test-results/screens/${file}`, fullPage: true, style: FULL_PAGE_BARS });
  const dir = process.env.SHOTS_DIR;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${file}`, fullPage: true, style: FULL_PAGE_BARS });
  }
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${file}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a split: made from the requests screen, paid by a participant, reminded once, settled outside the app", async ({ page, browser }) => {
  await signIn(page, "boris@example.com");
  await page.goto("/requests");
  await page.getByRole("link", { name: "Разделить счёт" }).click();
  await page.waitForURL("**/splits");
  await page.getByLabel("За что").fill("Пикник");
  await page.getByLabel("Сумма счёта").fill("900");
  await page.getByLabel("@username, e-mail или номер счёта").fill("vera@example.com");
  await page.getByRole("button", { name: "Добавить", exact: true }).click();
  await page.getByRole("button", { name: "+ Доля по ссылке" }).click();
  // Boris, Vera and the link: 300 ₽ each.
  await expect(page.getByTestId("split-entry")).toHaveCount(3);
  await expect(page.getByTestId("split-entry").filter({ hasText: "300,00 ₽" })).toHaveCount(3);
  await page.getByRole("button", { name: "Разделить", exact: true }).click();
  await page.waitForURL("**/split?s=*");
  const path = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(page.getByRole("heading", { name: "Пикник" })).toBeVisible();
  await expect(page.getByText("Оплачено 1 из 3 · 300,00 ₽ из 900,00 ₽")).toBeVisible();

  const vera = await person(browser, "vera@example.com");
  await vera.goto(path);
  await expect(vera.getByRole("region", { name: "Ваша доля" })).toContainText("300,00 ₽");
  await expect(vera.getByTestId("split-share")).toHaveCount(3);
  await vera.getByRole("button", { name: "Оплатить свою долю" }).click();
  await vera.waitForURL("**/pay?r=*");
  await vera.getByRole("button", { name: "Оплатить" }).click();
  await vera.getByRole("dialog", { name: "Проверьте оплату" }).getByRole("button", { name: "Подтвердить" }).click();
  await expect(vera.getByText("Перевод выполнен")).toBeVisible();
  await vera.goto(path);
  await expect(vera.getByRole("region", { name: "Ваша доля" })).toContainText("оплачено");
  await vera.context().close();

  await page.reload();
  await expect(page.getByText("Оплачено 2 из 3 · 600,00 ₽ из 900,00 ₽")).toBeVisible();
  await page.getByRole("button", { name: "Напомнить" }).click();
  await expect(page.getByText("Напоминание отправлено")).toBeVisible();
  await page.getByRole("button", { name: "Напомнить" }).click();
  await expect(page.getByText(/Напоминание уже отправляли сегодня/)).toBeVisible();
  const open = page.getByTestId("split-share").filter({ hasText: "Доля по ссылке" });
  await open.getByRole("button", { name: "Рассчитались вне приложения" }).click();
  await expect(open.getByText("рассчитались")).toBeVisible();
  await expect(page.getByText("Оплачено 3 из 3 · 900,00 ₽ из 900,00 ₽")).toBeVisible();
});

/** A GET of the API as the signed-in page. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem("access_token"));
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

test("a split from a receipt: the payment's amount, currency and message start the form; money received offers none", async ({ page, browser }) => {
  await signIn(page, "boris@example.com");
  const vera = await apiGet<{ id: number }>(page, "/api/v1/users/username/vera_tg");
  const veraRub = (await apiGet<{ currency: string; number: string }[]>(page, `/api/v1/wallets/user/${vera.id}`)).find((w) => w.currency === "RUB")!;
  await page.goto(`/transfer-money?method=card&target=${veraRub.number}&amount=12.30`);
  await page.getByLabel("Сообщение получателю").fill("Кофе на троих");
  await page.getByRole("button", { name: "Перевести" }).click();
  await page.getByRole("dialog", { name: "Проверьте перевод" }).getByRole("button", { name: "Подтвердить" }).click();
  await expect(page.getByText("Перевод выполнен")).toBeVisible();
  const id = /\/receipt\/(\d+)/.exec(page.url())![1];
  await page.getByRole("button", { name: "Разделить счёт" }).click();
  await page.waitForURL("**/splits?*");
  await expect(page.getByLabel("За что")).toHaveValue("Кофе на троих");
  await expect(page.getByLabel("Сумма счёта")).toHaveValue("12,30");
  await expect(page.getByRole("radio", { name: "RUB ₽" })).toBeChecked();
  // Back returns to the receipt the form was opened from.
  await page.getByRole("button", { name: "Назад" }).click();
  await page.waitForURL(`**/receipt/${id}`);
  await expect(page.getByRole("button", { name: "Разделить счёт" })).toBeVisible();

  // Made: the split's Back returns to the receipt; the browser's Back shows the form as it was
  // sent, and sending it again opens the same split rather than making a second one.
  await page.getByRole("button", { name: "Разделить счёт" }).click();
  await page.waitForURL("**/splits?*");
  await page.getByRole("button", { name: "+ Доля по ссылке" }).click();
  const splitsBefore = (await apiGet<unknown[]>(page, "/api/v1/splits")).length;
  await page.getByRole("button", { name: "Разделить", exact: true }).click();
  await page.waitForURL(`**/split?s=*&receipt=${id}`);
  const made = page.url();
  await page.goBack();
  await page.waitForURL("**/splits?*");
  await expect(page.getByTestId("split-entry")).toHaveCount(2);
  await page.getByRole("button", { name: "Разделить", exact: true }).click();
  await page.waitForURL(`**/split?s=*&receipt=${id}`);
  expect(page.url()).toBe(made);
  expect((await apiGet<unknown[]>(page, "/api/v1/splits")).length).toBe(splitsBefore + 1);
  await page.getByRole("button", { name: "Назад" }).click();
  await page.waitForURL(`**/receipt/${id}`);

  const veraPage = await person(browser, "vera@example.com");
  await veraPage.goto(`/receipt/${id}`);
  await expect(veraPage.getByText("+12,30 ₽")).toBeVisible();
  await expect(veraPage.getByRole("button", { name: "Поделиться" })).toBeVisible();
  await expect(veraPage.getByRole("button", { name: "Разделить счёт" })).toHaveCount(0);
  await veraPage.context().close();
});

test("split screens in both themes and languages", async ({ browser }) => {
  test.setTimeout(360_000);
  for (const language of ["ru", "en"] as const) {
    // Vera organises the demo's taxi split (Alice owes a share of it).
    const vera = await person(browser, "vera@example.com", language);
    for (const theme of THEMES) {
      await openInTheme(vera, "/splits", theme);
      await expect(vera.getByTestId("split-row").first()).toBeVisible();
      await shoot(vera, "form", theme, language);
      await vera.getByTestId("split-row").filter({ hasText: "Такси" }).getByRole("link").click();
      await vera.waitForURL("**/split?s=*");
      await expect(vera.getByTestId("split-share").first()).toBeVisible();
      const url = new URL(vera.url());
      await openInTheme(vera, url.pathname + url.search, theme);
      await expect(vera.getByTestId("split-share").first()).toBeVisible();
      await shoot(vera, "organiser", theme, language);
    }
    // Vera also owes a share of Alice's demo dinner: her own share, who else owes what.
    for (const theme of THEMES) {
      await openInTheme(vera, "/splits", theme);
      await vera.getByTestId("split-row").filter({ hasText: "Ужин" }).getByRole("link").click();
      await vera.waitForURL("**/split?s=*");
      const url = new URL(vera.url());
      await openInTheme(vera, url.pathname + url.search, theme);
      await expect(vera.getByTestId("split-share").first()).toBeVisible();
      await shoot(vera, "participant", theme, language);
    }
    await vera.context().close();
  }
});
