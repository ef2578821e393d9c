import "server-only";
import type { TransferRow } from "@/lib/server/ledger/postings";
import { toSafeNumber, type Currency } from "@/lib/shared/money";
import type { TransferDto } from "@/lib/shared/schemas/transfers";

export function toTransferDto(row: TransferRow): TransferDto {
  return {
    id: row.id,
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
