import "server-only";
import type { Sql } from "@/lib/server/db";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { bankWallet, toLedgerWallet } from "@/lib/server/ledger/bank";
import { keyEffect, made, runIdempotent, storedEnding, type Ending } from "@/lib/server/ledger/idempotency";
import { applyPlan, planTransfer, withEffects, type TransferRow } from "@/lib/server/ledger/postings";
import { readTopUpWallet, type KeyToRecord } from "@/lib/server/ledger/store";
import { creditNotice } from "@/lib/server/notifications/enqueue";
import type { TopUpBody } from "@/lib/shared/schemas/wallets";
import { clockNowMs } from "@/lib/server/platform/clock";

const DAY_MS = 24 * 60 * 60 * 1000;

export type TopUpOptions = TopUpBody & {
  userId: number;
  idempotencyKey: string | null;
  /** Backdated top-ups for the demo seed. */
  createdAt?: Date;
};

type TopUpStep = {
  key?: KeyToRecord;
  notify?: boolean;
  /** Count it against TOPUP_COUNT_DAILY_LIMIT (live top-ups; not the demo seed's). */
  counted?: boolean;
};

/** The top-up itself: in the caller's transaction (`within`: the demo seed's) or, with null, its own. */
export async function topUpIn(within: Sql | null, options: Omit<TopUpOptions, "idempotencyKey">, step: TopUpStep = {}): Promise<Ending> {
  const { wallet, ledger: sql } = await readTopUpWallet(within, options, step.key, step.counted);
  const stored = storedEnding(wallet);
  if (stored) return stored;
  if (!wallet) throw new AppError("WALLET_NOT_FOUND");
  if (step.counted && Number(wallet.topUpsLately ?? 0) >= getEnv().topUpCountDailyLimit) {
    throw new AppError("RATE_LIMITED", "errors.topUpCountLimited");
  }
  const bank = await bankWallet(sql, options.currency);
  const plan = await planTransfer(sql, {
    kind: "topup",
    sender: bank,
    receiver: toLedgerWallet(wallet),
    amount: BigInt(options.amount),
    fromBank: true,
    createdAt: options.createdAt,
  });
  // Top-ups create money (there is no payment provider): at most TOPUP_DAILY_LIMIT per user and
  // currency in any 24 hours, counted under the wallet's row lock when the money moves, so
  // concurrent top-ups cannot pass it together. (The demo seed's backdated top-ups are not live
  // money and are not counted.)
  if (!options.createdAt) plan.topUpWindow = { since: new Date(clockNowMs() - DAY_MS), limit: getEnv().topUpDailyLimitMinor };
  const notice =
    step.notify &&
    creditNotice(plan, {
      receiverId: Number(wallet.userId),
      notify: wallet.notify,
      telegramId: wallet.telegramId,
      email: wallet.email,
      receiverIsSystem: false,
      language: wallet.language,
      sender: null,
    });
  return made(await applyPlan(sql, withEffects(plan, keyEffect(step.key), notice || undefined)));
}

/**
 * Online top-up: credited at once (no payment provider), recorded as a transfer from the bank's
 * wallet in that currency so it has postings and shows in the history.
 */
export function topUp(options: TopUpOptions): Promise<TransferRow> {
  const { currency, amount } = options;
  return runIdempotent(
    { userId: options.userId, key: options.idempotencyKey, scope: "topup", request: { currency, amount } },
    (key) => topUpIn(null, options, { key, notify: true, counted: true }),
  );
}
