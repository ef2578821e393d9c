import { expect, test } from "@playwright/test";

// The API reference (the settings' developer link): Redoc renders the served OpenAPI document, everything from this
// origin. Redoc's side menu always asks for its maker's logo from cdn.redoc.ly; the page's CSP
// refuses it (the menu then drops the picture), so nothing leaves this origin — and nothing else tries.
const REDOCLY_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";

test("the API reference at /api/docs renders the document offline", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  const answeredFromElsewhere: string[] = [];
  const problems: string[] = [];
  const isForeign = (url: string) => !url.startsWith(origin) && !url.startsWith("blob:") && !url.startsWith("data:");
  page.on("request", (request) => {
    if (isForeign(request.url()) && request.url() !== REDOCLY_LOGO) foreign.push(request.url());
  });
  page.on("response", (response) => {
    if (isForeign(response.url())) answeredFromElsewhere.push(response.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes(REDOCLY_LOGO)) problems.push(message.text());
  });

  const res = await page.goto("/api/docs");
  expect(res?.status()).toBe(200);
  expect(res?.headers()["content-security-policy"]).toContain("script-src 'self'");
  // Redoc lays out the whole document (every operation, ~160 KB) before its first heading.
  await expect(page.getByRole("heading", { name: /Minibank API/ })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: "test-results/screens/api-docs.png" });
  const transfer = page.getByRole("heading", { name: /Transfer from one of the caller's wallets/ });
  await transfer.scrollIntoViewIfNeeded();
  await expect(transfer).toBeVisible();
  // The 201 answer and the error codes come from the route's contract.
  await expect(page.getByText("INSUFFICIENT_FUNDS", { exact: false }).first()).toBeAttached();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/screens/api-docs-wide.png" });

  expect(foreign).toEqual([]);
  expect(answeredFromElsewhere).toEqual([]);
  expect(problems).toEqual([]);
});
