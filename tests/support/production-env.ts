import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { RAISED_LIMITS } from "./test-env";

/**
 * The environment of a production server the tests start with `npm start`: its own database and
 * data folder in `work`, fresh secrets, mail to the test's SMTP server, the public address on
 * `port`, no rates import and the bundled TON list unless `extra` says otherwise.
 */
export function productionEnv(options: {
  work: string;
  name: string;
  port: number;
  smtpPort: number;
  extra?: Record<string, string | undefined>;
}): Record<string, string | undefined> {
  const { work, name, port, smtpPort, extra } = options;
  return {
    MINIBANK_DEMO: undefined,
    DATABASE_URL: `file:${path.join(work, `${name}.db`)}`,
    MINIBANK_DATA_DIR: work,
    JWT_SECRET: crypto.randomBytes(48).toString("base64url"),
    TELEGRAM_BOT_TOKEN: `7000000002:${crypto.randomBytes(24).toString("base64url")}`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMTP_FROM: "Minibank <no-reply@minibank.test>",
    APP_URL: `http://127.0.0.1:${port}`,
    RATES_SOURCE_URL: "off",
    TON_WALLETS_LIST_URL: "bundled",
    LOG_LEVEL: "warn",
    // The suites send many transfers from few people; the sending limits have their own tests.
    ...RAISED_LIMITS,
    ...extra,
  };
}

export type RatesSource = { url: string; hits(): number; close(): Promise<void> };

/**
 * A local stand-in for the Central Bank: serves the recorded daily file (windows-1251, byte for
 * byte) at `url`, counting the requests.
 */
export async function serveRecordedRates(): Promise<RatesSource> {
  const recorded = fs.readFileSync(path.join(__dirname, "../fixtures/cbr-daily-2021-08-21.xml"));
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { "content-type": "application/xml; charset=windows-1251" });
    res.end(recorded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/scripts/XML_daily.asp`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
