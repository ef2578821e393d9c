import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { lockWallets, type Sql } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { bankWallets, type LedgerWallet } from "@/lib/server/ledger/bank";
import { latestRateUnits } from "@/lib/server/rates/latest";
import { convert, isCurrency, MAX_BALANCE_MINOR, ratioString, type Currency } from "@/lib/shared/money";

export type TransferKind = "transfer" | "topup";

export type PostTransferOptions = {
  kind: TransferKind;
  sender: LedgerWallet;
  receiver: LedgerWallet;
  /** Minor units of the sender's currency. */
  amount: bigint;
  /** The bank's own wallets may go negative; everyone else's debit is conditional. */
  allowNegative?: boolean;
  /** Backdated movements (the demo seed) use that day's rates and timestamp. */
  createdAt?: Date;
};

export type TransferRow = {
  id: number;
  senderWalletId: number;
  receiverWalletId: number;
  amount: bigint;
  currency: string;
  receivedAmount: bigint;
  receivedCurrency: string;
  rate: string;
  createdAt: Date;
};

type Leg = { walletId: number; currency: Currency; amount: bigint };

function currencyOf(wallet: LedgerWallet): Currency {
  if (!isCurrency(wallet.currency)) throw new Error(`wallet ${wallet.id} has an unknown currency`);
  return wallet.currency;
}

async function rateOrFail(tx: Sql, currency: Currency, asOf?: string): Promise<bigint> {
  const rate = await latestRateUnits(tx, currency, asOf);
  if (rate === null) throw new AppError("RATE_UNAVAILABLE");
  return rate;
}

/**
 * Moves money as one double-entry transfer inside the caller's transaction. Same currency:
 * sender −a, receiver +a. Different currencies: sender −a, bank(from) +a, bank(to) −r,
 * receiver +r, with r = convert(a) rounded down (the remainder stays with the bank). The debit
 * is a conditional update, so concurrent transfers can never overdraw a user's wallet.
 */
export async function postTransfer(tx: Sql, options: PostTransferOptions): Promise<TransferRow> {
  const { sender, receiver, amount } = options;
  if (amount <= 0n) throw new AppError("INVALID_AMOUNT");
  if (sender.id === receiver.id) throw new AppError("SAME_WALLET");
  const from = currencyOf(sender);
  const to = currencyOf(receiver);

  let received = amount;
  let rate = "1";
  const legs: Leg[] = [];
  if (from !== to) {
    const asOf = options.createdAt?.toISOString().slice(0, 10);
    const fromRate = await rateOrFail(tx, from, asOf);
    const toRate = await rateOrFail(tx, to, asOf);
    received = convert(amount, fromRate, toRate);
    if (received <= 0n) throw new AppError("INVALID_AMOUNT");
    rate = ratioString(fromRate, toRate);
    const [bankFrom, bankTo] = await bankWallets(tx, [from, to]);
    legs.push(
      { walletId: bankFrom.id, currency: from, amount },
      { walletId: bankTo.id, currency: to, amount: -received },
    );
  }
  legs.push({ walletId: receiver.id, currency: to, amount: received });
  await lockWallets(tx, [sender.id, ...legs.map((leg) => leg.walletId)]);

  const debited = options.allowNegative
    ? await tx.$executeRaw`UPDATE "Wallet" SET "balance" = "balance" - ${amount} WHERE "id" = ${sender.id}`
    : await tx.$executeRaw`
        UPDATE "Wallet" SET "balance" = "balance" - ${amount}
        WHERE "id" = ${sender.id} AND "balance" >= ${amount}`;
  if (debited === 0) {
    if (options.allowNegative) throw new Error(`wallet ${sender.id} is missing`);
    throw new AppError("INSUFFICIENT_FUNDS");
  }
  await credit(tx, legs);

  const [row] = await tx.$queryRaw<TransferRow[]>`
    INSERT INTO "Transfer" ("kind", "senderWalletId", "receiverWalletId", "amount", "currency",
      "receivedAmount", "receivedCurrency", "rate", "createdAt")
    VALUES (${options.kind}, ${sender.id}, ${receiver.id}, ${amount}, ${from}, ${received}, ${to},
      ${rate}, ${options.createdAt ?? new Date()})
    RETURNING ${TRANSFER_COLUMNS}`;
  const postings = [{ walletId: sender.id, currency: from, amount: -amount }, ...legs].map(
    (leg) => Prisma.sql`(${row.id}, ${leg.walletId}, ${leg.currency}, ${leg.amount})`,
  );
  await tx.$executeRaw`
    INSERT INTO "Posting" ("transferId", "walletId", "currency", "amount")
    VALUES ${Prisma.join(postings)}`;
  return row;
}

const TRANSFER_COLUMNS = Prisma.sql`"id", "senderWalletId", "receiverWalletId", "amount", "currency",
  "receivedAmount", "receivedCurrency", "rate", "createdAt"`;

/** One transfer as `postTransfer` returned it (an idempotent replay reads it back). */
export async function transferById(sql: Sql, id: number): Promise<TransferRow> {
  const [row] = await sql.$queryRaw<TransferRow[]>`SELECT ${TRANSFER_COLUMNS} FROM "Transfer" WHERE "id" = ${id}`;
  if (!row) throw new Error(`transfer ${id} is missing`);
  return row;
}

/**
 * Applies every credit leg in one statement. Every leg's wallet must exist, or the whole
 * transfer fails (as a per-leg `update` of a missing row would); no wallet may end above
 * MAX_BALANCE_MINOR (BALANCE_LIMIT, and the caller's transaction rolls back).
 */
async function credit(tx: Sql, legs: Leg[]): Promise<void> {
  const byWallet = new Map<number, bigint>();
  for (const leg of legs) byWallet.set(leg.walletId, (byWallet.get(leg.walletId) ?? 0n) + leg.amount);
  const ids = [...byWallet.keys()];
  const delta = Prisma.sql`CASE "id" ${Prisma.join(
    ids.map((id) => Prisma.sql`WHEN ${id} THEN CAST(${byWallet.get(id)} AS BIGINT)`),
    " ",
  )} END`;
  const changed = await tx.$executeRaw`
    UPDATE "Wallet" SET "balance" = "balance" + ${delta}
    WHERE "id" IN (${Prisma.join(ids)}) AND "balance" + ${delta} <= ${MAX_BALANCE_MINOR}`;
  if (changed === ids.length) return;
  const [found] = await tx.$queryRaw<{ n: number | bigint }[]>`
    SELECT COUNT(*) AS "n" FROM "Wallet" WHERE "id" IN (${Prisma.join(ids)})`;
  if (Number(found.n) === ids.length) throw new AppError("BALANCE_LIMIT");
  throw new Error(`credited ${changed} of ${ids.length} wallets`);
}
