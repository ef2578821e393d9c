import { GET as rateRoute } from "@/app/api/v1/rates/[currency]/route";
import { GET as historyRoute } from "@/app/api/v1/rates/[currency]/history/route";
import { getDb } from "@/lib/server/db";
import { rateDay } from "@/lib/server/rates/latest";
import { call, createUser } from "@/tests/support/api";
import { setRate } from "@/tests/support/ledger";

let token: string;

beforeAll(async () => {
  token = (await createUser()).token;
  // A working week with a weekend gap: Mon 2025-03-03 … Fri 03-07, then Mon 03-10.
  const quotes: [string, number][] = [
    ["2025-03-03", 901_234], ["2025-03-04", 902_000], ["2025-03-05", 899_999],
    ["2025-03-06", 903_100], ["2025-03-07", 904_000], ["2025-03-10", 905_555],
  ];
  for (const [date, value] of quotes) await setRate("USD", value, date);
  await setRate("EUR", 1_012_345, "2025-03-07");
});

const history = (currency: string, query: string, auth = token) =>
  call(historyRoute, { token: auth, path: `/api/v1/rates/${currency}/history${query}`, params: { currency } });

describe("GET /api/v1/rates/{currency}", () => {
  it("answers the ruble price of one unit from the latest quote", async () => {
    const res = await call(rateRoute, { token, params: { currency: "USD" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ value: 90.5555 });
    expect((await call(rateRoute, { token, params: { currency: "eur" } })).body).toEqual({ value: 101.2345 });
  });

  it("answers 1 for the ruble", async () => {
    expect((await call(rateRoute, { token, params: { currency: "RUB" } })).body).toEqual({ value: 1 });
  });

  it("answers 404 RATE_NOT_FOUND for an unknown currency or one without quotes", async () => {
    const unknown = await call(rateRoute, { token, params: { currency: "GBP" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Курс валюты не найден", code: "RATE_NOT_FOUND" });
    expect((await call(rateRoute, { token, params: { currency: "CNY" } })).status).toBe(404);
  });

  it("needs a token", async () => {
    expect((await call(rateRoute, { params: { currency: "USD" } })).status).toBe(401);
  });
});

describe("GET /api/v1/rates/{currency}/history", () => {
  it("answers one point per day, ascending, carrying quotes over the weekend", async () => {
    const res = await history("USD", "?from=2025-03-06&to=2025-03-11");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { date: "2025-03-06", value: 90.31 },
      { date: "2025-03-07", value: 90.4 },
      { date: "2025-03-08", value: 90.4 },
      { date: "2025-03-09", value: 90.4 },
      { date: "2025-03-10", value: 90.5555 },
      { date: "2025-03-11", value: 90.5555 },
    ]);
  });

  it("omits days before the first quote and carries an earlier quote into the range", async () => {
    expect((await history("USD", "?from=2025-03-01&to=2025-03-03")).body).toEqual([{ date: "2025-03-03", value: 90.1234 }]);
    expect((await history("USD", "?from=2025-03-09&to=2025-03-09")).body).toEqual([{ date: "2025-03-09", value: 90.4 }]);
    expect((await history("EUR", "?from=2025-03-01&to=2025-03-06")).body).toEqual([]);
  });

  it("stops at today (in Moscow) for ranges reaching into the future", async () => {
    const today = new Date();
    const iso = (d: Date) => rateDay(d);
    const from = new Date(today.getTime() - 2 * 86_400_000);
    const to = new Date(today.getTime() + 5 * 86_400_000);
    const res = await history("RUB", `?from=${iso(from)}&to=${iso(to)}`);
    expect(res.body.map((p: { date: string }) => p.date)).toEqual([iso(from), iso(new Date(today.getTime() - 86_400_000)), iso(today)]);
    expect(res.body.every((p: { value: number }) => p.value === 1)).toBe(true);
  });

  it("accepts a range of exactly 366 days", async () => {
    const res = await history("USD", "?from=2024-03-11&to=2025-03-11");
    expect(res.status).toBe(200);
    expect(res.body[0].date).toBe("2025-03-03");
    expect(res.body).toHaveLength(9);
  });

  it.each([
    "",
    "?from=2025-03-01",
    "?from=2025-3-1&to=2025-03-05",
    "?from=2025-02-30&to=2025-03-05",
    "?from=2025-03-05&to=2025-03-01",
    "?from=2024-03-10&to=2025-03-11",
    "?from=yesterday&to=today",
  ])("answers 400 INVALID_DATE_RANGE for %s", async (query) => {
    const res = await history("USD", query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Некорректный период дат", code: "INVALID_DATE_RANGE" });
  });

  it("answers 404 for an unknown currency and 401 without a token", async () => {
    expect((await history("XYZ", "?from=2025-03-01&to=2025-03-05")).status).toBe(404);
    expect((await history("USD", "?from=2025-03-01&to=2025-03-05", "")).status).toBe(401);
  });

  it("stores rates as integers of ten-thousandths", async () => {
    const row = await getDb().rate.findUniqueOrThrow({ where: { currency_date: { currency: "USD", date: "2025-03-10" } } });
    expect(row.value).toBe(905_555);
  });
});
