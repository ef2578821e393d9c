/** The bench's SMTP server (smtp-sink.ts) as a child process. */
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

export type Sink = { url: string; stop(): Promise<number> };

export function startSink(): Promise<Sink> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "smtp-sink.ts")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const next = () => new Promise<Record<string, number>>((resolve, reject) => {
    lines.once("line", (line) => resolve(JSON.parse(line) as Record<string, number>));
    child.once("exit", (code) => reject(new Error(`the SMTP sink exited with ${code}`)));
  });
  return next().then(({ port }) => ({
    url: `smtp://127.0.0.1:${port}`,
    async stop() {
      const last = next();
      child.kill("SIGTERM");
      return (await last).received;
    },
  }));
}
