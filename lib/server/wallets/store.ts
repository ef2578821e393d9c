import "server-only";
import { getDb, sqlOf, type Sql, type Tx } from "@/lib/server/db";

/** Every statement of the wallets: the caller's list, another user's numbers, creating wallets. */

/** A wallet as its owner sees it. */
export type WalletRow = { id: number; currency: string; balance: bigint; number: string };

const walletSelect = { id: true, currency: true, balance: true, number: true } as const;

/** The user's wallets with balances, in no particular order. */
export async function walletsOf(userId: number): Promise<WalletRow[]> {
  // Direct SQL: the wallet list is the app's most frequent read.
  return (await sqlOf()).$queryRaw<WalletRow[]>`
    SELECT "id", "currency", "balance", "number" FROM "Wallet" WHERE "userId" = ${userId}`;
}

/** Whether a user is the bank, and their wallets' ids, currencies and numbers (never balances). */
export function publicWalletsOf(userId: number) {
  return getDb().user.findUnique({
    where: { id: userId },
    select: {
      isSystem: true,
      wallets: { select: { id: true, currency: true, number: true } },
    },
  });
}

/** Whether some wallet already has this number. */
export async function isWalletNumberTaken(tx: Pick<Sql, "$queryRaw">, number: string): Promise<boolean> {
  const taken = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "Wallet" WHERE "number" = ${number}`;
  return taken.length > 0;
}

/** Runs `work` in one Prisma transaction. */
export function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  return getDb().$transaction(work);
}

/** Whether the user exists (inside the caller's transaction). */
export async function userExists(tx: Tx, userId: number): Promise<boolean> {
  return (await tx.user.findUnique({ where: { id: userId }, select: { id: true } })) !== null;
}

/** The currencies the user has a wallet in. */
export async function walletCurrencies(tx: Tx, userId: number): Promise<string[]> {
  const existing = await tx.wallet.findMany({ where: { userId }, select: { currency: true } });
  return existing.map((w) => w.currency);
}

/** A new wallet of the user's, with a balance of 0. */
export async function createWallet(tx: Tx, userId: number, currency: string, number: string): Promise<void> {
  await tx.wallet.create({ data: { userId, currency, number } });
}

/** The user's wallets with balances, in no particular order (inside the caller's transaction). */
export function walletsIn(tx: Tx, userId: number): Promise<WalletRow[]> {
  return tx.wallet.findMany({ where: { userId }, select: walletSelect });
}
