import "server-only";
import { isRunner, type Sql, type SqlRunner } from "@/lib/server/db";
import type { PlanEffect, PlannedPosting, TransferPlan } from "@/lib/server/ledger/plan";
import { AppError } from "@/lib/server/platform/errors";
import { countTransfer } from "@/lib/server/platform/metrics";
import { bankWallets, type LedgerWallet } from "@/lib/server/ledger/bank";
import { findTransfer } from "@/lib/server/ledger/store";
import { applyTransfer } from "@/lib/server/ledger/store-engine";
import { addSpendingLimit } from "@/lib/server/ledger/spending-limits";
import { chosenFacts, factsOf, type ChosenFacts, type TransferRow } from "@/lib/server/ledger/transfer-row";
import { currentRateUnits, latestRateUnits, rateDay } from "@/lib/server/rates/latest";
import type { TransferKind } from "@/lib/shared/transfer-kind";
import { convert, giveFor, isCurrency, MAX_BALANCE_MINOR, ratioString, type Currency } from "@/lib/shared/money";
import { clockNow } from "@/lib/server/platform/clock";

/** The movement, and what its use case chose of it (ChosenFacts: its message, its channel…). */
export type PostTransferOptions = ChosenFacts & {
  kind: TransferKind;
  sender: LedgerWallet;
  receiver: LedgerWallet;
  /** Minor units of the sender's currency (of the receiver's with `fixedReceived`). */
  amount: bigint;
  /**
   * `amount` is what the receiver gets, in their currency; the sender gives the least amount whose
   * conversion covers it (`giveFor`, the rule in lib/shared/money.ts).
   */
  fixedReceived?: boolean;
  /** The sender is the bank's own wallet (a top-up): it keeps no running balance and is never short. */
  fromBank?: boolean;
  /** Backdated movements (the demo seed) use that day's rates and timestamp. */
  createdAt?: Date;
  /**
   * Whether the rates read for a conversion (ruble prices in ten-thousandths) are ones the caller
   * accepts: an order at a target rate moves money only at a rate that meets it. Not accepted:
   * RATE_UNAVAILABLE (a 503, so an idempotency key keeps no ending and a later try may run).
   */
  acceptRates?: (fromRate: bigint, toRate: bigint) => boolean;
};

export type { TransferRow } from "@/lib/server/ledger/transfer-row";

function currencyOf(wallet: LedgerWallet): Currency {
  if (!isCurrency(wallet.currency)) throw new Error(`wallet ${wallet.id} has an unknown currency`);
  return wallet.currency;
}

async function rateOrFail(sql: Sql, currency: Currency, asOf?: string): Promise<bigint> {
  // A movement happening now uses the process's copy of the rates in force (see currentRateUnits);
  // a backdated one reads those in force on its day in Moscow.
  const rate = asOf ? await latestRateUnits(sql, currency, asOf) : await currentRateUnits(sql, currency);
  if (rate === null) throw new AppError("RATE_UNAVAILABLE");
  return rate;
}

/**
 * Decides one double-entry transfer. Same currency: sender −a, receiver +a. Different
 * currencies: sender −a, bank(from) +a, bank(to) −r, receiver +r, with r = convert(a) rounded
 * down (the remainder stays with the bank); with `fixedReceived`, r is the amount and
 * a = giveFor(r). Users' wallets are "tracked" (their balance column changes with the postings, and may not go below zero or above MAX_BALANCE_MINOR); the bank's
 * are not (bank.ts). Refuses what it can without balances: INVALID_AMOUNT, SAME_WALLET,
 * RATE_UNAVAILABLE.
 */
export async function planTransfer(sql: Sql | SqlRunner, options: PostTransferOptions): Promise<TransferPlan> {
  const { sender, receiver, amount } = options;
  if (amount <= 0n) throw new AppError("INVALID_AMOUNT");
  if (sender.id === receiver.id) throw new AppError("SAME_WALLET");
  const from = currencyOf(sender);
  const to = currencyOf(receiver);

  let given = amount;
  let received = amount;
  let rate = "1";
  const postings: PlannedPosting[] = [];
  if (from !== to) {
    const asOf = options.createdAt && rateDay(options.createdAt);
    const fromRate = await rateOrFail(sql, from, asOf);
    const toRate = await rateOrFail(sql, to, asOf);
    if (options.acceptRates && !options.acceptRates(fromRate, toRate)) throw new AppError("RATE_UNAVAILABLE", "orders.errors.rateMoved");
    if (options.fixedReceived) given = giveFor(amount, fromRate, toRate);
    else received = convert(amount, fromRate, toRate);
    if (received <= 0n) throw new AppError("INVALID_AMOUNT");
    rate = ratioString(fromRate, toRate);
    const [bankFrom, bankTo] = await bankWallets(sql, [from, to]);
    postings.push(
      { walletId: bankFrom.id, currency: from, amount: given, tracked: false },
      { walletId: bankTo.id, currency: to, amount: -received, tracked: false },
    );
  }
  postings.unshift({ walletId: sender.id, currency: from, amount: -given, tracked: !options.fromBank });
  postings.push({ walletId: receiver.id, currency: to, amount: received, tracked: true });
  return {
    kind: options.kind,
    senderWalletId: sender.id,
    receiverWalletId: receiver.id,
    amount: given,
    currency: from,
    receivedAmount: received,
    receivedCurrency: to,
    rate,
    ...chosenFacts(options),
    createdAt: options.createdAt ?? clockNow(),
    postings,
    maxBalance: MAX_BALANCE_MINOR,
    effects: [],
  };
}

/** Adds what else the transfer does in its transaction (plan.ts, PlanEffect); absent ones are skipped. */
export function withEffects(plan: TransferPlan, ...effects: (PlanEffect | null | undefined)[]): TransferPlan {
  for (const effect of effects) if (effect) plan.effects.push(effect);
  return plan;
}

/**
 * Applies a plan all or nothing (store-engine.ts: one statement on PostgreSQL,
 * one transaction on SQLite). The debit is conditional on the balance under the wallet's row
 * lock, so concurrent transfers can never overdraw: INSUFFICIENT_FUNDS, BALANCE_LIMIT and
 * TOPUP_DAILY_LIMIT are refused there and write nothing; so is the sending limit (SENDING_LIMIT,
 * answered as the 429 of the check before the plan).
 */
export async function applyPlan(sql: Sql | SqlRunner, plan: TransferPlan): Promise<TransferRow> {
  // Money to someone else: the customer's own freeze and limits (spending-limits.ts).
  await addSpendingLimit(sql, plan);
  const applied = await applyTransfer(sql, plan);
  if (applied.refusal === "SENDING_LIMIT") throw new AppError("RATE_LIMITED", "errors.transferRateLimited");
  if (applied.refusal === "SPENDING_DAILY_LIMIT") throw new AppError("SPENDING_LIMIT", "errors.spendingDailyLimit");
  if (applied.refusal === "SPENDING_MONTHLY_LIMIT") throw new AppError("SPENDING_LIMIT", "errors.spendingMonthlyLimit");
  if (applied.refusal) throw new AppError(applied.refusal);
  // Counted once committed: on the store itself, the transfer was its own transaction.
  if (isRunner(sql)) countTransfer(plan.kind, plan.currency, plan.amount);
  return { id: applied.id, ...factsOf(plan) };
}

/** Plans and applies a transfer with no key and no notice (the demo seed, inside its transaction). */
export async function postTransfer(sql: Sql | SqlRunner, options: PostTransferOptions): Promise<TransferRow> {
  return applyPlan(sql, await planTransfer(sql, options));
}

/** One transfer as `applyPlan` returned it (an idempotent replay reads it back). */
export async function transferById(id: number): Promise<TransferRow> {
  const row = await findTransfer(id);
  if (!row) throw new Error(`transfer ${id} is missing`);
  return row;
}
