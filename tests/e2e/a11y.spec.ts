import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signInOnce, test, type Theme } from "./support/fixtures";
import { THEMES, tourSignedIn, tourSignedOut } from "./support/screen-tour";

/**
 * Accessibility audit (axe, WCAG 2 A and AA) of every screen in Telegram's light and dark themes.
 * Serious and critical findings fail the test; every screen is checked before it fails, and the
 * message lists each rule with the offending elements.
 *
 * One page is shared across the tests (tokens live in sessionStorage, so the tab is the session;
 * after a failure the next worker opens a new page and signs in again):
 * signed-out screens first, then one e-mail sign-in, then the screens behind the session.
 */

type Finding = { screen: string; rule: string };

async function audit(page: Page, screen: string, theme: Theme, findings: Finding[]): Promise<void> {
  const axe = () => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
  const results = await axe()
    // TON Connect UI's modal/notification layer is the library's own markup (not ours to change).
    .exclude("#tc-widget-root")
    .exclude("#ton-connect-button")
    .analyze();
  const violations = [...results.violations];
  if ((await page.locator("#ton-connect-button").count()) > 0) {
    // The widget's connect button sits in our layout and is checked for everything but contrast:
    // its colour is TON Connect's brand accent #0098EA (spec §3), which gives white labels 3.1:1.
    const button = await axe().include("#ton-connect-button").disableRules(["color-contrast"]).analyze();
    violations.push(...button.violations);
  }
  for (const v of violations) {
    if (v.impact !== "serious" && v.impact !== "critical") continue;
    const nodes = v.nodes
      .map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ")}`)
      .join("\n");
    findings.push({ screen: `${screen}-${theme}`, rule: `${v.id} (${v.impact}): ${v.help}\n${nodes}` });
  }
}

function report(findings: Finding[]): string {
  return findings.map((f) => `[${f.screen}] ${f.rule}`).join("\n\n");
}

test.describe("accessibility of every screen", () => {
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext()).newPage();
    // Like the shared fixture: nothing may leave the machine.
    await page.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/]).*/, (route) => route.abort());
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  for (const theme of THEMES) {
    test(`signed-out screens, ${theme}`, async () => {
      const findings: Finding[] = [];
      await tourSignedOut(page, theme, (name) => audit(page, name, theme, findings), "a11y@example.com");
      expect(findings, report(findings)).toEqual([]);
    });
  }

  for (const theme of THEMES) {
    test(`screens behind the session, ${theme}`, async () => {
      test.setTimeout(120_000);
      await signInOnce(page, "boris@example.com");
      const findings: Finding[] = [];
      await tourSignedIn(page, theme, (name) => audit(page, name, theme, findings));
      expect(findings, report(findings)).toEqual([]);
    });
  }
});
