import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { keyEffect, made, runIdempotent, storedEnding, type Ending, type KeyToRecord } from "@/lib/server/ledger/idempotency";
import { applyPlan, planTransfer, withEffects, type TransferRow } from "@/lib/server/ledger/postings";
import { checkSentLately, countSentEffect } from "@/lib/server/ledger/transfer-limits";
import { creditNotice, senderLabel } from "@/lib/server/notifications/enqueue";
import { statusOf } from "@/lib/server/requests/dto";
import { readRequestToPay } from "@/lib/server/requests/store";
import { isTelegramVerified } from "@/lib/server/users/username";
import { formatMoney, isCurrency } from "@/lib/shared/money";
import type { PayRequestBody } from "@/lib/shared/schemas/requests";
import { DICTIONARIES, isLanguage } from "@/lib/shared/i18n";
import { fill } from "@/lib/shared/strings";

export type PayRequestOptions = PayRequestBody & { token: string; userId: number; idempotencyKey: string | null };

async function pay(options: PayRequestOptions, key: KeyToRecord | undefined): Promise<Ending> {
  // The request, its requester's notice details, the payer's wallet, the stored key and the payer's
  // transfers to others lately (the sending limit): one query.
  const { row, ledger: sql } = await readRequestToPay({ token: options.token, walletId: options.walletId, payerId: options.userId, key });
  const stored = storedEnding(row);
  if (stored) return stored;
  if (!row) throw new AppError("NOT_FOUND");
  if (row.payerWalletOwner === null || Number(row.payerWalletOwner) !== options.userId) throw new AppError("FORBIDDEN");
  if (Number(row.requesterId) === options.userId) throw new AppError("REQUEST_OWN");
  // Paying a request sends money to someone else: the same limit as a transfer.
  checkSentLately(row);
  // Checked again, atomically, when the money moves (minibank_apply_transfer / claimRequest).
  const status = statusOf(row);
  if (status === "paid") throw new AppError("REQUEST_PAID");
  if (status === "cancelled") throw new AppError("REQUEST_CANCELLED");
  if (status === "expired") throw new AppError("REQUEST_EXPIRED");
  const plan = await planTransfer(sql, {
    kind: "request",
    sender: { id: Number(row.payerWalletId), userId: options.userId, currency: String(row.payerCurrency) },
    receiver: { id: Number(row.walletId), userId: Number(row.requesterId), currency: row.currency },
    // The requested amount arrives exactly; from another currency, the least covering amount leaves.
    amount: BigInt(row.amount),
    fixedReceived: true,
    message: row.message,
    channel: row.ofSplit ? "split" : "request",
  });
  withEffects(plan, keyEffect(key), { type: "payRequest", requestId: Number(row.id), payerId: options.userId }, countSentEffect(options.userId, plan.createdAt));
  // Named by handle, never by a name the payer typed (enqueue.ts).
  const payer = {
    handle: row.payerHandle,
    verified: isTelegramVerified({ username: row.payerHandle, telegramUsername: row.payerTelegramUsername }),
  };
  const notice = creditNotice(plan, {
    receiverId: Number(row.requesterId),
    notify: Boolean(row.notify),
    telegramId: row.telegramId,
    email: row.email,
    receiverIsSystem: false,
    language: row.language,
    sender: { id: options.userId, ...payer },
  });
  if (notice && isCurrency(row.currency)) {
    const language = isLanguage(row.language) ? row.language : "ru";
    const amount = formatMoney(BigInt(row.amount), row.currency, language);
    notice.text = fill(DICTIONARIES[language].requests.paidNotice, { amount, sender: senderLabel({ id: options.userId, ...payer }, language) });
  }
  return made(await applyPlan(sql, withEffects(plan, notice)));
}

/**
 * Pays a request from one of the caller's wallets: a transfer to the requester that marks the
 * request paid in the same statement, so it is paid exactly once (a second payer at the same
 * moment gets REQUEST_PAID and pays nothing). The requester is told through the outbox.
 */
export function payRequest(options: PayRequestOptions): Promise<TransferRow> {
  return runIdempotent(
    { userId: options.userId, key: options.idempotencyKey, scope: "request-pay", request: { token: options.token, walletId: options.walletId } },
    (key) => pay(options, key),
  );
}
