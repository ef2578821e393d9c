/**
 * Demo data: the bank, three users with four wallets each, a year of monthly history (a salary
 * top-up and a dozen transfers among them a month, some from the currency accounts), then top-ups
 * and 36 transfers over the last eight weeks (some across currencies), and 90 days of rates. Every movement goes through the
 * real ledger (`postTransfer`), so postings and the double-entry invariants hold.
 * Deterministic: a fixed-seed generator drives every choice; dates are relative to `now`.
 *
 * Run directly: `npm run db:seed` (DATABASE_URL, default file:./data/minibank.db).
 * `npm run demo` calls `seedDemo(db)` when the database has no users.
 */
import type { Db, Sql } from "@/lib/server/db";
import type { Currency } from "@/lib/shared/money";

const DAY_MS = 86_400_000;
/** The year of monthly history before the eight weeks: ten months of 30 days from 362 days ago. */
const YEAR_DAYS = 362;
const YEAR_MONTHS = 10;
const SEED = 0x5eed_2026;

/** mulberry32: a tiny, well-mixed PRNG; the same seed always gives the same demo. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const between = (min: number, max: number) => min + int(max - min + 1);
  return { next, int, between, pick: <T>(items: readonly T[]) => items[int(items.length)] };
}

type Random = ReturnType<typeof prng>;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Daily quotes (working days, as the Central Bank publishes) as a smooth bounded random walk. */
const RATE_WALKS: Record<Exclude<Currency, "RUB">, { start: number; min: number; max: number; step: number }> = {
  USD: { start: 91.2, min: 80, max: 100, step: 0.45 },
  EUR: { start: 98.6, min: 88, max: 108, step: 0.5 },
  CNY: { start: 12.6, min: 11, max: 14, step: 0.06 },
};

export function demoRates(today: number, random: Random) {
  const rows: { currency: string; date: string; value: number }[] = [];
  for (const [currency, walk] of Object.entries(RATE_WALKS)) {
    let value = walk.start;
    let drift = 0;
    for (let day = 89; day >= 0; day -= 1) {
      const ms = today - day * DAY_MS;
      const weekday = new Date(ms).getUTCDay();
      // Momentum keeps the curve smooth; the pull to the middle keeps it inside its band.
      drift = 0.7 * drift + 0.3 * (random.next() * 2 - 1) * walk.step;
      const middle = (walk.min + walk.max) / 2;
      value += drift + (middle - value) * 0.02;
      value = Math.min(walk.max, Math.max(walk.min, value));
      if (weekday === 0 || weekday === 6) continue;
      rows.push({ currency, date: isoDay(ms), value: Math.round(value * 10_000) });
    }
  }
  return rows;
}

const PEOPLE = [
  {
    username: "alice_tg",
    email: null,
    telegramId: "100000001",
    telegramUsername: "alice_tg",
    telegramFirstName: "Алиса",
    photoUrl: "/demo/alice.svg",
  },
  { username: "e.boris", email: "boris@example.com", telegramId: null, telegramUsername: null, telegramFirstName: null, photoUrl: null },
  {
    username: "vera_tg",
    email: "vera@example.com",
    telegramId: "100000003",
    telegramUsername: "vera_tg",
    telegramFirstName: "Вера",
    photoUrl: null,
    // Opened Minibank from a link and never started the bot: her notices go by e-mail.
    botMayWrite: false,
  },
] as const;

/** Opening top-ups per person, in minor units. */
const OPENING: Record<Currency, [number, number]> = {
  RUB: [8_000_000, 25_000_000],
  USD: [50_000, 300_000],
  EUR: [40_000, 250_000],
  CNY: [200_000, 1_500_000],
};

/** Typical transfer sizes, in minor units. */
const TRANSFER_SIZE: Record<Currency, [number, number]> = {
  RUB: [30_000, 1_500_000],
  USD: [500, 20_000],
  EUR: [500, 15_000],
  CNY: [2_000, 90_000],
};

export type SeedOptions = { now?: Date };

export type SeedResult = { users: number; transfers: number; rates: number };

/** Fills an empty database with the demo. Does nothing when the demo users already exist. */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const { postTransfer } = await import("@/lib/server/ledger/postings");
  const { bankWallet } = await import("@/lib/server/ledger/bank");
  const { topUpIn } = await import("@/lib/server/ledger/top-up");
  const { ensureWallets } = await import("@/lib/server/wallets/init-wallets");
  const { walletsOf } = await import("@/lib/server/wallets/store");
  const { CURRENCIES } = await import("@/lib/shared/money");
  const { sqlOf } = await import("@/lib/server/db");

  if (await db.user.findUnique({ where: { username: PEOPLE[0].username } })) {
    return { users: 0, transfers: 0, rates: 0 };
  }
  const random = prng(SEED);
  const today = Date.parse(`${isoDay((options.now ?? new Date()).getTime())}T00:00:00Z`);
  const start = today - 56 * DAY_MS;
  const at = (ms: number) => new Date(ms);
  // Each step is one transaction of the ledger's store, as the app's own are (SQL only inside).
  const store = await sqlOf(db);
  const inTx = <T>(work: (tx: Sql) => Promise<T>) => store.transaction(work);
  /** The sender wallet's balance, read inside the transfer's transaction. */
  const balanceOf = async (tx: Sql, wallet: { id: number; userId: number }) =>
    (await walletsOf(wallet.userId, tx)).find((w) => w.id === wallet.id)!.balance;

  const rates = demoRates(today, random);
  for (const rate of rates) {
    await db.rate.upsert({
      where: { currency_date: { currency: rate.currency, date: rate.date } },
      create: rate,
      update: { value: rate.value },
    });
  }

  await inTx(async (tx) => {
    for (const currency of CURRENCIES) await bankWallet(tx, currency, random.int);
  });

  const wallets: Record<Currency, { id: number; userId: number; currency: string }>[] = [];
  for (const person of PEOPLE) {
    const user = await db.user.create({ data: { ...person, createdAt: at(today - (YEAR_DAYS + 3) * DAY_MS) } });
    const rows = await inTx((tx) => ensureWallets(tx, user.id, random.int));
    wallets.push(
      Object.fromEntries(rows.map((w) => [w.currency, { id: w.id, userId: user.id, currency: w.currency }])) as Record<
        Currency,
        { id: number; userId: number; currency: string }
      >,
    );
  }

  // The year before the eight weeks, month by month, so the analytics view has a story to tell.
  const year = prng(SEED ^ 0x7ea2);
  let yearTransfers = 0;
  for (let month = 0; month < YEAR_MONTHS; month += 1) {
    const monthStart = today - YEAR_DAYS * DAY_MS + month * 30 * DAY_MS;
    for (const [p, own] of wallets.entries()) {
      const salary = Math.round(year.between(9_000_000, 16_000_000) / 100) * 100;
      const paidAt = at(monthStart + (2 * DAY_MS + (9 + p) * 3_600_000));
      await inTx((tx) => topUpIn(tx, { userId: own.RUB.userId, currency: "RUB", amount: salary, createdAt: paidAt }));
      if (month === 0) {
        for (const [i, currency] of CURRENCIES.filter((c) => c !== "RUB").entries()) {
          const [min, max] = OPENING[currency];
          const amount = Math.round(year.between(min, max) / 100) * 100;
          const createdAt = at(monthStart + 2 * DAY_MS + (12 + p) * 3_600_000 + i * 60_000);
          await inTx((tx) => topUpIn(tx, { userId: own.RUB.userId, currency, amount, createdAt }));
        }
      }
    }
    for (let i = 0; i < 4 * PEOPLE.length; i += 1) {
      const day = 4 + Math.floor((i * 24) / (4 * PEOPLE.length));
      const createdAt = at(monthStart + day * DAY_MS + (9 + year.int(12)) * 3_600_000 + i * 60_000);
      const from = year.int(PEOPLE.length);
      const to = (from + 1 + year.int(PEOPLE.length - 1)) % PEOPLE.length;
      // Mostly rubles; now and then from a currency account (money spent abroad).
      const currency = year.next() < 0.7 ? "RUB" : year.pick(CURRENCIES.filter((c) => c !== "RUB"));
      const [min, max] = TRANSFER_SIZE[currency];
      const wanted = BigInt(Math.round(year.between(min, max) / 100) * 100) * (currency === "RUB" ? 3n : 1n);
      const sender = wallets[from][currency];
      const moved = await inTx(async (tx) => {
        const balance = await balanceOf(tx, sender);
        const amount = wanted < balance / 2n ? wanted : (balance / 2n / 100n) * 100n;
        if (amount < 100n) return false;
        await postTransfer(tx, { kind: "transfer", sender, receiver: wallets[to][currency], amount, createdAt });
        return true;
      });
      if (moved) yearTransfers += 1;
    }
  }

  for (const [p, own] of wallets.entries()) {
    for (const [i, currency] of CURRENCIES.entries()) {
      const [min, max] = OPENING[currency];
      const amount = Math.round(random.between(min, max) / 100) * 100;
      const createdAt = at(start + (i + 1) * 37 * 60_000 + (p + 1) * 3_600_000);
      await inTx((tx) => topUpIn(tx, { userId: own.RUB.userId, currency, amount, createdAt }));
    }
  }

  let transfers = yearTransfers;
  const count = 36;
  for (let i = 0; i < count; i += 1) {
    // Spread over the eight weeks, in waking hours, strictly increasing so ids follow time.
    const dayStart = start + Math.floor(((i + 1) * 55 * DAY_MS) / (count + 1) / DAY_MS) * DAY_MS;
    const createdAt = at(dayStart + (8 + random.int(13)) * 3_600_000 + i * 60_000 + random.int(60) * 1000);
    const from = random.int(PEOPLE.length);
    const to = (from + 1 + random.int(PEOPLE.length - 1)) % PEOPLE.length;
    const currency = random.pick(CURRENCIES);
    const into = i % 4 === 3 ? random.pick(CURRENCIES.filter((c) => c !== currency)) : currency;
    const [min, max] = TRANSFER_SIZE[currency];
    const wanted = BigInt(Math.round(random.between(min, max) / 100) * 100);
    const sender = wallets[from][currency];
    const moved = await inTx(async (tx) => {
      // Never more than half of what the sender has, so the story never runs out of money.
      const balance = await balanceOf(tx, sender);
      const amount = wanted < balance / 2n ? wanted : (balance / 2n / 100n) * 100n;
      if (amount < 100n) return false;
      await postTransfer(tx, { kind: "transfer", sender, receiver: wallets[to][into], amount, createdAt });
      return true;
    });
    if (moved) transfers += 1;
    if (i === 17) {
      // A mid-period top-up, so the history shows one between transfers.
      await inTx((tx) =>
        topUpIn(tx, { userId: wallets[0].RUB.userId, currency: "RUB", amount: 1_500_000, createdAt: at(createdAt.getTime() + 3_600_000) }),
      );
    }
  }
  // A scheduled transfer: Boris pays Vera 5 000 ₽ on the 1st of every month.
  const { dueAt, moscowDate, nextOccurrence } = await import("@/lib/shared/schedule-dates");
  const startDate = moscowDate(at(today + DAY_MS));
  const calendar = { kind: "monthly" as const, day: 1, startDate, endDate: null, count: null };
  const next = nextOccurrence(calendar, null, 0);
  await db.schedule.create({
    data: {
      userId: wallets[1].RUB.userId,
      senderWalletId: wallets[1].RUB.id,
      receiverWalletId: wallets[2].RUB.id,
      amount: 500_000n,
      currency: "RUB",
      message: "Аренда",
      ...calendar,
      nextOccurrence: next,
      nextRunAt: next === null ? null : dueAt(next),
      createdAt: at(today),
      updatedAt: at(today),
    },
  });
  return { users: PEOPLE.length, transfers, rates: rates.length };
}

async function main(): Promise<void> {
  const { createDb } = await import("@/lib/server/db");
  const { getDatabaseUrl } = await import("@/lib/server/platform/env");
  const db = createDb(getDatabaseUrl());
  try {
    const result = await seedDemo(db);
    // The splits go through the app's use cases, on the default database (the same URL).
    const { seedDemoSplits } = await import("@/prisma/seed-splits");
    if (result.users) await seedDemoSplits();
    console.log(
      result.users
        ? `Demo seeded: ${result.users} users, ${result.transfers} transfers, ${result.rates} daily rates`
        : "Demo users already exist; nothing to do",
    );
  } finally {
    await db.$disconnect();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
