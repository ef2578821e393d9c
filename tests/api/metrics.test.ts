// GET /api/metrics through the real route handler, on SQLite and on PostgreSQL: hidden without
// METRICS_TOKEN, and what a scrape reports after known work — transfers and top-ups by currency,
// requests by route pattern, the outbox's backlog by channel, the rates' age, the database's
// waits and (PostgreSQL) its pool. The production suite (tests/production/operations.test.ts)
// scrapes a built server over HTTP and runs promtool on it.
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { getDb } from "@/lib/server/db";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";
import { parseScrape, valueOf, type Sample } from "@/tests/support/metrics";

const TOKEN = "metrics-token-for-tests-0123456789";
const postgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;

afterEach(() => checkInvariants());
afterEach(() => {
  delete process.env.METRICS_TOKEN;
});

async function scrape(): Promise<Sample[]> {
  const res = await call(metricsRoute, { path: "/api/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseScrape(res.body as string);
}

describe("GET /api/metrics", () => {
  it("is not there while METRICS_TOKEN is unset, nor without it, nor with another", async () => {
    expect((await call(metricsRoute, { path: "/api/metrics", headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    process.env.METRICS_TOKEN = TOKEN;
    const none = await call(metricsRoute, { path: "/api/metrics" });
    expect(none.status).toBe(404);
    expect(none.body.code).toBe("NOT_FOUND");
    expect((await call(metricsRoute, { path: "/api/metrics", headers: { authorization: `Bearer ${TOKEN.slice(1)}` } })).status).toBe(404);
    expect((await call(metricsRoute, { path: "/api/metrics", headers: { authorization: TOKEN } })).status).toBe(404);
  });

  it("reports transfers, top-ups and requests by their labels, moved by exactly the work done", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const before = await scrape();
    const alice = await createFundedUser({ EUR: 50_000 });
    const bob = await createFundedUser();
    for (const amount of [1_000, 2_345]) {
      const res = await call(transferRoute, {
        token: alice.token,
        path: "/api/v1/transfers",
        body: { senderWalletId: alice.wallets.EUR, receiverWalletId: bob.wallets.EUR, amount },
      });
      expect(res.status).toBe(201);
    }
    const refused = await call(transferRoute, {
      token: alice.token,
      path: "/api/v1/transfers",
      body: { senderWalletId: alice.wallets.EUR, receiverWalletId: bob.wallets.EUR, amount: 10_000_000 },
    });
    expect(refused.status).toBe(422);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved("minibank_transfers_total", { kind: "transfer", currency: "EUR" })).toBe(2);
    expect(moved("minibank_transferred_minor_units_total", { kind: "transfer", currency: "EUR" })).toBe(3_345);
    expect(moved("minibank_transfers_total", { kind: "topup", currency: "EUR" })).toBe(1);
    expect(moved("minibank_transferred_minor_units_total", { kind: "topup", currency: "EUR" })).toBe(50_000);
    const requests = (status: string) =>
      moved("minibank_http_request_duration_seconds_count", { route: "/api/v1/transfers", method: "POST", status });
    expect(requests("201")).toBe(2);
    expect(requests("422")).toBe(1);
    expect(moved("minibank_http_request_duration_seconds_count", { route: "/api/metrics", method: "GET", status: "200" })).toBe(1);
  });

  it("reads the outbox's backlog by channel and the rates' age from the database at each scrape", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    await getDb().notification.deleteMany();
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const row = (transferId: number, channel: string, status: string, createdAt: Date) => ({
      transferId,
      userId: 1,
      channel,
      address: "metrics@example.test",
      text: "…",
      status,
      createdAt,
    });
    await getDb().notification.createMany({
      data: [
        row(9_001, "email", "pending", ago(120)),
        row(9_002, "email", "sending", ago(30)),
        row(9_003, "telegram", "pending", ago(10)),
        row(9_004, "telegram", "sent", ago(900)),
      ],
    });
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await setRate("CNY", 110_000, day);
    try {
      const samples = await scrape();
      expect(valueOf(samples, "minibank_outbox_pending", { channel: "email" })).toBe(2);
      expect(valueOf(samples, "minibank_outbox_pending", { channel: "telegram" })).toBe(1);
      expect(valueOf(samples, "minibank_outbox_oldest_pending_seconds", { channel: "email" })).toBeGreaterThanOrEqual(120);
      expect(valueOf(samples, "minibank_outbox_oldest_pending_seconds", { channel: "telegram" })).toBeLessThan(900);
      const age = valueOf(samples, "minibank_rates_age_seconds", { currency: "CNY" });
      expect(age).toBeGreaterThanOrEqual(2 * 86_400);
      expect(age).toBeLessThan(3 * 86_400);
    } finally {
      await getDb().notification.deleteMany();
    }
  });

  it("reports how long work waited for the database, and on PostgreSQL the pool's connections", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    await createFundedUser({ RUB: 100 });
    const samples = await scrape();
    const database = postgres ? "postgresql" : "sqlite";
    expect(valueOf(samples, "minibank_db_wait_seconds_count", { database })).toBeGreaterThan(0);
    if (postgres) expect(valueOf(samples, "minibank_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    expect(samples.some((s) => s.name === "nodejs_eventloop_lag_seconds")).toBe(true);
  });
});
