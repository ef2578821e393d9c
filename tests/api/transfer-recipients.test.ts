import { GET as recipientsRoute } from "@/app/api/v1/transfers/recipients/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { getDb } from "@/lib/server/db";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

afterEach(() => checkInvariants());

describe("GET /api/v1/transfers/recipients", () => {
  it("lists the last 5 people the caller sent money to, newest first, each once, without top-ups or themselves", async () => {
    const alice = await createFundedUser({ RUB: 1_000_000, USD: 10_000 });
    const people = await Promise.all(Array.from({ length: 6 }, () => createFundedUser()));
    const send = (to: number, from = alice.wallets.RUB) =>
      call(transferRoute, { token: alice.token, body: { senderWalletId: from, receiverWalletId: to, amount: 100 } });
    for (const person of people) expect((await send(person.wallets.RUB)).status).toBe(201);
    // Sent again to the first person, now to their dollars: they come first, with that account.
    expect((await send(people[0].wallets.USD, alice.wallets.USD)).status).toBe(201);
    // To herself (rubles to her dollars): not a recipient.
    await setRate("USD", 900_000);
    expect((await send(alice.wallets.USD)).status).toBe(201);

    const res = await call(recipientsRoute, { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { userId: number }) => r.userId)).toEqual(
      [people[0], people[5], people[4], people[3], people[2]].map((p) => p.user.id),
    );
    const usd = await getDb().wallet.findUniqueOrThrow({ where: { id: people[0].wallets.USD } });
    expect(res.body[0]).toEqual({
      userId: people[0].user.id,
      name: people[0].user.username,
      avatarUrl: expect.any(String),
      walletNumber: usd.number,
      currency: "USD",
    });
  });

  it("is empty for someone who has sent nothing, and needs a token", async () => {
    const bob = await createFundedUser({ RUB: 1_000 });
    expect((await call(recipientsRoute, { token: bob.token })).body).toEqual([]);
    expect((await call(recipientsRoute)).status).toBe(401);
  });
});
