/**
 * Notification outbox under a burst (`npm run bench:outbox`; never part of `npm test`). For each
 * database — a fresh SQLite file, and PostgreSQL when BENCH_POSTGRES_URL (default
 * postgresql://postgres@127.0.0.1:5432/postgres) answers — starts the
 * production build with its mail going to a local SMTP server and its bot to a fake Bot API that
 * enforces Telegram's limits (30 messages a second per bot, one a second per chat, 429 with
 * retry_after beyond them). Then makes a burst of real transfers through the API, each one a credit
 * notice: most to e-mail users, the rest to Telegram users, several to each. Right after the
 * burst, one transfer to a Telegram user outside it. Reports how long until every recipient was
 * told everything, the messages sent per channel, the 429s, how long the notice queued after the
 * burst took to reach the Bot API, and whether anyone was told more often than money arrived.
 * Writes bench/results/outbox-<date>.json; a missed target is reported, not a failure.
 *   BENCH_OUTBOX_SETUPS=sqlite|postgresql: one of them; BENCH_PORT: the server's port (3230).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SignJWT } from "jose";
import pg from "pg";
import { createDb } from "@/lib/server/db";
import { ensureBuild, startServer } from "@/scripts/app-server";
import { dropPostgresDatabase, migrate, postgresDatabaseUrl } from "@/scripts/lib/database";
import { startFakeBotApi, TELEGRAM_LIMITS } from "@/tests/support/fake-bot-api";
import { checkInvariants } from "@/tests/support/ledger";
import { startSmtp } from "@/tests/support/smtp";
import { seedBench, userId, walletId } from "./support/seed";
import { percentile } from "./support/stats";

/** The burst: credits to e-mail users and to Telegram users, several to each. */
const EMAIL_RECIPIENTS = 1_500;
const EMAIL_CREDITS_EACH = 2;
const TELEGRAM_RECIPIENTS = 100;
const TELEGRAM_CREDITS_EACH = 10;
const SENDERS = 400;
/** Transfers in flight at once while the burst is made. */
const CONCURRENCY = 32;
/** How long the bench waits for the outbox to drain after the burst. */
const DRAIN_DEADLINE_MS = 180_000;

const TARGETS = { lateNoticeSeconds: 5, allToldSeconds: 90, tooManyRequestsShare: 0.05 };

const PORT = Number(process.env.BENCH_PORT ?? 3230);
const JWT_SECRET = "bench-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
const BOT_TOKEN = "7000000001:bench_outbox_bot_token_0123456789";
const RESULTS = path.resolve(__dirname, "results");

// Seeded users by index: senders first, then the e-mail recipients, the Telegram recipients, and
// the one Telegram user paid after the burst.
const emailRecipient = (i: number) => SENDERS + i;
const telegramRecipient = (i: number) => SENDERS + EMAIL_RECIPIENTS + i;
const LATE = SENDERS + EMAIL_RECIPIENTS + TELEGRAM_RECIPIENTS;
const USERS = LATE + 1;
const chatOf = (index: number) => String(5_000_000 + index);

export type SetupFigures = {
  setup: string;
  credits: number;
  recipients: { email: number; telegram: number };
  /** How long the burst took to make through the API. */
  burstSeconds: number;
  /** From the burst's last transfer until every credit of it was told (null: not within the deadline). */
  allToldSeconds: number | null;
  /** Credit → told, per channel (ms): median and worst. */
  latencyMs: Record<"email" | "telegram", { p50: number; max: number }>;
  messages: { email: number; telegram: number; folded: number };
  tooManyRequests: number;
  tooManyRequestsShare: number;
  /** The Telegram notice queued after the burst: from its transfer's answer to the Bot API accepting it. */
  lateNoticeSeconds: number | null;
  /** Recipients told more often than money arrived for them. */
  toldTooOften: number;
  notSent: number;
  missed: string[];
};

export type OutboxFigures = { date: string; machine: Record<string, unknown>; setups: SetupFigures[] };

const round = (ms: number) => Math.round(ms / 10) / 100;

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function token(index: number): Promise<string> {
  return new SignJWT({ sid: `bench-outbox-${index}` })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId(index)))
    .setIssuedAt()
    .setExpirationTime("2h")
    .sign(new TextEncoder().encode(JWT_SECRET));
}

async function transfer(url: string, tokens: Map<number, string>, from: number, to: number, amount: number) {
  const res = await fetch(`${url}/api/v1/transfers`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${tokens.get(from)}`,
      "content-type": "application/json",
      "idempotency-key": crypto.randomUUID(),
    },
    body: JSON.stringify({ senderWalletId: walletId(from, 0), receiverWalletId: walletId(to, 0), amount }),
  });
  if (res.status !== 201) throw new Error(`transfer ${from} → ${to}: ${res.status} ${await res.text()}`);
}

/** The burst's credits, shuffled: [sender, receiver] by user index. */
function burstPlan(): [number, number][] {
  const plan: [number, number][] = [];
  for (let i = 0; i < EMAIL_RECIPIENTS; i += 1) {
    for (let k = 0; k < EMAIL_CREDITS_EACH; k += 1) plan.push([crypto.randomInt(SENDERS), emailRecipient(i)]);
  }
  for (let i = 0; i < TELEGRAM_RECIPIENTS; i += 1) {
    for (let k = 0; k < TELEGRAM_CREDITS_EACH; k += 1) plan.push([crypto.randomInt(SENDERS), telegramRecipient(i)]);
  }
  for (let i = plan.length - 1; i > 0; i -= 1) {
    const j = crypto.randomInt(i + 1);
    [plan[i], plan[j]] = [plan[j], plan[i]];
  }
  return plan;
}

async function runSetup(name: string, databaseUrl: string, distDir: string, work: string): Promise<SetupFigures> {
  console.log(`${name}: ${databaseUrl}`);
  const db = createDb(databaseUrl);
  await migrate(databaseUrl);
  await seedBench(db, { users: USERS, balance: 100_000_000n }, databaseUrl.startsWith("postgres"));
  for (let i = 0; i < TELEGRAM_RECIPIENTS; i += 1) {
    await db.user.update({ where: { id: userId(telegramRecipient(i)) }, data: { telegramId: chatOf(telegramRecipient(i)) } });
  }
  await db.user.update({ where: { id: userId(LATE) }, data: { telegramId: chatOf(LATE) } });
  const tokens = new Map<number, string>();
  for (let i = 0; i < SENDERS; i += 1) tokens.set(i, await token(i));

  const bot = await startFakeBotApi(BOT_TOKEN, { limits: TELEGRAM_LIMITS });
  const smtp = await startSmtp();
  const server = await startServer({
    distDir,
    port: PORT,
    logFile: path.join(work, `${name.replace(/\W+/g, "-")}.log`),
    env: {
      DATABASE_URL: databaseUrl,
      MINIBANK_DATA_DIR: work,
      MINIBANK_DEMO: undefined,
      JWT_SECRET,
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_URL: bot.url,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SMTP_FROM: "Minibank <bench@minibank.local>",
      APP_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: "warn",
      RATES_SOURCE_URL: "off",
      TON_WALLETS_LIST_URL: "bundled",
      // A load of transfers from few senders, not a flood from one account.
      TRANSFER_LIMIT_PER_USER: "1000000",
      LOOKUP_LIMIT_PER_USER: "1000000",
      TOPUP_COUNT_DAILY_LIMIT: "1000000",
    },
  });
  try {
    const plan = burstPlan();
    console.log(`  burst: ${plan.length} transfers, ${CONCURRENCY} at a time…`);
    const burstStart = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < plan.length) {
          const [from, to] = plan[next++];
          await transfer(server.url, tokens, from, to, 100 + crypto.randomInt(10_000));
        }
      }),
    );
    const burstEnd = Date.now();
    await transfer(server.url, tokens, 0, LATE, 4_200);
    const lateQueued = Date.now();
    console.log(`  burst made in ${round(burstEnd - burstStart)} s; waiting for the outbox to drain…`);

    const deadline = Date.now() + DRAIN_DEADLINE_MS;
    let open = Infinity;
    while (open > 0 && Date.now() < deadline) {
      open = await db.notification.count({ where: { status: { in: ["pending", "sending"] } } });
      if (open > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const rows = await db.notification.findMany({ select: { channel: true, address: true, status: true, createdAt: true, sentAt: true } });
    const burst = rows.filter((r) => r.address !== chatOf(LATE));
    const notSent = burst.filter((r) => r.status !== "sent").length;
    const lastSent = Math.max(...burst.map((r) => r.sentAt?.getTime() ?? Infinity));

    const accepted = bot.calls.filter((c) => c.method === "sendMessage" && c.status === 200);
    const tried = bot.calls.filter((c) => c.method === "sendMessage");
    const late = accepted.find((c) => c.params.chat_id === chatOf(LATE));
    const credits = new Map<string, number>();
    for (const r of rows) credits.set(r.address, (credits.get(r.address) ?? 0) + 1);
    const told = new Map<string, number>();
    for (const c of accepted) told.set(String(c.params.chat_id), (told.get(String(c.params.chat_id)) ?? 0) + 1);
    for (const m of smtp.received) told.set(m.to[0], (told.get(m.to[0]) ?? 0) + 1);
    const toldTooOften = [...told].filter(([address, n]) => n > (credits.get(address) ?? 0)).length;
    const folded = accepted.filter((c) => /^Вам пришло|^Вам пришёл/.test(String(c.params.text))).length;
    const latency = (channel: string) => {
      const ms = burst.filter((r) => r.channel === channel && r.sentAt).map((r) => r.sentAt!.getTime() - r.createdAt.getTime());
      return { p50: percentile([...ms].sort((a, b) => a - b), 0.5), max: Math.max(0, ...ms) };
    };
    const figures: SetupFigures = {
      setup: name,
      credits: plan.length,
      recipients: { email: EMAIL_RECIPIENTS, telegram: TELEGRAM_RECIPIENTS },
      burstSeconds: round(burstEnd - burstStart),
      allToldSeconds: notSent === 0 ? round(Math.max(0, lastSent - burstEnd)) : null,
      latencyMs: { email: latency("email"), telegram: latency("telegram") },
      messages: { email: smtp.received.length, telegram: accepted.length, folded },
      tooManyRequests: bot.limited().length,
      tooManyRequestsShare: tried.length ? Math.round((bot.limited().length / tried.length) * 1000) / 1000 : 0,
      lateNoticeSeconds: late ? round(Math.max(0, late.at - lateQueued)) : null,
      toldTooOften,
      notSent,
      missed: [],
    };
    figures.missed = verdicts(figures);
    const invariants = await checkInvariants(db).then(
      () => "hold",
      (error: Error) => `BROKEN: ${error.message}`,
    );
    console.log(`  ledger invariants ${invariants}`);
    return figures;
  } finally {
    await server.stop();
    await bot.close();
    await smtp.close();
    await db.$disconnect();
  }
}

function verdicts(f: SetupFigures): string[] {
  const missed: string[] = [];
  if (f.lateNoticeSeconds === null || f.lateNoticeSeconds > TARGETS.lateNoticeSeconds) {
    missed.push(`the Telegram notice after the burst: ${f.lateNoticeSeconds ?? "never"} s > ${TARGETS.lateNoticeSeconds} s`);
  }
  if (f.allToldSeconds === null || f.allToldSeconds > TARGETS.allToldSeconds) {
    missed.push(`everyone told ${f.allToldSeconds ?? `never (${f.notSent} not sent)`} s after the burst > ${TARGETS.allToldSeconds} s`);
  }
  if (f.tooManyRequestsShare > TARGETS.tooManyRequestsShare) {
    missed.push(`${f.tooManyRequestsShare * 100} % of sends answered 429 > ${TARGETS.tooManyRequestsShare * 100} %`);
  }
  if (f.toldTooOften > 0) missed.push(`${f.toldTooOften} recipients told more often than money arrived`);
  return missed;
}

function print(f: SetupFigures): void {
  console.log(`\n${f.setup}: ${f.credits} credits to ${f.recipients.email} e-mail and ${f.recipients.telegram} Telegram recipients`);
  console.log(`  burst made in                 ${f.burstSeconds} s`);
  console.log(`  everyone told, after the burst ${f.allToldSeconds ?? "not within the deadline"} s (target ≤ ${TARGETS.allToldSeconds})`);
  console.log(`  credit → told, median / worst e-mail ${f.latencyMs.email.p50} / ${f.latencyMs.email.max} ms, Telegram ${f.latencyMs.telegram.p50} / ${f.latencyMs.telegram.max} ms`);
  console.log(`  messages sent                 ${f.messages.email} e-mails, ${f.messages.telegram} Telegram (${f.messages.folded} folded)`);
  console.log(`  429 received                  ${f.tooManyRequests} (${(f.tooManyRequestsShare * 100).toFixed(1)} % of sends; target ≤ ${TARGETS.tooManyRequestsShare * 100} %)`);
  console.log(`  Telegram notice after burst   ${f.lateNoticeSeconds ?? "never"} s (target ≤ ${TARGETS.lateNoticeSeconds})`);
  console.log(`  told more often than paid     ${f.toldTooOften} recipients`);
  console.log(f.missed.length ? `  targets missed:\n    ${f.missed.join("\n    ")}` : "  all targets met");
}

/** Runs the outbox burst on SQLite and, when it answers, PostgreSQL; prints and returns the figures. */
export async function benchOutbox(options: { distDir?: string } = {}): Promise<OutboxFigures> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-bench-outbox-"));
  const distDir =
    options.distDir ??
    (await ensureBuild({ mode: "production", distDir: ".next-bench", fresh: !process.env.MINIBANK_PROD_BUILD_DIR, log: console.log }));
  const server = process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const only = process.env.BENCH_OUTBOX_SETUPS?.toLowerCase();
  const setups: SetupFigures[] = [];
  try {
    if (!only || only.includes("sqlite")) {
      setups.push(await runSetup("SQLite", `file:${path.join(work, "outbox.db")}`, distDir, work));
    }
    if (!only || only.includes("postgres")) {
      if (await postgresAnswers(server)) {
        const url = postgresDatabaseUrl(server, `minibank_bench_outbox_${Date.now().toString(36)}`);
        try {
          setups.push(await runSetup("PostgreSQL", url, distDir, work));
        } finally {
          await dropPostgresDatabase(url);
        }
      } else {
        console.log(`PostgreSQL at ${server} does not answer: skipped`);
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  setups.forEach(print);
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version };
  return { date: new Date().toISOString(), machine, setups };
}

async function main() {
  const figures = await benchOutbox();
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `outbox-${figures.date.slice(0, 10)}.json`);
  fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\n${JSON.stringify(figures)}\n\nwritten ${path.relative(process.cwd(), file)}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
