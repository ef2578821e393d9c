// Crash safety of money movement: a production server is SIGKILLed while 200 concurrent transfers
// are in flight, restarted on the same database, and every transfer is sent again with its own
// Idempotency-Key. Each logical transfer must be applied exactly once and the books must balance.
// Uses MINIBANK_BUILD_DIR when it names a finished build (npm test builds .next-e2e); otherwise
// builds .next-crash once.
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { signAccessToken } from "@/lib/server/auth/tokens";
import { getDb } from "@/lib/server/db";
import { ensureBuild, freePort, startServer, type AppServer } from "@/scripts/app-server";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

jest.setTimeout(240_000);

const USERS = 12;
const TRANSFERS = 200;
/**
 * The plug is pulled once this many transfers are committed, watched in the database itself:
 * counting answers was not enough, as a quick server could commit all 200 before the tenth
 * answer reached the test, and the crash was then no longer mid-flight.
 */
const KILL_AFTER_COMMITS = 20;
const OPENING_RUB = 10_000_000;

type Planned = { key: string; token: string; senderId: number; receiverId: number; amount: number };
type Outcome = { status: number; body: { id?: number } } | { error: string };

async function send(base: string, t: Planned): Promise<Outcome> {
  try {
    const res = await fetch(`${base}/api/v1/transfers`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${t.token}`,
        "content-type": "application/json",
        "idempotency-key": t.key,
      },
      body: JSON.stringify({ senderWalletId: t.senderId, receiverWalletId: t.receiverId, amount: t.amount }),
    });
    return { status: res.status, body: (await res.json()) as { id?: number } };
  } catch (error) {
    return { error: String(error) };
  }
}

let server: AppServer | null = null;

afterAll(async () => {
  await server?.stop();
});

it("applies every transfer exactly once across a SIGKILL and a full retry", async () => {
  const distDir = await ensureBuild({ mode: "demo", distDir: ".next-crash" });
  const url = process.env.DATABASE_URL!;
  const dbFile = url.startsWith("file:") ? url.slice("file:".length) : null;
  // As `npm start` leaves it: WAL, so the server and this test can both open the file.
  if (dbFile) new Database(dbFile).pragma("journal_mode = WAL");

  await setRate("USD", 92_5000);
  const users: Awaited<ReturnType<typeof createFundedUser>>[] = [];
  for (let i = 0; i < USERS; i += 1) users.push(await createFundedUser({ RUB: OPENING_RUB }));
  const tokens = await Promise.all(users.map((u) => signAccessToken(u.user.id)));

  const plan: Planned[] = Array.from({ length: TRANSFERS }, (_, i) => {
    const from = i % USERS;
    const to = (from + 1 + crypto.randomInt(USERS - 1)) % USERS;
    // One in four converts RUB → USD, taking the two extra legs through the bank's wallets.
    const currency = i % 4 === 3 ? "USD" : "RUB";
    return {
      key: crypto.randomUUID(),
      token: tokens[from],
      senderId: users[from].wallets.RUB,
      receiverId: users[to].wallets[currency],
      amount: 1_000 + crypto.randomInt(50_000),
    };
  });

  const port = await freePort();
  const options = {
    distDir,
    port,
    logFile: path.join(process.env.MINIBANK_DATA_DIR!, "server.log"),
    env: {
      DATABASE_URL: process.env.DATABASE_URL,
      MINIBANK_DATA_DIR: process.env.MINIBANK_DATA_DIR,
      MINIBANK_DEMO: "1",
      JWT_SECRET: process.env.JWT_SECRET,
      TELEGRAM_BOT_TOKEN: process.env.TELEGRAM_BOT_TOKEN,
      LOG_LEVEL: "warn",
      // A burst from few people, not abuse: the sending limits have their own tests.
      TRANSFER_LIMIT_PER_USER: process.env.TRANSFER_LIMIT_PER_USER,
      LOOKUP_LIMIT_PER_USER: process.env.LOOKUP_LIMIT_PER_USER,
      TOPUP_COUNT_DAILY_LIMIT: process.env.TOPUP_COUNT_DAILY_LIMIT,
    },
  };
  server = await startServer(options);

  // Fire everything at once; pull the plug once the first transfers are committed.
  // SQLite: a synchronous read of the file, every millisecond; PostgreSQL: a count query in a loop.
  const watcher = dbFile ? new Database(dbFile, { readonly: true }) : null;
  const statement = watcher?.prepare(`SELECT COUNT(*) AS n FROM "Transfer" WHERE "kind" = 'transfer'`);
  const committed = async () =>
    statement ? (statement.get() as { n: number }).n : getDb().transfer.count({ where: { kind: "transfer" } });
  let killed: Promise<void> | null = null;
  let watching = true;
  const watch = (async () => {
    while (watching && !killed) {
      if ((await committed()) >= KILL_AFTER_COMMITS) killed = server!.kill();
      else await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  const first = await Promise.all(plan.map((t) => send(server!.url, t)));
  watching = false;
  await watch;
  watcher?.close();
  await killed;
  expect(killed).not.toBeNull();
  const beforeCrash = first.filter((o) => "status" in o);
  const cutOff = first.filter((o) => "error" in o);
  // The crash really happened mid-flight: connections died with their answers unsent.
  expect(cutOff.length).toBeGreaterThan(0);
  for (const o of beforeCrash) expect(o).toMatchObject({ status: 201 });
  // Committed work survives the kill; some transfers were still to come, so the retry matters.
  const committedAtCrash = await getDb().transfer.count({ where: { kind: "transfer" } });
  expect(committedAtCrash).toBeGreaterThanOrEqual(beforeCrash.length);
  expect(committedAtCrash).toBeLessThan(TRANSFERS);

  server = await startServer(options);
  const second = await Promise.all(plan.map((t) => send(server!.url, t)));
  for (const o of second) expect(o).toMatchObject({ status: 201, body: { id: expect.any(Number) } });
  // An answer given before the crash is replayed as is: the same transfer, not a new one.
  first.forEach((o, i) => {
    if ("status" in o) expect((second[i] as { body: { id: number } }).body.id).toBe(o.body.id);
  });

  const db = getDb();
  const ids = second.map((o) => (o as { body: { id: number } }).body.id);
  expect(new Set(ids).size).toBe(TRANSFERS);
  expect(await db.transfer.count({ where: { kind: "transfer" } })).toBe(TRANSFERS);
  expect(await db.transfer.count({ where: { id: { in: ids }, kind: "transfer" } })).toBe(TRANSFERS);

  // Every RUB wallet holds exactly its opening balance, minus what it sent, plus RUB received.
  const expected = new Map(users.map((u) => [u.wallets.RUB, BigInt(OPENING_RUB)]));
  for (const t of plan) {
    expected.set(t.senderId, expected.get(t.senderId)! - BigInt(t.amount));
    if (expected.has(t.receiverId)) expected.set(t.receiverId, expected.get(t.receiverId)! + BigInt(t.amount));
  }
  const wallets = await db.wallet.findMany({ where: { id: { in: [...expected.keys()] } } });
  expect(Object.fromEntries(wallets.map((w) => [w.id, w.balance]))).toEqual(Object.fromEntries(expected));

  await checkInvariants(db);
});
