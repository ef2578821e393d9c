import fc from "fast-check";
import { Prisma } from "@/lib/generated/prisma/client";
import { createDb, getDb, sqlOf, type Db, type SqlRunner } from "@/lib/server/db";
import type { Applied, PlanEffect, TransferPlan } from "@/lib/server/ledger/plan";
import { applyTransfer } from "@/lib/server/ledger/store-engine";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { bankWallets } from "@/lib/server/ledger/bank";
import { planTransfer } from "@/lib/server/ledger/postings";
import { fixedWindowAt } from "@/lib/server/limits/window";
import { spendingWindowsAt } from "@/lib/server/ledger/spending-limits";
import { AppError } from "@/lib/server/platform/errors";
import { TRANSFER_CHANNELS, type TransferChannel } from "@/lib/shared/api/dtos";
import type { TransferKind } from "@/lib/shared/transfer-kind";
import { freshDatabaseUrl, kindOfThisFile } from "@/tests/support/fresh-database";

// One engine, proven equal: a transfer plan is applied by PL/pgSQL on PostgreSQL
// (prisma/postgres/functions/minibank_apply_plan.sql and minibank_apply_plans.sql) and by
// statements on SQLite (lib/server/ledger/store-engine.ts, db/counter.ts). The same generated sequence of
// plans goes through both, and every row they write and every answer they give must be the same,
// ids mapped by correspondence. fast-check shrinks a difference to the shortest sequence.
// It runs in the api-postgres project only (POSTGRES_ONLY in jest.config.mjs keeps it out of the
// api project): this file's database is PostgreSQL's, and it takes a SQLite copy beside it.

jest.setTimeout(60_000);

const CURRENCIES = ["RUB", "USD"] as const;
type Currency = (typeof CURRENCIES)[number];
const USERS = ["u0", "u1", "u2"] as const;
/** A wallet by name: a user's ("u1:USD"), the bank's ("bank:RUB"), or one that does not exist. */
type WalletName = `${(typeof USERS)[number]}:${Currency}` | `bank:${Currency}` | "missing";
const USER_WALLETS = USERS.flatMap((u) => CURRENCIES.map((c) => `${u}:${c}` as WalletName));
const MISSING_ID = 999_999;

/** Every run starts at the same instant; the dollar's rate is quoted from two weeks before it. */
const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The windows of the generated counters: short, so that a sequence crosses them. */
const SENT_WINDOW_MS = MINUTE;
const LOOKUP_WINDOW_MS = 10 * MINUTE;

/** Payment requests every run starts with: one pending, one expiring soon, one cancelled, one expired. */
const REQUESTS = {
  r0: { requester: "u1", wallet: "u1:RUB", amount: 500n, status: "pending", expiresAt: T0 + DAY },
  r1: { requester: "u2", wallet: "u2:USD", amount: 300n, status: "pending", expiresAt: T0 + 2 * MINUTE },
  r2: { requester: "u0", wallet: "u0:RUB", amount: 100n, status: "cancelled", expiresAt: T0 + DAY },
  r3: { requester: "u0", wallet: "u0:USD", amount: 50n, status: "pending", expiresAt: T0 - MINUTE },
} as const;
type RequestName = keyof typeof REQUESTS | "missing";

type Extras = {
  notice: boolean;
  key: string | null;
  sentLimit: number | null;
  lookup: boolean;
  maxBalance: bigint | null;
  /** How the transfer was made: a stored column like any other (lib/server/ledger/transfer-row.ts). */
  channel: TransferChannel;
  /** The payer's own limits on sending to others in the plan's currency (the `spendLimit` step). */
  spendLimit: { daily: number | null; monthly: number | null } | null;
  /** A round-up into the sender's ruble pocket (lib/server/ledger/round-up.ts), from a ruble account. */
  roundUp: number | null;
};
type Op =
  | { type: "transfer"; from: WalletName; to: WalletName; amount: number; fixedReceived: boolean; message: string | null; extras: Extras }
  | { type: "topup"; to: WalletName; amount: number; bankMissing: boolean; windowLimit: number | null; extras: Extras }
  | { type: "pay"; request: RequestName; from: WalletName; extras: Extras };
type Step = { ops: Op[]; mode: "group" | "transaction"; advance: number };

// ---------------------------------------------------------------------------------------------
// The generators

const userWallet = fc.constantFrom(...USER_WALLETS);
const wallet: fc.Arbitrary<WalletName> = fc.oneof(
  { withCrossShrink: true },
  { weight: 16, arbitrary: userWallet },
  { weight: 1, arbitrary: fc.constant("missing" as const) },
  { weight: 1, arbitrary: fc.constantFrom(...CURRENCIES.map((c) => `bank:${c}` as const)) },
);
/** `arbitrary` in about `percent` of the values, else null. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | null> {
  return fc.oneof({ withCrossShrink: true }, { weight: 100 - percent, arbitrary: fc.constant(null) }, { weight: percent, arbitrary });
}
const extras: fc.Arbitrary<Extras> = fc.record({
  notice: fc.boolean(),
  // A small pool per user: a key used again is a replay (a unique violation, nothing written).
  key: sometimes(fc.constantFrom("k0", "k1", "k2"), 40),
  sentLimit: sometimes(fc.integer({ min: 1, max: 3 }), 50),
  lookup: fc.boolean(),
  maxBalance: sometimes(fc.constantFrom(3_000n, 10_000n), 15),
  channel: fc.constantFrom(...TRANSFER_CHANNELS),
  spendLimit: sometimes(
    fc.record({ daily: sometimes(fc.integer({ min: 1, max: 8_000 }), 70), monthly: sometimes(fc.integer({ min: 1, max: 20_000 }), 60) }),
    40,
  ),
  roundUp: sometimes(fc.integer({ min: 1, max: 9_999 }), 40),
});
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant("transfer" as const),
      from: wallet,
      to: wallet,
      amount: fc.integer({ min: 1, max: 4_000 }),
      fixedReceived: fc.boolean(),
      message: sometimes(fc.constantFrom("за обед 🍜", "rent", ""), 50),
      extras,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant("topup" as const),
      to: wallet,
      amount: fc.integer({ min: 1, max: 5_000 }),
      // Rarely: the bank's wallet itself missing (its postings then name no wallet).
      bankMissing: fc.integer({ min: 0, max: 9 }).map((n) => n === 9),
      windowLimit: sometimes(fc.integer({ min: 1_000, max: 8_000 }), 60),
      extras,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant("pay" as const),
      request: fc.constantFrom<RequestName>("r0", "r1", "r2", "r3", "missing"),
      from: wallet,
      extras,
    }),
  },
);
const step: fc.Arbitrary<Step> = fc.record({
  // No ops: time passes. (A minimum length of 0 also lets fast-check drop the last item when
  // it shrinks.)
  ops: fc.array(op, { maxLength: 3 }),
  mode: fc.constantFrom("group" as const, "transaction" as const),
  advance: fc.constantFrom(0, 1_000, 30_000, 61_000, 10 * MINUTE, DAY),
});
const balance = fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 5, arbitrary: fc.integer({ min: 1_000, max: 20_000 }) });
/** Each user's ruble pocket: open and taking round-ups, open but not taking them, or closed. */
const POCKET_STATES = ["rounding", "off", "closed"] as const;
type PocketState = (typeof POCKET_STATES)[number];
const scenario = fc.record({
  balances: fc.array(balance, { minLength: USER_WALLETS.length, maxLength: USER_WALLETS.length }),
  pockets: fc.array(fc.constantFrom(...POCKET_STATES), { minLength: USERS.length, maxLength: USERS.length }),
  steps: fc.array(step, { maxLength: 10 }),
});

// ---------------------------------------------------------------------------------------------
// One database, set up the same way as the other

type Side = {
  kind: string;
  db: Db;
  sql: SqlRunner;
  users: Map<string, number>;
  wallets: Map<WalletName, number>;
  requests: Map<string, number>;
};

async function setUp(kind: string, db: Db): Promise<Side> {
  const sql = await sqlOf(db);
  const users = new Map<string, number>();
  const wallets = new Map<WalletName, number>();
  for (const [i, name] of USERS.entries()) {
    const user = await db.user.create({ data: { username: `engine_${name}`, telegramId: `7100${i}` } });
    users.set(name, user.id);
    for (const [j, currency] of CURRENCIES.entries()) {
      const made = await db.wallet.create({ data: { userId: user.id, currency, number: `4081700000000000${i}${j}` } });
      wallets.set(`${name}:${currency}`, made.id);
    }
    // A ruble pocket: a wallet of its own beside the account, and its row (lib/server/pockets).
    const pocket = await db.wallet.create({ data: { userId: user.id, currency: "RUB", number: `4081700000000009${i}`, pocket: 1 } });
    await db.pocket.create({ data: { walletId: pocket.id, userId: user.id, name: `pocket ${name}` } });
    wallets.set(pocketOf(name), pocket.id);
  }
  for (const bank of await bankWallets(sql, [...CURRENCIES])) wallets.set(`bank:${bank.currency as Currency}`, bank.id);
  await db.rate.create({ data: { currency: "USD", date: "2026-01-01", value: 923_456 } });
  const requests = new Map<string, number>();
  for (const [name, r] of Object.entries(REQUESTS)) {
    const made = await db.paymentRequest.create({
      data: {
        token: `engine-${name}`,
        requesterId: users.get(r.requester)!,
        walletId: wallets.get(r.wallet)!,
        amount: r.amount,
        currency: r.wallet.split(":")[1],
        status: r.status,
        createdAt: new Date(T0 - DAY),
        expiresAt: new Date(r.expiresAt),
      },
    });
    requests.set(name, made.id);
  }
  return { kind, db, sql, users, wallets, requests };
}

/** A user's ruble pocket, by name (not a `WalletName`: no generated op names it). */
function pocketOf(user: string): WalletName {
  return `${user}:pocket` as WalletName;
}

/** Back to the state every run starts from: no movements, the generated balances and pockets, the requests as made. */
async function reset(side: Side, balances: number[], pockets: PocketState[]): Promise<void> {
  const cancelled = side.requests.get("r2")!;
  const balance = Prisma.join(
    USER_WALLETS.map((name, i) => Prisma.sql`WHEN ${side.wallets.get(name)!} THEN CAST(${BigInt(balances[i])} AS BIGINT)`),
    " ",
  );
  await side.sql.transaction(async (tx) => {
    for (const table of ["Notification", "IdempotencyKey", "Posting", "Transfer", "SendingCounter", "LookupCounter"]) {
      await tx.$executeRaw(Prisma.sql`DELETE FROM ${Prisma.raw(`"${table}"`)}`);
    }
    await tx.$executeRaw`UPDATE "PaymentRequest" SET "status" = CASE WHEN "id" = ${cancelled} THEN 'cancelled' ELSE 'pending' END,
      "payerId" = NULL, "paidAt" = NULL, "transferId" = NULL`;
    await tx.$executeRaw`UPDATE "Wallet" SET "balance" = CASE "id" ${balance} ELSE CAST(0 AS BIGINT) END`;
    for (const [i, user] of USERS.entries()) {
      const state = pockets[i];
      await tx.$executeRaw`UPDATE "Pocket" SET "roundUp" = ${state === "off" ? 0 : 10},
        "closedAt" = ${state === "closed" ? new Date(T0 - DAY) : null} WHERE "walletId" = ${side.wallets.get(pocketOf(user))!}`;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// A step's plans, as each side's ledger decides them

function owner(name: WalletName): string {
  return name === "missing" ? "u0" : name.split(":")[0];
}

function ledgerWallet(side: Side, name: WalletName, currency: Currency) {
  const id = name === "missing" ? MISSING_ID : side.wallets.get(name)!;
  const userName = owner(name);
  const currencyOf = name === "missing" ? currency : (name.split(":")[1] as Currency);
  return { id, userId: userName === "bank" ? 0 : side.users.get(userName)!, currency: currencyOf };
}

function effectsOf(side: Side, o: Op, at: Date, payer: string, receiver: string): PlanEffect[] {
  const userId = (name: string) => side.users.get(name) ?? side.users.get("u0")!;
  const effects: PlanEffect[] = [];
  const { extras: e } = o;
  if (e.key) effects.push({ type: "recordKey", userId: userId(payer), key: e.key, requestHash: `hash-${e.key}` });
  if (o.type === "pay") {
    const requestId = o.request === "missing" ? MISSING_ID : side.requests.get(o.request)!;
    effects.push({ type: "payRequest", requestId, payerId: userId(payer) });
  }
  if (e.sentLimit !== null) effects.push({ type: "countSent", userId: userId(payer), ...fixedWindowAt(at, SENT_WINDOW_MS), limit: e.sentLimit });
  if (e.notice) {
    effects.push({ type: "notice", userId: userId(receiver), channel: "telegram", address: `7100${receiver.slice(1)}`, text: "Вам пришли деньги ✅" });
  }
  if (e.lookup) effects.push({ type: "countLookup", userId: userId(payer), ...fixedWindowAt(at, LOOKUP_WINDOW_MS) });
  if (e.roundUp !== null && o.type === "transfer" && o.from !== "missing" && o.from.endsWith(":RUB") && !o.from.startsWith("bank")) {
    const amount = BigInt(e.roundUp);
    const row = { kind: "pocket" as const, senderWalletId: side.wallets.get(o.from)!, receiverWalletId: side.wallets.get(pocketOf(payer))! };
    effects.push({
      type: "roundUp",
      row: { ...row, amount, currency: "RUB", receivedAmount: amount, receivedCurrency: "RUB", rate: "1", message: null, channel: "roundup", createdAt: at },
    });
  }
  return effects;
}

/** The plan of one op on one side, or why the ledger refused to plan it. */
async function planOf(side: Side, o: Op, at: Date): Promise<TransferPlan | { planRefused: string }> {
  let kind: TransferKind;
  let options: Parameters<typeof planTransfer>[1];
  let payer: string;
  let receiver: string;
  if (o.type === "topup") {
    const to = ledgerWallet(side, o.to, "RUB");
    const bank = ledgerWallet(side, o.bankMissing ? "missing" : `bank:${to.currency as Currency}`, to.currency as Currency);
    kind = "topup";
    payer = owner(o.to);
    receiver = owner(o.to);
    options = { kind, sender: bank, receiver: to, amount: BigInt(o.amount), fromBank: true, createdAt: at };
  } else if (o.type === "pay") {
    const request = o.request === "missing" ? REQUESTS.r0 : REQUESTS[o.request];
    const to = ledgerWallet(side, request.wallet, "RUB");
    kind = "request";
    payer = owner(o.from);
    receiver = request.requester;
    options = { kind, sender: ledgerWallet(side, o.from, "USD"), receiver: to, amount: request.amount, fixedReceived: true, createdAt: at };
  } else {
    kind = owner(o.from) === owner(o.to) ? "exchange" : "transfer";
    payer = owner(o.from);
    receiver = owner(o.to);
    options = {
      kind,
      sender: ledgerWallet(side, o.from, "RUB"),
      receiver: ledgerWallet(side, o.to, "USD"),
      amount: BigInt(o.amount),
      fixedReceived: o.fixedReceived,
      message: o.message,
      createdAt: at,
    };
  }
  let plan: TransferPlan;
  try {
    plan = await planTransfer(side.sql, { ...options, channel: o.extras.channel });
  } catch (error) {
    if (error instanceof AppError) return { planRefused: error.code };
    throw error;
  }
  if (o.type === "topup" && o.windowLimit !== null) plan.topUpWindow = { since: new Date(at.getTime() - DAY), limit: BigInt(o.windowLimit) };
  if (o.extras.maxBalance !== null) plan.maxBalance = o.extras.maxBalance;
  plan.effects.push(...effectsOf(side, o, at, payer, receiver));
  const limit = o.extras.spendLimit;
  if (limit) {
    const userId = side.users.get(payer) ?? side.users.get("u0")!;
    const toBig = (value: number | null) => (value === null ? null : BigInt(value));
    plan.effects.push({ type: "spendLimit", userId, currency: plan.currency, ...spendingWindowsAt(at), daily: toBig(limit.daily), monthly: toBig(limit.monthly) });
  }
  return plan;
}

// ---------------------------------------------------------------------------------------------
// Applying, and what came of it

type Outcome = { id: number } | { refusal: string } | { error: string } | { planRefused: string } | { undone: true } | { skipped: true };

/** An error as the same thing on both databases. */
function errorOf(error: unknown): string {
  if (isUniqueViolation(error)) return "unique violation";
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  if (code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY") return "foreign key";
  const missing = /transfer touches (\d+) wallets, (\d+) exist/.exec(message);
  if (missing) return `missing wallet (${missing[1]} touched, ${missing[2]} exist)`;
  return `error: ${message}`;
}

/** How many plans either engine refused for the payer's own limits: the generated plans must reach that step. */
let spendRefusals = 0;

function outcomeOf(applied: Applied): Outcome {
  if (applied.refusal?.startsWith("SPENDING_")) spendRefusals += 1;
  return applied.refusal ? { refusal: applied.refusal } : { id: applied.id };
}

/**
 * Applies one step's plans: together on the store (PostgreSQL: one group, `minibank_apply_plans`;
 * SQLite: one group commit), or one after another inside a caller's transaction (PostgreSQL:
 * `minibank_apply_plan` as a statement; SQLite: the statements in that transaction), which an
 * error ends and undoes.
 */
async function applyStep(side: Side, plans: (TransferPlan | { planRefused: string })[], mode: Step["mode"]): Promise<Outcome[]> {
  if (mode === "group") {
    const settled = await Promise.allSettled(
      plans.map((plan) => ("planRefused" in plan ? Promise.resolve<Outcome>(plan) : applyTransfer(side.sql, plan).then(outcomeOf))),
    );
    return settled.map((s) => (s.status === "fulfilled" ? s.value : { error: errorOf(s.reason) }));
  }
  let outcomes: Outcome[] = [];
  try {
    await side.sql.transaction(async (tx) => {
      for (const plan of plans) {
        if ("planRefused" in plan) {
          outcomes.push(plan);
          continue;
        }
        try {
          outcomes.push(outcomeOf(await applyTransfer(tx, plan)));
        } catch (error) {
          outcomes.push({ error: errorOf(error) });
          throw error;
        }
      }
    });
  } catch {
    // The transaction was undone: what it applied is gone (an id may be used again by a later
    // transfer on SQLite, never on PostgreSQL), and what it did not reach was never tried.
    outcomes = outcomes.map((o) => ("id" in o ? { undone: true } : o));
  }
  while (outcomes.length < plans.length) outcomes.push({ skipped: true });
  return outcomes;
}

type Row = Record<string, unknown>;

/** Every row the engine writes, ids replaced by names (wallets, users, requests) and places (transfers). */
async function rowsOf(side: Side) {
  const { sql } = side;
  const walletName = new Map([...side.wallets].map(([name, id]) => [id, name]));
  const userName = new Map([...side.users].map(([name, id]) => [id, name]));
  const requestName = new Map([...side.requests].map(([name, id]) => [id, name]));
  const transfers = await sql.$queryRaw<Row[]>`SELECT * FROM "Transfer" ORDER BY "id"`;
  const place = new Map(transfers.map((r, i) => [Number(r.id), i]));
  const named = (names: Map<number, string>, what: string) => (id: unknown) =>
    id === null ? null : (names.get(Number(id)) ?? `${what} ${String(id)}`);
  const ids = {
    walletId: named(walletName, "wallet"),
    senderWalletId: named(walletName, "wallet"),
    receiverWalletId: named(walletName, "wallet"),
    userId: named(userName, "user"),
    payerId: named(userName, "user"),
    transferId: (id: unknown) => (id === null ? null : (place.get(Number(id)) ?? `gone ${String(id)}`)),
  };
  /** Ids by name or place, instants in ISO 8601, the row's own id dropped (its place is its order). */
  const normal = (row: Row): Row =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([column]) => column !== "id")
        .map(([column, value]) => [
          column,
          column in ids ? ids[column as keyof typeof ids](value) : value instanceof Date ? value.toISOString() : value,
        ]),
    );
  const table = async (query: Prisma.Sql) => (await sql.$queryRaw<Row[]>(query)).map(normal);
  return {
    place,
    rows: {
      wallets: (await sql.$queryRaw<Row[]>`SELECT "id", "balance" FROM "Wallet" ORDER BY "id"`).map((r) => ({
        wallet: walletName.get(Number(r.id)) ?? `wallet ${String(r.id)}`,
        balance: r.balance,
      })),
      transfers: transfers.map(normal),
      postings: await table(Prisma.sql`SELECT * FROM "Posting" ORDER BY "id"`),
      notifications: await table(Prisma.sql`SELECT * FROM "Notification" ORDER BY "id"`),
      keys: await table(Prisma.sql`SELECT * FROM "IdempotencyKey" ORDER BY "id"`),
      sendingCounters: await table(Prisma.sql`SELECT * FROM "SendingCounter" ORDER BY "userId"`),
      lookupCounters: await table(Prisma.sql`SELECT * FROM "LookupCounter" ORDER BY "userId"`),
      requests: (await table(Prisma.sql`SELECT "id" AS "request", "status", "payerId", "paidAt", "transferId" FROM "PaymentRequest" ORDER BY "id"`)).map(
        (r) => ({ ...r, request: requestName.get(Number(r.request)) }),
      ),
    },
  };
}

/** One run on one side: every step's outcomes (transfer ids as places in the table) and every row. */
async function run(side: Side, balances: number[], pockets: PocketState[], steps: Step[]) {
  await reset(side, balances, pockets);
  let now = T0;
  const outcomes: Outcome[][] = [];
  for (const s of steps) {
    now += s.advance;
    const at = new Date(now);
    const plans = [];
    for (const o of s.ops) plans.push(await planOf(side, o, at));
    outcomes.push(await applyStep(side, plans, s.mode));
  }
  const { place, rows } = await rowsOf(side);
  const answers = outcomes.map((step) =>
    step.map((o) => ("id" in o ? { transfer: place.get(o.id) ?? `missing ${o.id}` } : o)),
  );
  return { answers, rows };
}

describe("the transfer engine on SQLite and on PostgreSQL", () => {
  let postgres: Side;
  let sqlite: Side;
  let sqliteDb: Db;

  beforeAll(async () => {
    if (kindOfThisFile() !== "postgresql") throw new Error("engine-equality runs in the api-postgres project");
    postgres = await setUp("postgresql", getDb());
    sqliteDb = createDb(freshDatabaseUrl("sqlite"));
    sqlite = await setUp("sqlite", sqliteDb);
  });

  afterAll(() => sqliteDb.$disconnect());

  it("writes the same rows and gives the same answers for any sequence of plans", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ balances, pockets, steps }) => {
        const onPostgres = await run(postgres, balances, pockets, steps);
        const onSqlite = await run(sqlite, balances, pockets, steps);
        expect(onPostgres).toEqual(onSqlite);
      }),
      { numRuns: 100, seed: 20261129 },
    );
    expect(spendRefusals).toBeGreaterThan(0);
  });
});
