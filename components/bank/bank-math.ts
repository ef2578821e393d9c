import type { Language } from "@/lib/shared/languages";
import { formatDateTime } from "@/lib/client/date";
import { rateToUnits, RATE_SCALE, toRubles, type Currency } from "@/lib/shared/money";
import type { TransferDto } from "@/lib/shared/schemas/transfers";
import type { TransferKind } from "@/lib/shared/transfer-kind";
import type { WalletDto } from "@/lib/shared/schemas/wallets";

/** Ruble prices in ten-thousandths per currency; RUB is always 1. A missing entry = unknown rate. */
export type RateUnits = Partial<Record<Currency, bigint>>;

/** Builds the rate table from the API's decimal values (undefined = not loaded / failed). */
export function rateTable(values: Partial<Record<Currency, number | undefined>>): RateUnits {
  const table: RateUnits = { RUB: RATE_SCALE };
  for (const [currency, value] of Object.entries(values) as [Currency, number | undefined][]) {
    if (currency !== "RUB" && typeof value === "number") table[currency] = rateToUnits(value);
  }
  return table;
}

/** A wallet's balance in kopecks, or null when its rate is unknown (shown as '-'). */
export function rubleEquivalent(wallet: Pick<WalletDto, "balance" | "currency">, rates: RateUnits): bigint | null {
  const rate = rates[wallet.currency];
  return rate === undefined ? null : toRubles(BigInt(wallet.balance), rate);
}

/**
 * Total balance in kopecks: Σ (balance + pocketed) × ruble rate (spec §9; what an account's
 * pockets hold counts as its money) over the wallets whose rate is known, and the currencies of the
 * wallets left out because their rate is missing (non-zero balances only: an empty wallet changes
 * no total).
 */
export function totalRubles(
  wallets: readonly Pick<WalletDto, "balance" | "currency" | "pocketed">[],
  rates: RateUnits,
): { total: bigint; missing: Currency[] } {
  let total = 0n;
  const missing: Currency[] = [];
  for (const wallet of wallets) {
    const balance = wallet.balance + (wallet.pocketed ?? 0);
    const value = rubleEquivalent({ balance, currency: wallet.currency }, rates);
    if (value !== null) total += value;
    else if (balance !== 0 && !missing.includes(wallet.currency)) missing.push(wallet.currency);
  }
  return { total, missing };
}

/** Date and time as the history shows it (spec §9), in the device's time zone: "31.12.2024 23:05". */
export function formatHistoryDate(iso: string, language: Language = "ru"): string {
  return formatDateTime(iso, language);
}

/** A transfer as one row of the history, seen from the owner of `ownWalletIds`. */
export type HistoryEntry = {
  id: number;
  kind: TransferKind;
  direction: "in" | "out";
  /** Minor units in `currency`: what left (out) or what arrived (in). */
  amount: number;
  currency: Currency;
  /** The other side's wallet, whose owner the row names. */
  counterpartyWalletId: number;
  createdAt: string;
  /** The sender's message, shown under the row's date. */
  message: string | null;
  /** The schedule whose run made it (sent transfers only). */
  scheduleId?: number;
  /** An exchange an order at a target rate made. */
  byOrder?: true;
};

/**
 * Merges the per-wallet lists into one history, newest first. A transfer between two own wallets
 * appears in both lists and is kept once, as sent. A received cross-currency transfer shows what
 * arrived (receivedAmount / receivedCurrency).
 */
export function mergeHistory(lists: readonly TransferDto[][], ownWalletIds: readonly number[]): HistoryEntry[] {
  const own = new Set(ownWalletIds);
  const byId = new Map<number, TransferDto>();
  for (const list of lists) for (const transfer of list) byId.set(transfer.id, transfer);
  const entries: HistoryEntry[] = [];
  for (const t of byId.values()) {
    const sent = own.has(t.senderWalletId);
    entries.push(
      sent
        ? {
            id: t.id,
            kind: t.kind,
            direction: "out",
            amount: t.amount,
            currency: t.currency,
            counterpartyWalletId: t.receiverWalletId,
            createdAt: t.createdAt,
            message: t.message,
            ...(t.scheduleId === undefined ? {} : { scheduleId: t.scheduleId }),
            ...(t.channel === "order" ? { byOrder: true as const } : {}),
          }
        : {
            id: t.id,
            kind: t.kind,
            direction: "in",
            amount: t.receivedAmount,
            currency: t.receivedCurrency,
            counterpartyWalletId: t.senderWalletId,
            createdAt: t.createdAt,
            message: t.message,
          },
    );
  }
  return entries.sort((a, b) => {
    const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
    return byTime !== 0 ? byTime : b.id - a.id;
  });
}
