// The session check on the hot path (lib/server/auth/session-trust.ts): a session found not
// revoked is trusted for SESSION_TRUST_MS without a look-up; revoked in this process it is refused
// at once; revoked elsewhere (another instance), within SESSION_TRUST_MS.
import pg from "pg";
import { POST as logout } from "@/app/api/v1/auth/logout/route";
import { GET as getMe } from "@/app/api/v1/users/me/route";
import { getDb } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { call, createUser } from "@/tests/support/api";

function withTrust(ms: string, body: () => Promise<void>) {
  return async () => {
    process.env.SESSION_TRUST_MS = ms;
    resetEnvForTests();
    try {
      await body();
    } finally {
      delete process.env.SESSION_TRUST_MS;
      resetEnvForTests();
    }
  };
}

/** Revoked as another instance would: in the database only. */
async function revokeElsewhere(refreshToken: string) {
  const { sha256 } = await import("@/lib/server/auth/tokens");
  const row = await getDb().refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256(refreshToken) } });
  await getDb().refreshToken.updateMany({ where: { family: row.family }, data: { revokedAt: new Date() } });
}

/** Look-ups of revoked sessions the process makes while `work` runs (SQLite statements or PostgreSQL queries). */
async function sessionLookups(work: () => Promise<void>): Promise<number> {
  let count = 0;
  const seen = (text: string) => {
    if (/FROM "RefreshToken" WHERE "family" = .* AND "revokedAt" IS NOT NULL/s.test(text)) count += 1;
  };
  const original = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  const spy = jest.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [query] = args as [string | { text: string }];
    seen(typeof query === "string" ? query : query.text);
    return original.apply(this, args) as never;
  });
  const Database = (await import("better-sqlite3")).default;
  const prepare = Database.prototype.prepare;
  const sqliteSpy = jest.spyOn(Database.prototype, "prepare").mockImplementation(function (this: InstanceType<typeof Database>, source: string) {
    const statement = prepare.call(this, source);
    const all = statement.all.bind(statement) as (...args: unknown[]) => unknown[];
    Object.defineProperty(statement, "all", { value: (...args: unknown[]) => (seen(source), all(...args)) });
    return statement;
  } as typeof prepare);
  try {
    await work();
  } finally {
    spy.mockRestore();
    sqliteSpy.mockRestore();
  }
  return count;
}

describe("the session check", () => {
  it(
    "a burst of one session's requests costs one look-up within SESSION_TRUST_MS",
    withTrust("60000", async () => {
      const { token } = await createUser();
      const lookups = await sessionLookups(async () => {
        for (let i = 0; i < 5; i += 1) expect((await call(getMe, { token })).status).toBe(200);
      });
      expect(lookups).toBeLessThanOrEqual(1);
    }),
  );

  it(
    "a logout in this process ends the session at once, however long it was trusted",
    withTrust("60000", async () => {
      const { token, refreshToken } = await createUser();
      expect((await call(getMe, { token })).status).toBe(200);
      expect((await call(logout, { token, body: { refresh_token: refreshToken } })).status).toBe(200);
      expect((await call(getMe, { token })).status).toBe(401);
    }),
  );

  it(
    "a session revoked elsewhere is accepted here for at most SESSION_TRUST_MS",
    withTrust("300", async () => {
      const { token, refreshToken } = await createUser();
      expect((await call(getMe, { token })).status).toBe(200);
      await revokeElsewhere(refreshToken);
      const started = performance.now();
      let status = 200;
      while (status === 200 && performance.now() - started < 5_000) {
        status = (await call(getMe, { token })).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(401);
      // One trust period after the look-up that trusted it (plus a request's time on a busy machine).
      expect(performance.now() - started).toBeLessThan(300 + 1_000);
    }),
  );

  it(
    "SESSION_TRUST_MS=0 asks the database on every request: revoked elsewhere is refused at once",
    withTrust("0", async () => {
      const { token, refreshToken } = await createUser();
      expect((await call(getMe, { token })).status).toBe(200);
      await revokeElsewhere(refreshToken);
      expect((await call(getMe, { token })).status).toBe(401);
    }),
  );
});
