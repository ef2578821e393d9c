import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { toTransferDto } from "@/lib/server/ledger/transfer-row";
import { topUp } from "@/lib/server/ledger/top-up";
import { topUpBody } from "@/lib/shared/schemas/wallets";

export const POST = route(
  contractOf(operations.topUp, {
    summary:
      "Online top-up, credited at once as a transfer from the bank's wallet (at most TOPUP_DAILY_LIMIT per currency and TOPUP_COUNT_DAILY_LIMIT top-ups in 24 hours)",
    description:
      "Credits one of the caller's wallets at once, as a transfer from the bank's wallet in that currency, and answers that transfer. The total over 24 hours per currency is limited (422 TOPUP_DAILY_LIMIT), and so is the number of top-ups per user in 24 hours (429 RATE_LIMITED). Honours Idempotency-Key like transfers do.",
    tag: "wallets",
    body: topUpBody,
    ok: { status: 201 },
    errors: ["WALLET_NOT_FOUND", "TOPUP_DAILY_LIMIT", "BALANCE_LIMIT", "INVALID_AMOUNT", "RATE_LIMITED"],
  }),
  async ({ user, body, idempotencyKey }) => {
    const row = await topUp({ ...body, userId: user.id, idempotencyKey });
    return toTransferDto(row);
  },
);
