import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { isRunner, type Sql, type SqlRunner } from "@/lib/server/db/sql";

/** One posting of a planned transfer. `tracked`: the wallet keeps a running balance (a user's). */
export type PlannedPosting = { walletId: number; currency: string; amount: bigint; tracked: boolean };

/**
 * A transfer the ledger has decided (lib/server/ledger/postings.ts): who, how much, at what rate,
 * and every posting. Applying it decides nothing about money; it only checks what needs the
 * wallets' current balances, under their row locks.
 */
export type TransferPlan = {
  kind: "transfer" | "topup" | "exchange";
  senderWalletId: number;
  receiverWalletId: number;
  amount: bigint;
  currency: string;
  receivedAmount: bigint;
  receivedCurrency: string;
  rate: string;
  /** The sender's message to the receiver (already checked: plain text, trimmed, ≤ 140 characters). */
  message: string | null;
  createdAt: Date;
  postings: PlannedPosting[];
  /** No tracked wallet may end above this. */
  maxBalance: bigint;
  /** A live top-up: the receiver's top-ups since `since`, with this one, may not pass `limit`. */
  topUpWindow?: { since: Date; limit: bigint };
  /** Recorded with the transfer, in the same transaction. */
  idempotencyKey?: { userId: number; key: string; requestHash: string };
  /** A payment request this transfer pays: it must be pending and unexpired, and becomes paid with it. */
  request?: { id: number; payerId: number };
  /** "Money arrived", queued in the outbox in the same transaction. */
  notice?: { userId: number; channel: string; address: string; text: string };
};

/** Why a plan was not applied; nothing was written. */
export type Refusal =
  | "TOPUP_DAILY_LIMIT"
  | "INSUFFICIENT_FUNDS"
  | "BALANCE_LIMIT"
  | "REQUEST_PAID"
  | "REQUEST_CANCELLED"
  | "REQUEST_EXPIRED";

export type Applied = { id: number; refusal?: undefined } | { refusal: Refusal };

const REFUSALS: Refusal[] = [
  "TOPUP_DAILY_LIMIT",
  "INSUFFICIENT_FUNDS",
  "BALANCE_LIMIT",
  "REQUEST_PAID",
  "REQUEST_CANCELLED",
  "REQUEST_EXPIRED",
];

/** Net change of every tracked wallet, in id order (the order their rows are locked in). */
function netChanges(plan: TransferPlan): [number, bigint][] {
  const net = new Map<number, bigint>();
  for (const p of plan.postings) if (p.tracked) net.set(p.walletId, (net.get(p.walletId) ?? 0n) + p.amount);
  return [...net.entries()].sort(([a], [b]) => a - b);
}

/**
 * PostgreSQL: one call of `minibank_apply_transfer` (prisma/postgres/migrations/
 * 20261124000000_derived_bank_balances), so the whole transfer is one round trip and holds its
 * row locks only while the database runs it.
 */
async function applyOnPostgres(sql: Sql, plan: TransferPlan): Promise<Applied> {
  const key = plan.idempotencyKey;
  const notice = plan.notice;
  const [row] = await sql.$queryRaw<{ refusal: string | null; id: number | null }[]>`
    SELECT "refusal", "id" FROM "minibank_apply_transfer"(
      ${plan.kind}, ${plan.senderWalletId}::int, ${plan.receiverWalletId}::int, ${plan.amount}::bigint,
      ${plan.currency}, ${plan.receivedAmount}::bigint, ${plan.receivedCurrency}, ${plan.rate},
      ${plan.createdAt}::timestamp(3),
      ${plan.postings.map((p) => p.walletId)}::int[], ${plan.postings.map((p) => p.currency)}::text[],
      ${plan.postings.map((p) => p.amount)}::bigint[], ${plan.postings.map((p) => p.tracked)}::boolean[],
      ${plan.maxBalance}::bigint, ${plan.topUpWindow?.since ?? null}::timestamp(3),
      ${plan.topUpWindow?.limit ?? null}::bigint,
      ${key?.userId ?? null}::int, ${key?.key ?? null}::text, ${key?.requestHash ?? null}::text,
      ${notice?.userId ?? null}::int, ${notice?.channel ?? null}::text, ${notice?.address ?? null}::text,
      ${notice?.text ?? null}::text, ${plan.message}::text, ${plan.request?.id ?? null}::int,
      ${plan.request?.payerId ?? null}::int)`;
  if (row?.refusal) {
    if (!(REFUSALS as string[]).includes(row.refusal)) throw new Error(`unknown refusal ${row.refusal}`);
    return { refusal: row.refusal as Refusal };
  }
  if (row?.id == null) throw new Error("minibank_apply_transfer returned no transfer");
  return { id: Number(row.id) };
}

/** Marks the plan's request paid if it is still pending and unexpired; else why not. */
async function claimRequest(tx: Sql, request: { id: number; payerId: number }, at: Date): Promise<Refusal | null> {
  const { id, payerId } = request;
  const changed = await tx.$executeRaw`
    UPDATE "PaymentRequest" SET "status" = 'paid', "payerId" = ${payerId}, "paidAt" = ${at}
    WHERE "id" = ${id} AND "status" = 'pending' AND "expiresAt" > ${at}`;
  if (changed > 0) return null;
  const [row] = await tx.$queryRaw<{ status: string }[]>`SELECT "status" FROM "PaymentRequest" WHERE "id" = ${id}`;
  return row?.status === "paid" ? "REQUEST_PAID" : row?.status === "cancelled" ? "REQUEST_CANCELLED" : "REQUEST_EXPIRED";
}

/** The same steps as `minibank_apply_transfer`, as statements inside a SQLite transaction. */
async function applyInTransaction(tx: Sql, plan: TransferPlan): Promise<Applied> {
  const changes = netChanges(plan);
  const ids = changes.map(([id]) => id);
  if (plan.topUpWindow) {
    const [done] = await tx.$queryRaw<{ total: number | bigint | null }[]>`
      SELECT SUM("amount") AS "total" FROM "Transfer"
      WHERE "kind" = 'topup' AND "receiverWalletId" = ${plan.receiverWalletId}
        AND "createdAt" >= ${plan.topUpWindow.since}`;
    if (BigInt(done?.total ?? 0) + plan.amount > plan.topUpWindow.limit) return { refusal: "TOPUP_DAILY_LIMIT" };
  }
  if (ids.length) {
    const rows = await tx.$queryRaw<{ id: number; balance: bigint }[]>`
      SELECT "id", "balance" FROM "Wallet" WHERE "id" IN (${Prisma.join(ids)})`;
    if (rows.length !== ids.length) throw new Error(`transfer touches ${ids.length} wallets, ${rows.length} exist`);
    const after = changes.map(([id, delta]) => BigInt(rows.find((r) => Number(r.id) === id)!.balance) + delta);
    if (after.some((balance) => balance < 0n)) return { refusal: "INSUFFICIENT_FUNDS" };
    if (after.some((balance) => balance > plan.maxBalance)) return { refusal: "BALANCE_LIMIT" };
    const refusal = plan.request ? await claimRequest(tx, plan.request, plan.createdAt) : null;
    if (refusal) return { refusal };
    const delta = Prisma.sql`CASE "id" ${Prisma.join(
      changes.map(([id, d]) => Prisma.sql`WHEN ${id} THEN CAST(${d} AS BIGINT)`),
      " ",
    )} END`;
    await tx.$executeRaw`UPDATE "Wallet" SET "balance" = "balance" + ${delta} WHERE "id" IN (${Prisma.join(ids)})`;
  }
  const [{ id }] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Transfer" ("kind", "senderWalletId", "receiverWalletId", "amount", "currency",
      "receivedAmount", "receivedCurrency", "rate", "message", "createdAt")
    VALUES (${plan.kind}, ${plan.senderWalletId}, ${plan.receiverWalletId}, ${plan.amount}, ${plan.currency},
      ${plan.receivedAmount}, ${plan.receivedCurrency}, ${plan.rate}, ${plan.message}, ${plan.createdAt})
    RETURNING "id"`;
  await tx.$executeRaw`
    INSERT INTO "Posting" ("transferId", "walletId", "currency", "amount")
    VALUES ${Prisma.join(plan.postings.map((p) => Prisma.sql`(${id}, ${p.walletId}, ${p.currency}, ${p.amount})`))}`;
  if (plan.request) await tx.$executeRaw`UPDATE "PaymentRequest" SET "transferId" = ${id} WHERE "id" = ${plan.request.id}`;
  if (plan.notice) {
    const { userId, channel, address, text } = plan.notice;
    await tx.$executeRaw`
      INSERT INTO "Notification" ("transferId", "userId", "channel", "address", "text", "status",
        "attempts", "nextAttemptAt", "createdAt")
      VALUES (${id}, ${userId}, ${channel}, ${address}, ${text}, 'pending', 0, ${plan.createdAt}, ${plan.createdAt})`;
  }
  if (plan.idempotencyKey) {
    const { userId, key, requestHash } = plan.idempotencyKey;
    await tx.$executeRaw`
      INSERT INTO "IdempotencyKey" ("userId", "key", "requestHash", "transferId", "refusal", "createdAt")
      VALUES (${userId}, ${key}, ${requestHash}, ${id}, ${null}, ${plan.createdAt})`;
  }
  return { id: Number(id) };
}

/**
 * Applies a planned transfer all or nothing: on PostgreSQL as one statement (its own
 * transaction, or a step of the caller's), on SQLite as statements in one transaction (a unit of
 * a group commit when given the runner, else inside the caller's transaction). A refusal writes
 * nothing; a duplicate idempotency key throws a unique violation and writes nothing.
 */
export function applyTransfer(sql: Sql | SqlRunner, plan: TransferPlan): Promise<Applied> {
  if (sql.dialect === "postgresql") return applyOnPostgres(sql, plan);
  if (!isRunner(sql)) return applyInTransaction(sql, plan);
  return sql.transaction((tx) => applyInTransaction(tx, plan));
}
