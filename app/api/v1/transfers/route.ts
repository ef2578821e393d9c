import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { toTransferDto } from "@/lib/server/ledger/transfer-row";
import { createTransfer } from "@/lib/server/ledger/create-transfer";
import { createTransferBody } from "@/lib/shared/schemas/transfers";

export const POST = route(
  contractOf(operations.createTransfer, {
    summary: "Transfer from one of the caller's wallets; converted at the latest rates when currencies differ",
    description:
      "Moves money from one of the caller's wallets to any wallet, in one transaction: the debit never takes a balance below zero (422 INSUFFICIENT_FUNDS). When the currencies differ the amount is converted at the latest rates and the transfer records both amounts and the rate. Honours Idempotency-Key: a resent request returns the first transfer without moving money again. To another person's wallet it counts against the caller's own limits (422 SPENDING_LIMIT, GET /api/v1/limits) and is refused while their transfers are frozen (423 TRANSFERS_FROZEN).",
    tag: "transfers",
    body: createTransferBody,
    ok: { status: 201 },
    errors: ["FORBIDDEN", "SAME_WALLET", "WALLET_NOT_FOUND", "INVALID_AMOUNT", "INSUFFICIENT_FUNDS", "BALANCE_LIMIT", "RATE_UNAVAILABLE", "RATE_LIMITED", "SPENDING_LIMIT", "TRANSFERS_FROZEN"],
  }),
  async ({ user, body, idempotencyKey }) => {
    const row = await createTransfer({ ...body, userId: user.id, idempotencyKey });
    return toTransferDto(row);
  },
);
