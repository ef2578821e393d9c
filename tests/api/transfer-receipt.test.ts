import { GET as receiptRoute } from "@/app/api/v1/transfers/[id]/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import { getDb } from "@/lib/server/db";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

afterEach(() => checkInvariants());

const receipt = (token: string, id: number | string) => call(receiptRoute, { token, params: { id: String(id) } });
/** Alice (100,00 ₽) sends Bob 10,00 ₽, ruble account to ruble account. */
async function aliceSendsBob() {
  const alice = await createFundedUser({ RUB: 10_000 });
  const bob = await createFundedUser();
  const sent = await call(transferRoute, {
    token: alice.token,
    body: { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 1_000 },
  });
  return { alice, bob, sent };
}
const numberOf = async (walletId: number) => (await getDb().wallet.findUniqueOrThrow({ where: { id: walletId } })).number;

describe("GET /api/v1/transfers/{id}", () => {
  it("shows the sender a receipt: amounts, rate, fee 0, own account in full, the other masked", async () => {
    await setRate("USD", 800_000);
    const alice = await createFundedUser({ RUB: 100_000 });
    const bob = await createFundedUser();
    await getDb().user.update({ where: { id: bob.user.id }, data: { telegramFirstName: "Борис" } });
    const sent = await call(transferRoute, {
      token: alice.token,
      body: { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.USD, amount: 8_000 },
    });
    expect(sent.status).toBe(201);

    const res = await receipt(alice.token, sent.body.id);
    expect(res.status).toBe(200);
    const bobNumber = await numberOf(bob.wallets.USD);
    expect(res.body).toEqual({
      ...sent.body,
      kind: "transfer",
      direction: "out",
      status: "completed",
      fee: 0,
      sender: { name: alice.user.username, avatarUrl: expect.any(String), account: await numberOf(alice.wallets.RUB), bank: false },
      receiver: { name: "Борис", avatarUrl: expect.any(String), account: `•• ${bobNumber.slice(-4)}`, bank: false },
    });
    expect(res.body.receivedAmount).toBe(100);
    expect(JSON.stringify(res.body)).not.toContain(bobNumber);
  });

  it("shows the receiver the same transfer as money in, the sender's account masked", async () => {
    const { alice, bob, sent } = await aliceSendsBob();
    const res = await receipt(bob.token, sent.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ direction: "in", amount: 1_000 });
    expect(res.body.sender.account).toBe(`•• ${(await numberOf(alice.wallets.RUB)).slice(-4)}`);
    expect(res.body.receiver.account).toBe(await numberOf(bob.wallets.RUB));
  });

  it("shows a top-up as coming from the bank", async () => {
    const alice = await createFundedUser();
    const topUp = await call(topUpRoute, { token: alice.token, body: { currency: "EUR", amount: 5_000 } });
    const res = await receipt(alice.token, topUp.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: "topup", direction: "in", sender: { bank: true, account: "" } });
  });

  it("answers 404 to anyone else and for an id that does not exist, 400 for one that is not an id", async () => {
    const { alice, sent } = await aliceSendsBob();
    const eve = await createFundedUser();
    const other = await receipt(eve.token, sent.body.id);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("NOT_FOUND");
    const missing = await receipt(eve.token, 2_000_000_000);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(other.body);
    expect((await receipt(alice.token, "abc")).status).toBe(400);
    expect((await call(receiptRoute, { params: { id: String(sent.body.id) } })).status).toBe(401);
  });
});
