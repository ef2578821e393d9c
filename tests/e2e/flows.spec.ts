import type { Page } from "@playwright/test";
import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from "@zxing/library";
import { expect, openInTheme, screenshot, signInByEmail, test, type Theme } from "./support/fixtures";

/**
 * Money journeys in a real browser against the seeded demo server: boris (e-mail sign-in) tops
 * up and sends money to vera by account number, username and e-mail; deep links and the payment
 * QR; screenshots of these screens in both themes.
 */

type Wallet = { id: number; currency: string; balance: number; number: string };

/** Calls the API as the signed-in user (token from the page's session storage). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem("access_token"));
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const ownWallet = async (page: Page, currency: string) =>
  (await apiGet<Wallet[]>(page, "/api/v1/wallet")).find((w) => w.currency === currency)!;

async function veraWallet(page: Page, currency: string): Promise<Omit<Wallet, "balance">> {
  const vera = await apiGet<{ id: number }>(page, "/api/v1/users/username/vera_tg");
  const wallets = await apiGet<Omit<Wallet, "balance">[]>(page, `/api/v1/wallets/user/${vera.id}`);
  return wallets.find((w) => w.currency === currency)!;
}

const recipientGroup = (page: Page) => page.getByRole("radiogroup", { name: "Счёт получателя" });
const senderGroup = (page: Page) => page.getByRole("radiogroup", { name: "Списать со счёта" });

/** Draws the rendered QR SVG on a canvas and decodes it here, independently of the app. */
async function decodeRenderedQr(page: Page): Promise<string> {
  const { size, rgba } = await page.getByTestId("payment-qr").evaluate(async (svg) => {
    const xml = new XMLSerializer().serializeToString(svg);
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
    await image.decode();
    const side = 280; // the 200-px code plus a white quiet zone
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = side;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, side, side);
    ctx.drawImage(image, 40, 40, 200, 200);
    return { size: side, rgba: Array.from(ctx.getImageData(0, 0, side, side).data) };
  });
  const luminance = new Uint8ClampedArray(size * size);
  for (let i = 0; i < luminance.length; i++) {
    luminance[i] = Math.round((rgba[i * 4] + rgba[i * 4 + 1] + rgba[i * 4 + 2]) / 3);
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, size, size)));
  return new QRCodeReader().decode(bitmap).getText();
}

test.describe("money flows", () => {
  test.beforeEach(async ({ page }) => {
    await signInByEmail(page, "boris@example.com");
  });

  test("online top-up credits the chosen wallet", async ({ page }) => {
    const before = await ownWallet(page, "EUR");
    await page.getByRole("link", { name: "Пополнить" }).click();
    await page.getByRole("link", { name: /Онлайн/ }).click();
    await expect(page).toHaveURL(/\/add-money\/online$/);
    await page.getByRole("radio", { name: "EUR €" }).click();
    await page.getByLabel("Сумма").pressSequentially("12,345");
    await expect(page.getByLabel("Сумма")).toHaveValue("12,34");
    await page.getByRole("button", { name: "Пополнить" }).click();
    await expect(page.getByRole("status")).toHaveText("Кошелек пополнен на 12,34 €");
    expect((await ownWallet(page, "EUR")).balance).toBe(before.balance + 1234);
  });

  /** An account number as the wallet pickers show it: in groups of four. */
  const shown = (number: string) => number.replace(/(\d{4})(?=\d)/g, "$1 ");
  /** Another person's account as the transfer shows it: the last four digits. */
  const masked = (number: string) => `•• ${number.slice(-4)}`;

  const methods = [
    { method: "По номеру счёта", field: "Номер счёта получателя", target: "card", amount: "1.11" },
    { method: "По имени пользователя", field: "Имя пользователя получателя", target: "vera_tg", amount: "2.22" },
    { method: "По e-mail", field: "E-mail получателя", target: "vera@example.com", amount: "3.33" },
  ] as const;

  for (const { method, field, target, amount } of methods) {
    test(`transfer to vera ${method.toLowerCase()}`, async ({ page }) => {
      const veraRub = await veraWallet(page, "RUB");
      const before = await ownWallet(page, "RUB");
      await page.getByRole("link", { name: "Перевести" }).click();
      await page.getByRole("button", { name: method }).click();
      // Step 1: the recipient, named, with her accounts shown by their last four digits only.
      await page.getByLabel(field).fill(target === "card" ? veraRub.number : target);
      await expect(page.getByRole("group", { name: "Получатель" })).toContainText("Вера");
      if (target !== "card") {
        await recipientGroup(page).getByRole("radio", { name: new RegExp(masked(veraRub.number)) }).click();
      }
      await expect(recipientGroup(page).getByRole("radio", { checked: true })).toContainText(masked(veraRub.number));
      await expect(recipientGroup(page)).not.toContainText(shown(veraRub.number));
      await page.getByRole("button", { name: "Продолжить" }).click();
      // Step 2: the sender's RUB wallet follows the recipient's RUB wallet; then the amount.
      await expect(page.getByRole("group", { name: "Получатель" })).toContainText(`Рубли ${masked(veraRub.number)}`);
      await expect(senderGroup(page).getByRole("radio", { checked: true })).toContainText(shown(before.number));
      await page.getByLabel("Сумма").fill(amount);
      const posted: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().endsWith("/api/v1/transfers")) posted.push(request.url());
      });
      await page.getByRole("button", { name: "Перевести" }).click();
      // The confirmation sheet: nothing has been sent yet.
      const sheet = page.getByRole("dialog", { name: "Проверьте перевод" });
      await expect(sheet).toContainText(`•• ${veraRub.number.slice(-4)}`);
      await page.waitForTimeout(300);
      expect(posted).toEqual([]);
      expect((await ownWallet(page, "RUB")).balance).toBe(before.balance);
      await sheet.getByRole("button", { name: "Подтвердить" }).click();
      await expect(page.getByText("Перевод выполнен")).toBeVisible();
      await expect(page).toHaveURL(/\/receipt\/\d+\?new=1$/);
      expect(posted).toHaveLength(1);
      const minor = Math.round(Number(amount) * 100);
      expect((await ownWallet(page, "RUB")).balance).toBe(before.balance - minor);
      await page.getByRole("button", { name: "Готово" }).click();
      await expect(page).toHaveURL(/\/bank/);
    });
  }

  test("a deep link opens the prefilled transfer form", async ({ page }) => {
    const veraUsd = await veraWallet(page, "USD");
    await page.goto(`/transfer-money?method=card&target=${veraUsd.number}&amount=4,5`);
    // Straight to the amount step, everything filled in.
    await expect(page.getByLabel("Сумма")).toHaveValue("4,5");
    await expect(page.getByRole("group", { name: "Получатель" })).toContainText(`Вера`);
    await expect(page.getByRole("group", { name: "Получатель" })).toContainText(`Доллары ${masked(veraUsd.number)}`);
    await expect(senderGroup(page).getByRole("radio", { checked: true })).toContainText("Доллары");
    await expect(page.getByRole("button", { name: "Перевести" })).toBeEnabled();
    // Back goes to the recipient step, with the link's account number in the field.
    await page.getByRole("button", { name: "Назад" }).click();
    await expect(page.getByLabel("Номер счёта получателя")).toHaveValue(veraUsd.number);
    await expect(recipientGroup(page).getByRole("radio", { checked: true })).toContainText(masked(veraUsd.number));
  });

  test("the amount step keeps the amount and its button on a 390×844 screen", async ({ page }) => {
    const veraUsd = await veraWallet(page, "USD");
    await page.goto(`/transfer-money?method=card&target=${veraUsd.number}`);
    await senderGroup(page).getByRole("radio", { name: /Рубли/ }).click();
    await page.getByLabel("Сумма").fill("1000");
    await expect(page.getByText(/Получатель получит/)).toBeVisible();
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByLabel("Сумма")).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: "Перевести" })).toBeInViewport({ ratio: 1 });
    // Live, across currencies: what arrives, the rate and the fee.
    const quote = page.getByRole("status").filter({ hasText: "Получатель получит" });
    await expect(quote).toContainText(/\d+,\d{2}\u00a0\$/);
    await expect(quote).toContainText(/1\u00a0\$ = [\d\u00a0]+,\d{2,4}\u00a0₽/);
    await expect(quote).toContainText("Комиссия0,00\u00a0₽");
  });

  test("a startapp payment link (as Telegram launches the app from it) opens the prefilled transfer", async ({ page }) => {
    const veraUsd = await veraWallet(page, "USD");
    // The payload a t.me/<bot>/<app>?startapp=… link carries (lib/client/start-link.ts).
    const query = `method=card&target=${veraUsd.number}&amount=7.25`;
    const payload = `pay-${Buffer.from(query).toString("base64url")}`;
    await page.goto(`/?startapp=${payload}`);
    await page.waitForURL("**/transfer-money?**");
    await expect(page.getByLabel("Сумма")).toHaveValue("7,25");
    await expect(page.getByRole("group", { name: "Получатель" })).toContainText(`Доллары ${masked(veraUsd.number)}`);
    // Launched without a session: the link waits for the sign-in, then opens the same screen.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`/?startapp=${payload}`);
    await page.getByRole("link", { name: "Войти по e-mail" }).click();
    await signInByEmail(page, "boris@example.com", { open: false, landing: "**/transfer-money?**" });
    await expect(page.getByLabel("Сумма")).toHaveValue("7,25");
  });

  test("the payment QR decodes to the app link, and scanning it opens the transfer", async ({ page }) => {
    const usd = await ownWallet(page, "USD");
    await page.goto("/add-money/qr");
    await page.getByRole("radio", { name: new RegExp(shown(usd.number)) }).click();
    await page.getByLabel("Сумма").fill("150");
    await page.getByRole("button", { name: "Создать QR-код" }).click();
    const qr = page.getByTestId("payment-qr");
    await expect(qr).toHaveAttribute("width", "200");
    const expected = `minibank://transfer?method=card&target=${usd.number}&amount=150.00`;
    expect(await decodeRenderedQr(page)).toBe(expected);

    // The same picture through the scanner page's upload path.
    const picture = await qr.screenshot();
    await page.goto("/qr");
    await page.getByLabel("Загрузить изображение").setInputFiles({
      name: "qr.png",
      mimeType: "image/png",
      buffer: picture,
    });
    await page.waitForURL(/\/transfer-money\?/);
    expect(new URL(page.url()).search).toBe(`?method=card&target=${usd.number}&amount=150.00`);
    // The amount step, prefilled; one's own account is not offered as the sender.
    await expect(page.getByLabel("Сумма")).toHaveValue("150,00");
    await expect(page.getByRole("group", { name: "Получатель" })).toContainText(`Доллары ${masked(usd.number)}`);
    await expect(senderGroup(page).getByRole("radio", { checked: true })).toHaveCount(0);
  });

  // Each component imports the CSS file beside it; a file left out of a screen's build shows here.
  test("the money screens are drawn with the styles beside their components", async ({ page }) => {
    const rub = await veraWallet(page, "RUB");
    await page.goto(`/transfer-money?method=card&target=${rub.number}&amount=1`);
    await senderGroup(page).getByRole("radio", { name: /Доллары/ }).click();
    await expect(page.locator(".choice-mark").first()).toHaveCSS("width", "22px");
    await expect(page.getByLabel("Сумма")).toHaveCSS("border-radius", "12px");
    await expect(page.locator(".transfer-quote")).toHaveCSS("padding", "12px 16px");
    await expect(page.locator(".details-row").first()).toHaveCSS("justify-content", "space-between");
    await expect(page.locator(".sticky-action")).toHaveCSS("position", "sticky");
    await page.getByRole("button", { name: "Перевести" }).click();
    await expect(page.getByRole("dialog", { name: "Проверьте перевод" })).toHaveCSS("border-top-left-radius", "16px");

    await page.goto("/exchange");
    await expect(page.getByLabel(/^Отдаю, /)).toHaveCSS("min-height", "48px");
    await expect(page.locator(".transfer-quote")).toHaveCSS("border-radius", "14px");

    await page.goto("/add-money/online");
    await expect(page.getByRole("radio", { name: "RUB ₽" })).toHaveCSS("border-radius", "9px");
    await page.getByLabel("Сумма").fill("0");
    await page.getByRole("button", { name: "Пополнить" }).click();
    await expect(page.locator(".toast")).toHaveCSS("border-radius", "12px");
    await expect(page.locator(".field-error")).toHaveCSS("font-size", "13px");

    await page.goto("/add-money/qr");
    await page.getByLabel("Сумма").fill("150");
    await page.getByRole("button", { name: "Создать QR-код" }).click();
    await expect(page.getByTestId("payment-qr")).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await expect(page.locator(".qr-link")).toHaveCSS("font-size", "12px");

    const token = await page.evaluate(() => sessionStorage.getItem("access_token"));
    const made = await page.request.post("/api/v1/requests", { headers: { authorization: `Bearer ${token}` }, data: { currency: "RUB", amount: 500, message: "За кофе" } });
    expect(made.status()).toBe(201);
    await page.goto(`/pay?r=${(await made.json()).token}`);
    await expect(page.locator(".receipt-amount")).toHaveCSS("font-size", "28px");
    await expect(page.getByText("За кофе")).toHaveCSS("text-align", "center");
  });
});

test("an unknown path lands on the welcome screen", async ({ page }) => {
  await page.goto("/no-such-page");
  await page.waitForURL((url) => url.pathname === "/");
});

test("money pages send a visitor without a session to /", async ({ page }) => {
  await page.goto("/transfer-money?method=username&target=vera_tg");
  await page.waitForURL((url) => url.pathname === "/");
});

for (const theme of ["light", "dark"] as Theme[]) {
  test(`screens of the money flows, ${theme}`, async ({ page }) => {
    await signInByEmail(page, "boris@example.com");
    await openInTheme(page, "/add-money", theme);
    await expect(page.getByRole("link", { name: /Онлайн/ })).toBeVisible();
    await screenshot(page, "add-money", theme);

    await openInTheme(page, "/add-money/online", theme);
    await page.getByLabel("Сумма").fill("250");
    await page.getByRole("button", { name: "Пополнить" }).click();
    await expect(page.getByRole("status")).toBeVisible();
    await screenshot(page, "add-money-online", theme);

    await openInTheme(page, "/add-money/qr", theme);
    await page.getByLabel("Сумма").fill("150");
    await page.getByRole("button", { name: "Создать QR-код" }).click();
    await expect(page.getByTestId("payment-qr")).toBeVisible();
    await screenshot(page, "add-money-qr", theme);

    await openInTheme(page, "/transfer-money", theme);
    await expect(page.getByText("Кому перевести?")).toBeVisible();
    await screenshot(page, "transfer-choose", theme);

    await openInTheme(page, "/transfer-money?method=username&target=vera_tg&amount=1000", theme);
    await recipientGroup(page).getByRole("radio", { name: /Доллары/ }).click();
    await screenshot(page, "transfer-recipient", theme);
    await page.getByRole("button", { name: "Продолжить" }).click();
    await senderGroup(page).getByRole("radio", { name: /Рубли/ }).click();
    await expect(page.getByText(/Получатель получит/)).toBeVisible();
    await screenshot(page, "transfer-amount", theme);
    await page.getByRole("button", { name: "Перевести" }).click();
    await expect(page.getByRole("dialog", { name: "Проверьте перевод" })).toContainText("1 $ =");
    await screenshot(page, "transfer-confirm", theme);
    await page.getByRole("button", { name: "Подтвердить" }).click();
    await expect(page.getByText("Перевод выполнен")).toBeVisible();
    await expect(page.getByText("Номер операции")).toBeVisible();
    await screenshot(page, "transfer-done", theme);

    await openInTheme(page, "/qr", theme);
    await expect(page.getByText("Загрузить изображение")).toBeVisible();
    await expect(page.getByText(/Камера недоступна|Наведите камеру/)).toBeVisible();
    await screenshot(page, "qr-scanner", theme);

    await openInTheme(page, "/init-data", theme);
    await expect(page.getByRole("status").filter({ hasText: "Вы вошли не через Telegram" })).toBeVisible();
    await screenshot(page, "init-data", theme);
    for (const path of ["theme-params", "launch-params"]) {
      await openInTheme(page, `/${path}`, theme);
      // The launch parameters page lists the client's features in a second list.
      await expect(page.locator("dl.kv-list").first()).toBeVisible();
      await screenshot(page, path, theme);
    }
  });
}

test.describe("receipts", () => {
  test.beforeEach(async ({ page }) => {
    await signInByEmail(page, "boris@example.com");
  });

  test("cancel on the confirmation sheet sends nothing", async ({ page }) => {
    const veraRub = await veraWallet(page, "RUB");
    const before = await ownWallet(page, "RUB");
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/v1/transfers")) posted += 1;
    });
    await page.goto(`/transfer-money?method=card&target=${veraRub.number}&amount=3`);
    await page.getByRole("button", { name: "Перевести" }).click();
    await page.getByRole("dialog", { name: "Проверьте перевод" }).getByRole("button", { name: "Отмена" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: "Перевести" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(posted).toBe(0);
    expect((await ownWallet(page, "RUB")).balance).toBe(before.balance);
  });

  test("a receipt reopens from the history, and shares as text", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const veraRub = await veraWallet(page, "RUB");
    await page.goto(`/transfer-money?method=card&target=${veraRub.number}&amount=7.25`);
    await page.getByRole("button", { name: "Перевести" }).click();
    await page.getByRole("button", { name: "Подтвердить" }).click();
    await expect(page.getByText("Перевод выполнен")).toBeVisible();
    const id = /\/receipt\/(\d+)/.exec(page.url())![1];

    await page.goto("/bank?tab=history");
    const row = page.getByTestId("history-row").filter({ hasText: "7,25 ₽" }).first();
    await row.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/receipt/${id}$`));
    await expect(page.getByText("−7,25 ₽")).toBeVisible();
    await expect(page.getByText(`•• ${veraRub.number.slice(-4)}`)).toBeVisible();
    await expect(page.getByText("Перевод выполнен")).toHaveCount(0);

    // A browser without a share sheet copies the receipt.
    await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
    await page.getByRole("button", { name: "Поделиться" }).click();
    await expect(page.getByText("Квитанция скопирована")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("Квитанция Minibank");
    expect(copied).toContain(`Номер операции: ${id}`);
  });

  test("a receipt that does not exist is not found", async ({ page }) => {
    await page.goto("/receipt/999999999");
    await expect(page.getByText("Квитанция не найдена")).toBeVisible();
    await expect(page.getByRole("button", { name: "Повторить" })).toHaveCount(0);
  });
});

test("the history scrolls past its first 50 transfers, grouped by day", async ({ page }) => {
  await signInByEmail(page, `history-${Date.now()}@example.com`);
  const token = await page.evaluate(() => sessionStorage.getItem("access_token"));
  for (let i = 1; i <= 55; i += 1) {
    const res = await page.request.post("/api/v1/wallet/topup", {
      headers: { authorization: `Bearer ${token}` },
      data: { currency: "RUB", amount: i * 100 },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto("/bank?tab=history");
  await expect(page.getByRole("heading", { name: "Сегодня" })).toBeVisible();
  await expect(page.getByTestId("history-row")).toHaveCount(50);
  // Scrolling to the end loads the rest through the cursor.
  await page.getByTestId("history-row").last().scrollIntoViewIfNeeded();
  await expect(page.getByTestId("history-row")).toHaveCount(55);
  await expect(page.getByRole("button", { name: "Показать ещё" })).toHaveCount(0);
  // The oldest one is the first top-up, 1,00 ₽.
  await expect(page.getByTestId("history-row").last()).toContainText("+1,00 ₽");
});

test("an account's details: copy its number, and send from it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInByEmail(page, "boris@example.com");
  const eur = await ownWallet(page, "EUR");
  await page.getByTestId("account-EUR").getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/account/${eur.id}$`));
  await page.getByRole("button", { name: "Скопировать" }).click();
  await expect(page.getByText("Номер счёта скопирован")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(eur.number);
  await page.getByRole("link", { name: "Перевести" }).click();
  await page.getByRole("button", { name: "По имени пользователя" }).click();
  await page.getByLabel("Имя пользователя получателя").fill("vera_tg");
  await recipientGroup(page).getByRole("radio", { name: /Рубли/ }).click();
  await page.getByRole("button", { name: "Продолжить" }).click();
  await expect(senderGroup(page).getByRole("radio", { checked: true })).toContainText(eur.number.replace(/(\d{4})(?=\d)/g, "$1 "));
});

test("a recent recipient starts a transfer in one tap", async ({ page }) => {
  await signInByEmail(page, "boris@example.com");
  const veraRub = await veraWallet(page, "RUB");
  const own = await ownWallet(page, "RUB");
  const token = await page.evaluate(() => sessionStorage.getItem("access_token"));
  const sent = await page.request.post("/api/v1/transfers", {
    headers: { authorization: `Bearer ${token}` },
    data: { senderWalletId: own.id, receiverWalletId: veraRub.id, amount: 100 },
  });
  expect(sent.status()).toBe(201);
  await page.goto("/transfer-money");
  const recent = page.getByRole("region", { name: "Недавние получатели" });
  // Vera was the last one paid: she leads the list.
  await expect(recent.getByRole("button").first()).toContainText("Вера");
  await expect(recent.getByRole("button").first()).toContainText(`•• ${veraRub.number.slice(-4)}`);
  await recent.getByRole("button").first().click();
  // Straight to the amount step for that account.
  await expect(page.getByLabel("Сумма")).toBeVisible();
  await expect(page.getByRole("group", { name: "Получатель" })).toContainText(`Рубли •• ${veraRub.number.slice(-4)}`);
  await expect(senderGroup(page).getByRole("radio", { checked: true })).toContainText(own.number.replace(/(\d{4})(?=\d)/g, "$1 "));
});
