import "server-only";
import { lockWallets, type Sql } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import { AppError } from "@/lib/server/errors";
import { bankWallet, toLedgerWallet, type LedgerWallet } from "@/lib/server/ledger/bank";
import { runIdempotent } from "@/lib/server/ledger/idempotency";
import { postTransfer, type TransferRow } from "@/lib/server/ledger/postings";
import { enqueueCreditNotice } from "@/lib/server/notifications/enqueue";
import type { TopUpBody } from "@/lib/shared/schemas/wallets";

const DAY_MS = 24 * 60 * 60 * 1000;

export type TopUpOptions = TopUpBody & {
  userId: number;
  idempotencyKey: string | null;
  /** Backdated top-ups for the demo seed. */
  createdAt?: Date;
};

/** The top-up itself, inside the caller's transaction (the demo seed reuses it). */
export async function topUpIn(tx: Sql, options: Omit<TopUpOptions, "idempotencyKey">) {
  const [wallet] = await tx.$queryRaw<LedgerWallet[]>`
    SELECT "id", "userId", "currency" FROM "Wallet"
    WHERE "userId" = ${options.userId} AND "currency" = ${options.currency}`;
  if (!wallet) throw new AppError("WALLET_NOT_FOUND");
  const bank = await bankWallet(tx, options.currency);
  // Concurrent top-ups of one wallet queue here (PostgreSQL), so each counts the ones before it.
  await lockWallets(tx, [bank.id, wallet.id]);
  // Top-ups create money (there is no payment provider): at most TOPUP_DAILY_LIMIT per user and
  // currency in any 24 hours. Counted inside the transaction, so concurrent top-ups cannot pass
  // it together. (The demo seed's backdated top-ups are not live money and are not counted.)
  if (!options.createdAt) {
    const since = new Date(Date.now() - DAY_MS);
    const [done] = await tx.$queryRaw<{ total: number | bigint | null }[]>`
      SELECT SUM("amount") AS "total" FROM "Transfer"
      WHERE "kind" = 'topup' AND "receiverWalletId" = ${wallet.id} AND "createdAt" >= ${since}`;
    if (BigInt(done?.total ?? 0) + BigInt(options.amount) > getEnv().topUpDailyLimitMinor) {
      throw new AppError("TOPUP_DAILY_LIMIT");
    }
  }
  return postTransfer(tx, {
    kind: "topup",
    sender: bank,
    receiver: toLedgerWallet(wallet),
    amount: BigInt(options.amount),
    allowNegative: true,
    createdAt: options.createdAt,
  });
}

/**
 * Online top-up: credited at once (no payment provider), recorded as a transfer from the bank's
 * wallet in that currency so it has postings and shows in the history.
 */
export function topUp(options: TopUpOptions): Promise<TransferRow> {
  const { currency, amount } = options;
  return runIdempotent(
    { userId: options.userId, key: options.idempotencyKey, scope: "topup", request: { currency, amount } },
    async (tx) => {
      const row = await topUpIn(tx, options);
      await enqueueCreditNotice(tx, row, "topup");
      return row;
    },
  );
}
