// The real logger configuration (redaction, error serializer) writing into a buffer instead of
// stdout; the factory creates the buffer because jest hoists jest.mock above everything else.
jest.mock("@/lib/server/platform/log", () => {
  const actual = jest.requireActual<typeof import("@/lib/server/platform/log")>("@/lib/server/platform/log");
  const captured: string[] = [];
  const logger = actual.createLogger({ write: (line: string) => captured.push(line) }, "info");
  return { ...actual, captured, logger };
});

import { sign } from "@telegram-apps/init-data-node";
import { POST as requestCode } from "@/app/api/v1/auth/email/request-code/route";
import { POST as verifyCode } from "@/app/api/v1/auth/email/verify-code/route";
import { POST as refresh } from "@/app/api/v1/auth/refresh/route";
import { POST as telegramLogin } from "@/app/api/v1/auth/telegram/login/route";
import { GET as userByEmail } from "@/app/api/v1/users/email/[email]/route";
import { POST as createTransfer } from "@/app/api/v1/transfers/route";
import { GET as listWallets } from "@/app/api/v1/wallet/route";
import { POST as initWallets } from "@/app/api/v1/wallet/init/route";
import { POST as topUp } from "@/app/api/v1/wallet/topup/route";
import { getDb } from "@/lib/server/db";
import { route } from "@/lib/server/http";
import * as log from "@/lib/server/platform/log";
import { call } from "@/tests/support/api";
import { checkInvariants } from "@/tests/support/ledger";

const captured = (log as unknown as { captured: string[] }).captured;
const output = () => captured.join("");
const records = () => captured.map((line) => JSON.parse(line) as Record<string, unknown>);

/** A value found anywhere in the logs, also percent-encoded or JSON-escaped. */
function leaks(secret: string): boolean {
  const text = output();
  return [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)].some((form) =>
    text.includes(form),
  );
}

type Wallet = { id: number; currency: string };

async function walletsOf(token: string): Promise<Record<string, number>> {
  const init = await call(initWallets, { method: "POST", token, path: "/api/v1/wallet/init" });
  expect(init.status).toBe(200);
  return Object.fromEntries((init.body as Wallet[]).map((w) => [w.currency, w.id]));
}

describe("request logs", () => {
  const email = `secret.person.${Date.now()}@example.com`;
  const secrets: Record<string, string> = {};
  let code = "";

  beforeAll(async () => {
    const requested = await call(requestCode, { path: "/api/v1/auth/email/request-code", body: { email } });
    expect(requested.status).toBe(200);
    const mail = await getDb().outboxEmail.findFirstOrThrow({ where: { to: email } });
    code = /\b(\d{6})\b/.exec(mail.text)![1];
    const verified = await call(verifyCode, { path: "/api/v1/auth/email/verify-code", body: { email, code } });
    expect(verified.status).toBe(200);
    secrets.emailAccess = verified.body.access_token;
    secrets.emailRefresh = verified.body.refresh_token;

    const initData = sign(
      { user: { id: 777_123_456, first_name: "Лог", username: "log_checker", language_code: "ru" } },
      process.env.TELEGRAM_BOT_TOKEN!,
      new Date(),
    );
    secrets.initData = initData;
    secrets.initDataHash = new URLSearchParams(initData).get("hash")!;
    const tg = await call(telegramLogin, { path: "/api/v1/auth/telegram/login", body: { init_data: initData } });
    expect(tg.status).toBe(200);
    secrets.tgAccess = tg.body.access_token;
    secrets.tgRefresh = tg.body.refresh_token;

    const rotated = await call(refresh, {
      path: "/api/v1/auth/refresh",
      body: { refresh_token: secrets.emailRefresh },
    });
    expect(rotated.status).toBe(200);
    secrets.rotatedAccess = rotated.body.access_token;
    secrets.rotatedRefresh = rotated.body.refresh_token;

    const mine = await walletsOf(secrets.rotatedAccess);
    const theirs = await walletsOf(secrets.tgAccess);
    const topped = await call(topUp, {
      path: "/api/v1/wallet/topup",
      token: secrets.rotatedAccess,
      body: { currency: "RUB", amount: 150_000 },
    });
    expect(topped.status).toBe(201);
    const sent = await call(createTransfer, {
      path: "/api/v1/transfers",
      token: secrets.rotatedAccess,
      headers: { "idempotency-key": "log-test-key-1" },
      body: { senderWalletId: mine.RUB, receiverWalletId: theirs.RUB, amount: 50_000 },
    });
    expect(sent.status).toBe(201);
    // A failed sign-in with the wrong code must not log the code either.
    await call(verifyCode, { path: "/api/v1/auth/email/verify-code", body: { email, code: "000000" } });
    // A lookup by e-mail puts the address in the path.
    const lookup = await call(userByEmail, {
      path: `/api/v1/users/email/${encodeURIComponent(email)}`,
      params: { email },
      token: secrets.tgAccess,
    });
    expect(lookup.status).toBe(200);
    // Encoded twice: Next.js hands the route its once-decoded form ("…%40…").
    const twice = encodeURIComponent(encodeURIComponent(email));
    const again = await call(userByEmail, {
      path: `/api/v1/users/email/${twice}`,
      params: { email: encodeURIComponent(email) },
      token: secrets.tgAccess,
    });
    expect(again.status).toBe(200);
    expect(await call(listWallets, { path: "/api/v1/wallet", token: secrets.tgAccess })).toMatchObject({
      status: 200,
    });
    await checkInvariants();
  });

  it("writes one JSON request line per call with id, route, status, duration and user", () => {
    const lines = records().filter((r) => r.msg === "request");
    expect(lines.length).toBeGreaterThanOrEqual(10);
    for (const line of lines) {
      expect(line).toMatchObject({
        service: "minibank",
        level: 30,
        requestId: expect.stringMatching(/^[\w-]+$/),
        method: expect.stringMatching(/^(GET|POST)$/),
        route: expect.stringMatching(/^\/api\//),
        status: expect.any(Number),
        durationMs: expect.any(Number),
      });
    }
    const transfer = lines.find((r) => r.route === "/api/v1/transfers");
    expect(transfer).toMatchObject({ method: "POST", status: 201, userId: expect.any(Number) });
    expect(lines.find((r) => r.route === "/api/v1/wallet/topup")).toMatchObject({ status: 201 });
    expect(lines.find((r) => r.route === "/api/v1/auth/telegram/login")).toMatchObject({ status: 200 });
    expect(lines.filter((r) => r.route === "/api/v1/auth/email/verify-code").map((r) => r.status)).toEqual(
      expect.arrayContaining([200, 401]),
    );
    expect(lines.find((r) => String(r.route).startsWith("/api/v1/users/email/"))?.route).toBe(
      "/api/v1/users/email/[email]",
    );
  });

  it("never contains tokens, the e-mail code, the init data or the e-mail address", () => {
    expect(Object.keys(secrets)).toHaveLength(8);
    for (const [name, secret] of Object.entries(secrets)) {
      expect({ name, leaked: leaks(secret) }).toEqual({ name, leaked: false });
    }
    expect(leaks(email)).toBe(false);
    expect(output()).not.toContain(email.split("@")[0]);
    expect(output()).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });

  it("keeps an unexpected error's stack in the log and out of the response body", async () => {
    const failing = route({ method: "GET", path: "/api/v1/boom", summary: "test", tag: "meta", auth: false, ok: { status: 200 } }, async () => {
      throw new Error(`database exploded for ${email}`);
    });
    const res = await call(failing, { path: "/api/v1/boom" });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: expect.stringMatching(/[а-я]/i), code: "INTERNAL_ERROR" });
    expect(JSON.stringify(res.body)).not.toMatch(/exploded|at |\.ts/);

    const errorLine = records().find((r) => r.msg === "unhandled error");
    const err = errorLine?.err as { message: string; stack: string } | undefined;
    expect(err?.message).toBe("database exploded for [email]");
    expect(err?.stack).toMatch(/\n\s+at /);
    expect(errorLine?.requestId).toBe(res.headers.get("x-request-id"));
    expect(leaks(email)).toBe(false);
  });
});

describe("the request line's logger", () => {
  it("redacts the same top-level keys as the process's logger, and writes every other field", () => {
    const actual = jest.requireActual<typeof import("@/lib/server/platform/log")>("@/lib/server/platform/log");
    const lines: string[] = [];
    const flat = actual.flatLineLogger(actual.createLogger({ write: (line: string) => lines.push(line) }, "info"));
    const secretKeys = ["authorization", "access_token", "refresh_token", "init_data", "initData", "email", "password", "token"];
    flat.info({ ...Object.fromEntries(secretKeys.map((key) => [key, `secret-${key}`])), route: "/api/health", status: 200, code: "OK" }, "request");
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    for (const key of secretKeys) expect(line[key]).toBe("[redacted]");
    expect(line).toMatchObject({ service: "minibank", route: "/api/health", status: 200, code: "OK", msg: "request" });
  });
});
