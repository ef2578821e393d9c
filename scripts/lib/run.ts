import { spawn, type SpawnOptions } from "node:child_process";

/** Runs a command, inheriting output; rejects on a non-zero exit. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code ?? signal}`)),
    );
  });
}

/** Runs a command and resolves with its standard output (standard error inherited); rejects on a non-zero exit. */
export function runForOutput(command: string, args: string[], options: SpawnOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["inherit", "pipe", "inherit"] });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const output = Buffer.concat(chunks).toString("utf8");
      if (code === 0) resolve(output);
      else {
        process.stdout.write(output);
        reject(new Error(`${command} ${args.join(" ")} exited with ${code ?? signal}`));
      }
    });
  });
}

/**
 * The serving process `npm start` and `npm run demo` run (scripts/serve.ts): node itself with
 * tsx's loader, so a signal reaches the server without an npx or tsx wrapper process in between.
 */
export const SERVE_COMMAND: [string, string[]] = [process.execPath, ["--import", "tsx", "scripts/serve.ts"]];

/** Starts a long-running child that receives our SIGINT/SIGTERM and ends this process with it. */
export function serve(command: string, args: string[], options: SpawnOptions = {}): void {
  const child = spawn(command, args, { stdio: "inherit", ...options });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => child.kill(signal));
  }
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
