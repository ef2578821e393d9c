import { SignJWT, UnsecuredJWT } from "jose";
import { POST as logout } from "@/app/api/v1/auth/logout/route";
import { POST as refresh } from "@/app/api/v1/auth/refresh/route";
import { GET as csvRoute } from "@/app/api/v1/statements/csv/route";
import { POST as statementLink } from "@/app/api/v1/statements/link/route";
import { GET as getMe } from "@/app/api/v1/users/me/route";
import { POST as initWallets } from "@/app/api/v1/wallet/init/route";
import { issueTokens, sha256 } from "@/lib/server/auth/tokens";
import { getDb } from "@/lib/server/db";
import { call, createUser } from "@/tests/support/api";

const secret = new TextEncoder().encode(process.env.JWT_SECRET!);

describe("access tokens", () => {
  it("a genuine token works (control for the forgeries below)", async () => {
    const { token } = await createUser();
    expect((await call(getMe, { token })).status).toBe(200);
  });

  it.each([
    [
      "alg none",
      async (sub: string) => new UnsecuredJWT({}).setSubject(sub).setIssuedAt().setExpirationTime("15m").encode(),
    ],
    [
      "signed with a wrong key",
      (sub: string) =>
        new SignJWT({})
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(sub)
          .setExpirationTime("15m")
          .sign(new TextEncoder().encode("another-secret-that-is-long-enough-0123456789")),
    ],
    [
      "expired",
      (sub: string) =>
        new SignJWT({})
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(sub)
          .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
          .sign(secret),
    ],
    [
      "with a non-numeric subject",
      () => new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject("admin").setExpirationTime("15m").sign(secret),
    ],
    ["that is garbage", async () => "not.a.jwt"],
  ])("refuses a token %s", async (_name, make) => {
    const { user } = await createUser();
    const res = await call(getMe, { token: await make(String(user.id)) });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it("refuses a token in a non-bearer header", async () => {
    const { token } = await createUser();
    const res = await call(getMe, { headers: { authorization: `Basic ${token}` } });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/v1/auth/refresh", () => {
  it("rotates: new pair works, the old refresh token is spent", async () => {
    const { user, refreshToken } = await createUser();
    const first = await call(refresh, { body: { refresh_token: refreshToken } });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(refreshToken);
    expect((await call(getMe, { token: first.body.access_token })).body.id).toBe(user.id);
    const second = await call(refresh, { body: { refresh_token: first.body.refresh_token } });
    expect(second.status).toBe(200);
  });

  it("reuse of a spent token is refused and kills the whole family", async () => {
    const { refreshToken } = await createUser();
    const rotated = await call(refresh, { body: { refresh_token: refreshToken } });
    const reuse = await call(refresh, { body: { refresh_token: refreshToken } });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ message: "Сессия истекла. Войдите снова", code: "INVALID_REFRESH_TOKEN" });
    // The thief's reuse also ends the legitimate holder's newer token.
    const victim = await call(refresh, { body: { refresh_token: rotated.body.refresh_token } });
    expect(victim.status).toBe(401);
  });

  it("refuses an unknown or expired token", async () => {
    expect((await call(refresh, { body: { refresh_token: "nope" } })).status).toBe(401);
    const { user, refreshToken } = await createUser();
    await getDb().refreshToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await call(refresh, { body: { refresh_token: refreshToken } })).status).toBe(401);
  });

  it("answers 400 without a token", async () => {
    expect((await call(refresh, { body: {} })).status).toBe(400);
  });

  it("concurrent uses of one token: one winner at most, and nothing of the family survives", async () => {
    for (let run = 0; run < 10; run += 1) {
      const { refreshToken, token } = await createUser();
      const answers = await Promise.all([1, 2, 3].map(() => call(refresh, { body: { refresh_token: refreshToken } })));
      const winners = answers.filter((a) => a.status === 200);
      expect(winners.length).toBeLessThanOrEqual(1);
      // The losers' reuse revoked the family: the winner's new tokens are dead too.
      for (const winner of winners) {
        expect((await call(refresh, { body: { refresh_token: winner.body.refresh_token } })).status).toBe(401);
        expect((await call(getMe, { token: winner.body.access_token })).status).toBe(401);
      }
      expect((await call(getMe, { token })).status).toBe(401);
    }
  });

  it("a revoked family stays revoked: an unused token of it issues nothing", async () => {
    const { user, refreshToken } = await createUser();
    const family = (await getDb().refreshToken.findFirstOrThrow({ where: { userId: user.id } })).family;
    // Another, unused token of the same family (as a race could leave behind) after a revocation.
    await getDb().refreshToken.updateMany({ where: { family }, data: { revokedAt: new Date() } });
    await getDb().refreshToken.create({
      data: { tokenHash: sha256("late-token"), family, userId: user.id, expiresAt: new Date(Date.now() + 60_000) },
    });
    expect((await call(refresh, { body: { refresh_token: "late-token" } })).status).toBe(401);
    expect((await call(refresh, { body: { refresh_token: refreshToken } })).status).toBe(401);
  });
});

describe("POST /api/v1/auth/logout", () => {
  it("ends the session: the refresh token and the access token stop working at once", async () => {
    const { refreshToken, token } = await createUser();
    expect((await call(getMe, { token })).status).toBe(200);
    const res = await call(logout, { body: { refresh_token: refreshToken } });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect((await call(refresh, { body: { refresh_token: refreshToken } })).status).toBe(401);
    expect((await call(getMe, { token })).status).toBe(401);
  });

  it("an access token minted from a family later found stolen stops working", async () => {
    const { refreshToken } = await createUser();
    const rotated = await call(refresh, { body: { refresh_token: refreshToken } });
    expect((await call(getMe, { token: rotated.body.access_token })).status).toBe(200);
    await call(refresh, { body: { refresh_token: refreshToken } }); // the thief replays the spent token
    expect((await call(getMe, { token: rotated.body.access_token })).status).toBe(401);
  });

  it("leaves other sessions alone", async () => {
    const a = await createUser();
    const b = await createUser();
    await call(logout, { body: { refresh_token: a.refreshToken } });
    expect((await call(refresh, { body: { refresh_token: b.refreshToken } })).status).toBe(200);
    expect((await call(getMe, { token: b.token })).status).toBe(200);
  });

  it("ends the statement download links the session made; another session's keep working", async () => {
    const { user, token, refreshToken } = await createUser();
    const other = await issueTokens(user.id);
    const wallets = await call(initWallets, { method: "POST", token });
    const walletId = (wallets.body as { id: number; currency: string }[]).find((w) => w.currency === "RUB")!.id;
    const linkFor = async (access: string) => {
      const made = await call(statementLink, { token: access, body: { walletId, from: "2026-01-01", to: "2026-01-31", tz: 180, format: "csv" } });
      expect(made.status).toBe(201);
      return made.body.url as string;
    };
    /** Opened as Telegram or a browser would: no bearer token, only the link. */
    const open = async (url: string) => (await csvRoute(new Request(`http://localhost${url}`), { params: Promise.resolve({}) })).status;
    const mine = await linkFor(token);
    const theirs = await linkFor(other.access_token);
    expect([await open(mine), await open(theirs)]).toEqual([200, 200]);
    await call(logout, { body: { refresh_token: refreshToken } });
    const gone = await csvRoute(new Request(`http://localhost${mine}`), { params: Promise.resolve({}) });
    expect([gone.status, await gone.json()]).toEqual([404, { code: "NOT_FOUND", message: "Не найдено" }]);
    expect(await open(theirs)).toBe(200);
    // A session revoked as stolen (a spent refresh token replayed) ends its links too.
    await call(refresh, { body: { refresh_token: other.refresh_token } });
    await call(refresh, { body: { refresh_token: other.refresh_token } });
    expect(await open(theirs)).toBe(404);
  });

  it("answers ok without a token or with an unknown one", async () => {
    expect((await call(logout, { body: {} })).body).toEqual({ ok: true });
    expect((await call(logout, { body: { refresh_token: "unknown" } })).body).toEqual({ ok: true });
  });
});
