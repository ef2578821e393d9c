import "server-only";
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";
import { DEFAULT_TOPUP_DAILY_LIMIT_UNITS, MINOR_PER_UNIT } from "@/lib/shared/money";
import { isDemoEnv } from "@/lib/server/platform/demo-mode";
import { processState } from "@/lib/server/platform/process-state";
import { parseCorsOrigins, parseTrustProxy } from "@/lib/server/platform/network";

/**
 * Configuration, parsed once. Production refuses to start without real secrets (see
 * `checkProductionEnv`, used by scripts/start.ts too). Demo mode (MINIBANK_DEMO=1) generates its
 * secrets on first start and keeps them under data/, so a fresh machine needs no configuration.
 */
/** The SQLite file used when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_URL = "file:./data/minibank.db";

/** The Central Bank of Russia's daily quotes (windows-1251 XML). `?date_req=DD/MM/YYYY` for a past day. */
export const CBR_DAILY_URL = "https://www.cbr.ru/scripts/XML_daily.asp";

export type Env = {
  demo: boolean;
  databaseUrl: string;
  jwtSecret: Uint8Array;
  telegramBotToken: string;
  /** The Bot API server (TELEGRAM_API_URL, default https://api.telegram.org). */
  telegramApiUrl: string;
  /**
   * Whether credit notifications go to Telegram users through the bot: in production, and in the
   * demo only when TELEGRAM_API_URL names a Bot API (the demo's bot token is not a real bot).
   */
  notifyByTelegram: boolean;
  smtpUrl?: string;
  smtpFrom: string;
  appUrl: string;
  /** Where rates are imported from at start and periodically; undefined = no import. */
  ratesSourceUrl?: string;
  telegramBotLink?: string;
  logLevel: string;
  /** Top-ups per user and currency within 24 hours, in minor units (TOPUP_DAILY_LIMIT, in units). */
  topUpDailyLimitMinor: bigint;
  /** Top-ups per user within 24 hours, whatever their amounts (TOPUP_COUNT_DAILY_LIMIT, default 50). */
  topUpCountDailyLimit: number;
  /** The most movements one statement may hold (STATEMENT_MAX_ROWS, default 5 000); a longer period is refused. */
  statementMaxRows: number;
  /** Statement downloads (CSV or PDF) per user per 10 minutes (STATEMENT_DOWNLOAD_LIMIT_PER_USER, default 10). */
  statementDownloadLimitPerUser: number;
  /** Analytics views (GET /api/v1/insights) per user per 10 minutes (INSIGHTS_LIMIT_PER_USER, default 60). */
  insightsLimitPerUser: number;
  /** Exchanges per user within 24 hours (EXCHANGE_COUNT_DAILY_LIMIT, default 50). */
  exchangeCountDailyLimit: number;
  /** Whether APP_URL was given (the demo falls back to the address it is served on). */
  appUrlGiven: boolean;
  /** Where the TON wallets list comes from (TON_WALLETS_LIST_URL); "bundled" never fetches. */
  tonWalletsListUrl?: string;
  /** Origins a frontend on another origin may call /api/v1 from (CORS_ORIGINS). */
  corsOrigins: string[];
  /** Lookups of other users (profiles, their wallets) per user per 10 minutes (LOOKUP_LIMIT_PER_USER). */
  lookupLimitPerUser: number;
  /**
   * Transfers a user may send to other people — request payments included — within
   * TRANSFER_LIMIT_WINDOW_SECONDS (TRANSFER_LIMIT_PER_USER, default 50 per 600 s; counted over two fixed
   * windows as lib/server/ledger/transfer-limits.ts says): no account can
   * flood another with notices.
   */
  transferLimitPerUser: number;
  transferLimitWindowMs: number;
  /**
   * How long a process may use the day's rates it read before reading them again
   * (RATES_CACHE_SECONDS, default 60): an import on another instance is used everywhere within it.
   */
  ratesCacheMs: number;
  /** How long a payment request can be paid (PAYMENT_REQUEST_TTL_DAYS, default 7). */
  paymentRequestTtlMs: number;
  /**
   * How long a session found not revoked is trusted without asking the database again
   * (SESSION_TRUST_MS, default 1000; 0 = ask on every request): lib/server/auth/session-trust.ts.
   */
  sessionTrustMs: number;
  /** Payment requests a user may create per 10 minutes (PAYMENT_REQUEST_LIMIT_PER_USER, default 20). */
  paymentRequestLimitPerUser: number;
  /**
   * Receipts and requests a user may prepare as Telegram messages per 10 minutes, each a Bot API
   * call (SHARE_LIMIT_PER_USER, default 20).
   */
  shareLimitPerUser: number;
  /**
   * Schedules one user may hold active or paused at once (SCHEDULE_LIMIT_PER_USER, default 50):
   * each is a transfer the scheduler makes unasked, so one account cannot fill its passes.
   */
  scheduleLimitPerUser: number;
  /**
   * Whether the demo's clock control answers (`/api/dev/clock`, MINIBANK_DEV_CLOCK=1): a tester
   * moves the server's time to see schedules run and requests expire. Demo only: production
   * refuses to start with the variable set (`checkProductionEnv`).
   */
  devClock: boolean;
};

const schema = z.object({
  MINIBANK_DEMO: z.string().optional(),
  DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
  JWT_SECRET: z.string().optional(),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_API_URL: z.string().default("https://api.telegram.org"),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().optional(),
  APP_URL: z.string().optional(),
  TON_WALLETS_LIST_URL: z.string().optional(),
  RATES_SOURCE_URL: z.string().optional(),
  // The bot's Mini App link (https://t.me/<bot>/<app>): the button of a message shared from the app.
  TELEGRAM_BOT_LINK: z.union([z.literal(""), z.url({ protocol: /^https?$/, error: "TELEGRAM_BOT_LINK must be an http(s) URL" })]).optional(),
  LOG_LEVEL: z.string().default("info"),
  LOOKUP_LIMIT_PER_USER: z.coerce.number().int().positive().default(120),
  TRANSFER_LIMIT_PER_USER: z.coerce.number().int().positive().max(1_000_000).default(50),
  TRANSFER_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().max(86_400).default(600),
  TOPUP_DAILY_LIMIT: z.coerce.number().int().positive().max(1e12).default(DEFAULT_TOPUP_DAILY_LIMIT_UNITS),
  TOPUP_COUNT_DAILY_LIMIT: z.coerce.number().int().positive().max(1_000_000).default(50),
  STATEMENT_MAX_ROWS: z.coerce.number().int().positive().max(1_000_000).default(5_000),
  STATEMENT_DOWNLOAD_LIMIT_PER_USER: z.coerce.number().int().positive().max(10_000).default(10),
  INSIGHTS_LIMIT_PER_USER: z.coerce.number().int().positive().max(10_000).default(60),
  EXCHANGE_COUNT_DAILY_LIMIT: z.coerce.number().int().positive().max(1_000_000).default(50),
  RATES_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  PAYMENT_REQUEST_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  PAYMENT_REQUEST_LIMIT_PER_USER: z.coerce.number().int().positive().max(1_000_000).default(20),
  SHARE_LIMIT_PER_USER: z.coerce.number().int().positive().max(1_000_000).default(20),
  SCHEDULE_LIMIT_PER_USER: z.coerce.number().int().positive().max(10_000).default(50),
  SESSION_TRUST_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
});

export function isDemo(): boolean {
  return isDemoEnv(process.env);
}

/**
 * Whether every answer is held to its route's contract (lib/server/http/contract.ts), a breach
 * answering 500: everywhere but a production build, so every test run enforces the contract.
 */
export function checksAnswers(): boolean {
  return process.env.NODE_ENV !== "production";
}

/** How long a request waits for the database lock before it fails with 503 (DB_LOCK_WAIT_MS, default 10 s). */
export function dbLockWaitMs(): number {
  const value = Number(process.env.DB_LOCK_WAIT_MS);
  return Number.isInteger(value) && value > 0 ? value : 10_000;
}

/**
 * Connections each process keeps to PostgreSQL at most (DATABASE_POOL_SIZE, default 10). A
 * transfer holds one for a single statement, so a few per core of the database server keep it
 * busy; more only queue inside the database. Every instance's pool together must stay under the
 * server's max_connections (100 by default): 10 leaves room for nine instances and the tools.
 */
export function databasePoolSize(): number {
  const value = Number(process.env.DATABASE_POOL_SIZE);
  return Number.isInteger(value) && value > 0 && value <= 1000 ? value : 10;
}

/** Seconds between the ledger checks each server runs (LEDGER_CHECK_INTERVAL_SECONDS, default 3600; 0 = none). */
export function ledgerCheckIntervalMs(): number {
  const value = Number(process.env.LEDGER_CHECK_INTERVAL_SECONDS ?? "3600");
  return Number.isInteger(value) && value >= 0 ? value * 1000 : 3_600_000;
}

/** Seconds between the scheduler's passes in each server (SCHEDULER_INTERVAL_SECONDS, default 30; 0 = none). */
export function schedulerIntervalMs(): number {
  const value = Number(process.env.SCHEDULER_INTERVAL_SECONDS ?? "30");
  return Number.isInteger(value) && value >= 0 ? value * 1000 : 30_000;
}

/**
 * The `/api/v1` server's base URL when it is not the frontend's own origin (API_BASE_URL, read at
 * run time, so one build serves any API; "" = this origin). The layout hands it to the browser.
 */
export function apiBaseUrl(env: Record<string, string | undefined> = process.env): string {
  return (env.API_BASE_URL ?? "").replace(/\/+$/, "");
}

/** The bearer token GET /api/metrics asks for (METRICS_TOKEN); unset, the endpoint does not exist. */
export function metricsToken(): string | undefined {
  return process.env.METRICS_TOKEN || undefined;
}

/**
 * The database every part of the server, the scripts and the seed use (DATABASE_URL): a `file:`
 * URL for SQLite (the default) or a `postgresql://` URL. Read here only.
 */
export function getDatabaseUrl(env: Record<string, string | undefined> = process.env): string {
  return env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

/**
 * A streaming replica of DATABASE_URL's primary (DATABASE_READ_URL, `postgresql://`, one host) that
 * the heavy reads may use (lib/server/db/replica.ts); unset, every read goes to the primary.
 */
export function getDatabaseReadUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  return env.DATABASE_READ_URL || undefined;
}

/**
 * How long a read waits for the replica to replay what the primary had flushed when the read
 * began (DATABASE_READ_MAX_LAG_MS, default 200, 0–10 000): a replica further behind than that is
 * passed over and the read goes to the primary.
 */
export function databaseReadMaxLagMs(): number {
  const value = Number(process.env.DATABASE_READ_MAX_LAG_MS ?? "200");
  return Number.isInteger(value) && value >= 0 && value <= 10_000 ? value : 200;
}

type DemoSecrets = { jwtSecret: string; telegramBotToken: string };

/** Demo secrets live in data/demo-secrets.json, created on first use. */
function demoSecrets(): DemoSecrets {
  const file = path.resolve(process.env.MINIBANK_DATA_DIR ?? "data", "demo-secrets.json");
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as DemoSecrets;
  } catch {
    const secrets: DemoSecrets = {
      jwtSecret: crypto.randomBytes(48).toString("base64url"),
      telegramBotToken: `7000000001:${crypto.randomBytes(24).toString("base64url")}`,
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
    return secrets;
  }
}

/** Parsed once per process (every bundle shares it, so demo secrets are generated once). */
const parsed = processState("env", () => ({ env: null as Env | null }));

export function getEnv(): Env {
  if (parsed.env) return parsed.env;
  const raw = schema.parse(process.env);
  const demo = isDemo();
  const problems = demo ? [] : checkProductionEnv(process.env);
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  const secrets = demo && (!raw.JWT_SECRET || !raw.TELEGRAM_BOT_TOKEN) ? demoSecrets() : null;
  parsed.env = {
    demo,
    databaseUrl: raw.DATABASE_URL,
    jwtSecret: new TextEncoder().encode(raw.JWT_SECRET ?? secrets!.jwtSecret),
    telegramBotToken: raw.TELEGRAM_BOT_TOKEN ?? secrets!.telegramBotToken,
    telegramApiUrl: (raw.TELEGRAM_API_URL || "https://api.telegram.org").replace(/\/$/, ""),
    notifyByTelegram: !demo || Boolean(process.env.TELEGRAM_API_URL),
    smtpUrl: raw.SMTP_URL || undefined,
    smtpFrom: raw.SMTP_FROM ?? "Minibank <no-reply@minibank.local>",
    appUrl: (raw.APP_URL ?? "http://localhost:3000").replace(/\/$/, ""),
    appUrlGiven: Boolean(raw.APP_URL),
    tonWalletsListUrl: raw.TON_WALLETS_LIST_URL || undefined,
    ratesSourceUrl: ratesSource(raw.RATES_SOURCE_URL, demo),
    telegramBotLink: raw.TELEGRAM_BOT_LINK || undefined,
    logLevel: raw.LOG_LEVEL,
    topUpDailyLimitMinor: BigInt(raw.TOPUP_DAILY_LIMIT) * MINOR_PER_UNIT,
    topUpCountDailyLimit: raw.TOPUP_COUNT_DAILY_LIMIT,
    statementMaxRows: raw.STATEMENT_MAX_ROWS,
    statementDownloadLimitPerUser: raw.STATEMENT_DOWNLOAD_LIMIT_PER_USER,
    insightsLimitPerUser: raw.INSIGHTS_LIMIT_PER_USER,
    exchangeCountDailyLimit: raw.EXCHANGE_COUNT_DAILY_LIMIT,
    lookupLimitPerUser: raw.LOOKUP_LIMIT_PER_USER,
    transferLimitPerUser: raw.TRANSFER_LIMIT_PER_USER,
    transferLimitWindowMs: raw.TRANSFER_LIMIT_WINDOW_SECONDS * 1000,
    ratesCacheMs: raw.RATES_CACHE_SECONDS * 1000,
    paymentRequestTtlMs: raw.PAYMENT_REQUEST_TTL_DAYS * 24 * 60 * 60 * 1000,
    sessionTrustMs: raw.SESSION_TRUST_MS,
    paymentRequestLimitPerUser: raw.PAYMENT_REQUEST_LIMIT_PER_USER,
    shareLimitPerUser: raw.SHARE_LIMIT_PER_USER,
    scheduleLimitPerUser: raw.SCHEDULE_LIMIT_PER_USER,
    corsOrigins: parseCorsOrigins(process.env.CORS_ORIGINS),
    devClock: demo && isDevClockEnv(process.env),
  };
  return parsed.env;
}

/**
 * Production imports the Central Bank's daily rates unless told `RATES_SOURCE_URL=off`: a bank
 * that starts with no rates cannot convert or total anything. The demo keeps its seeded rates and
 * imports only from a source it is given.
 */
function ratesSource(value: string | undefined, demo: boolean): string | undefined {
  if (value === "off") return undefined;
  if (value) return value;
  return demo ? undefined : CBR_DAILY_URL;
}

export type BotEnv = {
  telegramBotToken: string;
  telegramApiUrl: string;
  appUrl: string;
  /** The Mini App's `t.me/<bot>/<app>` link, when set: bot:setup says what is missing without it. */
  telegramBotLink?: string;
};

/**
 * What talking to the bot needs (`npm run bot:setup` runs with just this): the token, the Bot
 * API server and the app's public address. Throws one line per problem.
 */
export function getBotEnv(env: Record<string, string | undefined> = process.env): BotEnv {
  const problems: string[] = [];
  const token = env.TELEGRAM_BOT_TOKEN ?? "";
  if (!/^\d+:[\w-]{20,}$/.test(token)) problems.push("TELEGRAM_BOT_TOKEN is missing or does not look like a bot token (<id>:<secret>)");
  const appUrl = (env.APP_URL ?? "").replace(/\/$/, "");
  if (!/^https?:\/\/[^/]+/.test(appUrl)) problems.push("APP_URL is missing (the public https:// address of the app)");
  const apiUrl = (env.TELEGRAM_API_URL || "https://api.telegram.org").replace(/\/$/, "");
  if (!/^https?:\/\/[^/]+/.test(apiUrl)) problems.push("TELEGRAM_API_URL must be an http(s) URL");
  if (problems.length) throw new Error(problems.join("\n"));
  return { telegramBotToken: token, telegramApiUrl: apiUrl, appUrl, telegramBotLink: env.TELEGRAM_BOT_LINK || undefined };
}

/** Forgets the parsed configuration (tests change process.env between suites). */
export function resetEnvForTests(): void {
  parsed.env = null;
}

/** Whether MINIBANK_DEV_CLOCK asks for the clock control (1 or true). */
function isDevClockEnv(env: Record<string, string | undefined>): boolean {
  return env.MINIBANK_DEV_CLOCK === "1" || env.MINIBANK_DEV_CLOCK === "true";
}

/** One line per problem; empty when production may start. Shared with scripts/start.ts. */
export function checkProductionEnv(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const secret = env.JWT_SECRET ?? "";
  if (!secret) problems.push("JWT_SECRET is missing (at least 32 bytes of random data)");
  else if (Buffer.byteLength(secret) < 32)
    problems.push(`JWT_SECRET is too weak: ${Buffer.byteLength(secret)} bytes, need at least 32`);
  if (!env.TELEGRAM_BOT_TOKEN) problems.push("TELEGRAM_BOT_TOKEN is missing (from @BotFather)");
  else if (!/^\d+:[\w-]{20,}$/.test(env.TELEGRAM_BOT_TOKEN))
    problems.push("TELEGRAM_BOT_TOKEN does not look like a bot token (<id>:<secret>)");
  if (!env.SMTP_URL) problems.push("SMTP_URL is missing (e.g. smtps://user:pass@smtp.example.com)");
  if (!env.SMTP_FROM) problems.push("SMTP_FROM is missing (e.g. Minibank <no-reply@example.com>)");
  for (const check of [() => parseTrustProxy(env.TRUST_PROXY), () => parseCorsOrigins(env.CORS_ORIGINS)]) {
    try {
      check();
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (!env.APP_URL) problems.push("APP_URL is missing (the public https:// address of the app)");
  else if (!/^https?:\/\/[^/]+/.test(env.APP_URL)) problems.push("APP_URL must be an http(s) URL");
  if (env.API_BASE_URL && !/^https?:\/\/[^/]+/.test(env.API_BASE_URL)) problems.push("API_BASE_URL must be an http(s) URL");
  const readUrl = env.DATABASE_READ_URL;
  if (readUrl && !/^postgres(ql)?:\/\/[^,/]+\//.test(readUrl)) problems.push("DATABASE_READ_URL must be a postgresql:// URL naming one replica");
  if (readUrl && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? "")) problems.push("DATABASE_READ_URL needs DATABASE_URL on PostgreSQL (the replica's primary)");
  // A clock anyone may move has no place beside real money: the control is the demo's alone.
  if (isDevClockEnv(env)) problems.push("MINIBANK_DEV_CLOCK is set: the clock control is for the demo only (MINIBANK_DEMO=1); unset it in production");
  return problems;
}
