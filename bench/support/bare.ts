/**
 * The reference every `npm run bench` figure is a ratio of: bench/bare, a Next.js app with one
 * route that answers constant JSON, built with the app's own next and react and served by
 * `next start` in the same run, on the same machine, under the same load.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { run } from "@/scripts/lib/run";

const DIR = path.resolve(__dirname, "../bare");
const NEXT_BIN = require.resolve("next/dist/bin/next");

export type Bare = { url: string; pid: number; stop(): Promise<void> };

/** Builds the reference (unless `reuse` and a build is there) and serves it on `port`. */
export async function serveBare(port: number, reuse = false): Promise<Bare> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
  delete env.NEXT_DIST_DIR;
  if (!reuse || !fs.existsSync(path.join(DIR, ".next", "BUILD_ID"))) {
    await run(process.execPath, [NEXT_BIN, "build", DIR], { env, stdio: "ignore" });
  }
  const child = spawn(process.execPath, [NEXT_BIN, "start", DIR, "-p", String(port), "-H", "127.0.0.1"], {
    env,
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${url}/api/bare`)).ok) {
        const stop = () =>
          new Promise<void>((resolve) => {
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          });
        return { url, pid: child.pid!, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  child.kill("SIGKILL");
  throw new Error("the bare Next.js route did not start");
}
