import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser } from "@/tests/support/ledger";

afterEach(() => checkInvariants());

describe("concurrent transfers", () => {
  it("50 simultaneous transfers from a wallet that affords 20: exactly 20 succeed, 30 get 422", async () => {
    const alice = await createFundedUser({ RUB: 20 * 1_000 });
    const bob = await createFundedUser();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(transferRoute, {
          token: alice.token,
          body: { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 1_000 },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 422)).toHaveLength(30);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(await balanceOf(alice.wallets.RUB)).toBe(0);
    expect(await balanceOf(bob.wallets.RUB)).toBe(20_000);
  }, 60_000);
});
