import "server-only";
import { CURRENCIES, toSafeNumber, type Currency } from "@/lib/shared/money";
import type { WalletRow } from "@/lib/server/wallets/store";
import type { PublicWalletDto, WalletDto } from "@/lib/shared/schemas/wallets";

export function toWalletDto(row: WalletRow): WalletDto {
  return {
    id: row.id,
    currency: row.currency as Currency,
    balance: toSafeNumber(row.balance),
    pocketed: toSafeNumber(BigInt(row.pocketed ?? 0)),
    number: row.number,
  };
}

export function toPublicWalletDto(row: Omit<WalletRow, "balance">): PublicWalletDto {
  return { id: row.id, currency: row.currency as Currency, number: row.number };
}

/** Wallets in the product's order: RUB, USD, EUR, CNY. */
export function byCurrencyOrder<T extends { currency: string }>(rows: T[]): T[] {
  const rank = (c: string) => CURRENCIES.indexOf(c as Currency);
  return [...rows].sort((a, b) => rank(a.currency) - rank(b.currency));
}
