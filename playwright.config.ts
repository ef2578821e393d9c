import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/chromium";
import { E2E_BOT_TOKEN } from "./tests/e2e/support/init-data";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * Workers, each with a demo server of its own on a fresh database (ports PORT, PORT + 2, …; the
 * proxy run takes PORT + 1), so journeys of different workers never share customers or a mailbox.
 * One by default: on two cores two browsers and two servers keep the load near 14, the tours ran
 * past their limits, and the run was no faster (docs/testing.md, Workers).
 */
const SERVERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const portOf = (index: number) => PORT + 2 * index;
/**
 * The server of the worker this config is loaded in: Playwright loads the config again in every
 * worker process, with TEST_PARALLEL_INDEX set (0 in the runner itself).
 */
const OWN_PORT = portOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/**
 * End-to-end journeys in Debian's Chromium (never a downloaded browser) against a production
 * build in demo mode, on a fresh seeded database. scripts/test.sh builds first and passes
 * E2E_SKIP_BUILD=1.
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: SERVERS,
  retries: 0,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }], ["./tests/support/reporters/playwright-slowest.ts"]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL: `http://localhost:${OWN_PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    locale: "ru-RU",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: Array.from({ length: SERVERS }, (_, index) => ({
    command: `npx tsx --conditions=react-server scripts/demo.ts --fresh${
      process.env.E2E_SKIP_BUILD ? " --no-build" : ""
    }`,
    url: `http://localhost:${portOf(index)}/login`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(portOf(index)),
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-e2e",
      NEXT_PUBLIC_TON_TEST_WALLET: "1",
      // The journeys run offline: the TON wallets list comes from the bundled copy.
      TON_WALLETS_LIST_URL: "bundled",
      // Every journey signs in from 127.0.0.1, often as the same few people.
      AUTH_CODE_LIMIT_PER_IP: "1000",
      AUTH_CODE_LIMIT_PER_EMAIL: "1000",
      AUTH_CODE_LIMIT_PER_EMAIL_TOTAL: "1000",
      AUTH_VERIFY_LIMIT_PER_IP: "1000",
      LOOKUP_LIMIT_PER_USER: "1000",
      TRANSFER_LIMIT_PER_USER: "1000",
      TOPUP_COUNT_DAILY_LIMIT: "1000",
      EXCHANGE_COUNT_DAILY_LIMIT: "1000",
      INSIGHTS_LIMIT_PER_USER: "1000",
      PAYMENT_REQUEST_LIMIT_PER_USER: "1000",
      SHARE_LIMIT_PER_USER: "1000",
      LOG_LEVEL: "warn",
      // Known to the journeys, which sign init data the way particular Telegram clients send it.
      TELEGRAM_BOT_TOKEN: E2E_BOT_TOKEN,
    },
  })),
});
