// A production server as `npm start` runs it once migrations are applied: the same command
// (SERVE_COMMAND, node itself running scripts/serve.ts), started here directly, so a signal the
// test sends reaches the server as an orchestrator's reaches it.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { SERVE_COMMAND } from "@/scripts/lib/run";

const ROOT = path.resolve(__dirname, "../..");

export type ServingProcess = {
  child: ChildProcess;
  url: string;
  /** Every line the server wrote so far (JSON log lines). */
  log: string[];
  exited: Promise<{ code: number | null; at: number }>;
};

/** Starts scripts/serve.ts on `port` with `env` and the build in `distDir`; resolves once it logs that it listens. */
export async function startServing(options: {
  distDir: string;
  port: number;
  env: Record<string, string | undefined>;
}): Promise<ServingProcess> {
  const log: string[] = [];
  const [command, args] = SERVE_COMMAND;
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...options.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: options.distDir,
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(options.port),
      HOSTNAME: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once("exit", (code) => resolve({ code, at: Date.now() })),
  );
  await new Promise<void>((resolve, reject) => {
    const take = (chunk: Buffer) => {
      const lines = chunk.toString().split("\n").filter(Boolean);
      log.push(...lines);
      if (lines.some((line) => line.includes('"msg":"listening"'))) resolve();
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    void exited.then(({ code }) => reject(new Error(`the server exited with ${code}:\n${log.join("\n")}`)));
  });
  return { child, url: `http://127.0.0.1:${options.port}`, log, exited };
}
