import "server-only";
import type { Sql } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { runIdempotent } from "@/lib/server/ledger/idempotency";
import { postTransfer, type TransferRow } from "@/lib/server/ledger/postings";
import { enqueueCreditNotice } from "@/lib/server/notifications/enqueue";
import type { CreateTransferBody } from "@/lib/shared/schemas/transfers";

export type CreateTransferOptions = CreateTransferBody & {
  userId: number;
  idempotencyKey: string | null;
};

type WalletRow = { id: number; userId: number; currency: string; isSystem: boolean };

async function transferIn(tx: Sql, options: CreateTransferOptions): Promise<TransferRow> {
  // Both wallets and whether their owner is the bank in one query.
  const rows = await tx.$queryRaw<WalletRow[]>`
    SELECT w."id", w."userId", w."currency", u."isSystem"
    FROM "Wallet" w JOIN "User" u ON u."id" = w."userId"
    WHERE w."id" IN (${options.senderWalletId}, ${options.receiverWalletId})`;
  const find = (id: number) => {
    return rows.find((row) => row.id === id) ?? null;
  };
  const sender = find(options.senderWalletId);
  // An unknown sender is refused like someone else's, so wallet ids cannot be probed.
  if (!sender || sender.userId !== options.userId) throw new AppError("FORBIDDEN");
  if (options.receiverWalletId === sender.id) throw new AppError("SAME_WALLET");
  const receiver = find(options.receiverWalletId);
  // The bank's own wallets are not someone one can send money to.
  if (!receiver || receiver.isSystem) throw new AppError("WALLET_NOT_FOUND");
  const row = await postTransfer(tx, {
    kind: "transfer",
    sender,
    receiver,
    amount: BigInt(options.amount),
  });
  await enqueueCreditNotice(tx, row, "transfer");
  return row;
}

/** A transfer from one of the caller's wallets to any user's wallet, converting if needed. */
export function createTransfer(options: CreateTransferOptions): Promise<TransferRow> {
  const { senderWalletId, receiverWalletId, amount } = options;
  return runIdempotent(
    {
      userId: options.userId,
      key: options.idempotencyKey,
      scope: "transfer",
      request: { senderWalletId, receiverWalletId, amount },
    },
    (tx) => transferIn(tx, options),
  );
}
