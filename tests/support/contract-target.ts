import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, freePort, startServer, type AppServer } from "@/scripts/app-server";
import { startFakeBotApi, type FakeBotApi } from "@/tests/support/fake-bot-api";
import { productionEnv, serveRecordedRates, type RatesSource } from "@/tests/support/production-env";

/**
 * Minibank's production build under `npm start`, as `npm run contract` meets it: rates imported
 * from a recorded file, mail over SMTP to the suite's own server on `smtpPort`, Telegram sign-in
 * with `botToken`. The sign-in limits per client address are raised: every suite run signs in
 * several users from 127.0.0.1.
 */
export type ContractTarget = { server: AppServer; smtpPort: number; botToken: string; stop(): Promise<void> };

export async function startContractTarget(name: string, extra: Record<string, string> = {}): Promise<ContractTarget> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `minibank-${name}-`));
  const ratesSource: RatesSource = await serveRecordedRates();
  const distDir = await ensureBuild({ mode: "production", distDir: ".next-prod" });
  const port = await freePort();
  const smtpPort = await freePort();
  const botToken = `7000000003:${crypto.randomBytes(24).toString("base64url")}`;
  const botApi: FakeBotApi = await startFakeBotApi(botToken);
  const server = await startServer({
    distDir,
    port,
    npmStart: true,
    logFile: path.join(work, "server.log"),
    timeoutMs: 120_000,
    env: productionEnv({
      work,
      name,
      port,
      smtpPort,
      extra: {
        TELEGRAM_BOT_TOKEN: botToken,
        TELEGRAM_API_URL: botApi.url,
        RATES_SOURCE_URL: ratesSource.url,
        AUTH_CODE_LIMIT_PER_IP: "10000",
        AUTH_VERIFY_LIMIT_PER_IP: "10000",
        ...extra,
      },
    }),
  });
  for (let i = 0; i < 100; i += 1) {
    const ready = (await (await fetch(`${server.url}/api/ready`)).json()) as { rates: unknown };
    if (ready.rates) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    server,
    smtpPort,
    botToken,
    async stop() {
      await server.stop();
      await botApi.close();
      await ratesSource.close();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * The limits of a target (productionEnv's raised counts, Minibank's default daily top-up cap),
 * told to the suite's model with --limits so that it holds the server to them strictly.
 */
export const TEST_SERVER_LIMITS = "topup-daily=300000000,topup-count=1000000,transfers=1000000,lookups=1000000,statement-downloads=10000";

export type Run = { code: number | null; output: string };

/** `npm run contract -- <baseUrl> …args`, its output and exit code. */
export function runContract(baseUrl: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "contract", "--", baseUrl, ...args], {
      cwd: path.resolve(__dirname, "../.."),
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** Lines of the suite's report that failed, without their details. */
export const failures = (output: string) => output.split("\n").filter((line) => line.startsWith("FAIL"));
