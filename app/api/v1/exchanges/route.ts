import { route } from "@/lib/server/http";
import { createExchange } from "@/lib/server/ledger/create-exchange";
import { toTransferDto } from "@/lib/server/ledger/dto";
import { createExchangeBody } from "@/lib/shared/schemas/exchanges";
import { transferDto } from "@/lib/shared/schemas/transfers";

export const POST = route(
  {
    method: "POST",
    path: "/api/v1/exchanges",
    summary:
      "Exchange between two of the caller's own wallets at the day's rates, the amount fixed on one side (`amount` given, or `receivedAmount` got: credited exactly, the least covering amount given); no notification",
    tag: "transfers",
    body: createExchangeBody,
    idempotent: true,
    ok: { status: 201, schema: transferDto },
    errors: ["FORBIDDEN", "SAME_WALLET", "WALLET_NOT_FOUND", "INVALID_AMOUNT", "INSUFFICIENT_FUNDS", "BALANCE_LIMIT", "RATE_UNAVAILABLE"],
  },
  async ({ user, body, req }) => {
    const row = await createExchange({ ...body, userId: user.id, idempotencyKey: req.headers.get("idempotency-key") });
    return toTransferDto(row);
  },
);
