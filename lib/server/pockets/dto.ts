import "server-only";
import type { PocketRow } from "@/lib/server/pockets/store";
import { toSafeNumber, type Currency } from "@/lib/shared/money";
import type { PocketDto } from "@/lib/shared/schemas/pockets";

export function toPocketDto(row: PocketRow): PocketDto {
  return {
    id: Number(row.id),
    walletId: Number(row.walletId),
    currency: row.currency as Currency,
    name: row.name,
    balance: toSafeNumber(BigInt(row.balance)),
    target: row.target == null ? null : toSafeNumber(BigInt(row.target)),
    targetDate: row.targetDate,
    locked: Boolean(Number(row.locked)),
    roundUp: Number(row.roundUp),
    status: row.closedAt ? "closed" : "open",
    createdAt: new Date(row.createdAt).toISOString(),
    closedAt: row.closedAt ? new Date(row.closedAt).toISOString() : null,
  };
}
