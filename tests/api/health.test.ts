import fs from "node:fs";
import path from "node:path";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";
import { getDb } from "@/lib/server/db";
import { quoteAgeDays } from "@/lib/server/health/check-ready";
import { call } from "@/tests/support/api";

describe("GET /api/health", () => {
  it("answers 200 {status: ok} without touching the database", async () => {
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = "file:/nonexistent-dir/minibank/health.db";
    try {
      const res = await call(health, { path: "/api/health" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: "ok" });
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-type")).toBe("application/json");
    } finally {
      process.env.DATABASE_URL = saved;
    }
  });
});

describe("GET /api/ready", () => {
  const empty = { pending: 0, oldestPendingSeconds: 0 };

  it("answers 200 when the database answers, with rates: null while no rate is stored", async () => {
    await getDb().rate.deleteMany();
    await getDb().notification.deleteMany();
    const res = await call(ready, { path: "/api/ready" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", rates: null, outbox: empty, ledger: null, replica: null });
    expect(res.headers.get("content-type")).toBe("application/json");
  });

  it("reports the newest quote's day and its age in days", async () => {
    const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    await getDb().rate.createMany({
      data: [
        { currency: "USD", date: day(9), value: 900_000 },
        { currency: "EUR", date: day(3), value: 1_000_000 },
      ],
    });
    try {
      const res = await call(ready, { path: "/api/ready" });
      expect(res.body).toEqual({ status: "ok", rates: { latest: day(3), ageDays: 3 }, outbox: empty, ledger: null, replica: null });
    } finally {
      await getDb().rate.deleteMany();
    }
  });

  it("reports the notification outbox: messages not yet delivered nor given up, and the oldest one's age in seconds", async () => {
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const row = (transferId: number, status: string, createdAt: Date) => ({
      transferId,
      userId: 1,
      channel: "email",
      address: "ready@example.test",
      text: "…",
      status,
      createdAt,
    });
    await getDb().notification.createMany({
      data: [
        row(7_000_001, "sent", ago(3600)),
        row(7_000_002, "failed", ago(1800)),
        row(7_000_003, "pending", ago(90)),
        row(7_000_004, "sending", ago(30)),
        row(7_000_005, "pending", ago(1)),
      ],
    });
    try {
      const res = await call(ready, { path: "/api/ready" });
      expect(res.body.outbox).toEqual({ pending: 3, oldestPendingSeconds: expect.any(Number) });
      expect(res.body.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(90);
      expect(res.body.outbox.oldestPendingSeconds).toBeLessThan(120);
    } finally {
      await getDb().notification.deleteMany();
    }
  });

  it("counts a quote's age in whole UTC days, tomorrow's quote (published ahead) as 0", () => {
    const now = new Date("2026-11-23T23:59:00Z");
    expect(quoteAgeDays("2026-11-23", now)).toBe(0);
    expect(quoteAgeDays("2026-11-24", now)).toBe(0);
    expect(quoteAgeDays("2026-11-20", now)).toBe(2 + 1);
    expect(quoteAgeDays("2021-08-21", now)).toBe(1920);
  });

  it("answers 503 UNAVAILABLE with a Russian message when the database cannot be opened", async () => {
    const saved = process.env.DATABASE_URL;
    // A file inside a directory that does not exist: SQLite cannot create it.
    process.env.DATABASE_URL = "file:/nonexistent-dir/minibank/ready.db";
    try {
      const res = await call(ready, { path: "/api/ready" });
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.body).toEqual({ message: expect.stringMatching(/[а-я]/i), code: "UNAVAILABLE" });
      expect(JSON.stringify(res.body)).not.toMatch(/nonexistent|Error|at /);
      // The database is away for a moment: the client may try again soon.
      expect(res.headers.get("retry-after")).toBe("1");
    } finally {
      process.env.DATABASE_URL = saved;
    }
  });

  it("answers 503 when the database is not a database (SQLite) or refuses connections (PostgreSQL)", async () => {
    const saved = process.env.DATABASE_URL;
    if (saved?.startsWith("file:")) {
      const dir = fs.mkdtempSync(path.join(path.dirname(process.env.MINIBANK_TEST_TEMPLATE_DB!), "ready-"));
      const file = path.join(dir, "garbage.db");
      fs.writeFileSync(file, "this is not a sqlite file, just text ".repeat(200));
      process.env.DATABASE_URL = `file:${file}`;
    } else {
      // Port 1: nothing listens there.
      process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/minibank";
    }
    try {
      const res = await call(ready, { path: "/api/ready" });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("UNAVAILABLE");
    } finally {
      process.env.DATABASE_URL = saved;
    }
  });

  it("recovers once the database is reachable again", async () => {
    const res = await call(ready, { path: "/api/ready" });
    expect(res.status).toBe(200);
  });
});

describe("a database that cannot be reached", () => {
  it("answers 503 UNAVAILABLE from any API route, not 500", async () => {
    const { GET: listWallets } = await import("@/app/api/v1/wallet/route");
    const { signAccessToken } = await import("@/lib/server/auth/tokens");
    const token = await signAccessToken(1);
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = saved?.startsWith("file:")
      ? "file:/nonexistent-dir/minibank/unreachable.db"
      : "postgresql://postgres@127.0.0.1:1/minibank";
    try {
      const res = await call(listWallets, { token });
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 503, code: "UNAVAILABLE" });
    } finally {
      process.env.DATABASE_URL = saved;
    }
  });
});
