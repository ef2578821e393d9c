import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf, type Sql, type SqlRunner } from "@/lib/server/db";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { bankWallet, toLedgerWallet, type LedgerWallet } from "@/lib/server/ledger/bank";
import {
  replayIfStored,
  runIdempotent,
  storedKeyColumns,
  type KeyToRecord,
  type WithStoredKey,
  keyEffect,
} from "@/lib/server/ledger/idempotency";
import { applyPlan, planTransfer, withEffects, type TransferRow } from "@/lib/server/ledger/postings";
import { creditNotice, type NoticeParty } from "@/lib/server/notifications/enqueue";
import type { TopUpBody } from "@/lib/shared/schemas/wallets";

const DAY_MS = 24 * 60 * 60 * 1000;

export type TopUpOptions = TopUpBody & {
  userId: number;
  idempotencyKey: string | null;
  /** Backdated top-ups for the demo seed. */
  createdAt?: Date;
};

type WalletRow = LedgerWallet &
  WithStoredKey &
  Pick<NoticeParty, "notify" | "telegramId" | "email" | "language"> & { topUpsLately?: number | bigint | null };

type TopUpStep = {
  key?: KeyToRecord;
  notify?: boolean;
  /** Count it against TOPUP_COUNT_DAILY_LIMIT (live top-ups; not the demo seed's). */
  counted?: boolean;
};

/**
 * At most TOPUP_COUNT_DAILY_LIMIT top-ups per user in any 24 hours, whatever their amounts: the
 * amount limit alone let one account write thousands of tiny movements (a statement's rows, a
 * history's pages). A column of the top-up's first read (no round trip of its own), counted no
 * further than the limit, from the transfers themselves, so every instance sees the same count; a
 * replayed Idempotency-Key is answered before it matters. Concurrent top-ups of one user may each
 * see the count before the others are written: the limit can be passed by at most the number
 * under way at once.
 */
function topUpCountColumn(userId: number, counted: boolean | undefined): Prisma.Sql {
  if (!counted) return Prisma.empty;
  const since = new Date(Date.now() - DAY_MS);
  return Prisma.sql`,
    (SELECT COUNT(*) FROM (SELECT 1 FROM "Wallet" o JOIN "Transfer" t ON t."receiverWalletId" = o."id"
        WHERE o."userId" = ${userId} AND t."kind" = 'topup' AND t."createdAt" >= ${since}
        LIMIT ${getEnv().topUpCountDailyLimit}) recent) AS "topUpsLately"`;
}

/** The top-up itself: in the caller's transaction (the demo seed) or, given the store, its own. */
export async function topUpIn(sql: Sql | SqlRunner, options: Omit<TopUpOptions, "idempotencyKey">, step: TopUpStep = {}) {
  const [wallet] = await sql.$queryRaw<WalletRow[]>`
    SELECT w."id", w."userId", w."currency", u."notification" AS "notify",
      CASE WHEN u."botMayWrite" THEN u."telegramId" END AS "telegramId", u."email", u."language"
      ${storedKeyColumns(step.key)} ${topUpCountColumn(options.userId, step.counted)}
    FROM "Wallet" w JOIN "User" u ON u."id" = w."userId"
    WHERE w."userId" = ${options.userId} AND w."currency" = ${options.currency}`;
  replayIfStored(wallet);
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
  if (!options.createdAt) plan.topUpWindow = { since: new Date(Date.now() - DAY_MS), limit: getEnv().topUpDailyLimitMinor };
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
  return applyPlan(sql, withEffects(plan, keyEffect(step.key), notice || undefined));
}

/**
 * Online top-up: credited at once (no payment provider), recorded as a transfer from the bank's
 * wallet in that currency so it has postings and shows in the history.
 */
export function topUp(options: TopUpOptions): Promise<TransferRow> {
  const { currency, amount } = options;
  return runIdempotent(
    { userId: options.userId, key: options.idempotencyKey, scope: "topup", request: { currency, amount } },
    async (key) => topUpIn(await sqlOf(), options, { key, notify: true, counted: true }),
  );
}
