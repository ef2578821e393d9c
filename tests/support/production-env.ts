import crypto from "node:crypto";
import path from "node:path";

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
    ...extra,
  };
}
