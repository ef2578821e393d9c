import { GET as listRoute } from "@/app/api/v1/wallet/route";
import { POST as initRoute } from "@/app/api/v1/wallet/init/route";
import { GET as userWalletsRoute } from "@/app/api/v1/wallets/user/[userId]/route";
import { getDb } from "@/lib/server/db";
import { isLuhnValid } from "@/lib/server/wallets/numbers";
import { call, createUser } from "@/tests/support/api";
import { checkInvariants, createFundedUser } from "@/tests/support/ledger";

afterEach(() => checkInvariants());

describe("POST /api/v1/wallet/init", () => {
  it("needs a token", async () => {
    expect((await call(initRoute, { method: "POST" })).status).toBe(401);
  });

  it("creates RUB, USD, EUR, CNY wallets with unique Luhn-valid 16-digit numbers", async () => {
    const { user, token } = await createUser();
    const res = await call(initRoute, { method: "POST", token });
    expect(res.status).toBe(200);
    expect(res.body.map((w: { currency: string }) => w.currency)).toEqual(["RUB", "USD", "EUR", "CNY"]);
    for (const wallet of res.body) {
      expect(wallet).toEqual({ id: expect.any(Number), currency: wallet.currency, balance: 0, pocketed: 0, number: expect.stringMatching(/^\d{16}$/) });
      expect(isLuhnValid(wallet.number)).toBe(true);
    }
    expect(new Set(res.body.map((w: { number: string }) => w.number)).size).toBe(4);
    expect(await getDb().wallet.count({ where: { userId: user.id } })).toBe(4);
  });

  it("is idempotent: a second call changes nothing and answers the same list", async () => {
    const { user, token } = await createUser();
    const first = await call(initRoute, { method: "POST", token });
    const second = await call(initRoute, { method: "POST", token });
    const [a, b] = await Promise.all([call(initRoute, { method: "POST", token }), call(initRoute, { method: "POST", token })]);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(a.body).toEqual(first.body);
    expect(b.body).toEqual(first.body);
    expect(await getDb().wallet.count({ where: { userId: user.id } })).toBe(4);
  });
});

describe("GET /api/v1/wallet", () => {
  it("needs a token", async () => {
    expect((await call(listRoute)).status).toBe(401);
  });

  it("lists only the caller's wallets with balances in minor units", async () => {
    const alice = await createFundedUser({ USD: 12345 });
    await createFundedUser({ USD: 999 });
    const res = await call(listRoute, { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    expect(res.body.find((w: { currency: string }) => w.currency === "USD")).toMatchObject({ id: alice.wallets.USD, balance: 12345 });
    expect(res.body.find((w: { currency: string }) => w.currency === "RUB").balance).toBe(0);
  });

  it("answers an empty list before init", async () => {
    const { token } = await createUser();
    expect((await call(listRoute, { token })).body).toEqual([]);
  });
});

describe("GET /api/v1/wallets/user/{userId}", () => {
  it("lists another user's wallets without balances", async () => {
    const me = await createUser();
    const other = await createFundedUser({ RUB: 5000 });
    const res = await call(userWalletsRoute, { token: me.token, params: { userId: String(other.user.id) } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    for (const wallet of res.body) expect(Object.keys(wallet).sort()).toEqual(["currency", "id", "number"]);
    expect(res.body[0]).toMatchObject({ id: other.wallets.RUB, currency: "RUB" });
  });

  it("answers 404 for unknown users and for the bank's system user", async () => {
    const me = await createFundedUser({ RUB: 100 });
    const unknown = await call(userWalletsRoute, { token: me.token, params: { userId: "999999" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("USER_NOT_FOUND");
    const bank = await getDb().user.findFirstOrThrow({ where: { isSystem: true } });
    const res = await call(userWalletsRoute, { token: me.token, params: { userId: String(bank.id) } });
    expect(res.status).toBe(404);
  });

  it("answers 400 for a malformed id and 401 without a token", async () => {
    const me = await createUser();
    expect((await call(userWalletsRoute, { token: me.token, params: { userId: "abc" } })).status).toBe(400);
    expect((await call(userWalletsRoute, { params: { userId: "1" } })).status).toBe(401);
  });
});
