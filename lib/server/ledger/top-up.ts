import "server-only";
import type { Sql } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { bankWallet, toLedgerWallet, type LedgerWallet } from "@/lib/server/ledger/bank";
import { toTransferDto } from "@/lib/server/ledger/dto";
import { runIdempotent, type Outcome } from "@/lib/server/ledger/idempotency";
import { postTransfer } from "@/lib/server/ledger/postings";
import type { TopUpBody } from "@/lib/shared/schemas/wallets";

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
  return postTransfer(tx, {
    kind: "topup",
    sender: await bankWallet(tx, options.currency),
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
export function topUp(options: TopUpOptions): Promise<Outcome> {
  const { currency, amount } = options;
  return runIdempotent(
    { userId: options.userId, key: options.idempotencyKey, scope: "topup", request: { currency, amount } },
    async (tx) => ({ status: 201, body: toTransferDto(await topUpIn(tx, options)) }),
  );
}
