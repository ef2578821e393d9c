// One way for a test to start the app as it is deployed — a production (or demo) build under
// `npm start` with its fakes: mail to a local SMTP server, the bot on a fake Bot API, rates from a
// local stand-in for the Central Bank — and to talk to it over HTTP as a client would.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sign } from "@telegram-apps/init-data-node";
import Database from "better-sqlite3";
import { ensureBuild, freePort, startServer, type AppServer } from "@/scripts/app-server";
import { startFakeBotApi, type FakeBotApi, type Limits } from "@/tests/support/fake-bot-api";
import { productionEnv, serveRecordedRates, type RatesSource } from "@/tests/support/production-env";
import { codeIn, startSmtp, type Mailbox } from "@/tests/support/smtp";

export type AppOptions = {
  /** Names the folder, the database and the log. */
  name: string;
  /** A production build (the default) or the demo (codes in its outbox table, no SMTP). */
  mode?: "production" | "demo";
  /** The bot on a fake Bot API; `limits` makes it enforce Telegram's flood limits. */
  bot?: boolean | { limits: Limits };
  /** Rates imported from a local server serving the recorded Central Bank file. */
  rates?: boolean;
  /** Mail goes to an SMTP server the caller listens on at this port (then `mailbox` is unset). */
  smtpPort?: number;
  /** More environment; `undefined` removes a variable the defaults set. */
  extra?: Record<string, string | undefined>;
};

export type Answer = { status: number; headers: Headers; text: string; body: Record<string, unknown> & Record<string, unknown>[] };
export type CallOptions = { token?: string; body?: unknown; key?: string; headers?: Record<string, string> };

export type App = {
  url: string;
  work: string;
  logFile: string;
  /** The SQLite file of a production or demo app (each starts on its own). */
  databaseFile: string;
  /** The environment the server runs with, for a command run beside it (an import, a check). */
  env: Record<string, string | undefined>;
  server: AppServer;
  mailbox?: Mailbox;
  botApi?: FakeBotApi;
  botToken: string;
  rates?: RatesSource;
  /** One request; JSON answers parsed. */
  call(method: string, pathname: string, options?: CallOptions): Promise<Answer>;
  /** One request that must succeed (2xx); its parsed body. */
  ok(method: string, pathname: string, options?: CallOptions): Promise<Answer["body"]>;
  /** Signs in by e-mail (the code from the mail or the demo outbox) with wallets; the access token. */
  emailUser(email: string): Promise<string>;
  /** As `emailUser`, with the session's refresh token too. */
  emailSession(email: string): Promise<{ token: string; refresh: string }>;
  /** Signs in as a Telegram user who opened the app from the bot's chat, with wallets; the access token. */
  telegramUser(id: number, firstName: string, username?: string): Promise<string>;
  stop(): Promise<void>;
};

async function waitFor<T>(find: () => T | undefined, tries = 100): Promise<T> {
  for (let i = 0; i < tries; i += 1) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("waited 10 s in vain");
}

export async function startApp(options: AppOptions): Promise<App> {
  const mode = options.mode ?? "production";
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `minibank-${options.name}-`));
  const logFile = path.join(work, "server.log");
  const mailbox = mode === "production" && options.smtpPort === undefined ? await startSmtp() : undefined;
  const botToken = `7000000002:${crypto.randomBytes(24).toString("base64url")}`;
  const botApi = options.bot ? await startFakeBotApi(botToken, options.bot === true ? {} : { limits: options.bot.limits }) : undefined;
  const rates = options.rates ? await serveRecordedRates() : undefined;
  const port = await freePort();
  const databaseFile = path.join(work, `${options.name}.db`);
  const base =
    mode === "production"
      ? productionEnv({ work, name: options.name, port, smtpPort: options.smtpPort ?? mailbox!.port })
      : { MINIBANK_DEMO: "1", DATABASE_URL: `file:${databaseFile}`, MINIBANK_DATA_DIR: work, RATES_SOURCE_URL: undefined, LOG_LEVEL: "warn" };
  const env: Record<string, string | undefined> = {
    ...base,
    // The token the test signs Telegram init data with (the demo's own when it has no bot).
    ...(mode === "production" || botApi ? { TELEGRAM_BOT_TOKEN: botToken } : {}),
    ...(botApi ? { TELEGRAM_API_URL: botApi.url } : {}),
    ...(rates ? { RATES_SOURCE_URL: rates.url } : {}),
    ...options.extra,
  };
  const distDir = await ensureBuild(mode === "production" ? { mode, distDir: ".next-prod" } : { mode, distDir: ".next-e2e" });
  const server = await startServer({ distDir, port, npmStart: true, logFile, timeoutMs: 120_000, env });

  const call = async (method: string, pathname: string, call: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { accept: "application/json", ...call.headers };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.body !== undefined) headers["content-type"] = "application/json";
    if (call.key) headers["idempotency-key"] = call.key;
    const res = await fetch(`${server.url}${pathname}`, { method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) });
    const text = await res.text();
    const json = res.headers.get("content-type")?.includes("json") && text;
    return { status: res.status, headers: res.headers, text, body: json ? JSON.parse(text) : null };
  };
  const ok = async (method: string, pathname: string, options: CallOptions = {}) => {
    const answer = await call(method, pathname, options);
    if (answer.status < 200 || answer.status >= 300) throw new Error(`${method} ${pathname} answered ${answer.status}: ${answer.text}`);
    return answer.body;
  };
  /** The newest sign-in code sent to `email`: by SMTP in production, in the outbox table in the demo. */
  const codeFor = async (email: string, before: number): Promise<string> => {
    if (mailbox) {
      const mail = await waitFor(() => mailbox.received.slice(before).find((m) => m.to.includes(email)));
      return codeIn(mail.raw);
    }
    const db = new Database(databaseFile, { readonly: true });
    try {
      const row = db.prepare(`SELECT "text" FROM "OutboxEmail" WHERE "to" = ? ORDER BY "id" DESC LIMIT 1`).get(email) as { text: string };
      return /(\d{6})/.exec(row.text)![1];
    } finally {
      db.close();
    }
  };
  const signedIn = async (tokens: Answer["body"]) => {
    const token = tokens.access_token as unknown as string;
    await ok("POST", "/api/v1/wallet/init", { token });
    return { token, refresh: tokens.refresh_token as unknown as string };
  };
  const emailSession = async (email: string) => {
    const before = mailbox?.received.length ?? 0;
    await ok("POST", "/api/v1/auth/email/request-code", { body: { email } });
    // Notices to earlier users may arrive in between: a new address gets only its code.
    const code = await codeFor(email, before);
    return signedIn(await ok("POST", "/api/v1/auth/email/verify-code", { body: { email, code } }));
  };

  return {
    url: server.url,
    work,
    logFile,
    databaseFile,
    env,
    server,
    mailbox,
    botApi,
    botToken,
    rates,
    call,
    ok,
    emailSession,
    async emailUser(email) {
      return (await emailSession(email)).token;
    },
    async telegramUser(id, firstName, username = `${firstName.toLowerCase()}_${id}`) {
      const user = { id, first_name: firstName, username, allows_write_to_pm: true };
      // Init data is usable once: every sign-in is its own opening.
      const initData = sign({ user, query_id: `${options.name}-${id}-${crypto.randomUUID()}` }, botToken, new Date());
      return (await signedIn(await ok("POST", "/api/v1/auth/telegram/login", { body: { init_data: initData } }))).token;
    },
    async stop() {
      await server.stop();
      await mailbox?.close();
      await botApi?.close();
      await rates?.close();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
