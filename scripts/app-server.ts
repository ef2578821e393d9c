/**
 * A production build and a server under our control, for the production-mode, crash and bench
 * runs: build once (or reuse a build named by the environment), start `next start` — or `npm
 * start` itself, exactly as an operator runs it — on a port with a given database, wait for
 * /api/health, and stop or SIGKILL it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

function hasBuild(distDir: string): boolean {
  return fs.existsSync(path.join(ROOT, distDir, "BUILD_ID"));
}

/**
 * `next build` adds `<distDir>/types` globs to tsconfig.json's include for every custom dist
 * folder; take them out again so a build leaves the working tree as it found it.
 */
function restoreTsconfig(distDir: string): void {
  const file = path.join(ROOT, "tsconfig.json");
  const text = fs.readFileSync(file, "utf8");
  const escaped = distDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const cleaned = text.replace(new RegExp(`,\\s*"${escaped}/(dev/)?types/\\*\\*/\\*\\.ts"`, "g"), "");
  if (cleaned !== text) fs.writeFileSync(file, cleaned);
}

export type BuildOptions = {
  /**
   * Demo builds call the demo endpoints from the browser; production builds never do (the mode
   * is fixed at build time). A finished build of the mode may be named by MINIBANK_BUILD_DIR
   * (demo) or MINIBANK_PROD_BUILD_DIR (production), as scripts/test.sh does.
   */
  mode: "demo" | "production";
  /** Where to build when the environment names no finished build. */
  distDir: string;
  /** Build even when `distDir` already holds a build (the benchmarks measure current code). */
  fresh?: boolean;
  /** Extra build-time environment. */
  env?: Record<string, string>;
  log?: (line: string) => void;
};

/** The environment `next build` and `next start` run with: production, this build folder. */
function productionEnv(distDir: string, extra?: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra, NEXT_DIST_DIR: distDir, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
}

/** The dist folder of a finished production build, building one only when needed. */
export async function ensureBuild(options: BuildOptions): Promise<string> {
  const given = options.mode === "demo" ? process.env.MINIBANK_BUILD_DIR : process.env.MINIBANK_PROD_BUILD_DIR;
  if (!options.fresh && given && hasBuild(given)) return given;
  if (!options.fresh && hasBuild(options.distDir)) return options.distDir;
  options.log?.(`building the app into ${options.distDir}…`);
  const output: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [NEXT_BIN, "build"], {
        cwd: ROOT,
        env: productionEnv(options.distDir, { ...options.env, MINIBANK_DEMO: options.mode === "demo" ? "1" : undefined }),
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      child.on("error", reject);
      child.on("exit", (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`next build failed (${code}):\n${output.join("").slice(-4000)}`)),
      );
    });
  } finally {
    restoreTsconfig(options.distDir);
  }
  return options.distDir;
}

export type AppServer = {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Ends the server the hard way: no shutdown hooks, no flushing, like a power cut. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
};

export type StartOptions = {
  distDir: string;
  port: number;
  env: Record<string, string | undefined>;
  /** Server stdout/stderr go here (a file path); discarded when absent. */
  logFile?: string;
  /** Run `npm start` (migrations, configuration check, then `next start`) instead of `next start`. */
  npmStart?: boolean;
  timeoutMs?: number;
};

/** A TCP port that is free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Starts `next start` and resolves once GET /api/health answers 200. */
export async function startServer(options: StartOptions): Promise<AppServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const out = options.logFile ? fs.openSync(options.logFile, "a") : "ignore";
  const env = { ...productionEnv(options.distDir, options.env), PORT: String(options.port), HOSTNAME: "127.0.0.1" };
  // `npm start` runs a tree of processes (npm, tsx, next): it gets its own process group, and
  // signals go to the whole group.
  const child = options.npmStart
    ? spawn("npm", ["start", "--silent"], { cwd: ROOT, env, stdio: ["ignore", out, out], detached: true })
    : spawn(process.execPath, [NEXT_BIN, "start", "-p", String(options.port), "-H", "127.0.0.1"], {
        cwd: ROOT,
        env,
        stdio: ["ignore", out, out],
      });
  if (typeof out === "number") fs.closeSync(out);
  const signal = (name: NodeJS.Signals) => {
    try {
      if (options.npmStart) process.kill(-child.pid!, name);
      else child.kill(name);
    } catch {
      // already gone
    }
  };
  const server: AppServer = {
    url,
    pid: child.pid!,
    child,
    async kill() {
      signal("SIGKILL");
      await exited(child);
    },
    async stop() {
      signal("SIGTERM");
      await exited(child);
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await server.kill();
  throw new Error(`next start did not answer on ${url} in time`);
}
