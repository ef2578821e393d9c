import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const PROXY_PORT = Number(process.env.E2E_PROXY_PORT ?? PORT + 1);
/** Where `npm run contract -- proxy` keeps its running summary (read by the global teardown). */
export const PROXY_REPORT = "test-results/e2e-proxy/proxy-summary.json";

/**
 * The sign-in, wallet, top-up, transfer, history and receipt journeys again, with the browser
 * talking to `npm run contract -- proxy` in front of the demo server: every answer of a documented
 * operation is checked against the OpenAPI document, and the run fails on any breach
 * (tests/e2e/support/proxy-breaches.ts). Each distinct sequence of API operations goes through the
 * proxy once: the dark-theme repeats of a journey and the journeys that only look at how a screen
 * is drawn or where a path leads (operations the others already make) run only in the main run.
 */
const SAME_OPERATIONS = [/\(dark\)$/, /, dark$/, /drawn with the styles/, /keeps the amount and its button/, /unknown path/, /without a session to/];
export default defineConfig({
  ...base,
  // One worker, and the demo server it checks behind the proxy.
  workers: 1,
  testMatch: ["login.spec.ts", "flows.spec.ts"],
  grepInvert: SAME_OPERATIONS,
  outputDir: "test-results/e2e-proxy",
  reporter: [["list"], ["./tests/support/reporters/playwright-slowest.ts"]],
  globalTeardown: "./tests/e2e/support/proxy-breaches.ts",
  use: { ...base.use, baseURL: `http://localhost:${PROXY_PORT}` },
  webServer: [
    { ...(Array.isArray(base.webServer) ? base.webServer[0] : base.webServer!) },
    {
      command: `npx tsx scripts/contract.ts proxy http://localhost:${PORT} --port ${PROXY_PORT} --host localhost --report ${PROXY_REPORT}`,
      url: `http://localhost:${PROXY_PORT}/login`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
