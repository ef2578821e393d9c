/**
 * Bulk seeding for load tests: N users, each with the four wallets and an opening balance in
 * every currency given the way the ledger gives money — a top-up transfer from the bank's wallet
 * in that currency, with its two postings — so the ledger invariants hold from the first request.
 * Rows get explicit ids, which keeps the inserts to a few `createMany` calls and lets the load
 * generator compute any user's wallet ids without asking the server.
 */
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { CURRENCIES } from "@/lib/shared/money";
import { luhnCheckDigit } from "@/lib/server/wallets/numbers";

export type SeedLayout = {
  users: number;
  /** Opening balance of every user wallet, in minor units. */
  balance: bigint;
};

/** The bank (the system user) is user 1 and owns wallets 1–4, one per currency. */
export const BANK_USER_ID = 1;

export function userId(index: number): number {
  return index + 2;
}

/** Wallet id of the `index`-th seeded user in CURRENCIES[currencyIndex]. */
export function walletId(index: number, currencyIndex: number): number {
  return CURRENCIES.length + 1 + index * CURRENCIES.length + currencyIndex;
}


/** Unique, Luhn-valid 16-digit numbers in the app's 2202 range, derived from the wallet id. */
function walletNumber(id: number): string {
  const body = `2202${String(id).padStart(11, "0")}`;
  return body + String(luhnCheckDigit(body));
}

async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Fills an empty, migrated database. Also stores today's rates so conversions work. */
export async function seedBench(db: PrismaClient, layout: SeedLayout, postgres = false): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const rates: Record<string, number> = { USD: 92_5000, EUR: 100_2500, CNY: 12_7500 };
  await db.rate.createMany({
    data: Object.entries(rates).map(([currency, value]) => ({ currency, date: today, value })),
  });

  await db.user.create({
    data: { id: BANK_USER_ID, isSystem: true, telegramFirstName: "Minibank", notification: false },
  });
  await db.wallet.createMany({
    data: CURRENCIES.map((currency, c) => ({
      id: c + 1,
      userId: BANK_USER_ID,
      currency,
      number: walletNumber(c + 1),
      // The bank's balance is the sum of its postings (lib/server/ledger/bank.ts); the column stays 0.
      balance: 0n,
    })),
  });

  const users = Array.from({ length: layout.users }, (_, i) => ({
    id: userId(i),
    username: `bench${i}`,
    email: `bench${i}@bench.local`,
  }));
  await inChunks(users, 5000, (data) => db.user.createMany({ data }));

  const wallets = [];
  const transfers = [];
  const postings = [];
  for (let i = 0; i < layout.users; i += 1) {
    for (let c = 0; c < CURRENCIES.length; c += 1) {
      const id = walletId(i, c);
      const currency = CURRENCIES[c];
      wallets.push({ id, userId: userId(i), currency, number: walletNumber(id), balance: layout.balance });
      // One top-up per wallet; its id equals the wallet's, its postings are 2·id−1 and 2·id.
      transfers.push({
        id,
        kind: "topup",
        senderWalletId: c + 1,
        receiverWalletId: id,
        amount: layout.balance,
        currency,
        receivedAmount: layout.balance,
        receivedCurrency: currency,
        rate: "1",
      });
      postings.push(
        { id: 2 * id - 1, transferId: id, walletId: c + 1, currency, amount: -layout.balance },
        { id: 2 * id, transferId: id, walletId: id, currency, amount: layout.balance },
      );
    }
  }
  await inChunks(wallets, 5000, (data) => db.wallet.createMany({ data }));
  await inChunks(transfers, 5000, (data) => db.transfer.createMany({ data }));
  await inChunks(postings, 5000, (data) => db.posting.createMany({ data }));
  // PostgreSQL hands out ids from sequences, which explicit ids do not move: move them past the rows.
  if (postgres) {
    for (const table of ["User", "Wallet", "Transfer", "Posting", "Rate"]) {
      await db.$executeRawUnsafe(
        `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT MAX("id") FROM "${table}"))`,
      );
    }
  }
}
