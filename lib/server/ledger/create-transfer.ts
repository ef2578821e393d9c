import "server-only";
import { sqlOf } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import {
  replayIfStored,
  runIdempotent,
  storedKeyColumns,
  type KeyToRecord,
  type WithStoredKey,
} from "@/lib/server/ledger/idempotency";
import { applyPlan, planTransfer, type TransferRow } from "@/lib/server/ledger/postings";
import { creditNotice } from "@/lib/server/notifications/enqueue";
import type { CreateTransferBody } from "@/lib/shared/schemas/transfers";

export type CreateTransferOptions = CreateTransferBody & {
  userId: number;
  idempotencyKey: string | null;
};

type WalletRow = WithStoredKey & {
  id: number;
  userId: number;
  currency: string;
  isSystem: boolean;
  notify: boolean;
  telegramId: string | null;
  email: string | null;
  name: string | null;
  language: string;
};

async function transfer(options: CreateTransferOptions, key: KeyToRecord | undefined): Promise<TransferRow> {
  const sql = await sqlOf();
  // Both wallets, their owners, what a notice needs and the stored key, in one query. A wallet's
  // owner and currency never change, so reading them before the money moves is as good as inside.
  const rows = await sql.$queryRaw<WalletRow[]>`
    SELECT w."id", w."userId", w."currency", u."isSystem", u."notification" AS "notify", u."telegramId",
      u."email", u."language", COALESCE(u."telegramFirstName", u."username") AS "name" ${storedKeyColumns(key)}
    FROM "Wallet" w JOIN "User" u ON u."id" = w."userId"
    WHERE w."id" IN (${options.senderWalletId}, ${options.receiverWalletId})`;
  replayIfStored(rows[0]);
  const find = (id: number) => {
    return rows.find((row) => Number(row.id) === id) ?? null;
  };
  const sender = find(options.senderWalletId);
  // An unknown sender is refused like someone else's, so wallet ids cannot be probed.
  if (!sender || Number(sender.userId) !== options.userId) throw new AppError("FORBIDDEN");
  if (options.receiverWalletId === options.senderWalletId) throw new AppError("SAME_WALLET");
  const receiver = find(options.receiverWalletId);
  // The bank's own wallets are not someone one can send money to.
  if (!receiver || receiver.isSystem) throw new AppError("WALLET_NOT_FOUND");
  const wallet = (row: WalletRow) => ({ id: Number(row.id), userId: Number(row.userId), currency: row.currency });
  const plan = await planTransfer(sql, {
    kind: "transfer",
    sender: wallet(sender),
    receiver: wallet(receiver),
    amount: BigInt(options.amount),
  });
  plan.idempotencyKey = key;
  plan.notice = creditNotice(plan, {
    receiverId: Number(receiver.userId),
    notify: receiver.notify,
    telegramId: receiver.telegramId,
    email: receiver.email,
    receiverIsSystem: receiver.isSystem,
    language: receiver.language,
    sender: { id: Number(sender.userId), name: sender.name },
  });
  return applyPlan(sql, plan);
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
    (key) => transfer(options, key),
  );
}
