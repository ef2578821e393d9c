import "server-only";
import type { Sql } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import type { TransferRow } from "@/lib/server/ledger/postings";
import { formatMoney, isCurrency } from "@/lib/shared/money";
import { fill, ru } from "@/lib/shared/strings";

type Party = {
  receiverId: number;
  notify: boolean;
  telegramId: string | null;
  email: string | null;
  receiverIsSystem: boolean;
  senderId: number;
  senderName: string | null;
};

/**
 * Puts "money arrived" for the receiver of `transfer` into the outbox, inside the transaction
 * that moved the money (`tx`): the message exists exactly when the money moved, and sending it
 * later can neither block nor fail the transfer. Nothing is queued when the receiver switched
 * notifications off, moved money between their own wallets, or has no way to be reached.
 */
export async function enqueueCreditNotice(tx: Sql, transfer: TransferRow, kind: "transfer" | "topup"): Promise<void> {
  const [party] = await tx.$queryRaw<Party[]>`
    SELECT r."id" AS "receiverId", r."notification" AS "notify", r."telegramId", r."email",
      r."isSystem" AS "receiverIsSystem", s."id" AS "senderId",
      COALESCE(s."telegramFirstName", s."username") AS "senderName"
    FROM "Wallet" rw JOIN "User" r ON r."id" = rw."userId",
      "Wallet" sw JOIN "User" s ON s."id" = sw."userId"
    WHERE rw."id" = ${transfer.receiverWalletId} AND sw."id" = ${transfer.senderWalletId}`;
  if (!party || !party.notify || party.receiverIsSystem) return;
  if (kind === "transfer" && party.senderId === party.receiverId) return;
  const byTelegram = party.telegramId !== null && getEnv().notifyByTelegram;
  const address = byTelegram ? party.telegramId : party.email;
  if (!address || !isCurrency(transfer.receivedCurrency)) return;
  const amount = formatMoney(BigInt(transfer.receivedAmount), transfer.receivedCurrency);
  const text =
    kind === "topup"
      ? fill(ru.bot.toppedUp, { amount })
      : fill(ru.bot.received, { amount, name: party.senderName ?? ru.common.unknown });
  const now = new Date();
  await tx.$executeRaw`
    INSERT INTO "Notification" ("transferId", "userId", "channel", "address", "text", "status",
      "attempts", "nextAttemptAt", "createdAt")
    VALUES (${transfer.id}, ${party.receiverId}, ${byTelegram ? "telegram" : "email"}, ${address},
      ${text}, 'pending', 0, ${now}, ${now})`;
}
