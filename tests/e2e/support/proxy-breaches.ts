import fs from "node:fs";
import { PROXY_REPORT } from "../../../playwright.proxy.config";

/**
 * After the journeys through `npm run contract -- proxy`: the proxy must have checked the API's
 * answers and found none that breaks the OpenAPI document.
 */
export default function proxyBreaches(): void {
  const summary = JSON.parse(fs.readFileSync(PROXY_REPORT, "utf8")) as { checked: number; breaches: number; lines: string[] };
  console.log(`proxy summary: ${summary.checked} answers checked, ${summary.breaches} breaches`);
  if (summary.checked === 0) throw new Error("the proxy checked no answer: the journeys did not go through it");
  if (summary.breaches > 0) throw new Error(`the proxy found answers that break the document:\n${summary.lines.join("\n")}`);
}
