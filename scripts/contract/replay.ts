import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sign } from "@telegram-apps/init-data-node";
import { commandCodes, smtpCodes, type CodeSource } from "./codes";
import { ContractDocument, type OpenApi } from "./document";
import { send, type Reply, type Request } from "./http";
import { isEnvironment } from "./outcome";
import { shellReplay } from "./replay-sh";
import { failingChecks, IDENTIFYING, type Failing, type Ref, type ReplayFile, type Step } from "./tape";

/**
 * A failing check as a file that runs alone: `npm run contract -- --replay <file> <base-url>` sends
 * its steps again — signing in anew (a code by mail or --code-from, init data signed with
 * --bot-token), each id and token an earlier answer gave replaced by the one the replay's answer
 * gave — and holds each answer to what the check expected of it: its status (and the document),
 * or, where the check failed on its own comparison, the judged answer as the failing run saw it
 * (ids and times aside). Exit code 1 while the check still fails, 0 once it passes, 3 when the
 * environment kept it from running. Beside it the same as a POSIX sh script of curl calls
 * (scripts/contract/replay-sh.ts).
 */

export type { ReplayFile } from "./tape";

/** The parts of an answer a replay compares: ids, tokens and times are the server's to choose anew. */
export function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (typeof value === "string") return /^\d{4}-\d{2}-\d{2}T/.test(value) ? "<time>" : value;
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, IDENTIFYING.test(k) ? "<id>" : masked(v)]));
}

const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(",")}]`
    : value !== null && typeof value === "object"
      ? `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`
      : JSON.stringify(value);

/** Writes each failing check's replay (JSON and sh) into `dir`; their paths. */
export function writeReplays(dir: string | undefined, baseUrl: string): string[] {
  const failing = failingChecks();
  if (!failing.length) return [];
  const into = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "contract-replay-"));
  fs.mkdirSync(into, { recursive: true });
  return failing.flatMap((check: Failing, i) => {
    const file: ReplayFile = { replay: 1, check: check.name, problems: check.problems, recordedAgainst: baseUrl, judged: check.judged, steps: check.steps };
    const base = path.join(into, `replay-${i + 1}`);
    fs.writeFileSync(`${base}.json`, `${JSON.stringify(file, null, 1)}\n`);
    fs.writeFileSync(`${base}.sh`, shellReplay(file), { mode: 0o755 });
    return [`${base}.json`, `${base}.sh`];
  });
}

/**
 * Recorded string → the replay's (tokens, codes, init data, account numbers), learnt from the
 * answers; e-mail addresses → fresh ones; ids by their refs, from the answer that gave each.
 */
class Substitutions {
  private readonly values = new Map<string, string>();
  private readonly emails = new Map<string, string>();
  private readonly answers: unknown[] = [];
  constructor(private readonly tag: string) {}

  email(recorded: string): string {
    const key = recorded.toLowerCase();
    if (!this.emails.has(key)) this.emails.set(key, `${this.tag}.${key}`);
    return this.emails.get(key)!;
  }

  /** What step `index` was answered now, against what it was answered then. */
  answered(index: number, recorded: unknown, now: unknown): void {
    this.answers[index] = now;
    this.learn(recorded, now);
  }

  private learn(recorded: unknown, now: unknown): void {
    if (Array.isArray(recorded) && Array.isArray(now)) recorded.forEach((item, i) => this.learn(item, now[i]));
    else if (recorded !== null && typeof recorded === "object" && now !== null && typeof now === "object")
      for (const [k, v] of Object.entries(recorded)) this.learn(v, (now as Record<string, unknown>)[k]);
    else if (typeof recorded === "string" && recorded.length >= 6) this.set(recorded, now);
  }

  set(recorded: string, now: unknown): void {
    if (typeof now === "string" && now !== recorded && !this.values.has(recorded)) this.values.set(recorded, now);
  }

  private text(value: string): string {
    const exact = this.values.get(value);
    if (exact !== undefined) return exact;
    let out = value;
    for (const [from, to] of this.values) if (from.length >= 16) out = out.split(from).join(to);
    for (const [from, to] of this.emails) out = out.replace(new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), (m) => (m === m.toUpperCase() ? to.toUpperCase() : to));
    return out;
  }

  private strings(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.strings(v));
    if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.strings(v)]));
    return typeof value === "string" ? this.text(value) : value;
  }

  /** The recorded request as the replay sends it. */
  request(step: Extract<Step, { kind: "exchange" }>): Request {
    const recorded = step.request;
    const request: Request = {
      ...recorded,
      params: this.strings(recorded.params) as Record<string, unknown>,
      query: this.strings(recorded.query) as Record<string, unknown>,
      ...(recorded.body !== undefined ? { body: this.strings(recorded.body) } : {}),
      ...(recorded.rawBody !== undefined ? { rawBody: this.text(recorded.rawBody) } : {}),
      ...(recorded.token !== undefined ? { token: this.text(recorded.token) } : {}),
    };
    for (const ref of step.refs ?? []) {
      const now = ref.at.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], this.answers[ref.from]);
      if (typeof now === "number") placeAt(request, ref.part, ref.path, now);
    }
    return request;
  }
}

/** Puts a value at a path of a request's part (the request is the replay's own copy). */
function placeAt(request: Request, part: Ref["part"], path: (string | number)[], value: number): void {
  if (part === "body" && path.length === 0) {
    request.body = value;
    return;
  }
  let node = (part === "body" ? request.body : request[part]) as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
}

export type ReplaySettings = { spec?: string; smtpPort: number; codeFrom?: string; botToken?: string };

/** What each answer of the replay must be: the problems of one step. */
function judge(file: ReplayFile, index: number, step: Extract<Step, { kind: "exchange" }>, reply: Reply, document: ContractDocument): string[] {
  const problems: string[] = [];
  if (step.expect && !step.expect.includes(reply.status)) problems.push(`answered ${reply.status} (expected ${step.expect.join(" or ")}): ${reply.text.slice(0, 200)}`);
  if (step.expect) problems.push(...document.check(step.request.method, step.request.path, reply));
  if (file.judged === index && reply.status === step.answer.status && canonical(masked(reply.body)) === canonical(masked(step.answer.body))) {
    problems.push(`answered as the failing run was answered (ids and times aside): ${JSON.stringify(reply.body).slice(0, 300)}`);
  }
  return problems;
}

/** Init data of the taped fields signed anew with the bot's token, at this moment. */
function signedAnew(fields: Record<string, string>, botToken: string): string {
  const data = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.startsWith("{") ? (JSON.parse(v) as unknown) : v]));
  return sign(data as Parameters<typeof sign>[0], botToken, new Date());
}

async function replaySteps(file: ReplayFile, baseUrl: string, settings: ReplaySettings, document: ContractDocument, codes: () => Promise<CodeSource>): Promise<number> {
  const subs = new Substitutions(`r${Date.now().toString(36)}${crypto.randomBytes(2).toString("hex")}`);
  let failed = 0;
  // Every address that signs in is a fresh one, from its first request on (asking for the code).
  for (const step of file.steps) if (step.kind === "code") subs.email(step.email);
  for (const [index, step] of file.steps.entries()) {
    if (step.kind === "code") {
      subs.set(step.code, await (await codes()).codeFor(subs.email(step.email)));
      continue;
    }
    if (step.kind === "telegram") {
      if (!settings.botToken) throw new Error("this replay signs in through Telegram: give the server's bot token with --bot-token");
      subs.set(step.initData, signedAnew(step.fields, settings.botToken));
      continue;
    }
    const request = subs.request(step);
    const reply = await send(baseUrl, request, step.expect ? { expect: step.expect } : {});
    subs.answered(index, step.answer.body, reply.body);
    for (const [name, value] of Object.entries(step.answer.headers)) subs.set(value, reply.headers.get(name));
    const problems = judge(file, index, step, reply, document);
    if (step.expect || file.judged === index) {
      const line = `step ${index + 1} ${request.method} ${request.path} → ${reply.status}`;
      console.log(problems.length ? `FAIL  ${line}\n        ${problems.join("\n        ")}` : `ok    ${line}`);
    }
    if (problems.length) failed += 1;
  }
  return failed;
}

/** `contract --replay <file> <base-url>`: the exit code (1 the check still fails, 0 it passes, 3 the environment). */
export async function replayCommand(fileName: string, baseUrl: string, settings: ReplaySettings): Promise<number> {
  if (!/^https?:\/\//.test(baseUrl)) {
    console.error("usage: npm run contract -- --replay <replay.json> <base-url> [--smtp-port <port> | --code-from '<command>'] [--bot-token <token>] [--spec <openapi.json>]");
    return 2;
  }
  const file = JSON.parse(fs.readFileSync(fileName, "utf8")) as ReplayFile;
  console.log(`replay of "${file.check}" (recorded against ${file.recordedAgainst}, ${file.steps.length} steps) against ${baseUrl}`);
  let source: CodeSource | undefined;
  const codes = async () => (source ??= settings.codeFrom ? commandCodes(settings.codeFrom) : await smtpCodes(settings.smtpPort));
  try {
    const doc = settings.spec ? fs.readFileSync(settings.spec, "utf8") : await (await fetch(`${baseUrl}/api/v1/openapi.json`)).text();
    const failed = await replaySteps(file, baseUrl, settings, new ContractDocument(JSON.parse(doc) as OpenApi), codes);
    console.log(failed ? `the check still fails: ${failed} of its steps failed` : "the check passes");
    return failed ? 1 : 0;
  } catch (error) {
    if (!isEnvironment(error) && !(error as { cause?: unknown }).cause) throw error;
    console.log(`ENV   ${(error as Error).message}`);
    return 3;
  } finally {
    await source?.close();
  }
}
