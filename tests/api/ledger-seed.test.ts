import fs from "node:fs";
import path from "node:path";
import { createDb, getDb, type Db } from "@/lib/server/db";
import { freshDatabaseUrl } from "@/tests/support/fresh-database";
import { isLuhnValid } from "@/lib/server/wallets/numbers";
import { seedDemo } from "@/prisma/seed";
import { checkInvariants } from "@/tests/support/ledger";

const now = new Date("2026-11-21T10:00:00Z");

/** Everything the seed decides (row creation times of users and wallets are the clock's, not the seed's). */
async function snapshot(db: Db) {
  const users = await db.user.findMany({
    orderBy: { id: "asc" },
    select: { id: true, username: true, email: true, telegramId: true, isSystem: true, wallets: { orderBy: { id: "asc" }, select: { id: true, currency: true, balance: true, number: true } } },
  });
  const transfers = await db.transfer.findMany({ orderBy: { id: "asc" } });
  const rates = await db.rate.findMany({ orderBy: [{ currency: "asc" }, { date: "asc" }] });
  return JSON.stringify({ users, transfers, rates }, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
}

describe("prisma/seed.ts seedDemo", () => {
  let result: Awaited<ReturnType<typeof seedDemo>>;

  beforeAll(async () => {
    result = await seedDemo(getDb(), { now });
  }, 60_000);

  it("keeps the ledger invariants", async () => {
    await checkInvariants(getDb());
  });

  it("creates the bank and alice, boris and vera with four funded wallets each", async () => {
    const db = getDb();
    expect(await db.user.count({ where: { isSystem: true } })).toBe(1);
    const people = await db.user.findMany({ where: { isSystem: false }, include: { wallets: true }, orderBy: { id: "asc" } });
    expect(people.map((u) => u.username)).toEqual(["alice_tg", "e.boris", "vera_tg"]);
    expect(people[0]).toMatchObject({
      telegramId: "100000001",
      telegramUsername: "alice_tg",
      telegramFirstName: "Алиса",
      photoUrl: "/demo/alice.svg",
      email: null,
    });
    expect(people[1].email).toBe("boris@example.com");
    expect(people[2].email).toBe("vera@example.com");
    for (const person of people) {
      expect(person.wallets.map((w) => w.currency).sort()).toEqual(["CNY", "EUR", "RUB", "USD"]);
      for (const wallet of person.wallets) {
        expect(wallet.balance).toBeGreaterThan(0n);
        expect(isLuhnValid(wallet.number)).toBe(true);
        expect(wallet.number).toHaveLength(16);
      }
    }
    expect(fs.existsSync(path.join(process.cwd(), "public/demo/alice.svg"))).toBe(true);
  });

  it("records 30+ transfers over the last eight weeks, some across currencies, plus top-ups", async () => {
    const db = getDb();
    const all = await db.transfer.findMany({ where: { kind: "transfer" }, orderBy: { id: "asc" } });
    expect(result.transfers).toBe(all.length);
    const transfers = all.filter((t) => t.createdAt.getTime() >= now.getTime() - 57 * 86_400_000);
    expect(transfers.length).toBeGreaterThanOrEqual(30);
    expect(transfers.filter((t) => t.currency !== t.receivedCurrency).length).toBeGreaterThanOrEqual(5);
    const times = transfers.map((t) => t.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - 57 * 86_400_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(40 * 86_400_000);
    expect(await db.transfer.count({ where: { kind: "topup" } })).toBeGreaterThanOrEqual(12);
  });

  it("holds a year of history before them: transfers in each of the ten months before the eight weeks, in time order", async () => {
    const db = getDb();
    const all = await db.transfer.findMany({ where: { kind: "transfer" }, orderBy: { id: "asc" } });
    const times = all.map((t) => t.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const older = all.filter((t) => t.createdAt.getTime() < now.getTime() - 57 * 86_400_000);
    const months = new Set(older.map((t) => t.createdAt.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(10);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - 366 * 86_400_000);
    expect(older.some((t) => t.currency !== "RUB")).toBe(true);
    expect(await db.transfer.count({ where: { kind: "topup", createdAt: { lt: new Date(now.getTime() - 57 * 86_400_000) } } })).toBeGreaterThanOrEqual(30);
  });

  it("has 90 days of plausible rates up to today", async () => {
    const db = getDb();
    const bands = { USD: [80, 100], EUR: [88, 108], CNY: [11, 14] } as const;
    for (const [currency, [min, max]] of Object.entries(bands)) {
      const rows = await db.rate.findMany({ where: { currency }, orderBy: { date: "asc" } });
      expect(rows.length).toBeGreaterThanOrEqual(60);
      const first = Date.parse(rows[0].date);
      expect((now.getTime() - first) / 86_400_000).toBeGreaterThan(85);
      expect(rows.at(-1)!.date >= "2026-11-19").toBe(true);
      for (const [i, row] of rows.entries()) {
        expect(row.value / 10_000).toBeGreaterThanOrEqual(min);
        expect(row.value / 10_000).toBeLessThanOrEqual(max);
        // Smooth: no day-to-day jump above 3 %.
        if (i) expect(Math.abs(row.value - rows[i - 1].value) / rows[i - 1].value).toBeLessThan(0.03);
      }
    }
  });

  it("is deterministic and does nothing on a second run", async () => {
    const other = createDb(freshDatabaseUrl());
    try {
      await seedDemo(other, { now });
      const [a, b] = [await snapshot(other), await snapshot(getDb())];
      // On a failure, show where the two dumps part ways rather than both whole dumps.
      let at = 0;
      while (at < a.length && a[at] === b[at]) at += 1;
      expect(a.slice(Math.max(0, at - 80), at + 80)).toBe(b.slice(Math.max(0, at - 80), at + 80));
      expect(a.length).toBe(b.length);
    } finally {
      await other.$disconnect();
    }
    const before = await snapshot(getDb());
    expect(await seedDemo(getDb(), { now })).toEqual({ users: 0, transfers: 0, rates: 0 });
    expect((await snapshot(getDb())) === before).toBe(true);
  }, 60_000);
});
