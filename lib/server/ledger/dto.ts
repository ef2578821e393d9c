import "server-only";
import type { TransferRow } from "@/lib/server/ledger/postings";
import { toSafeNumber, type Currency } from "@/lib/shared/money";
import type { TransferDto } from "@/lib/shared/schemas/transfers";
import { isTransferKind } from "@/lib/shared/transfer-kind";

export function toTransferDto(row: Omit<TransferRow, "kind"> & { kind: string }): TransferDto {
  return {
    id: row.id,
    // Kinds are written by the ledger only; anything else would be a bug, not a transfer.
    kind: isTransferKind(row.kind) ? row.kind : "transfer",
    senderWalletId: row.senderWalletId,
    receiverWalletId: row.receiverWalletId,
    amount: toSafeNumber(row.amount),
    currency: row.currency as Currency,
    receivedAmount: toSafeNumber(row.receivedAmount),
    receivedCurrency: row.receivedCurrency as Currency,
    rate: row.rate,
    message: row.message ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
