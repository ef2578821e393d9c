import type { Page } from "@playwright/test";
import { expect, openInTheme, screenshot, signInOnce, test } from "./support/fixtures";
import { THEMES, settled, tourSignedIn, tourSignedOut } from "./support/screen-tour";
import { audit, report, type Finding } from "./support/axe-audit";
import { finishAudit } from "./support/finish-audit";

/**
 * One tour of every screen at phone size (390×844) in each of Telegram's light and dark themes,
 * which at each screen saves a screenshot (test-results/screens/<screen>-<theme>.png, for a person
 * to look at), checks for layout faults (see layoutFaults) and audits accessibility (axe, WCAG 2 A
 * and AA: tests/e2e/support/axe-audit.ts); the screens behind the session again at the smallest
 * common phone width (360 px, `<screen>-360-light.png`), and the bank and a transfer on a desktop.
 *
 * One page is shared across the tests (tokens live in sessionStorage, so the tab is the session).
 */

/**
 * Layout faults on the current screen: anything wider than the viewport, and parts of a row
 * (list rows, account rows, key/value rows) whose drawn text runs into each other, which a
 * long unbreakable number does on a narrow phone.
 */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const faults: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : ""}`;
    if (document.documentElement.scrollWidth > width) {
      faults.push(`page scrolls sideways: ${document.documentElement.scrollWidth}px`);
    }
    for (const el of Array.from(document.querySelectorAll("main *"))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // What only screen readers read (a chart's figures as a table) is never drawn.
      if (el.closest(".visually-hidden")) continue;
      if (box.right > width + 0.5 || box.left < -0.5) {
        faults.push(`${describe(el)} sticks out: ${Math.round(box.left)}..${Math.round(box.right)}px`);
      }
    }
    // Where each part's content is actually drawn (overflowing text goes past its element's box,
    // up to the nearest element that clips it, such as a line cut with an ellipsis).
    const drawn = (el: Element) => {
      const spans: { left: number; right: number }[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let clip: DOMRect | null = null;
        for (let up = node.parentElement; up && el.contains(up); up = up.parentElement) {
          if (getComputedStyle(up).overflow !== "visible") {
            clip = up.getBoundingClientRect();
            break;
          }
        }
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) {
          if (r.width <= 0 || r.height <= 0) continue;
          spans.push(clip ? { left: Math.max(r.left, clip.left), right: Math.min(r.right, clip.right) } : r);
        }
      }
      const box = el.getBoundingClientRect();
      return spans.length === 0
        ? null
        : { left: Math.min(...spans.map((r) => r.left)), right: Math.max(...spans.map((r) => r.right)), top: box.top, bottom: box.bottom };
    };
    for (const row of Array.from(document.querySelectorAll(".list-item, .account, .kv-row"))) {
      const parts = Array.from(row.children)
        .map((el) => ({ el, box: drawn(el) }))
        .filter((p): p is { el: Element; box: NonNullable<ReturnType<typeof drawn>> } => p.box !== null);
      for (let i = 0; i < parts.length; i++) {
        for (let j = i + 1; j < parts.length; j++) {
          const [a, b] = [parts[i].box, parts[j].box];
          const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (overlapX > 1 && overlapY > 1) {
            faults.push(`${describe(parts[i].el)} runs into ${describe(parts[j].el)} in "${row.textContent?.trim()}"`);
          }
        }
      }
    }
    return faults;
  });
}

test.describe("screens at phone size", () => {
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    // Like the shared fixture: nothing may leave the machine.
    await page.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/]).*/, (route) => route.abort());
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  /**
   * At each screen of a tour: its screenshot, its layout faults, its accessibility findings and the
   * finishing audit's faults (tests/e2e/support/finish-audit.ts).
   */
  const visit = (theme: "light" | "dark", problems: string[], findings: Finding[]) => async (name: string) => {
    await screenshot(page, name, theme);
    for (const problem of await layoutFaults(page)) problems.push(`${name}-${theme}: ${problem}`);
    problems.push(...(await finishAudit(page, `${name}-${theme}`)));
    await audit(page, name, theme, findings);
  };

  for (const theme of THEMES) {
    test(`signed-out screens, ${theme}: screenshots, layout and accessibility`, async () => {
      const problems: string[] = [];
      const findings: Finding[] = [];
      await tourSignedOut(page, theme, visit(theme, problems, findings), "screens@example.com");
      expect(problems).toEqual([]);
      expect(findings, report(findings)).toEqual([]);
    });
  }

  // The longest tours: two workers share the machine's two cores with their servers.
  for (const theme of THEMES) {
    test(`screens behind the session, ${theme}: screenshots, layout and accessibility`, async () => {
      test.setTimeout(240_000);
      await signInOnce(page, "boris@example.com");
      const problems: string[] = [];
      const findings: Finding[] = [];
      await tourSignedIn(page, theme, visit(theme, problems, findings));
      expect(problems).toEqual([]);
      expect(findings, report(findings)).toEqual([]);
    });
  }

  test("the bank tabs show skeletons while their data loads", async () => {
    await signInOnce(page, "boris@example.com");
    for (const theme of THEMES) {
      for (const [tab, held] of [
        ["wallet", /\/api\/v1\/wallet(\?|$)/],
        ["history", /\/api\/v1\/transfers/],
      ] as const) {
        // Hold the tab's data until the loading state is on film, then let it through.
        let release: () => void = () => undefined;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const handler = async (route: import("@playwright/test").Route) => {
          await gate;
          await route.fallback();
        };
        await page.route(held, handler);
        await openInTheme(page, tab === "wallet" ? "/bank" : "/bank?tab=history", theme);
        await expect(page.locator(".skeleton").first()).toBeVisible();
        await screenshot(page, `bank-${tab}-loading`, theme);
        release();
        await expect(page.locator(".skeleton")).toHaveCount(0);
        await page.unroute(held, handler);
      }
    }
  });

  test("every screen behind the session at 360 px; the bank and a transfer on a desktop", async () => {
    test.setTimeout(240_000);
    await signInOnce(page, "boris@example.com");
    const problems: string[] = [];
    await page.setViewportSize({ width: 360, height: 740 });
    await tourSignedIn(page, "light", async (name) => {
      await screenshot(page, `${name}-360`, "light");
      for (const problem of await layoutFaults(page)) problems.push(`${name}-360: ${problem}`);
    });

    await page.setViewportSize({ width: 1280, height: 800 });
    await openInTheme(page, "/bank", "light");
    await expect(page.getByTestId("total-balance")).toHaveText(/\d,\d{2}\u00a0₽$/);
    await expect(page.locator("#ton-connect-button button").first()).toBeVisible();
    await settled(page);
    // The column stays phone-wide and centred.
    const main = (await page.locator("main").boundingBox())!;
    expect(main.width).toBeLessThanOrEqual(480);
    expect(Math.abs(main.x * 2 + main.width - 1280)).toBeLessThanOrEqual(1);
    for (const problem of await layoutFaults(page)) problems.push(`bank-wallet-1280: ${problem}`);
    await screenshot(page, "bank-wallet-1280", "light");

    await openInTheme(page, "/transfer-money?method=username&target=vera_tg&amount=10", "dark");
    await expect(page.getByRole("radiogroup", { name: "Счёт получателя" })).toBeVisible();
    await settled(page);
    for (const problem of await layoutFaults(page)) problems.push(`transfer-recipient-1280: ${problem}`);
    await screenshot(page, "transfer-recipient-1280", "dark");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(problems).toEqual([]);
  });
});
