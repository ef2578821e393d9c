import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort, type AppServer } from "@/scripts/app-server";
import { startApp } from "@/tests/support/production-app";

/**
 * Minibank's production build under `npm start`, as `npm run contract` meets it: rates imported
 * from a recorded file, mail over SMTP to the suite's own server on `smtpPort`, Telegram sign-in
 * with `botToken`. The sign-in limits per client address are raised: every suite run signs in
 * several users from 127.0.0.1.
 */
export type ContractTarget = { server: AppServer; smtpPort: number; botToken: string; stop(): Promise<void> };

export async function startContractTarget(name: string, extra: Record<string, string> = {}): Promise<ContractTarget> {
  const smtpPort = await freePort();
  const app = await startApp({
    name,
    bot: true,
    rates: true,
    smtpPort,
    extra: { AUTH_CODE_LIMIT_PER_IP: "10000", AUTH_VERIFY_LIMIT_PER_IP: "10000", ...extra },
  });
  for (let i = 0; i < 100; i += 1) {
    const ready = (await (await fetch(`${app.url}/api/ready`)).json()) as { rates: unknown };
    if (ready.rates) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { server: app.server, smtpPort, botToken: app.botToken, stop: () => app.stop() };
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

export type MockProcess = { url: string; child: ChildProcess; output: () => string };

/** `npm run contract -- mock --from <documentFrom>` on `port`, once it says where it listens. */
export async function startMockProcess(documentFrom: string, port: number): Promise<MockProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/contract.ts", "mock", "--from", documentFrom, "--port", String(port)], {
    cwd: path.resolve(__dirname, "../.."),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  for (let i = 0; i < 300 && !output.includes("mock http://"); i += 1) await new Promise((r) => setTimeout(r, 100));
  const url = `http://127.0.0.1:${port}`;
  if (!output.includes(`mock ${url}`)) throw new Error(`the mock did not start on ${url}:\n${output}`);
  return { url, child, output: () => output };
}
