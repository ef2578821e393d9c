// `npm run contract -- proxy`: the validation proxy in front of Minibank's production build passes
// the suite's whole scenario with zero breaches and prints its summary when stopped; in front of a
// broken server it reports each answer that breaks the document, by request, and exits 1.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "@/scripts/app-server";
import { runContract, startContractTarget, type ContractTarget } from "@/tests/support/contract-target";
import { mutantProxy } from "@/tests/support/mutant-proxy";

jest.setTimeout(300_000);

let target: ContractTarget;

beforeAll(async () => {
  target = await startContractTarget("contract-proxy");
});

afterAll(async () => {
  await target?.stop();
});

type Running = { url: string; child: ChildProcess; output: () => string };

/** The proxy as one process (no npm in between, so SIGTERM reaches it as an operator's Ctrl-C would). */
async function startValidationProxy(backend: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/contract.ts", "proxy", backend, "--port", String(port)], {
    cwd: path.resolve(__dirname, "../.."),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  for (let i = 0; i < 300 && !output.includes("proxy http://"); i += 1) await new Promise((r) => setTimeout(r, 100));
  expect(output).toContain(`proxy http://127.0.0.1:${port} → ${backend}`);
  return { url: `http://127.0.0.1:${port}`, child, output: () => output };
}

async function stop(running: Running): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => running.child.once("exit", resolve));
  running.child.kill("SIGTERM");
  return exited;
}

describe("npm run contract -- proxy", () => {
  it("forwards the whole scenario to Minibank with zero breaches and a summary when stopped", async () => {
    const proxy = await startValidationProxy(target.server.url);
    const run = await runContract(proxy.url, "--smtp-port", String(target.smtpPort), "--bot-token", target.botToken, "--phases", "scenario");
    expect(run.output).toMatch(/^\d+ passed, 0 failed; \d+ of \d+ documented answers missing from the coverage$/m);
    const code = await stop(proxy);
    expect(proxy.output()).not.toContain("BREACH");
    const summary = /proxy summary: (\d+) answers checked, 0 breaches/.exec(proxy.output());
    expect(Number(summary?.[1])).toBeGreaterThanOrEqual(60);
    expect(code).toBe(0);
  });

  it("reports every answer of a broken server that breaks the document, and exits 1", async () => {
    const broken = await mutantProxy(target.server.url, {
      answer: (x, a) =>
        x.pathname === "/api/v1/wallet" && Array.isArray(a.body) ? { ...a, body: a.body.map((w: Record<string, unknown>) => ({ ...w, balance: String(w.balance) })) } : undefined,
    });
    const proxy = await startValidationProxy(broken.url);
    try {
      await runContract(proxy.url, "--smtp-port", String(target.smtpPort), "--phases", "scenario");
      const code = await stop(proxy);
      expect(proxy.output()).toMatch(/^BREACH {2}GET \/api\/v1\/wallet → 200: body: \/0\/balance must be integer/m);
      expect(proxy.output()).toMatch(/proxy summary: \d+ answers checked, [1-9]\d* breach(es)?/);
      expect(code).toBe(1);
    } finally {
      await broken.close();
    }
  });
});
