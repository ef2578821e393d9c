// Ledger helpers for API tests: invariant checks run after every scenario, and shortcuts that go
// through the real route handlers.
import { POST as initRoute } from "@/app/api/v1/wallet/init/route";
import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import type { Db } from "@/lib/server/db";
import { getDb, sqlOf } from "@/lib/server/db";
import { checkLedger, describeProblem } from "@/lib/server/ledger/check";
import { forgetCachedRates, rateDay } from "@/lib/server/rates/latest";
import type { Currency } from "@/lib/shared/money";
import { call, createUser } from "@/tests/support/api";

/**
 * The double-entry invariants, as production checks them (lib/server/ledger/check.ts): throws,
 * failing the test, with one line per breach.
 */
export async function checkInvariants(db: Db = getDb()): Promise<void> {
  const result = await checkLedger(await sqlOf(db));
  if (!result.ok) throw new Error(`Ledger invariants broken:\n${result.problems.map(describeProblem).join("\n")}`);
}

/** Stores a quote (ruble price in ten-thousandths) for a day, default today in Moscow (the day in force). */
export async function setRate(currency: Currency, value: number, date = rateDay()) {
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
