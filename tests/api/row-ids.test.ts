import { GET as receiptRoute } from "@/app/api/v1/transfers/[id]/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { GET as historyRoute } from "@/app/api/v1/transfers/wallet/[walletId]/route";
import { GET as userRoute } from "@/app/api/v1/users/id/[id]/route";
import { GET as userWalletsRoute } from "@/app/api/v1/wallets/user/[userId]/route";
import { MAX_ROW_ID } from "@/lib/shared/schemas/ids";
import { call } from "@/tests/support/api";
import { createFundedUser } from "@/tests/support/ledger";

// Ids are 32-bit columns on PostgreSQL: one past the largest is invalid input on every database
// (it reached PostgreSQL as an out-of-range comparison and answered 500), the largest is not found.
describe("row ids beyond a 32-bit column", () => {
  const tooBig = String(MAX_ROW_ID + 1);

  it("are refused as invalid input in paths, queries and bodies", async () => {
    const alice = await createFundedUser({ RUB: 1_000 });
    const answers = [
      await call(receiptRoute, { token: alice.token, params: { id: tooBig } }),
      await call(userRoute, { token: alice.token, params: { id: tooBig } }),
      await call(userWalletsRoute, { token: alice.token, params: { userId: tooBig } }),
      await call(historyRoute, { token: alice.token, params: { walletId: tooBig } }),
      await call(historyRoute, { token: alice.token, params: { walletId: String(alice.wallets.RUB) }, path: `/api/v1/transfers/wallet/${alice.wallets.RUB}?cursor=${tooBig}` }),
      await call(transferRoute, { token: alice.token, body: { senderWalletId: alice.wallets.RUB, receiverWalletId: MAX_ROW_ID + 1, amount: 1 } }),
    ];
    expect(answers.map((a) => [a.status, a.body.code])).toEqual(Array(answers.length).fill([400, "VALIDATION_ERROR"]));
  });

  it("are looked up up to the largest", async () => {
    const alice = await createFundedUser();
    expect((await call(receiptRoute, { token: alice.token, params: { id: String(MAX_ROW_ID) } })).status).toBe(404);
    expect((await call(userRoute, { token: alice.token, params: { id: String(MAX_ROW_ID) } })).status).toBe(404);
  });
});
