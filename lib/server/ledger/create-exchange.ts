import "server-only";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { keyEffect, made, runIdempotent, storedEnding, type Ending } from "@/lib/server/ledger/idempotency";
import { applyPlan, planTransfer, withEffects, type PostTransferOptions, type TransferRow } from "@/lib/server/ledger/postings";
import { readExchangeWallets, type KeyToRecord } from "@/lib/server/ledger/store";
import { chosenFacts, type ChosenFacts } from "@/lib/server/ledger/transfer-row";
import type { CreateExchangeBody } from "@/lib/shared/schemas/exchanges";

/** The request's body, and what a use case running it chose of the movement (an order: its channel). */
export type CreateExchangeOptions = CreateExchangeBody &
  ChosenFacts & {
    userId: number;
    idempotencyKey: string | null;
    /** The rates it may run at (an order's target; postings.ts). */
    acceptRates?: PostTransferOptions["acceptRates"];
  };

async function exchange(options: CreateExchangeOptions, key: KeyToRecord | undefined): Promise<Ending> {
  // Both wallets and the stored key in one query; ownership and currency never change.
  const { rows, ledger: sql } = await readExchangeWallets(options, key);
  const stored = storedEnding(rows[0]);
  if (stored) return stored;
  const own = (id: number) => {
    const row = rows.find((r) => Number(r.id) === id);
    return row && Number(row.userId) === options.userId
      ? { id: Number(row.id), userId: Number(row.userId), currency: row.currency }
      : null;
  };
  const from = own(options.fromWalletId);
  // Someone else's wallet, or none, on either side: the same answer, so ids cannot be probed.
  if (!from) throw new AppError("FORBIDDEN");
  if (options.toWalletId === options.fromWalletId) throw new AppError("SAME_WALLET");
  const to = own(options.toWalletId);
  if (!to) throw new AppError("WALLET_NOT_FOUND");
  if (to.currency === from.currency) throw new AppError("SAME_WALLET");
  // EXCHANGE_COUNT_DAILY_LIMIT exchanges per user in any 24 hours (429): each writes four
  // postings, and nothing else bounds how many a customer can make of their own money.
  if (Number(rows[0].exchangesLately ?? 0) >= getEnv().exchangeCountDailyLimit) {
    throw new AppError("RATE_LIMITED", "errors.exchangeCountLimited");
  }
  const fixedReceived = options.receivedAmount !== undefined;
  const plan = await planTransfer(sql, {
    kind: "exchange",
    sender: from,
    receiver: to,
    amount: BigInt(options.receivedAmount ?? options.amount ?? 0),
    fixedReceived,
    ...chosenFacts(options),
    acceptRates: options.acceptRates,
  });
  // One's own money: no notice.
  return made(await applyPlan(sql, withEffects(plan, keyEffect(key))));
}

/**
 * Exchanges money between two of the caller's wallets at the day's rates: a transfer through the
 * bank's wallets in both currencies, idempotent, with no notification. The amount is fixed on one
 * side; see `giveFor` in lib/shared/money.ts for the receiving side's rounding.
 */
export function createExchange(options: CreateExchangeOptions): Promise<TransferRow> {
  const { fromWalletId, toWalletId, amount, receivedAmount } = options;
  return runIdempotent(
    { userId: options.userId, key: options.idempotencyKey, scope: "exchange", request: { fromWalletId, toWalletId, amount, receivedAmount } },
    (key) => exchange(options, key),
  );
}
