/**
 * The fixed cost of an API request (`npm run bench:health`; never part of `npm test`):
 * `GET /api/health` — a route that does no work of its own — of the production server started by
 * `npm start`, against the bare Next.js route of the same versions (bench/bare), in short
 * interleaved rounds, as `npm run bench` measures it but with nothing else: no history, no seed, no
 * other endpoint. What the ratio falls short of 1 is what the app adds to every request: the
 * serving script (scripts/serve.ts), next.config.ts's header rules, the route wrapper (request
 * id, logging, metrics, headers: lib/server/http/index.ts).
 *   HEALTH_ROUNDS (7), HEALTH_SECONDS (4), HEALTH_WARMUP (1), HEALTH_CONNECTIONS (64);
 *   HEALTH_PATH (/api/health): another app path to weigh the same way;
 *   HEALTH_APP_URL: measure a server already running there instead of starting one (an
 *   experiment, e.g. the server under `node --cpu-prof`);
 *   HEALTH_BASELINE_ROOT: another checkout of the app with its own production build (in its
 *   `.next-prod`), e.g. the code before a change, served the same way and measured in the same
 *   rounds: a before/after comparison one run can make on a shared machine;
 *   HEALTH_NODE_OPTIONS: NODE_OPTIONS for the app's processes (e.g. `--cpu-prof --cpu-prof-dir=…`);
 *   MINIBANK_PROD_BUILD_DIR: the app's production build to serve (default `.next-prod`, built
 *   when missing). The reference is built once into bench/bare/.next and reused.
 * Each round measures both, in alternating order (the machine is shared: a slow spell hits each
 * side as often); a figure is the median of the per-round ratios, with their min–max and the
 * machine's load average before and after. Beside the throughput ratio, the CPU time each server
 * (its whole process tree, from /proc) spent per request in the same measure, and their ratio
 * (bare ÷ app): on a machine other work keeps busy, a server's share of the cores swings from one
 * second to the next, the CPU it spends on a request much less.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, type AppServer, startServer } from "@/scripts/app-server";
import { serveBare } from "./support/bare";
import { machineLoad } from "./support/configuration";
import { drain, load, type Endpoint, type Measured } from "./support/load";
import { median } from "./support/stats";
import { serverEnv } from "./support/setups";
import { startSink } from "./support/smtp";

const ROUNDS = Number(process.env.HEALTH_ROUNDS ?? 7);
const SECONDS = Number(process.env.HEALTH_SECONDS ?? 4);
const WARMUP = Number(process.env.HEALTH_WARMUP ?? 1);
const CONNECTIONS = Number(process.env.HEALTH_CONNECTIONS ?? 64);
const PATH = process.env.HEALTH_PATH ?? "/api/health";
const PORT = Number(process.env.BENCH_PORT ?? 3216);

const endpoint = (p: string): Endpoint => ({ name: `GET ${p}`, request: () => ({ method: "GET", path: p }) });
const round2 = (x: number) => Math.round(x * 100) / 100;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

const TICKS_PER_MS = 100 / 1000; // USER_HZ: 100 on Linux

/** CPU time (ms, user + system) of `root` and every process below it, from /proc; 0 elsewhere. */
function treeCpuMs(root: number): number {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const name of entries) {
    try {
      const text = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      // The command name (field 2) may hold spaces: the fields after its closing parenthesis.
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(name), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (!inTree.has(pid) && inTree.has(stat.parent)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of inTree) ticks += stats.get(pid)?.ticks ?? 0;
  return ticks / TICKS_PER_MS;
}

type Sample = Measured & { cpuUsPerRequest: number | null };

type Target = { url: string; pid: number | null; endpoint: Endpoint };

/** One server once it has gone idle and warmed up: its throughput and the CPU it spent per request. */
async function measure({ url, pid, endpoint: target }: Target): Promise<Sample> {
  await drain([url], target.request().path ?? "/");
  if (WARMUP > 0) await load([url], target, CONNECTIONS, WARMUP);
  const cpuBefore = pid ? treeCpuMs(pid) : 0;
  const measured = await load([url], target, CONNECTIONS, SECONDS);
  const cpu = pid ? treeCpuMs(pid) - cpuBefore : 0;
  return { ...measured, cpuUsPerRequest: pid && measured.requests ? (cpu * 1000) / measured.requests : null };
}

type Subject = { name: string; url: string; pid: number | null };

/** The app of another checkout (HEALTH_BASELINE_ROOT), started by that checkout's own scripts. */
async function startBaseline(root: string, work: string, smtpUrl: string): Promise<AppServer> {
  const other = (await import(path.join(path.resolve(root), "scripts", "app-server.ts"))) as typeof import("@/scripts/app-server");
  const dir = path.join(work, "baseline");
  fs.mkdirSync(dir);
  const env = serverEnv(dir, `file:${path.join(dir, "health.db")}`, PORT + 2, smtpUrl);
  return other.startServer({ distDir: ".next-prod", port: PORT + 2, logFile: path.join(dir, "server.log"), env, npmStart: true, timeoutMs: 180_000 });
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-health-"));
  const bare = await serveBare(PORT + 1, true);
  let app: AppServer | null = null;
  let baseline: AppServer | null = null;
  let sink: Awaited<ReturnType<typeof startSink>> | null = null;
  try {
    let appUrl = process.env.HEALTH_APP_URL;
    if (!appUrl) {
      const distDir = await ensureBuild({ mode: "production", distDir: process.env.MINIBANK_PROD_BUILD_DIR ?? ".next-prod", log: console.log });
      sink = await startSink();
      const env = serverEnv(work, `file:${path.join(work, "health.db")}`, PORT, sink.url);
      const nodeOptions = process.env.HEALTH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.HEALTH_NODE_OPTIONS } : {};
      app = await startServer({
        distDir,
        port: PORT,
        logFile: path.join(work, "server.log"),
        env: { ...env, ...nodeOptions },
        npmStart: true,
        timeoutMs: 180_000,
      });
      appUrl = app.url;
    }
    const subjects: Subject[] = [{ name: PATH, url: appUrl, pid: app?.pid ?? null }];
    if (process.env.HEALTH_BASELINE_ROOT) {
      sink ??= await startSink();
      baseline = await startBaseline(process.env.HEALTH_BASELINE_ROOT, work, sink.url);
      subjects.push({ name: `${PATH} (baseline)`, url: baseline.url, pid: baseline.pid });
    }
    const before = machineLoad();
    const all: Subject[] = [{ name: "bare", url: bare.url, pid: bare.pid }, ...subjects];
    const ratios = new Map<string, number[]>(subjects.map((subject) => [subject.name, []]));
    const cpuRatios = new Map<string, number[]>(subjects.map((subject) => [subject.name, []]));
    const p99s = new Map<string, number[]>(subjects.map((subject) => [subject.name, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      // Rotating order: no subject is always measured first, or always right after another.
      const order = all.map((_, i) => all[(i + round) % all.length]);
      const measured = new Map<string, Sample>();
      const targetOf = (subject: Subject): Target => ({ ...subject, endpoint: endpoint(subject.name === "bare" ? "/api/bare" : PATH) });
      for (const subject of order) measured.set(subject.name, await measure(targetOf(subject)));
      const reference = measured.get("bare")!;
      const cpu = (sample: Sample) => (sample.cpuUsPerRequest === null ? "" : `, ${Math.round(sample.cpuUsPerRequest)} µs CPU/req`);
      const parts = [`bare ${reference.reqPerSec}/s (p99 ${reference.p99} ms${cpu(reference)})`];
      for (const subject of subjects) {
        const sample = measured.get(subject.name)!;
        const ratio = sample.reqPerSec / reference.reqPerSec;
        ratios.get(subject.name)!.push(ratio);
        p99s.get(subject.name)!.push(sample.p99 / Math.max(reference.p99, 1));
        if (sample.cpuUsPerRequest && reference.cpuUsPerRequest) cpuRatios.get(subject.name)!.push(reference.cpuUsPerRequest / sample.cpuUsPerRequest);
        const bad = sample.non2xx + sample.errors;
        parts.push(`${subject.name} ${sample.reqPerSec}/s (p99 ${sample.p99} ms${cpu(sample)}): ${round3(ratio)}${bad ? ` [${bad} non-2xx/errors]` : ""}`);
      }
      console.log(`round ${round + 1}: ${parts.join(", ")}; load ${round2(os.loadavg()[0])}`);
    }
    const after = machineLoad();
    const spread = (values: number[]) =>
      `median ${round3(median(values))} (min ${round3(Math.min(...values))}, max ${round3(Math.max(...values))})`;
    console.log(`${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections; load average ${before.loadAverage1m} → ${after.loadAverage1m} on ${after.cpus} CPUs`);
    for (const subject of subjects) {
      console.log(`${subject.name} ÷ bare: ${spread(ratios.get(subject.name)!)}; p99 ÷ bare p99 median ${round2(median(p99s.get(subject.name)!))}`);
      const cpuRatio = cpuRatios.get(subject.name)!;
      if (cpuRatio.length) console.log(`  CPU per request, bare ÷ ${subject.name}: ${spread(cpuRatio)}`);
    }
  } finally {
    await app?.stop();
    await baseline?.stop();
    await sink?.stop();
    await bare.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
