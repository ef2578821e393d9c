import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { freePort, type AppServer } from "@/scripts/app-server";
import { startApp } from "@/tests/support/production-app";
import { startSmtp, textOf, type Mailbox } from "@/tests/support/smtp";

/**
 * Minibank's production build under `npm start`, as `npm run contract` meets it: rates imported
 * from a recorded file, mail over SMTP to the suite's own server on `smtpPort`, Telegram sign-in
 * with `botToken`. The sign-in limits per client address are raised: every suite run signs in
 * several users from 127.0.0.1.
 */
export type ContractTarget = { server: AppServer; smtpPort: number; botToken: string; stop(): Promise<void> };

export async function startContractTarget(name: string, extra: Record<string, string> = {}, smtpPort?: number): Promise<ContractTarget> {
  smtpPort ??= await freePort();
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

/** `sh <script> <baseUrl>` with more environment: a replay's curl script, its output and exit code. */
export function shell(script: string, baseUrl: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", [script, baseUrl], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/**
 * Sign-in codes for several `npm run contract` runs at once against one target: the target's mail
 * goes to one mailbox (`smtpPort`), and each run is given `command` as its --code-from. The
 * command asks this process for the newest unread code sent to an address (each run signs in
 * addresses of its own), waiting for it as the suite's own SMTP listener would.
 */
export type CodeDesk = { smtpPort: number; command: string; close(): Promise<void> };

const CODE = /(?<!\d)(\d{6})(?!\d)/;

export async function startCodeDesk(): Promise<CodeDesk> {
  const mailbox: Mailbox = await startSmtp();
  const read = new Set<number>();
  const codeFor = async (email: string): Promise<string | undefined> => {
    for (let i = mailbox.received.length - 1; i >= 0; i -= 1) {
      const message = mailbox.received[i];
      if (read.has(i) || !message.to.some((to) => to.toLowerCase() === email)) continue;
      const code = CODE.exec(await textOf(message.raw))?.[1];
      if (code) {
        read.add(i);
        return code;
      }
    }
    return undefined;
  };
  const server = http.createServer(async (req, res) => {
    const email = decodeURIComponent(new URL(req.url ?? "/", "http://desk").search.slice(1)).toLowerCase();
    for (let i = 0; i < 150; i += 1) {
      const code = await codeFor(email);
      if (code) return void res.end(code);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // The address arrives as the command's last argument ($1): URL-encoded into the query by fetch.
  const ask = `fetch("http://127.0.0.1:${port}/?"+encodeURIComponent(process.argv[1])).then((r)=>r.text()).then((t)=>process.stdout.write(t))`;
  return {
    smtpPort: mailbox.port,
    command: `${JSON.stringify(process.execPath)} -e '${ask}'`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mailbox.close();
    },
  };
}

/** Runs `jobs` with at most `width` of them under way at once; their results in order. */
export async function inPool<T>(width: number, jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
  return results;
}

/**
 * A run's exit code, with the end of its output when the code is not `expected` or no check ran
 * (empty otherwise): an assertion on it shows why a run that could not start ended.
 */
export function outcome(run: Run, expected = 0): { code: number | null; tail: string } {
  const checked = /^(ok|FAIL|ENV) {2}/m.test(run.output);
  return { code: run.code, tail: run.code === expected && checked ? "" : run.output.slice(-2000) };
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
