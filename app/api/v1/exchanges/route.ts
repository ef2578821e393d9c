import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { createExchange } from "@/lib/server/ledger/create-exchange";
import { toTransferDto } from "@/lib/server/ledger/transfer-row";
import { createExchangeBody } from "@/lib/shared/schemas/exchanges";

export const POST = route(
  contractOf(featureOperations.createExchange, {
    summary:
      "Exchange between two of the caller's own wallets at the day's rates, the amount fixed on one side (`amount` given, or `receivedAmount` got: credited exactly, the least covering amount given); no notification",
    description:
      "Moves money between two of the caller's own wallets in different currencies through the bank's wallets at the day's Central Bank rates, with no fee and no notification. Give exactly one of amount (what leaves, exact; what arrives is rounded down) or receivedAmount (what arrives, exact; the least covering amount leaves). Both wallets must be the caller's: another's source wallet is 403, another's target wallet 404. At most EXCHANGE_COUNT_DAILY_LIMIT exchanges per user in any 24 hours (429). Idempotent with an Idempotency-Key.",
    tag: "transfers",
    body: createExchangeBody,
    ok: { status: 201 },
    errors: ["FORBIDDEN", "SAME_WALLET", "WALLET_NOT_FOUND", "INVALID_AMOUNT", "INSUFFICIENT_FUNDS", "BALANCE_LIMIT", "RATE_UNAVAILABLE", "RATE_LIMITED"],
  }),
  async ({ user, body, idempotencyKey }) => {
    const row = await createExchange({ ...body, userId: user.id, idempotencyKey });
    return toTransferDto(row);
  },
);
