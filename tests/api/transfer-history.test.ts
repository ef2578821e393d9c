import { POST as exchangeRoute } from "@/app/api/v1/exchanges/route";
import { POST as payRoute } from "@/app/api/v1/requests/[token]/pay/route";
import { POST as createRequestRoute } from "@/app/api/v1/requests/route";
import { GET as receiptRoute } from "@/app/api/v1/transfers/[id]/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { GET as historyRoute } from "@/app/api/v1/transfers/wallet/[walletId]/route";
import { GET as counterpartyRoute } from "@/app/api/v1/transfers/username/[walletId]/route";
import { getDb } from "@/lib/server/db";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

afterEach(() => checkInvariants());

const history = (token: string, walletId: number, query = "") =>
  call(historyRoute, { token, path: `/api/v1/transfers/wallet/${walletId}${query}`, params: { walletId: String(walletId) } });

describe("GET /api/v1/transfers/wallet/{walletId}", () => {
  it("lists sent and received transfers of the caller's wallet, newest first", async () => {
    const alice = await createFundedUser({ RUB: 10_000 });
    const bob = await createFundedUser({ RUB: 10_000 });
    const sent = await call(transferRoute, { token: alice.token, body: { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 100 } });
    const received = await call(transferRoute, { token: bob.token, body: { senderWalletId: bob.wallets.RUB, receiverWalletId: alice.wallets.RUB, amount: 300 } });
    const res = await history(alice.token, alice.wallets.RUB);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.body[0]).toEqual(received.body);
    expect(res.body[1]).toEqual(sent.body);
    expect(res.body[2]).toMatchObject({ receiverWalletId: alice.wallets.RUB, amount: 10_000 });
    expect(res.headers.get("x-next-cursor")).toBeNull();
    expect((await history(alice.token, alice.wallets.USD)).body).toEqual([]);
  });

  it("names what each movement is — transfer, top-up, exchange, request paid — in its answer, the history of both sides and the receipt", async () => {
    await setRate("USD", 90);
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser({ RUB: 100_000 });
    const sent = await call(transferRoute, { token: alice.token, body: { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 100 } });
    const exchanged = await call(exchangeRoute, { token: alice.token, body: { fromWalletId: alice.wallets.RUB, toWalletId: alice.wallets.USD, amount: 9_000 } });
    const asked = await call(createRequestRoute, { token: bob.token, body: { currency: "RUB", amount: 500 } });
    const paid = await call(payRoute, { token: alice.token, params: { token: asked.body.token }, body: { walletId: alice.wallets.RUB } });
    expect([sent.body.kind, exchanged.body.kind, paid.body.kind]).toEqual(["transfer", "exchange", "request"]);
    const kinds = async (who: typeof alice) =>
      ((await history(who.token, who.wallets.RUB)).body as { id: number; kind: string }[]).map((row) => [row.id, row.kind]);
    expect(await kinds(alice)).toEqual([
      [paid.body.id, "request"],
      [exchanged.body.id, "exchange"],
      [sent.body.id, "transfer"],
      [expect.any(Number), "topup"],
    ]);
    expect((await kinds(bob)).slice(0, 2)).toEqual([
      [paid.body.id, "request"],
      [sent.body.id, "transfer"],
    ]);
    const receipt = (who: typeof alice, id: number) => call(receiptRoute, { token: who.token, params: { id: String(id) } });
    expect((await receipt(bob, paid.body.id)).body).toMatchObject({ kind: "request", direction: "in" });
    expect((await receipt(alice, exchanged.body.id)).body).toMatchObject({ kind: "exchange", direction: "out" });
  });

  it("pages with limit and cursor, the next cursor in x-next-cursor", async () => {
    const alice = await createFundedUser({ RUB: 10_000 });
    const bob = await createFundedUser();
    for (let i = 1; i <= 6; i += 1) {
      await call(transferRoute, { token: alice.token, body: { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: i } });
    }
    const all = (await history(bob.token, bob.wallets.RUB)).body.map((t: { id: number }) => t.id);
    expect(all).toHaveLength(6);
    const seen: number[] = [];
    let query = "?limit=4";
    for (let page = 0; page < 5; page += 1) {
      const res = await history(bob.token, bob.wallets.RUB, query);
      seen.push(...res.body.map((t: { id: number }) => t.id));
      const next = res.headers.get("x-next-cursor");
      if (!next) break;
      query = `?limit=4&cursor=${next}`;
    }
    expect(seen).toEqual(all);
    const first = await history(bob.token, bob.wallets.RUB, "?limit=4");
    expect(first.headers.get("x-next-cursor")).toBe(String(all[3]));
  });

  it("pages through sent and received transfers interleaved, none lost or repeated", async () => {
    const alice = await createFundedUser({ RUB: 10_000 });
    const bob = await createFundedUser({ RUB: 10_000 });
    for (let i = 1; i <= 5; i += 1) {
      const [from, to] = i % 2 ? [alice, bob] : [bob, alice];
      await call(transferRoute, { token: from.token, body: { senderWalletId: from.wallets.RUB, receiverWalletId: to.wallets.RUB, amount: i } });
    }
    const all = (await history(alice.token, alice.wallets.RUB)).body.map((t: { amount: number }) => t.amount);
    expect(all).toEqual([5, 4, 3, 2, 1, 10_000]);
    const seen: number[] = [];
    let query = "?limit=2";
    for (let page = 0; page < 5; page += 1) {
      const res = await history(alice.token, alice.wallets.RUB, query);
      expect(res.body.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.map((t: { amount: number }) => t.amount));
      const next = res.headers.get("x-next-cursor");
      if (!next) break;
      query = `?limit=2&cursor=${next}`;
    }
    expect(seen).toEqual(all);
  });

  it.each(["?limit=0", "?limit=201", "?limit=abc", "?cursor=-1"])("answers 400 for %s", async (query) => {
    const alice = await createFundedUser();
    expect((await history(alice.token, alice.wallets.RUB, query)).status).toBe(400);
  });

  it("answers 403 for another user's wallet, 404 for an unknown one, 401 without a token", async () => {
    const alice = await createFundedUser({ RUB: 100 });
    const mallory = await createFundedUser();
    const res = await history(mallory.token, alice.wallets.RUB);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");
    const unknown = await history(mallory.token, 987_654);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("WALLET_NOT_FOUND");
    expect((await call(historyRoute, { params: { walletId: String(alice.wallets.RUB) } })).status).toBe(401);
  });
});

describe("GET /api/v1/transfers/username/{walletId}", () => {
  /** `from` sends `to` a ruble: from then on each may name the other's wallet. */
  async function exchange(from: Awaited<ReturnType<typeof createFundedUser>>, to: Awaited<ReturnType<typeof createFundedUser>>) {
    const res = await call(transferRoute, {
      token: from.token,
      body: { senderWalletId: from.wallets.RUB, receiverWalletId: to.wallets.RUB, amount: 100 },
    });
    expect(res.status).toBe(201);
  }

  it("names the owner of a wallet the caller has exchanged money with, with an avatar", async () => {
    const alice = await createFundedUser();
    const bob = await createFundedUser({ RUB: 500 });
    await exchange(bob, alice);
    const res = await call(counterpartyRoute, { token: alice.token, params: { walletId: String(bob.wallets.RUB) } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: bob.user.username, avatarUrl: `/api/v1/avatars/${bob.user.id % 1_000_000}.svg` });
    // Both ways, and one's own wallets too.
    expect((await call(counterpartyRoute, { token: bob.token, params: { walletId: String(alice.wallets.RUB) } })).status).toBe(200);
    expect((await call(counterpartyRoute, { token: alice.token, params: { walletId: String(alice.wallets.USD) } })).status).toBe(200);
  });

  it("does not name the owner of any other wallet: the directory cannot be walked through it", async () => {
    const alice = await createFundedUser();
    const bob = await createFundedUser({ RUB: 500 });
    const stranger = await createFundedUser({ RUB: 500 });
    await exchange(bob, alice);
    await exchange(stranger, bob);
    for (const walletId of [stranger.wallets.RUB, stranger.wallets.USD, bob.wallets.USD]) {
      const res = await call(counterpartyRoute, { token: alice.token, params: { walletId: String(walletId) } });
      expect(res).toMatchObject({ status: 404, body: { code: "WALLET_NOT_FOUND" } });
    }
  });

  it("answers 'Пополнение' and the app's avatar for the bank's wallet", async () => {
    const alice = await createFundedUser({ EUR: 100 });
    const bank = await getDb().wallet.findFirstOrThrow({ where: { currency: "EUR", user: { isSystem: true } } });
    const res = await call(counterpartyRoute, { token: alice.token, params: { walletId: String(bank.id) } });
    expect(res.body).toEqual({ username: "Пополнение", avatarUrl: "/bank-avatar.svg" });
    const english = await call(counterpartyRoute, {
      token: alice.token,
      params: { walletId: String(bank.id) },
      headers: { "accept-language": "en-US,en;q=0.9" },
    });
    expect(english.body).toEqual({ username: "Top-up", avatarUrl: "/bank-avatar.svg" });
  });

  it("falls back to the Telegram first name, then to 'неизвестно'", async () => {
    const alice = await createFundedUser();
    const tg = await createFundedUser({ RUB: 500 });
    await exchange(tg, alice);
    await getDb().user.update({ where: { id: tg.user.id }, data: { username: null, telegramFirstName: "Пётр", photoUrl: "https://t.me/i/p.jpg" } });
    const named = await call(counterpartyRoute, { token: alice.token, params: { walletId: String(tg.wallets.RUB) } });
    expect(named.body).toEqual({ username: "Пётр", avatarUrl: "https://t.me/i/p.jpg" });
    await getDb().user.update({ where: { id: tg.user.id }, data: { telegramFirstName: null } });
    const nameless = await call(counterpartyRoute, { token: alice.token, params: { walletId: String(tg.wallets.RUB) } });
    expect(nameless.body.username).toBe("неизвестно");
  });

  it("never leaks e-mail or balances, answers 404 for unknown wallets and 401 without a token", async () => {
    const alice = await createFundedUser();
    const bob = await createFundedUser({ RUB: 500 });
    await exchange(bob, alice);
    const res = await call(counterpartyRoute, { token: alice.token, params: { walletId: String(bob.wallets.RUB) } });
    expect(Object.keys(res.body).sort()).toEqual(["avatarUrl", "username"]);
    const unknown = await call(counterpartyRoute, { token: alice.token, params: { walletId: "987654" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("WALLET_NOT_FOUND");
    expect((await call(counterpartyRoute, { params: { walletId: String(bob.wallets.RUB) } })).status).toBe(401);
  });
});
