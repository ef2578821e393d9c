import "server-only";
import type { Tx } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { toTransferDto } from "@/lib/server/ledger/dto";
import { runIdempotent, type Outcome } from "@/lib/server/ledger/idempotency";
import { postTransfer } from "@/lib/server/ledger/postings";
import type { CreateTransferBody } from "@/lib/shared/schemas/transfers";

export type CreateTransferOptions = CreateTransferBody & {
  userId: number;
  idempotencyKey: string | null;
};

async function transferIn(tx: Tx, options: CreateTransferOptions): Promise<Outcome> {
  const sender = await tx.wallet.findUnique({
    where: { id: options.senderWalletId },
    select: { id: true, userId: true, currency: true },
  });
  // An unknown sender is refused like someone else's, so wallet ids cannot be probed.
  if (!sender || sender.userId !== options.userId) throw new AppError("FORBIDDEN");
  if (options.receiverWalletId === sender.id) throw new AppError("SAME_WALLET");
  const receiver = await tx.wallet.findUnique({
    where: { id: options.receiverWalletId },
    select: { id: true, userId: true, currency: true, user: { select: { isSystem: true } } },
  });
  // The bank's own wallets are not someone one can send money to.
  if (!receiver || receiver.user.isSystem) throw new AppError("WALLET_NOT_FOUND");
  const row = await postTransfer(tx, {
    kind: "transfer",
    sender,
    receiver,
    amount: BigInt(options.amount),
  });
  return { status: 201, body: toTransferDto(row) };
}

/** A transfer from one of the caller's wallets to any user's wallet, converting if needed. */
export function createTransfer(options: CreateTransferOptions): Promise<Outcome> {
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
