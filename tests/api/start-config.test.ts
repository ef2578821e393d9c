import { spawnSync } from "node:child_process";
import { checkProductionEnv } from "@/lib/server/platform/env";

const good = {
  JWT_SECRET: "x".repeat(32),
  TELEGRAM_BOT_TOKEN: "7000000001:AAbbCCddEEffGGhhIIjjKKll",
  SMTP_URL: "smtp://127.0.0.1:2525",
  SMTP_FROM: "Minibank <no-reply@example.com>",
  APP_URL: "https://minibank.example.com",
};

describe("production configuration", () => {
  it("accepts a complete configuration", () => {
    expect(checkProductionEnv(good)).toEqual([]);
  });

  it("names each missing or weak variable on its own line", () => {
    expect(checkProductionEnv({})).toHaveLength(5);
    const weak = checkProductionEnv({ ...good, JWT_SECRET: "short", APP_URL: "minibank" });
    expect(weak).toEqual([
      expect.stringContaining("JWT_SECRET is too weak"),
      expect.stringContaining("APP_URL must be an http(s) URL"),
    ]);
    expect(checkProductionEnv({ ...good, TELEGRAM_BOT_TOKEN: "nope" })).toEqual([
      expect.stringContaining("TELEGRAM_BOT_TOKEN"),
    ]);
  });

  it("refuses the demo's clock control", () => {
    expect(checkProductionEnv({ ...good, MINIBANK_DEV_CLOCK: "1" })).toEqual([expect.stringContaining("MINIBANK_DEV_CLOCK")]);
    expect(checkProductionEnv({ ...good, MINIBANK_DEV_CLOCK: "" })).toEqual([]);
  });

  it("npm start refuses to start with the clock control outside the demo", () => {
    const result = spawnSync("npx", ["tsx", "--conditions=react-server", "scripts/start.ts"], {
      env: { ...good, NODE_ENV: "production", MINIBANK_DEV_CLOCK: "1", DATABASE_URL: "file:/nonexistent/refused.db", PATH: process.env.PATH, HOME: process.env.HOME },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("MINIBANK_DEV_CLOCK is set");
    expect(result.stderr).not.toContain("is missing");
  }, 60_000);

  it("npm start refuses to start without secrets and exits non-zero", () => {
    const result = spawnSync("npx", ["tsx", "--conditions=react-server", "scripts/start.ts"], {
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SMTP_URL: good.SMTP_URL,
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("JWT_SECRET is missing");
    expect(result.stderr).toContain("TELEGRAM_BOT_TOKEN is missing");
    expect(result.stderr).toContain("APP_URL is missing");
    expect(result.stderr).not.toContain("SMTP_URL is missing");
  }, 60_000);
});
