import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/server/db";
import { uniqueWalletNumber, type RandomInt } from "@/lib/server/wallets/numbers";
import type { Currency } from "@/lib/shared/money";

export type LedgerWallet = { id: number; userId: number; currency: string };

const walletSelect = { id: true, userId: true, currency: true } as const;

/**
 * The bank's own wallet in `currency`, created on first use. The bank is a system user
 * (`isSystem`): its wallets are the other side of top-ups and currency exchange and may go
 * negative. It has no username, e-mail or Telegram id, so no lookup can ever find it by those.
 */
export async function bankWallet(
  tx: Tx,
  currency: Currency,
  random?: RandomInt,
): Promise<LedgerWallet> {
  let bank = await tx.user.findFirst({
    where: { isSystem: true },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  bank ??= await tx.user.create({
    data: { isSystem: true, telegramFirstName: "Minibank", notification: false },
    select: { id: true },
  });
  const existing = await tx.wallet.findUnique({
    where: { userId_currency: { userId: bank.id, currency } },
    select: walletSelect,
  });
  if (existing) return existing;
  return tx.wallet.create({
    data: { userId: bank.id, currency, number: await uniqueWalletNumber(tx, random) },
    select: walletSelect,
  });
}

/**
 * The bank's wallets in several currencies with ONE query when they exist (each query holds the
 * connection's lock); any missing one is created as `bankWallet` does.
 */
export async function bankWallets(tx: Tx, currencies: Currency[]): Promise<LedgerWallet[]> {
  const rows = await tx.$queryRaw<LedgerWallet[]>`
    SELECT "id", "userId", "currency" FROM "Wallet"
    WHERE "userId" = (SELECT "id" FROM "User" WHERE "isSystem" = 1 ORDER BY "id" LIMIT 1)
      AND "currency" IN (${Prisma.join(currencies)})`;
  const wallets: LedgerWallet[] = [];
  for (const currency of currencies) {
    const row = rows.find((r) => r.currency === currency);
    wallets.push(
      row
        ? { id: Number(row.id), userId: Number(row.userId), currency }
        : await bankWallet(tx, currency),
    );
  }
  return wallets;
}
