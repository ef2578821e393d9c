import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { Theme } from "./fixtures";

/**
 * Accessibility audit (axe, WCAG 2 A and AA) of the screen a page shows: serious and critical
 * findings are collected with the screen's name, so every screen of a tour is checked before the
 * test fails, and the message lists each rule with the offending elements.
 */
export type Finding = { screen: string; rule: string };

export async function audit(page: Page, screen: string, theme: Theme, findings: Finding[]): Promise<void> {
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

export function report(findings: Finding[]): string {
  return findings.map((f) => `[${f.screen}] ${f.rule}`).join("\n\n");
}
