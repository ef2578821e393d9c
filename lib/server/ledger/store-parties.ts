import "server-only";
import { getDb } from "@/lib/server/db";

/**
 * The reads of past transfers' people, through the Prisma model API: a receipt with both
 * wallets' owners, a counterparty, recent recipients (a wallet's history page is store-history.ts).
 */

/** How another person is named and pictured (receipts, recent recipients, statements). */
export const personSelect = { id: true, username: true, telegramFirstName: true, photoUrl: true, isSystem: true } as const;

const party = { select: { number: true, user: { select: personSelect } } } as const;

/** One transfer with both wallets' numbers and owners (a receipt). */
export function findTransferWithParties(transferId: number) {
  return getDb().transfer.findUnique({
    where: { id: transferId },
    include: { sender: party, receiver: party },
  });
}

/** The schedule whose run made transfer `transferId`, if one did (a receipt's way back to it). */
export async function findScheduleOfTransfer(transferId: number): Promise<number | undefined> {
  const run = await getDb().scheduleRun.findUnique({ where: { transferId }, select: { scheduleId: true } });
  return run?.scheduleId;
}

/**
 * Whether `walletId` is the caller's own, or one the caller has sent money to or received money
 * from (its id, or null).
 */
export function findKnownWallet(walletId: number, callerId: number) {
  return getDb().wallet.findFirst({
    where: {
      id: walletId,
      OR: [
        { userId: callerId },
        { sent: { some: { receiver: { userId: callerId } } } },
        { received: { some: { sender: { userId: callerId } } } },
      ],
    },
    select: { id: true },
  });
}

/** A wallet's owner as a counterparty is shown: name, picture, whether it is the bank. */
export function findWalletOwner(walletId: number) {
  return getDb().wallet.findUnique({
    where: { id: walletId },
    select: {
      user: { select: personSelect },
    },
  });
}

/**
 * The receiving wallets (number, currency, owner) of the caller's newest `take` transfers of kind
 * "transfer" to other people, newest first.
 */
export function recentTransferReceivers(callerId: number, take: number) {
  return getDb().transfer.findMany({
    where: { kind: "transfer", sender: { userId: callerId }, receiver: { userId: { not: callerId } } },
    orderBy: { id: "desc" },
    take,
    select: {
      receiver: {
        select: {
          number: true,
          currency: true,
          user: { select: personSelect },
        },
      },
    },
  });
}
