import { POST as exchangeRoute } from "@/app/api/v1/exchanges/route";
import { POST as payRoute } from "@/app/api/v1/requests/[token]/pay/route";
import { POST as createRequestRoute } from "@/app/api/v1/requests/route";
import { GET as requestRoute } from "@/app/api/v1/requests/[token]/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { GET as byId } from "@/app/api/v1/users/id/[id]/route";
import { getDb } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

afterEach(() => checkInvariants());

const send = (token: string, senderWalletId: number, receiverWalletId: number, amount = 1) =>
  call(transferRoute, { token, body: { senderWalletId, receiverWalletId, amount } });

function withEnv(vars: Record<string, string>, body: () => Promise<void>) {
  return async () => {
    Object.assign(process.env, vars);
    resetEnvForTests();
    try {
      await body();
    } finally {
      for (const name of Object.keys(vars)) delete process.env[name];
      resetEnvForTests();
    }
  };
}

describe("a transfer to a wallet the sender has never dealt with counts as a lookup", () => {
  it(
    "so once the lookups are used up, transfers cannot walk wallet ids — existing or not, whatever the amount",
    withEnv({ LOOKUP_LIMIT_PER_USER: "3" }, async () => {
      await setRate("USD", 1_000_000);
      const prober = await createFundedUser({ RUB: 10_000 });
      const known = await createFundedUser();
      const strangers = [await createFundedUser(), await createFundedUser()];
      // The first dealing with a wallet counts; sending to it again does not.
      expect((await send(prober.token, prober.wallets.RUB, known.wallets.RUB)).status).toBe(201);
      expect((await send(prober.token, prober.wallets.RUB, known.wallets.RUB)).status).toBe(201);
      // A wallet id that does not exist counts too.
      expect((await send(prober.token, prober.wallets.RUB, 987_654_321)).body.code).toBe("WALLET_NOT_FOUND");
      // A lookup endpoint takes the third.
      expect((await call(byId, { token: prober.token, params: { id: String(strangers[0].user.id) } })).status).toBe(200);
      // Used up: a new wallet (1 minor unit, cross-currency: would be INVALID_AMOUNT), a missing
      // one and a same-currency one all get the same 429, and no money moves.
      const answers = [
        await send(prober.token, prober.wallets.RUB, strangers[0].wallets.USD),
        await send(prober.token, prober.wallets.RUB, 987_654_322),
        await send(prober.token, prober.wallets.RUB, strangers[1].wallets.RUB, 100),
      ];
      expect(answers.map((a) => [a.status, a.body.code])).toEqual([
        [429, "RATE_LIMITED"],
        [429, "RATE_LIMITED"],
        [429, "RATE_LIMITED"],
      ]);
      expect(await balanceOf(strangers[1].wallets.RUB)).toBe(0);
      expect(await balanceOf(prober.wallets.RUB)).toBe(10_000 - 2);
      // Known wallets and the sender's own are still reachable.
      expect((await send(prober.token, prober.wallets.RUB, known.wallets.RUB)).status).toBe(201);
      expect((await send(prober.token, prober.wallets.RUB, prober.wallets.USD, 1_000)).status).toBe(201);
      // The receiver of a transfer may send back without a lookup: it has dealt with the sender.
      await getDb().lookupCounter.deleteMany({});
      const back = await createFundedUser({ RUB: 100 });
      expect((await send(back.token, back.wallets.RUB, prober.wallets.RUB)).status).toBe(201);
      expect((await send(prober.token, prober.wallets.RUB, back.wallets.RUB)).status).toBe(201);
      expect(await getDb().lookupCounter.findUnique({ where: { userId: prober.user.id } })).toBeNull();
    }),
  );
});

describe("transfers to other people are limited per sender (TRANSFER_LIMIT_PER_USER per window)", () => {
  it(
    "answers 429 with its own message past the limit and moves nothing; own wallets and other senders are not limited",
    withEnv({ TRANSFER_LIMIT_PER_USER: "3", TRANSFER_LIMIT_WINDOW_SECONDS: "600" }, async () => {
      await setRate("USD", 1_000_000);
      const flooder = await createFundedUser({ RUB: 10_000 });
      const target = await createFundedUser();
      const other = await createFundedUser({ RUB: 100 });
      for (let i = 0; i < 3; i += 1) expect((await send(flooder.token, flooder.wallets.RUB, target.wallets.RUB)).status).toBe(201);
      const refused = await send(flooder.token, flooder.wallets.RUB, target.wallets.RUB);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ code: "RATE_LIMITED", message: "Слишком много переводов. Попробуйте позже" });
      // From another of the sender's wallets too: the limit is the person's.
      expect((await send(flooder.token, flooder.wallets.USD, target.wallets.USD)).status).toBe(429);
      expect(await balanceOf(target.wallets.RUB)).toBe(3);
      expect(await getDb().notification.count({ where: { userId: target.user.id } })).toBeLessThanOrEqual(3);
      // Between one's own wallets is not sending to someone.
      expect((await send(flooder.token, flooder.wallets.RUB, flooder.wallets.USD, 1_000)).status).toBe(201);
      expect((await send(other.token, other.wallets.RUB, target.wallets.RUB)).status).toBe(201);
      // Transfers older than the window no longer count: a counter two windows old holds nothing
      // (how the previous window weighs is in sending-counter.test.ts).
      const old = new Date(Date.now() - 1_201_000);
      await getDb().sendingCounter.update({ where: { userId: flooder.user.id }, data: { windowStart: old } });
      expect((await send(flooder.token, flooder.wallets.RUB, target.wallets.RUB)).status).toBe(201);
    }),
  );
});

describe("paying a request is sending money to someone: the same limit as transfers", () => {
  type Person = Awaited<ReturnType<typeof createFundedUser>>;
  const ask = async (who: Person) => {
    const res = await call(createRequestRoute, { token: who.token, body: { currency: "RUB", amount: 100 } });
    expect(res.status).toBe(201);
    return res.body.token as string;
  };
  const pay = (who: Person, token: string, walletId: number) => call(payRoute, { token: who.token, params: { token }, body: { walletId } });

  it(
    "past the limit a request payment is refused like a transfer, and payments count towards the limit on transfers",
    withEnv({ TRANSFER_LIMIT_PER_USER: "3", TRANSFER_LIMIT_WINDOW_SECONDS: "600" }, async () => {
      await setRate("USD", 1_000_000);
      const payer = await createFundedUser({ RUB: 10_000 });
      const asker = await createFundedUser();
      const friend = await createFundedUser();
      // Two transfers and one request payment use up the three.
      for (let i = 0; i < 2; i += 1) expect((await send(payer.token, payer.wallets.RUB, friend.wallets.RUB)).status).toBe(201);
      expect((await pay(payer, await ask(asker), payer.wallets.RUB)).status).toBe(201);
      expect((await send(payer.token, payer.wallets.RUB, friend.wallets.RUB)).status).toBe(429);
      // A further request, from either of the payer's wallets: refused, nothing moves, still pending.
      const token = await ask(asker);
      for (const walletId of [payer.wallets.RUB, payer.wallets.USD]) {
        const refused = await pay(payer, token, walletId);
        expect([refused.status, refused.body]).toEqual([429, { code: "RATE_LIMITED", message: "Слишком много переводов. Попробуйте позже" }]);
      }
      expect(await balanceOf(asker.wallets.RUB)).toBe(100);
      expect(await balanceOf(payer.wallets.RUB)).toBe(10_000 - 2 - 100);
      expect((await call(requestRoute, { token: asker.token, params: { token } })).body.status).toBe("pending");
      // Between one's own wallets is not sending to someone: exchanges stay open.
      const exchanged = await call(exchangeRoute, { token: payer.token, body: { fromWalletId: payer.wallets.RUB, toWalletId: payer.wallets.USD, amount: 1_000 } });
      expect(exchanged.status).toBe(201);
      // Someone else may pay it.
      const other = await createFundedUser({ RUB: 1_000 });
      expect((await pay(other, token, other.wallets.RUB)).status).toBe(201);
    }),
  );
});
