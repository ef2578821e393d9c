// Ledger helpers for API tests: invariant checks run after every scenario, and shortcuts that go
// through the real route handlers.
import { POST as initRoute } from "@/app/api/v1/wallet/init/route";
import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import type { Db } from "@/lib/server/db";
import { getDb } from "@/lib/server/db";
import { forgetCachedRates } from "@/lib/server/rates/latest";
import type { Currency } from "@/lib/shared/money";
import { call, createUser } from "@/tests/support/api";

/**
 * The double-entry invariants. Throws (failing the test) when any is broken: each user wallet's
 * balance equals the sum of its postings and is not negative; the bank's wallets keep no running
 * balance (their column stays 0: their balance is the sum of their postings); per currency all
 * balances — users' columns and the bank's postings — sum to 0; each transfer's postings sum to 0
 * per currency and are in their wallets' currencies; every transfer has postings.
 */
export async function checkInvariants(db: Db = getDb()): Promise<void> {
  const problems: string[] = [];
  const wallets = await db.wallet.findMany({
    select: { id: true, currency: true, balance: true, user: { select: { isSystem: true } } },
  });
  const postings = await db.posting.findMany({
    select: { walletId: true, transferId: true, currency: true, amount: true, wallet: { select: { currency: true } } },
  });
  const perWallet = new Map<number, bigint>();
  const perTransfer = new Map<string, bigint>();
  for (const p of postings) {
    if (p.currency !== p.wallet.currency) problems.push(`posting on wallet ${p.walletId} in ${p.currency}`);
    perWallet.set(p.walletId, (perWallet.get(p.walletId) ?? 0n) + p.amount);
    const key = `${p.transferId}:${p.currency}`;
    perTransfer.set(key, (perTransfer.get(key) ?? 0n) + p.amount);
  }
  const byCurrency = new Map<string, bigint>();
  for (const w of wallets) {
    const posted = perWallet.get(w.id) ?? 0n;
    const balance = w.user.isSystem ? posted : w.balance;
    byCurrency.set(w.currency, (byCurrency.get(w.currency) ?? 0n) + balance);
    if (w.user.isSystem) {
      if (w.balance !== 0n) problems.push(`bank wallet ${w.id} keeps a running balance ${w.balance}`);
      continue;
    }
    if (w.balance < 0n) problems.push(`wallet ${w.id} is negative: ${w.balance}`);
    if (posted !== w.balance) problems.push(`wallet ${w.id} balance ${w.balance} != postings ${posted}`);
  }
  for (const [currency, sum] of byCurrency) {
    if (sum !== 0n) problems.push(`${currency} balances sum to ${sum}`);
  }
  for (const [key, sum] of perTransfer) {
    if (sum !== 0n) problems.push(`transfer ${key} postings sum to ${sum}`);
  }
  const transfers = await db.transfer.count();
  const withPostings = new Set(postings.map((p) => p.transferId)).size;
  if (transfers !== withPostings) problems.push(`${transfers - withPostings} transfers without postings`);
  if (problems.length) throw new Error(`Ledger invariants broken:\n${problems.join("\n")}`);
}

/** Stores a quote (ruble price in ten-thousandths) for a day, default today. */
export async function setRate(currency: Currency, value: number, date = new Date().toISOString().slice(0, 10)) {
  await getDb().rate.upsert({
    where: { currency_date: { currency, date } },
    create: { currency, date, value },
    update: { value },
  });
  // As an import does: this process uses the new quote from its next transfer on.
  forgetCachedRates();
}

/** A user with the four wallets; `funds` are topped up through the real endpoint. */
export async function createFundedUser(funds: Partial<Record<Currency, number>> = {}) {
  const created = await createUser();
  const init = await call(initRoute, { method: "POST", token: created.token });
  if (init.status !== 200) throw new Error(`wallet init failed: ${init.status}`);
  const wallets = Object.fromEntries(
    (init.body as { id: number; currency: Currency }[]).map((w) => [w.currency, w.id]),
  ) as Record<Currency, number>;
  for (const [currency, amount] of Object.entries(funds)) {
    const res = await call(topUpRoute, { token: created.token, body: { currency, amount } });
    if (res.status !== 201) throw new Error(`top-up failed: ${res.status}`);
  }
  return { ...created, wallets };
}

export async function balanceOf(walletId: number): Promise<number> {
  const wallet = await getDb().wallet.findUniqueOrThrow({ where: { id: walletId } });
  return Number(wallet.balance);
}

/** A wallet's balance as the sum of its postings (the only balance the bank's wallets have). */
export async function postedBalanceOf(walletId: number): Promise<number> {
  const sum = await getDb().posting.aggregate({ where: { walletId }, _sum: { amount: true } });
  return Number(sum._sum.amount ?? 0n);
}
