import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import iconv from "iconv-lite";
import { register } from "@/instrumentation";
import { POST as exchangeRoute } from "@/app/api/v1/exchanges/route";
import { GET as rateRoute } from "@/app/api/v1/rates/[currency]/route";
import { GET as historyRoute } from "@/app/api/v1/rates/[currency]/history/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { getDb, sqlOf } from "@/lib/server/db";
import { CBR_DAILY_URL, getEnv, resetEnvForTests } from "@/lib/server/platform/env";
import { importCbrRates, parseCbrDaily } from "@/lib/server/rates/import-cbr";
import { stopBackgroundWork } from "@/lib/server/platform/shutdown";
import { nextRefreshDelay, refreshRatesOnce, startRatesRefresh, stopRatesRefresh } from "@/lib/server/rates/refresh";
import { getRate } from "@/lib/server/rates/get-rate";
import { currentRateUnits, forgetCachedRates, rateDay } from "@/lib/server/rates/latest";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

const fixture = fs.readFileSync(path.join(__dirname, "../fixtures/cbr-daily.xml"));
let server: http.Server;
let base: string;
const recorded = fs.readFileSync(path.join(__dirname, "../fixtures/cbr-daily-2021-08-21.xml"));
const hits: string[] = [];
/** The recorded document (USD 81,5043), dated as `/dated/DD.MM.YYYY` asks. */
const datedFixture = (date: string) => iconv.encode(iconv.decode(fixture, "windows-1251").replace('Date="21.11.2026"', `Date="${date}"`), "windows-1251");
/** Answers of /flaky, in order: the first N are failures. */
let flakyFailures = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url?.startsWith("/scripts/XML_daily.asp")) {
      res.writeHead(200, { "content-type": "application/xml; charset=windows-1251" });
      res.end(fixture);
    } else if (req.url === "/flaky") {
      if (flakyFailures > 0) {
        flakyFailures -= 1;
        res.writeHead(503);
        res.end();
      } else {
        res.writeHead(200, { "content-type": "application/xml; charset=windows-1251" });
        res.end(recorded);
      }
    } else if (req.url?.startsWith("/dated/")) {
      res.writeHead(200, { "content-type": "application/xml; charset=windows-1251" });
      res.end(datedFixture(req.url.slice("/dated/".length)));
    } else if (req.url === "/broken") {
      res.writeHead(200, { "content-type": "application/xml" });
      res.end("<html>maintenance</html>");
    } else {
      res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => getDb().rate.deleteMany());

async function stored() {
  const rows = await getDb().rate.findMany({ orderBy: { currency: "asc" } });
  return rows.map((r) => [r.currency, r.date, r.value]);
}

describe("Central Bank of Russia importer", () => {
  it("the recorded file really is windows-1251", () => {
    expect(fixture.includes(Buffer.from("Доллар США", "utf8"))).toBe(false);
    expect(parseCbrDaily(fixture).date).toBe("2026-11-21");
  });

  it("imports USD, EUR and CNY per one unit with 4 decimals for the document's date", async () => {
    const result = await importCbrRates(`${base}/scripts/XML_daily.asp?date_req=21/11/2026`);
    expect(result).toEqual({ date: "2026-11-21", imported: ["USD", "EUR", "CNY"] });
    // CNY is quoted per 10 yuan: 112,3456 / 10 = 11.23456 → 11.2346.
    expect(await stored()).toEqual([
      ["CNY", "2026-11-21", 112_346],
      ["EUR", "2026-11-21", 941_187],
      ["USD", "2026-11-21", 815_043],
    ]);
  });

  it("reads a real recorded daily file (21.08.2021, the format without VunitRate)", () => {
    expect(recorded.includes(Buffer.from("Доллар США", "utf8"))).toBe(false);
    expect(parseCbrDaily(recorded)).toEqual({
      date: "2021-08-21",
      rates: { USD: 743_640n, EUR: 868_646n, CNY: 114_403n },
    });
  });

  it("divides by Nominal for quotes per 100 units, rounding half up to 4 decimals", () => {
    const doc = (nominal: number, value: string) =>
      iconv.encode(
        `<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="01.02.2026" name="Foreign Currency Market">` +
          `<Valute ID="R01820"><NumCode>392</NumCode><CharCode>EUR</CharCode><Nominal>${nominal}</Nominal>` +
          `<Name>Японских иен</Name><Value>${value}</Value></Valute></ValCurs>`,
        "windows-1251",
      );
    expect(parseCbrDaily(doc(100, "52,7310"))).toEqual({ date: "2026-02-01", rates: { EUR: 5_273n } });
    expect(parseCbrDaily(doc(100, "52,7350")).rates.EUR).toBe(5_274n);
    expect(parseCbrDaily(doc(1, "99,99")).rates.EUR).toBe(999_900n);
    expect(() => parseCbrDaily(doc(1, "12,3x"))).toThrow(/EUR/);
  });

  it("updates an existing quote for the same day instead of duplicating it", async () => {
    await getDb().rate.create({ data: { currency: "USD", date: "2026-11-21", value: 1 } });
    await importCbrRates(`${base}/scripts/XML_daily.asp`);
    await importCbrRates(`${base}/scripts/XML_daily.asp`);
    expect(await getDb().rate.count()).toBe(3);
    expect((await getDb().rate.findFirstOrThrow({ where: { currency: "USD" } })).value).toBe(815_043);
  });

  it("fails loudly on a server error or a document that is not CBR XML, storing nothing", async () => {
    await expect(importCbrRates(`${base}/error`)).rejects.toThrow(/500/);
    await expect(importCbrRates(`${base}/broken`)).rejects.toThrow(/ValCurs/);
    expect(await getDb().rate.count()).toBe(0);
  });

  it("the periodic refresh swallows failures (logged as warnings)", async () => {
    await expect(refreshRatesOnce(`${base}/error`)).resolves.toBe(false);
    await expect(refreshRatesOnce("http://127.0.0.1:9/unreachable")).resolves.toBe(false);
    await expect(refreshRatesOnce(`${base}/scripts/XML_daily.asp`)).resolves.toBe(true);
  });

  it("retries a failed import with backoff: 30 s doubling up to 30 min, 6 h after a success", () => {
    expect([0, 1, 2, 3, 6, 7, 20].map((failures) => nextRefreshDelay(failures) / 1000)).toEqual([
      21_600, 30, 60, 120, 960, 1800, 1800,
    ]);
  });

  it("keeps retrying until the source answers, then stops retrying", async () => {
    flakyFailures = 3;
    const before = hits.length;
    startRatesRefresh(`${base}/flaky`, { intervalMs: 60_000, retryFirstMs: 20, retryMaxMs: 40 });
    try {
      for (let i = 0; i < 100 && (await getDb().rate.count()) < 3; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await stored()).toEqual([
        ["CNY", "2021-08-21", 114_403],
        ["EUR", "2021-08-21", 868_646],
        ["USD", "2021-08-21", 743_640],
      ]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Three failures and one success; the next import is an hour away.
      expect(hits.slice(before)).toEqual(["/flaky", "/flaky", "/flaky", "/flaky"]);
    } finally {
      stopRatesRefresh();
    }
  });

  describe("the rates source", () => {
    const saved = { ...process.env };
    afterEach(() => {
      for (const key of ["MINIBANK_DEMO", "RATES_SOURCE_URL", "SMTP_URL", "SMTP_FROM"]) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      resetEnvForTests();
    });
    const production = (rates?: string) => {
      Object.assign(process.env, { MINIBANK_DEMO: "0", SMTP_URL: "smtp://127.0.0.1:1", SMTP_FROM: "x@example.com" });
      if (rates === undefined) delete process.env.RATES_SOURCE_URL;
      else process.env.RATES_SOURCE_URL = rates;
      resetEnvForTests();
      return getEnv().ratesSourceUrl;
    };

    it("is the Central Bank's daily XML by default in production", () => {
      expect(production()).toBe(CBR_DAILY_URL);
      expect(production("")).toBe(CBR_DAILY_URL);
    });

    it("is switched off with RATES_SOURCE_URL=off, and taken as given otherwise", () => {
      expect(production("off")).toBeUndefined();
      expect(production("http://127.0.0.1:9/daily.xml")).toBe("http://127.0.0.1:9/daily.xml");
    });

    it("is none in the demo unless one is given (the demo is seeded with rates)", () => {
      process.env.MINIBANK_DEMO = "1";
      delete process.env.RATES_SOURCE_URL;
      resetEnvForTests();
      expect(getEnv().ratesSourceUrl).toBeUndefined();
    });
  });

  it("instrumentation imports at server start when RATES_SOURCE_URL is set", async () => {
    Object.assign(process.env, { NEXT_RUNTIME: "nodejs", RATES_SOURCE_URL: `${base}/scripts/XML_daily.asp` });
    resetEnvForTests();
    try {
      await register();
      for (let i = 0; i < 50 && (await getDb().rate.count()) < 3; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await stored()).toHaveLength(3);
    } finally {
      // Everything register() started (the scheduler's first pass runs at once), so nothing of
      // it runs on after this file.
      await stopBackgroundWork(10_000);
      delete process.env.NEXT_RUNTIME;
      delete process.env.RATES_SOURCE_URL;
      resetEnvForTests();
    }
  });

  it("npm run rates:import (scripts/rates-import.ts) imports from RATES_SOURCE_URL", async () => {
    const { stdout } = await promisify(execFile)("npx", ["tsx", "--conditions=react-server", "scripts/rates-import.ts"], {
      env: { ...process.env, RATES_SOURCE_URL: `${base}/scripts/XML_daily.asp?date_req=21/11/2026` },
    });
    expect(stdout).toContain("2026-11-21");
    expect(hits).toContain("/scripts/XML_daily.asp?date_req=21/11/2026");
    expect(await stored()).toEqual([
      ["CNY", "2026-11-21", 112_346],
      ["EUR", "2026-11-21", 941_187],
      ["USD", "2026-11-21", 815_043],
    ]);
  }, 60_000);
});

describe("a quote applies from its own date in Moscow, never before", () => {
  const DAY_MS = 86_400_000;
  /** A Moscow day `days` after `day` (YYYY-MM-DD). */
  const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  const cbrDate = (day: string) => day.split("-").reverse().join(".");
  /** The instant a Moscow day begins (00:00 at UTC+3). */
  const startOf = (day: string) => Date.parse(`${day}T00:00:00+03:00`);

  afterEach(() => checkInvariants());

  it("stores tomorrow's file when it is published, but every conversion keeps today's quote until tomorrow begins", async () => {
    const today = rateDay();
    const tomorrow = shift(today, 1);
    await setRate("USD", 900_000, today);
    const me = await createFundedUser({ RUB: 100_000 });
    const friend = await createFundedUser();

    // The Central Bank publishes tomorrow's rates hours ahead; the import stores them at once.
    expect(await importCbrRates(`${base}/dated/${cbrDate(tomorrow)}`)).toEqual({ date: tomorrow, imported: ["USD", "EUR", "CNY"] });
    expect((await getDb().rate.findUniqueOrThrow({ where: { currency_date: { currency: "USD", date: tomorrow } } })).value).toBe(815_043);

    // Today: the quote shown, an exchange, a transfer across currencies and the history all use 90 ₽.
    expect((await call(rateRoute, { token: me.token, params: { currency: "USD" } })).body).toEqual({ value: 90 });
    const exchanged = await call(exchangeRoute, { token: me.token, body: { fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD, amount: 9_000 } });
    expect(exchanged.body).toMatchObject({ amount: 9_000, receivedAmount: 100 });
    const sent = await call(transferRoute, { token: me.token, body: { senderWalletId: me.wallets.RUB, receiverWalletId: friend.wallets.USD, amount: 9_000 } });
    expect(sent.body).toMatchObject({ amount: 9_000, receivedAmount: 100 });
    const history = await call(historyRoute, { token: me.token, path: `/api/v1/rates/USD/history?from=${today}&to=${tomorrow}`, params: { currency: "USD" } });
    expect(history.body).toEqual([{ date: today, value: 90 }]);
    // A customer who knows tomorrow's rate cannot exchange back at it today.
    const back = await call(exchangeRoute, { token: me.token, body: { fromWalletId: me.wallets.USD, toWalletId: me.wallets.RUB, amount: 100 } });
    expect(back.body).toMatchObject({ amount: 100, receivedAmount: 9_000 });

    // From the first minute of tomorrow in Moscow (21:00 UTC) the new quote is the one in force.
    const sql = await sqlOf();
    expect(await currentRateUnits(sql, "USD", startOf(tomorrow) - 60_000)).toBe(900_000n);
    expect(await currentRateUnits(sql, "USD", startOf(tomorrow) + 60_000)).toBe(815_043n);
    expect(await getRate({ currency: "USD", now: startOf(tomorrow) - 60_000 })).toEqual({ value: 90 });
    expect(await getRate({ currency: "USD", now: startOf(tomorrow) + 60_000 })).toEqual({ value: 81.5043 });
  });

  it("once the quote's day has come, exchanges and the quote shown use it", async () => {
    const today = rateDay();
    // The same two quotes a day later: yesterday's 90 ₽ and today's file, imported the day before.
    await setRate("USD", 900_000, shift(today, -1));
    await importCbrRates(`${base}/dated/${cbrDate(today)}`);
    forgetCachedRates();
    const me = await createFundedUser({ RUB: 100_000 });
    expect((await call(rateRoute, { token: me.token, params: { currency: "USD" } })).body).toEqual({ value: 81.5043 });
    // 90,00 ₽ at 81,5043 ₽ per dollar: $1.10 (rounded down).
    const exchanged = await call(exchangeRoute, { token: me.token, body: { fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD, amount: 9_000 } });
    expect(exchanged.body).toMatchObject({ amount: 9_000, receivedAmount: 110 });
  });
});
