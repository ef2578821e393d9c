/**
 * Front-end weight benchmark (`npm run bench:web`; never part of `npm test`). Builds the app (or
 * reuses MINIBANK_BUILD_DIR), serves it in demo mode on a fresh seeded database, and in Debian's
 * Chromium measures the JavaScript each page ships (bytes as served with gzip), then runs
 * Lighthouse's mobile preset on / and /bank, LIGHTHOUSE_RUNS times each (default 5), every run cold
 * (a new browser profile); a page's figures are the median of its runs, which is what the 0.95
 * target is judged on (one run on this 2-core machine swings by several points; LIGHTHOUSE_RUNS=0
 * measures the JavaScript only). Prints a table,
 * writes bench/results/web-<date>.json with the median and every run.
 * No network: every request that is not to the app is aborted.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { createDb } from "@/lib/server/db";
import { seedDemo } from "@/prisma/seed";
import { ensureBuild, startServer } from "@/scripts/app-server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@/scripts/lib/chromium";
import { migrate } from "@/scripts/lib/database";

const PORT = Number(process.env.BENCH_PORT ?? 3206);
const RESULTS = path.resolve(__dirname, "results");

/**
 * The browser's language: the product's customers read Russian (the default, shipped with the
 * code); another language's texts load on demand, which the English row of /bank shows.
 */
type PageSpec = { path: string; signedIn: boolean; budgetKb: number; locale: "ru-RU" | "en-US" };
const PAGES: PageSpec[] = [
  { path: "/", signedIn: false, budgetKb: 110, locale: "ru-RU" },
  { path: "/email-login", signedIn: false, budgetKb: 110, locale: "ru-RU" },
  { path: "/bank", signedIn: true, budgetKb: 160, locale: "ru-RU" },
  { path: "/bank", signedIn: true, budgetKb: 160, locale: "en-US" },
  { path: "/transfer-money", signedIn: true, budgetKb: 160, locale: "ru-RU" },
];
/** Lighthouse's browser reads Russian too. */
const LIGHTHOUSE_ARGS = [...CHROMIUM_ARGS, "--lang=ru-RU", "--accept-lang=ru-RU"];
const LIGHTHOUSE_PAGES = ["/", "/bank"];
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const PERFORMANCE_TARGET = 0.95;

type Session = { access_token: string; refresh_token: string };
type Chunk = { url: string; bytes: number; raw: number };
type JsRow = { page: string; locale: string; shown: string; scripts: number; gzipKb: number; rawKb: number; budgetKb: number; biggest: Chunk[] };

/** Signs in a seeded demo user the way the app does: a code by e-mail (the demo outbox). */
async function signIn(base: string, databaseUrl: string): Promise<Session> {
  const db = createDb(databaseUrl);
  const user = await db.user.findFirstOrThrow({ where: { isSystem: false, email: { not: null } } });
  const email = user.email!;
  const post = (p: string, body: unknown) =>
    fetch(`${base}${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!(await post("/api/v1/auth/email/request-code", { email })).ok) throw new Error("request-code failed");
  const mail = await db.outboxEmail.findFirstOrThrow({ where: { to: email }, orderBy: { id: "desc" } });
  const code = /\b(\d{6})\b/.exec(mail.text)![1];
  await db.$disconnect();
  const res = await post("/api/v1/auth/email/verify-code", { email, code });
  if (!res.ok) throw new Error(`verify-code failed: ${res.status}`);
  return (await res.json()) as Session;
}

/** Session storage is per tab: put the tokens there before any app script runs. */
function sessionScript(session: Session): string {
  return `try { sessionStorage.setItem("access_token", ${JSON.stringify(session.access_token)});
    sessionStorage.setItem("refresh_token", ${JSON.stringify(session.refresh_token)}); } catch {}`;
}

async function measureJs(page: Page, base: string, spec: PageSpec): Promise<JsRow> {
  const chunks: Chunk[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script" || !response.url().startsWith(base)) return;
    const sizes = await response.request().sizes();
    const length = Number(response.headers()["content-length"] ?? NaN);
    const body = await response.body().catch(() => Buffer.alloc(0));
    chunks.push({
      url: response.url().slice(base.length),
      bytes: Number.isFinite(length) ? length : sizes.responseBodySize,
      raw: body.length,
    });
  });
  await page.goto(`${base}${spec.path}`, { waitUntil: "networkidle" });
  // Lazy chunks requested right after hydration count too.
  await page.waitForTimeout(1000);
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  return {
    page: spec.path,
    locale: spec.locale,
    // A guarded page that bounced to sign-in would be measured as the wrong page.
    shown: new URL(page.url()).pathname,
    scripts: chunks.length,
    gzipKb: kb(chunks.reduce((s, c) => s + c.bytes, 0)),
    rawKb: kb(chunks.reduce((s, c) => s + c.raw, 0)),
    budgetKb: spec.budgetKb,
    biggest: [...chunks].sort((a, b) => b.bytes - a.bytes).slice(0, 3),
  };
}

async function measureAllJs(base: string, session: Session): Promise<JsRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: JsRow[] = [];
  try {
    for (const spec of PAGES) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: spec.locale,
        extraHTTPHeaders: { "accept-encoding": "gzip" },
      });
      await context.route("**/*", (route) =>
        route.request().url().startsWith(base) ? route.continue() : route.abort(),
      );
      if (spec.signedIn) await context.addInitScript(sessionScript(session));
      rows.push(await measureJs(await context.newPage(), base, spec));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

type LighthouseRun = {
  page: string;
  run: number;
  finalUrl: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

/** A page's Lighthouse figures: each one the median over its runs; `runs` keeps every score. */
type LighthouseRow = Omit<LighthouseRun, "run"> & { runs: number[] };

/** Middle value (the mean of the two middle ones for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function summarise(runs: LighthouseRun[]): LighthouseRow[] {
  return LIGHTHOUSE_PAGES.map((page) => {
    const mine = runs.filter((r) => r.page === page);
    const mid = (pick: (r: LighthouseRun) => number) => median(mine.map(pick));
    return {
      page,
      finalUrl: mine[mine.length - 1].finalUrl,
      performance: mid((r) => r.performance),
      fcpMs: mid((r) => r.fcpMs),
      lcpMs: mid((r) => r.lcpMs),
      tbtMs: mid((r) => r.tbtMs),
      cls: mid((r) => r.cls),
      runs: mine.map((r) => r.performance),
    };
  });
}

/** Runs bench/support/lighthouse.mjs in plain Node (see there why not under tsx). */
function runLighthouse(base: string, session: Session): LighthouseRun[] {
  const signedIn = [...new Set(PAGES.filter((p) => p.signedIn).map((p) => p.path))];
  const options = {
    base,
    paths: LIGHTHOUSE_PAGES,
    signedIn,
    session,
    chrome: CHROMIUM_PATH,
    args: LIGHTHOUSE_ARGS,
    runs: LIGHTHOUSE_RUNS,
  };
  const out = execFileSync(process.execPath, [path.join(__dirname, "support", "lighthouse.mjs"), JSON.stringify(options)], {
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out) as LighthouseRun[];
}

function table(head: string[], lines: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  console.log([fmt(head), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(fmt)].join("\n"));
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-bench-web-"));
  const databaseUrl = `file:${path.join(work, "web.db")}`;
  // A demo build named by MINIBANK_BUILD_DIR is measured as it is; otherwise a fresh one.
  const distDir = await ensureBuild({ mode: "demo", distDir: ".next-bench", fresh: !process.env.MINIBANK_BUILD_DIR, log: console.log });
  await migrate(databaseUrl);
  const db = createDb(databaseUrl);
  await seedDemo(db);
  await db.$disconnect();

  const server = await startServer({
    distDir,
    port: PORT,
    logFile: path.join(work, "server.log"),
    env: { DATABASE_URL: databaseUrl, MINIBANK_DATA_DIR: work, MINIBANK_DEMO: "1", LOG_LEVEL: "warn" },
  });
  let js: JsRow[];
  let lh: LighthouseRow[];
  try {
    const session = await signIn(server.url, databaseUrl);
    js = await measureAllJs(server.url, session);
    lh = LIGHTHOUSE_RUNS > 0 ? summarise(runLighthouse(server.url, session)) : [];
  } finally {
    await server.stop();
  }

  console.log();
  table(
    ["page", "language", "shown", "scripts", "JS gzip KB", "raw KB", "budget KB", "biggest chunks (gzip KB)"],
    js.map((r) => [
      r.page,
      r.locale,
      r.shown,
      String(r.scripts),
      String(r.gzipKb),
      String(r.rawKb),
      `${r.budgetKb}${r.gzipKb > r.budgetKb ? " OVER" : ""}`,
      r.biggest.map((c) => `${path.basename(c.url)} ${Math.round(c.bytes / 102.4) / 10}`).join(", "),
    ]),
  );
  console.log();
  console.log(`Lighthouse, mobile, cold: median of ${LIGHTHOUSE_RUNS} runs per page`);
  table(
    ["page", "shown", "performance", "runs", "FCP ms", "LCP ms", "TBT ms", "CLS"],
    lh.map((r) => [
      r.page,
      new URL(r.finalUrl).pathname,
      `${r.performance}${r.performance < PERFORMANCE_TARGET ? ` (< ${PERFORMANCE_TARGET})` : ""}`,
      r.runs.join(" "),
      String(r.fcpMs),
      String(r.lcpMs),
      String(r.tbtMs),
      String(r.cls),
    ]),
  );

  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `web-${new Date().toISOString().slice(0, 10)}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), js, lighthouse: lh }, null, 2)}\n`);
  console.log(`\nwritten ${path.relative(process.cwd(), file)}`);
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
