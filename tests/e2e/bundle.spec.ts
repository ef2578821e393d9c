import type { Page } from "@playwright/test";
import { test, expect, signInByEmail } from "./support/fixtures";

/**
 * The TON Connect widget (~160 KB gzip) must load only where it is shown. Sign-in screens must
 * not download any of it. Markers: the library's custom element and attributes, its storage keys
 * and its error texts, which survive minification.
 */
const MARKERS = ["tc-root", "data-tc-connect-button", "ton-connect-ui", "TON_CONNECT_SDK", "You have to specify a `manifestUrl`"];

/** Loads a path and returns the JavaScript it downloaded, by URL. */
async function scriptsOf(page: Page, path: string): Promise<Map<string, string>> {
  const scripts = new Map<string, string>();
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    const url = response.url();
    if (!/\.m?js(\?|$)/.test(new URL(url).pathname + new URL(url).search)) return;
    pending.push(
      response
        .text()
        .then((body) => void scripts.set(url, body))
        .catch(() => undefined),
    );
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  return scripts;
}

function withMarkers(scripts: Map<string, string>): string[] {
  return [...scripts].filter(([, body]) => MARKERS.some((m) => body.includes(m))).map(([url]) => url);
}

for (const path of ["/", "/email-login"]) {
  test(`${path} downloads no TON Connect code`, async ({ page }) => {
    const scripts = await scriptsOf(page, path);
    expect(scripts.size).toBeGreaterThan(0);
    expect(withMarkers(scripts)).toEqual([]);
  });
}

test("/ton-connect does download it (the markers are real)", async ({ page }) => {
  const scripts = await scriptsOf(page, "/ton-connect");
  await expect(page.locator("#ton-connect-button button")).toBeVisible();
  expect(withMarkers(scripts).length).toBeGreaterThan(0);
});

test("/bank downloads none of it until the connect button is pressed", async ({ page }) => {
  await signInByEmail(page, "boris@example.com");
  const scripts = await scriptsOf(page, "/bank");
  await expect(page.getByTestId("total-balance")).toBeVisible();
  expect(scripts.size).toBeGreaterThan(0);
  expect(withMarkers(scripts)).toEqual([]);

  await page.getByRole("button", { name: "Подключить кошелёк" }).click();
  await expect(page.locator("#ton-connect-button [data-tc-connect-button]")).toBeVisible();
  await expect.poll(() => withMarkers(scripts).length).toBeGreaterThan(0);
});
