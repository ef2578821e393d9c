import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { periodBounds, type Bounds } from "@/lib/server/statements/period";
import { findStatementWallet, newestTransferId, movementsPage, statementTotals } from "@/lib/server/statements/store";
import { personName } from "@/lib/server/users/dto";
import type { Language } from "@/lib/shared/i18n";
import type { Currency } from "@/lib/shared/money";
import type { StatementPeriod } from "@/lib/shared/schemas/statements";

export type StatementOptions = { userId: number; walletId: number; period: StatementPeriod; language?: Language };

/** What a statement says before its movements, all amounts in minor units of the account. */
export type StatementHead = {
  /** Whose account it is. */
  userId: number;
  walletId: number;
  number: string;
  currency: Currency;
  period: StatementPeriod;
  /** What the file speaks. */
  language: Language;
  bounds: Bounds;
  opening: bigint;
  totalIn: bigint;
  totalOut: bigint;
  closing: bigint;
  count: number;
  /**
   * The newest transfer the statement counts: the movements are read up to it, so a transfer
   * made while a long statement streams is in neither its totals nor its rows.
   */
  lastTransferId: number;
};

/** One movement: the account's posting of one transfer, and the balance after it. */
export type StatementMovement = {
  transferId: number;
  createdAt: Date;
  /** As the history names it: a top-up, an exchange, a request paid, money to or from a pocket; any other transfer by its direction. */
  kind: "topup" | "exchange" | "request" | "pocket" | "in" | "out";
  /** Who was on the other side; null for the bank (a top-up) and for one's own other account (an exchange, a pocket). */
  counterparty: string | null;
  /** Signed: credits positive, debits negative. */
  amount: bigint;
  balance: bigint;
};

/**
 * A statement of one of the caller's accounts for a period, computed from the account's postings
 * alone: opening = the postings before the period, the movements = those inside it, and closing
 * = opening + the movements, exactly. Another user's account answers 404 like a missing one, so
 * account ids cannot be probed.
 */
export async function readStatementHead(options: StatementOptions): Promise<StatementHead> {
  const bounds = periodBounds(options.period);
  const wallet = await findStatementWallet(options.walletId);
  if (!wallet || wallet.userId !== options.userId) throw new AppError("WALLET_NOT_FOUND");
  // No transaction needed: every figure is bounded by the newest transfer seen first, and
  // transfers are never changed or removed.
  const lastTransferId = await newestTransferId();
  const { before, credits, debits } = await statementTotals(options.walletId, lastTransferId, bounds);
  const opening = before ?? 0n;
  const totalIn = credits.sum ?? 0n;
  const totalOut = -(debits.sum ?? 0n);
  return {
    userId: options.userId,
    walletId: options.walletId,
    number: wallet.number,
    currency: wallet.currency as Currency,
    period: options.period,
    language: options.language ?? "ru",
    bounds,
    opening,
    totalIn,
    totalOut,
    closing: opening + totalIn - totalOut,
    count: credits.count + debits.count,
    lastTransferId,
  };
}

const PAGE = 500;

/** The kinds a statement names by what happened, as the history does; null for a plain transfer. */
function namedKind(kind: string): "topup" | "exchange" | "request" | "pocket" | null {
  return kind === "topup" || kind === "exchange" || kind === "request" || kind === "pocket" ? kind : null;
}

/**
 * The statement's movements in order, read a page at a time (a long period is never held in
 * memory), each with the balance after it: the last one's balance is the closing balance.
 */
export async function* readStatementMovements(head: StatementHead): AsyncGenerator<StatementMovement[]> {
  let balance = head.opening;
  let after = 0;
  for (;;) {
    const rows = await movementsPage({ walletId: head.walletId, afterId: after, lastId: head.lastTransferId, bounds: head.bounds, take: PAGE });
    if (rows.length === 0) return;
    yield rows.map((row) => {
      balance += row.amount;
      const incoming = row.amount > 0n;
      const other = incoming ? row.transfer.sender : row.transfer.receiver;
      const named = namedKind(row.transfer.kind);
      return {
        transferId: row.transferId,
        createdAt: row.transfer.createdAt,
        kind: named ?? (incoming ? "in" : "out"),
        counterparty: named === "topup" || named === "exchange" || named === "pocket" || other.user.isSystem ? null : personName(other.user),
        amount: row.amount,
        balance,
      };
    });
    after = rows[rows.length - 1].transferId;
    if (rows.length < PAGE) return;
  }
}
