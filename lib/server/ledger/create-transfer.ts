import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { keyEffect, made, runIdempotent, storedEnding, type Ending } from "@/lib/server/ledger/idempotency";
import { applyPlan, planTransfer, withEffects, type TransferRow } from "@/lib/server/ledger/postings";
import type { SqlRunner } from "@/lib/server/db";
import { roundUpEffect } from "@/lib/server/ledger/round-up";
import { readTransferWallets, type KeyToRecord, type TransferWalletRow } from "@/lib/server/ledger/store";
import { checkSendingLimits, countSentEffect } from "@/lib/server/ledger/transfer-limits";
import { creditNotice } from "@/lib/server/notifications/enqueue";
import { countLookup, countLookupEffect } from "@/lib/server/users/lookup-limit";
import { isTelegramVerified } from "@/lib/server/users/username";
import { chosenFacts, type ChosenFacts } from "@/lib/server/ledger/transfer-row";
import type { CreateTransferBody } from "@/lib/shared/schemas/transfers";

/** The request's body, and what a use case running it chose of the transfer (a schedule's run: its channel). */
export type CreateTransferOptions = CreateTransferBody &
  ChosenFacts & {
    userId: number;
    idempotencyKey: string | null;
  };

async function transfer(options: CreateTransferOptions, key: KeyToRecord | undefined): Promise<Ending> {
  // Both wallets, their owners, what a notice needs, the stored key and what the sending limits
  // need, in one query. A wallet's owner and currency never change, so reading them before the
  // money moves is as good as inside.
  const { rows, ledger: sql } = await readTransferWallets(options, key);
  const stored = storedEnding(rows[0]);
  if (stored) return stored;
  const find = (id: number) => {
    return rows.find((row) => Number(row.id) === id) ?? null;
  };
  const sender = find(options.senderWalletId);
  // An unknown sender is refused like someone else's, so wallet ids cannot be probed.
  if (!sender || Number(sender.userId) !== options.userId) throw new AppError("FORBIDDEN");
  if (options.receiverWalletId === options.senderWalletId) throw new AppError("SAME_WALLET");
  const receiver = find(options.receiverWalletId);
  // Sending to someone else — or to a wallet that is not there — passes the sending limits before
  // the answer says anything about the receiver.
  const toSomeoneElse = !receiver || Number(receiver.userId) !== options.userId;
  const lookup = toSomeoneElse && checkSendingLimits(sender);
  try {
    return made(await applyTo(sql, options, { sender, receiver, key, toSomeoneElse, lookup }));
  } catch (error) {
    // A refusal told the sender something about a wallet they never dealt with: it counts as a
    // lookup all the same (the plan counts it only when it is applied).
    if (lookup && error instanceof AppError && error.status < 500) await countLookup(options.userId);
    throw error;
  }
}

/** Plans the transfer between the wallets its first read found and applies it with its effects. */
async function applyTo(
  sql: SqlRunner,
  options: CreateTransferOptions,
  found: { sender: TransferWalletRow; receiver: TransferWalletRow | null; key: KeyToRecord | undefined; toSomeoneElse: boolean; lookup: boolean },
): Promise<TransferRow> {
  const { sender, receiver, key } = found;
  // The bank's own wallets are not someone one can send money to.
  if (!receiver || receiver.isSystem) throw new AppError("WALLET_NOT_FOUND");
  const wallet = (row: TransferWalletRow) => ({ id: Number(row.id), userId: Number(row.userId), currency: row.currency });
  const plan = await planTransfer(sql, {
    kind: "transfer",
    sender: wallet(sender),
    receiver: wallet(receiver),
    amount: BigInt(options.amount),
    ...chosenFacts(options),
  });
  const notice = creditNotice(plan, {
    receiverId: Number(receiver.userId),
    notify: receiver.notify,
    telegramId: receiver.telegramId,
    email: receiver.email,
    receiverIsSystem: receiver.isSystem,
    language: receiver.language,
    sender: { id: Number(sender.userId), handle: sender.username, verified: isTelegramVerified(sender) },
  });
  // Counted on the sender's counters with the money, in the same transaction.
  const counted = found.toSomeoneElse ? countSentEffect(options.userId, plan.createdAt) : null;
  const lookedUp = found.lookup ? countLookupEffect(options.userId, plan.createdAt) : null;
  // Money leaving for someone else is rounded up into the sender's pocket, when one takes it.
  const roundUp = found.toSomeoneElse ? roundUpEffect(plan, sender) : null;
  return applyPlan(sql, withEffects(plan, keyEffect(key), notice, counted, lookedUp, roundUp));
}

/** A transfer from one of the caller's wallets to any user's wallet, converting if needed. */
export function createTransfer(options: CreateTransferOptions): Promise<TransferRow> {
  const { senderWalletId, receiverWalletId, amount } = options;
  const message = options.message ?? null;
  return runIdempotent(
    {
      userId: options.userId,
      key: options.idempotencyKey,
      scope: "transfer",
      // Without a message the request hashes as before, so keys stored earlier still replay.
      request: message === null ? { senderWalletId, receiverWalletId, amount } : { senderWalletId, receiverWalletId, amount, message },
    },
    (key) => transfer(options, key),
  );
}
