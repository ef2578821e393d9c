// npm run contract -- proxy <backend-url> [--port 4010] [--host 127.0.0.1] [--spec <file>] [--report <file>]
//   forwards traffic to the backend and reports every answer that breaks the document; a summary
//   when stopped (SIGINT/SIGTERM), exit code 1 when there was a breach. --report keeps the summary
//   so far in a JSON file ({checked, breaches, lines}), rewritten after every checked answer.
// npm run contract -- mock --spec <file> | --from <backend-url> [--port 4010] [--host 127.0.0.1]
//   serves a mock of the backend from the document alone (sign-in, wallets, transfers kept in memory).
// npm run contract -- --diff <url-a> <url-b> [--seed <n> | --seeds <a>..<b>] [--sequences <n>] [--steps <n>]
//   runs the same seeded sequences against two backends and reports the first difference, shrunk
//   (scripts/contract/diff.ts).
// npm run contract -- <base-url> [options] (USAGE below)
//
// A black-box check of a backend against the /api/v1 contract. It imports nothing from Minibank's
// server: it reads the OpenAPI document (the server's own /api/v1/openapi.json, or --spec) and
//  - lint: lints the document with Spectral (spectral:oas and the suite's rules);
//  - scenario: drives every operation over HTTP as the frontend would, good and bad input;
//  - oracles: the bank's own promises, deterministic, before any random phase (scripts/contract/oracles.ts);
//  - generated: sends every operation input generated from its schemas (valid, and broken in one
//    place) and holds each answer to the checks of scripts/contract/generated.ts, seeded, shrunk,
//    each failure with a curl line;
//  - stateful: random sequences of customers' actions checked after every step against a model of
//    the bank that predicts every documented refusal it can (scripts/contract/bank-model.ts).
// --seeds a..b (or --repeat n) runs the seeded phases once per seed and lists the seeds that fail.
// A failing check is written as a replay (--replay-dir, or beside the reports): `--replay <file>
// <base-url>` sends its requests again and exits 1 while it still fails (scripts/contract/replay.ts).
// Every answer is validated against the document with a JSON Schema 2020-12 validator (ajv). One
// line per check (ok, FAIL, or ENV when the environment kept it from running), then
// "N passed, N failed"; exit code 1 when the server failed a check, 3 when only the environment did.
//
// E-mail codes: by default the suite listens for SMTP on 127.0.0.1:2525 (--smtp-port) — start the
// backend with its mail going there — or --code-from runs a command with the address as its last
// argument and reads the six-digit code it prints. --bot-token also checks Telegram sign-in with
// init data signed by that token (the backend's TELEGRAM_BOT_TOKEN).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { runDiff } from "./contract/diff";
import { ContractDocument, type OpenApi } from "./contract/document";
import { setPatience } from "./contract/http";
import { BANK } from "./contract/knowledge";
import { LIMIT_NAMES, parseLimits } from "./contract/limits";
import { startMock } from "./contract/mock";
import { startProxy, type ProxySummary } from "./contract/proxy";
import { replayCommand } from "./contract/replay";
import { DEFAULT_PHASES, PHASES, runSuite, type Phase } from "./contract/run";

const USAGE = `usage: npm run contract -- <base-url> [--spec <openapi.json>] [--smtp-port <port> | --code-from '<command>'] [--bot-token <token>]
         [--phases ${PHASES.join(",")}] [--seed <n> | --seeds <a>..<b> | --repeat <n>]
         [--max-examples <n>] [--sequences <n>] [--steps <n>] [--operation '<METHOD> <path>' …]
         [--limits ${LIMIT_NAMES.map((l) => `${l}=<n>`).join(",")}] [--max-wait <seconds>] [--clock-skew <ms>]
         [--jwt-secret <secret>] [--junit <file>] [--json <file>] [--replay-dir <dir>]
       npm run contract -- --replay <replay.json> <base-url> [--smtp-port <port> | --code-from '<command>'] [--bot-token <token>] [--spec <openapi.json>]
       npm run contract -- proxy <backend-url> [--port <port>] [--host <host>] [--spec <openapi.json>] [--report <file>]
       npm run contract -- mock (--spec <openapi.json> | --from <backend-url>) [--port <port>] [--host <host>] [--seed <n>]
       npm run contract -- --diff <url-a> <url-b> [--smtp-port <port> | --code-from '<command>'] [--seed <n> | --seeds <a>..<b> | --repeat <n>] [--sequences <n>] [--steps <n>] [--max-wait <seconds>]`;

async function loadDocument(baseUrl: string, spec: string | undefined): Promise<OpenApi> {
  if (spec) return JSON.parse(fs.readFileSync(spec, "utf8")) as OpenApi;
  const res = await fetch(`${baseUrl}${BANK.document}`);
  if (!res.ok) throw new Error(`GET ${BANK.document} answered ${res.status}`);
  return (await res.json()) as OpenApi;
}

const positive = (text: string | undefined, fallback: number) => {
  const n = Number(text ?? fallback);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** `--seeds 1..20`, `--repeat 20` (from --seed or a random one), or the one seed. */
function seedsOf(values: { seed?: string; seeds?: string; repeat?: string }): number[] | null {
  if (values.seeds) {
    const match = /^(\d+)(?:\.\.(\d+))?$/.exec(values.seeds);
    const [a, b] = match ? [Number(match[1]), Number(match[2] ?? match[1])] : [NaN, NaN];
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || b < a || b - a >= 10_000) return null;
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  }
  const first = values.seed === undefined ? crypto.randomInt(2 ** 31) : Number(values.seed);
  const count = positive(values.repeat, 1);
  if (!Number.isSafeInteger(first) || count === null) return null;
  return Array.from({ length: count }, (_, i) => first + i);
}

const parseCommandLine = () =>
  parseArgs({
    allowPositionals: true,
    options: {
      spec: { type: "string" },
      "smtp-port": { type: "string", default: "2525" },
      "code-from": { type: "string" },
      "bot-token": { type: "string" },
      phases: { type: "string", default: DEFAULT_PHASES.join(",") },
      seed: { type: "string" },
      seeds: { type: "string" },
      repeat: { type: "string" },
      "max-examples": { type: "string" },
      sequences: { type: "string" },
      steps: { type: "string" },
      limits: { type: "string" },
      "max-wait": { type: "string" },
      "clock-skew": { type: "string" },
      operation: { type: "string", multiple: true },
      "jwt-secret": { type: "string" },
      junit: { type: "string" },
      json: { type: "string" },
      replay: { type: "string" },
      "replay-dir": { type: "string" },
      report: { type: "string" },
      port: { type: "string", default: "4010" },
      from: { type: "string" },
      host: { type: "string", default: "127.0.0.1" },
      help: { type: "boolean" },
      diff: { type: "boolean" },
    },
  });
type Values = ReturnType<typeof parseCommandLine>["values"];

/** `contract mock`: serves the mock until SIGINT or SIGTERM. */
async function mockCommand(values: Values): Promise<number> {
  const port = positive(values.port, 4010);
  if (values.help || (!values.spec && !values.from) || port === null) {
    console.error(USAGE);
    return 2;
  }
  const document = new ContractDocument(await loadDocument(values.from?.replace(/\/$/, "") ?? "", values.spec));
  const mock = await startMock({ document, port, host: values.host, seed: Number(values.seed ?? 1), print: (line) => console.log(line) });
  console.log(`mock ${mock.url}: every operation of the document (stop with Ctrl-C)`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await mock.close();
  return 0;
}

/** `contract --diff <A> <B>`: the same seeded sequences against two backends, the first difference shrunk. */
async function diffCommand(targets: string[], values: Values): Promise<number> {
  const [a, b] = targets.map((url) => url.replace(/\/$/, ""));
  const seeds = seedsOf(values);
  const sequences = positive(values.sequences, 10);
  const steps = positive(values.steps, 8);
  const maxWait = Number(values["max-wait"] ?? 30);
  if (values.help || targets.length !== 2 || ![a, b].every((url) => /^https?:\/\//.test(url)) || !seeds || !sequences || !steps || !(maxWait >= 0)) {
    console.error(USAGE);
    return 2;
  }
  setPatience(maxWait * 1000);
  console.log(seeds.length > 1 ? `seeds ${seeds[0]}..${seeds.at(-1)} (repeat one with --seed <n>)` : `seed ${seeds[0]} (repeat this run with --seed ${seeds[0]})`);
  return runDiff({ a, b, seeds, sequences, steps, smtpPort: Number(values["smtp-port"]), codeFrom: values["code-from"], print: (line) => console.log(line) });
}

/** The suite's settings from the command line, or null when any of them is unusable. */
function suiteSettings(baseUrl: string | undefined, values: Values) {
  const phases = values.phases.split(",").map((p) => p.trim());
  const seeds = seedsOf(values);
  const maxExamples = positive(values["max-examples"], 25);
  const sequences = positive(values.sequences, 10);
  const steps = positive(values.steps, 8);
  const maxWait = Number(values["max-wait"] ?? 30);
  const clockSkew = Number(values["clock-skew"] ?? 2000);
  const limits = parseLimits(values.limits);
  if (typeof limits === "string") console.error(limits);
  if (
    values.help ||
    !baseUrl ||
    !/^https?:\/\//.test(baseUrl) ||
    !phases.every((p) => (PHASES as readonly string[]).includes(p)) ||
    seeds === null ||
    maxExamples === null ||
    sequences === null ||
    steps === null ||
    typeof limits === "string" ||
    !(maxWait >= 0) ||
    !(clockSkew >= 0)
  ) {
    return null;
  }
  return { baseUrl, phases: phases as Phase[], seeds, maxExamples, sequences, steps, maxWait, clockSkew, limits };
}

/** The document the suite checks against: an OpenAPI 3.1 one, or the exit code that says why not. */
async function suiteDocument(baseUrl: string, spec: string | undefined): Promise<ContractDocument | number> {
  try {
    const doc = await loadDocument(baseUrl, spec);
    if (!/^3\.1\./.test(doc.openapi ?? "")) throw new Error(`not an OpenAPI 3.1 document (openapi: ${doc.openapi})`);
    return new ContractDocument(doc);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    console.log(`${cause ? "ENV " : "FAIL"}  the OpenAPI document\n        ${(error as Error).message}${cause ? ` (${cause})` : ""}`);
    console.log(cause ? "0 passed, 0 failed, 1 not checked (environment)" : "0 passed, 1 failed");
    return cause ? 3 : 1;
  }
}

const replaySettings = (values: Values) => ({ spec: values.spec, smtpPort: Number(values["smtp-port"]), codeFrom: values["code-from"], botToken: values["bot-token"] });

/** `contract <url>`: the suite's phases against a running backend. */
async function suiteCommand(target: string | undefined, values: Values): Promise<number> {
  const settings = suiteSettings(target?.replace(/\/$/, ""), values);
  if (!settings) {
    console.error(USAGE);
    return 2;
  }
  const { baseUrl, seeds, maxWait, clockSkew, ...rest } = settings;
  setPatience(maxWait * 1000);
  const only = new Set(values.operation ?? []);
  console.log(seeds.length > 1 ? `seeds ${seeds[0]}..${seeds.at(-1)} (repeat one with --seed <n>)` : `seed ${seeds[0]} (repeat this run with --seed ${seeds[0]})`);
  const document = await suiteDocument(baseUrl, values.spec);
  if (typeof document === "number") return document;
  return runSuite({
    baseUrl,
    document,
    seeds,
    ...rest,
    clockSkewMs: clockSkew,
    only: (method, path) => only.size === 0 || only.has(`${method} ${path}`),
    smtpPort: Number(values["smtp-port"]),
    codeFrom: values["code-from"],
    botToken: values["bot-token"],
    jwtSecret: values["jwt-secret"],
    junit: values.junit,
    json: values.json,
    replayDir: values["replay-dir"],
  });
}

async function main(): Promise<number> {
  const { values, positionals } = parseCommandLine();
  if (values.diff) return diffCommand(positionals, values);
  if (positionals[0] === "mock") return mockCommand(values);
  if (values.replay) return replayCommand(values.replay, positionals[0]?.replace(/\/$/, "") ?? "", replaySettings(values));
  if (positionals[0] === "proxy") {
    const backend = positionals[1]?.replace(/\/$/, "");
    const port = positive(values.port, 4010);
    if (values.help || !backend || !/^https?:\/\//.test(backend) || port === null) {
      console.error(USAGE);
      return 2;
    }
    return proxy(backend, port, values.host, values.spec, values.report);
  }
  return suiteCommand(positionals[0], values);
}

/** Runs the validation proxy until SIGINT or SIGTERM, then prints its summary. */
async function proxy(backend: string, port: number, host: string, spec: string | undefined, report: string | undefined): Promise<number> {
  const document = new ContractDocument(await loadDocument(backend, spec));
  const keep = (summary: ProxySummary) => {
    if (report) fs.writeFileSync(report, JSON.stringify(summary, null, 2));
  };
  if (report) fs.mkdirSync(path.dirname(report), { recursive: true });
  keep({ checked: 0, breaches: 0, lines: [] });
  const running = await startProxy({ backend, port, host, document, print: (line) => console.log(line), checkedOne: keep });
  console.log(`proxy ${running.url} → ${backend}: every answer checked against the document (stop with Ctrl-C)`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await running.close();
  const { checked, breaches } = running.summary();
  console.log(`proxy summary: ${checked} answers checked, ${breaches} ${breaches === 1 ? "breach" : "breaches"}`);
  return breaches ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
