// npm run contract -- proxy <backend-url> [--port 4010] [--host 127.0.0.1] [--spec <file>] [--report <file>]
//   forwards traffic to the backend and reports every answer that breaks the document; a summary
//   when stopped (SIGINT/SIGTERM), exit code 1 when there was a breach. --report keeps the summary
//   so far in a JSON file ({checked, breaches, lines}), rewritten after every checked answer.
// npm run contract -- mock --spec <file> | --from <backend-url> [--port 4010] [--host 127.0.0.1]
//   serves a mock of the backend from the document alone (sign-in, wallets, transfers kept in memory).
// npm run contract -- <base-url> [--spec <file>] [--smtp-port <port> | --code-from '<command>'] [--bot-token <token>]
//                               [--phases lint,scenario,generated,oracles,stateful] [--seed N] [--max-examples N] [--sequences N]
//                               [--operation 'METHOD /path']
//                               [--jwt-secret <secret>] [--junit <file>] [--json <file>]
//
// A black-box check of a backend against the /api/v1 contract. It imports nothing from Minibank's
// server: it reads the OpenAPI document (the server's own /api/v1/openapi.json, or --spec) and
//  - lint: lints the document with Spectral (spectral:oas and the suite's rules);
//  - scenario: drives every operation over HTTP as the frontend would, good and bad input;
//  - generated: sends every operation input generated from its schemas (valid, and broken in one
//    place) and holds each answer to the checks of scripts/contract/generated.ts, seeded (--seed,
//    printed on every run), shrunk, each failure with a curl line;
//  - oracles: the bank's own promises (rates honoured, e-mail identity, history order and paging)
//    and the authorization matrix (expired tokens too when --jwt-secret names the backend's secret);
//  - stateful: random sequences of customers' actions checked after every step against a model of
//    the bank (--sequences of them), a failing one shrunk and printed as a script.
// At the end: the coverage matrix (operation × documented status × code, what was never seen),
// --junit / --json reports, and the summary line.
// Every answer is validated against the document with a JSON Schema 2020-12 validator (ajv). One
// line per check, then "N passed, N failed"; exit code 1 on any failure.
//
// E-mail codes: by default the suite listens for SMTP on 127.0.0.1:2525 (--smtp-port) — start the
// backend with its mail going there — or --code-from runs a command with the address as its last
// argument and reads the six-digit code it prints. --bot-token also checks Telegram sign-in with
// init data signed by that token (the backend's TELEGRAM_BOT_TOKEN).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ContractClient } from "./contract/client";
import { commandCodes, smtpCodes, type CodeSource } from "./contract/codes";
import { ContractDocument, type OpenApi } from "./contract/document";
import { runGenerated } from "./contract/generated";
import { BANK } from "./contract/knowledge";
import { lintDocument } from "./contract/lint";
import { runOracles } from "./contract/oracles";
import { startMock } from "./contract/mock";
import { startProxy, type ProxySummary } from "./contract/proxy";
import { coverage, coverageLines, jsonReport, junitReport } from "./contract/report";
import { OPERATIONS, runScenario } from "./contract/scenario";
import { runStateful } from "./contract/stateful";
import { poolOf, signIn } from "./contract/session";

const USAGE = `usage: npm run contract -- <base-url> [--spec <openapi.json>] [--smtp-port <port> | --code-from '<command>'] [--bot-token <token>]
         [--phases lint,scenario,generated,oracles,stateful] [--seed <n>] [--max-examples <n>] [--sequences <n>] [--operation '<METHOD> <path>' …]
         [--jwt-secret <secret>] [--junit <file>] [--json <file>]
       npm run contract -- proxy <backend-url> [--port <port>] [--host <host>] [--spec <openapi.json>] [--report <file>]
       npm run contract -- mock (--spec <openapi.json> | --from <backend-url>) [--port <port>] [--host <host>] [--seed <n>]`;

const PHASES = ["lint", "scenario", "generated", "oracles", "stateful"] as const;
type Phase = (typeof PHASES)[number];

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

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      spec: { type: "string" },
      "smtp-port": { type: "string", default: "2525" },
      "code-from": { type: "string" },
      "bot-token": { type: "string" },
      phases: { type: "string", default: PHASES.join(",") },
      seed: { type: "string" },
      "max-examples": { type: "string" },
      sequences: { type: "string" },
      operation: { type: "string", multiple: true },
      "jwt-secret": { type: "string" },
      junit: { type: "string" },
      json: { type: "string" },
      report: { type: "string" },
      port: { type: "string", default: "4010" },
      from: { type: "string" },
      host: { type: "string", default: "127.0.0.1" },
      help: { type: "boolean" },
    },
  });
  if (positionals[0] === "mock") {
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
  if (positionals[0] === "proxy") {
    const backend = positionals[1]?.replace(/\/$/, "");
    const port = positive(values.port, 4010);
    if (values.help || !backend || !/^https?:\/\//.test(backend) || port === null) {
      console.error(USAGE);
      return 2;
    }
    return proxy(backend, port, values.host, values.spec, values.report);
  }
  const baseUrl = positionals[0]?.replace(/\/$/, "");
  const phases = values.phases.split(",").map((p) => p.trim());
  const seed = values.seed === undefined ? crypto.randomInt(2 ** 31) : Number(values.seed);
  const maxExamples = positive(values["max-examples"], 25);
  const sequences = positive(values.sequences, 10);
  if (
    values.help ||
    !baseUrl ||
    !/^https?:\/\//.test(baseUrl) ||
    !phases.every((p) => (PHASES as readonly string[]).includes(p)) ||
    !Number.isSafeInteger(seed) ||
    maxExamples === null ||
    sequences === null
  ) {
    console.error(USAGE);
    return 2;
  }
  const runs = (phase: Phase) => phases.includes(phase);
  const only = new Set(values.operation ?? []);
  const selected = (method: string, path: string) => only.size === 0 || only.has(`${method} ${path}`);
  console.log(`seed ${seed} (repeat this run with --seed ${seed})`);

  let document: ContractDocument;
  try {
    const doc = await loadDocument(baseUrl, values.spec);
    if (!/^3\.1\./.test(doc.openapi ?? "")) throw new Error(`not an OpenAPI 3.1 document (openapi: ${doc.openapi})`);
    document = new ContractDocument(doc);
  } catch (error) {
    console.log(`FAIL  the OpenAPI document\n        ${(error as Error).message}`);
    console.log("0 passed, 1 failed");
    return 1;
  }
  const api = new ContractClient(baseUrl, document, (line) => console.log(line));
  if (runs("lint")) {
    const findings = await lintDocument(JSON.stringify(document.doc));
    api.record(
      `the document passes Spectral (spectral:oas and the suite's rules): ${findings.length} findings`,
      findings.map((f) => `${f.severity} ${f.code} at ${f.path}: ${f.message}`),
    );
  }

  const codes: CodeSource = values["code-from"] ? commandCodes(values["code-from"]) : await smtpCodes(Number(values["smtp-port"]));
  const run = Date.now().toString(36) + crypto.randomBytes(3).toString("hex");
  try {
    if (runs("scenario")) {
      for (const operation of OPERATIONS) {
        const [method, path] = operation.split(" ");
        api.record(`the document describes ${operation}`, document.operation(method, path) ? [] : ["missing"]);
      }
      await runScenario(api, {
        codes,
        botToken: values["bot-token"],
        documents: (method, path) => document.operation(method, path) !== undefined,
      });
    }
    if (runs("generated")) {
      try {
        const person = await signIn(baseUrl, codes, `contract.g.${run}@example.com`);
        await runGenerated({
          baseUrl,
          document,
          seed,
          maxExamples,
          limitedExamples: 5,
          token: person.tokens.access_token,
          pool: poolOf([person]),
          only: selected,
          record: (name, problems) => api.record(name, problems),
        });
      } catch (error) {
        api.record("generated runs: stopped", [(error as Error).message]);
      }
    }
    if (runs("oracles")) {
      try {
        await runOracles(api, { baseUrl, document, codes, run, seed, jwtSecret: values["jwt-secret"] });
      } catch (error) {
        api.record("oracles: stopped", [(error as Error).message]);
      }
    }
    if (runs("stateful")) {
      try {
        await runStateful({ baseUrl, document, codes, run, seed, sequences, record: (name, problems) => api.record(name, problems) });
      } catch (error) {
        api.record("stateful runs: stopped", [(error as Error).message]);
      }
    }
  } finally {
    await codes.close();
  }
  const rows = coverage(document);
  for (const line of coverageLines(rows)) console.log(line);
  if (values.junit) fs.writeFileSync(values.junit, junitReport(api.results, seed));
  if (values.json) fs.writeFileSync(values.json, jsonReport(api.results, seed, rows));
  const failed = api.results.filter((r) => !r.ok).length;
  console.log(`seed ${seed}`);
  console.log(`${api.results.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
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
