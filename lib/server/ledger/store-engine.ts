import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { addToCounter } from "@/lib/server/db/counter";
import { applyInGroup } from "@/lib/server/db/postgres-group-commit";
import { isRunner, type Sql, type SqlRunner } from "@/lib/server/db/sql";
import type { Applied, PlanEffect, Refusal, TransferPlan } from "@/lib/server/ledger/plan";
import { TRANSFER_COLUMNS, type TransferFacts } from "@/lib/server/ledger/transfer-row";

/**
 * The transfer engine: applies a plan the ledger decided (its vocabulary: plan.ts) all or nothing,
 * on PostgreSQL through `minibank_apply_plan`, on SQLite as the same steps in one transaction. It
 * lives with the ledger because it speaks the ledger's plans; lib/server/db/ below it knows no
 * domain (the group commits take a plan as an opaque document).
 */

/** The columns the engine writes of a transfer's row (transfer-row.ts), in their order. */
const INSERTED = Prisma.raw(TRANSFER_COLUMNS.map((column) => `"${column}"`).join(", "));

const REFUSALS: Refusal[] = [
  "TOPUP_DAILY_LIMIT",
  "INSUFFICIENT_FUNDS",
  "BALANCE_LIMIT",
  "REQUEST_PAID",
  "REQUEST_CANCELLED",
  "REQUEST_EXPIRED",
  "SENDING_LIMIT",
  "SPENDING_DAILY_LIMIT",
  "SPENDING_MONTHLY_LIMIT",
];

/** Net change of every tracked wallet, in id order (the order their rows are locked in). */
function netChanges(plan: TransferPlan): [number, bigint][] {
  const net = new Map<number, bigint>();
  for (const p of plan.postings) if (p.tracked) net.set(p.walletId, (net.get(p.walletId) ?? 0n) + p.amount);
  return [...net.entries()].sort(([a], [b]) => a - b);
}

/** The plan as the JSON document `minibank_apply_plan` reads: amounts as decimal strings, instants in ISO 8601. */
export function planDocument(plan: TransferPlan): string {
  return JSON.stringify(plan, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}

/**
 * PostgreSQL: the plan as one document for `minibank_apply_plan`
 * (prisma/postgres/functions/minibank_apply_plan.sql), so the whole transfer is one round trip and
 * holds its row locks only while the database runs it — on the store, together with the plans
 * that arrive beside it (`minibank_apply_plans`, one commit for the group).
 */
async function applyOnPostgres(sql: Sql | SqlRunner, plan: TransferPlan): Promise<Applied> {
  // On the store itself, the plan joins a group commit (postgres-group-commit.ts); inside a
  // caller's transaction it is one step of that transaction.
  const [row] = isRunner(sql)
    ? [await applyInGroup(sql, planDocument(plan))]
    : await sql.$queryRaw<{ refusal: string | null; id: number | null }[]>`
      SELECT "refusal", "id" FROM "minibank_apply_plan"(${planDocument(plan)}::jsonb)`;
  if (row?.refusal) {
    if (!(REFUSALS as string[]).includes(row.refusal)) throw new Error(`unknown refusal ${row.refusal}`);
    return { refusal: row.refusal as Refusal };
  }
  if (row?.id == null) throw new Error("minibank_apply_plan returned no transfer");
  return { id: Number(row.id) };
}

/** `payRequest`, before any write: marks the request paid if it is still pending and unexpired; else why not. */
async function claimRequest(tx: Sql, effect: Extract<PlanEffect, { type: "payRequest" }>, at: Date): Promise<Refusal | null> {
  const { requestId, payerId } = effect;
  const changed = await tx.$executeRaw`
    UPDATE "PaymentRequest" SET "status" = 'paid', "payerId" = ${payerId}, "paidAt" = ${at}
    WHERE "id" = ${requestId} AND "status" = 'pending' AND "expiresAt" > ${at}`;
  if (changed > 0) return null;
  const [row] = await tx.$queryRaw<{ status: string }[]>`SELECT "status" FROM "PaymentRequest" WHERE "id" = ${requestId}`;
  return row?.status === "paid" ? "REQUEST_PAID" : row?.status === "cancelled" ? "REQUEST_CANCELLED" : "REQUEST_EXPIRED";
}

/**
 * `countSent`, before any write: refused when the sender's counter already holds `limit` for
 * this window and the one before (SQLite runs one write transaction at a time, so nothing can
 * count between this read and the transfer's own count).
 */
async function checkSent(tx: Sql, effect: Extract<PlanEffect, { type: "countSent" }>): Promise<Refusal | null> {
  const [row] = await tx.$queryRaw<{ sent: number | bigint | null }[]>`
    SELECT CASE WHEN c."windowStart" >= ${effect.windowStart} THEN c."current" + c."previous"
      WHEN c."windowStart" = ${effect.previousStart} THEN c."current" ELSE 0 END AS "sent"
    FROM "SendingCounter" c WHERE c."userId" = ${effect.userId}`;
  return Number(row?.sent ?? 0) >= effect.limit ? "SENDING_LIMIT" : null;
}

/**
 * `spendLimit`, before any write: what the sender's wallets in the limit's currency sent to other
 * people's wallets since the month's start (and the day's), with this transfer, against the
 * customer's own limits.
 */
async function checkSpend(tx: Sql, plan: TransferPlan, effect: Extract<PlanEffect, { type: "spendLimit" }>): Promise<Refusal | null> {
  const [row] = await tx.$queryRaw<{ day: number | bigint | null; month: number | bigint | null }[]>`
    SELECT SUM(CASE WHEN t."createdAt" >= ${effect.dayStart} THEN t."amount" ELSE 0 END) AS "day", SUM(t."amount") AS "month"
    FROM "Transfer" t JOIN "Wallet" r ON r."id" = t."receiverWalletId"
    WHERE t."senderWalletId" IN (SELECT w."id" FROM "Wallet" w WHERE w."userId" = ${effect.userId} AND w."currency" = ${effect.currency})
      AND r."userId" <> ${effect.userId} AND t."createdAt" >= ${effect.monthStart}`;
  if (effect.daily !== null && BigInt(row?.day ?? 0) + plan.amount > effect.daily) return "SPENDING_DAILY_LIMIT";
  if (effect.monthly !== null && BigInt(row?.month ?? 0) + plan.amount > effect.monthly) return "SPENDING_MONTHLY_LIMIT";
  return null;
}

/**
 * `roundUp`, once the transfer is written: the second movement, from the sending account into its
 * pocket, when the account still covers it (its balance after the transfer), the pocket is open and
 * takes round-ups, and stays within the balance limit; else nothing, and the transfer stands.
 */
async function roundUp(tx: Sql, row: TransferFacts, maxBalance: bigint): Promise<void> {
  const [ok] = await tx.$queryRaw<{ ok: number | bigint | boolean }[]>`
    SELECT (a."balance" >= ${row.amount} AND p."balance" + ${row.amount} <= ${maxBalance}) AS "ok"
    FROM "Wallet" a JOIN "Wallet" p ON p."id" = ${row.receiverWalletId}
      JOIN "Pocket" k ON k."walletId" = p."id" AND k."closedAt" IS NULL AND k."roundUp" > 0
    WHERE a."id" = ${row.senderWalletId}`;
  if (!ok || !Number(ok.ok)) return;
  await tx.$executeRaw`UPDATE "Wallet" SET "balance" = "balance" - ${row.amount} WHERE "id" = ${row.senderWalletId}`;
  await tx.$executeRaw`UPDATE "Wallet" SET "balance" = "balance" + ${row.amount} WHERE "id" = ${row.receiverWalletId}`;
  const [{ id }] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Transfer" (${INSERTED}) VALUES (${Prisma.join(TRANSFER_COLUMNS.map((column) => row[column]))})
    RETURNING "id"`;
  await tx.$executeRaw`
    INSERT INTO "Posting" ("transferId", "walletId", "currency", "amount")
    VALUES (${id}, ${row.senderWalletId}, ${row.currency}, ${-row.amount}), (${id}, ${row.receiverWalletId}, ${row.currency}, ${row.amount})`;
}

/** Each effect's record, once the transfer exists. */
async function recordEffect(tx: Sql, effect: PlanEffect, transferId: number, plan: TransferPlan): Promise<void> {
  const at = plan.createdAt;
  switch (effect.type) {
    case "payRequest":
      await tx.$executeRaw`UPDATE "PaymentRequest" SET "transferId" = ${transferId} WHERE "id" = ${effect.requestId}`;
      return;
    case "notice":
      await tx.$executeRaw`
        INSERT INTO "Notification" ("transferId", "userId", "channel", "address", "text", "status",
          "attempts", "nextAttemptAt", "createdAt")
        VALUES (${transferId}, ${effect.userId}, ${effect.channel}, ${effect.address}, ${effect.text}, 'pending', 0, ${at}, ${at})`;
      return;
    case "recordKey":
      await tx.$executeRaw`
        INSERT INTO "IdempotencyKey" ("userId", "key", "requestHash", "transferId", "refusal", "createdAt")
        VALUES (${effect.userId}, ${effect.key}, ${effect.requestHash}, ${transferId}, ${null}, ${at})`;
      return;
    case "countSent":
      await addToCounter(tx, "SendingCounter", effect.userId, effect);
      return;
    case "countLookup":
      await addToCounter(tx, "LookupCounter", effect.userId, effect);
      return;
    case "spendLimit":
      return;
    case "roundUp":
      await roundUp(tx, effect.row, plan.maxBalance);
      return;
  }
}

/**
 * The same steps as `minibank_apply_plan`, in the same order, as statements inside a SQLite
 * transaction (which holds the whole database, so the wallets need no lock of their own): the
 * tracked wallets (one that does not exist fails the plan before any check answers for it), the
 * top-up window, the balances, the sending limit, the request; then the writes.
 * tests/api/engine-equality.test.ts checks that both write the same rows and give the same answers.
 */
async function applyInTransaction(tx: Sql, plan: TransferPlan): Promise<Applied> {
  const changes = netChanges(plan);
  const ids = changes.map(([id]) => id);
  const rows = ids.length
    ? await tx.$queryRaw<{ id: number; balance: bigint }[]>`
      SELECT "id", "balance" FROM "Wallet" WHERE "id" IN (${Prisma.join(ids)})`
    : [];
  if (rows.length !== ids.length) throw new Error(`transfer touches ${ids.length} wallets, ${rows.length} exist`);
  if (plan.topUpWindow) {
    const [done] = await tx.$queryRaw<{ total: number | bigint | null }[]>`
      SELECT SUM("amount") AS "total" FROM "Transfer"
      WHERE "kind" = 'topup' AND "receiverWalletId" = ${plan.receiverWalletId}
        AND "createdAt" >= ${plan.topUpWindow.since}`;
    if (BigInt(done?.total ?? 0) + plan.amount > plan.topUpWindow.limit) return { refusal: "TOPUP_DAILY_LIMIT" };
  }
  const after = changes.map(([id, delta]) => BigInt(rows.find((r) => Number(r.id) === id)!.balance) + delta);
  if (after.some((balance) => balance < 0n)) return { refusal: "INSUFFICIENT_FUNDS" };
  if (after.some((balance) => balance > plan.maxBalance)) return { refusal: "BALANCE_LIMIT" };
  // The checks that write nothing first: claiming a request is a write.
  for (const effect of plan.effects) {
    const refusal =
      effect.type === "countSent" ? await checkSent(tx, effect) : effect.type === "spendLimit" ? await checkSpend(tx, plan, effect) : null;
    if (refusal) return { refusal };
  }
  for (const effect of plan.effects) {
    const refusal = effect.type === "payRequest" ? await claimRequest(tx, effect, plan.createdAt) : null;
    if (refusal) return { refusal };
  }
  if (ids.length) {
    const delta = Prisma.sql`CASE "id" ${Prisma.join(
      changes.map(([id, d]) => Prisma.sql`WHEN ${id} THEN CAST(${d} AS BIGINT)`),
      " ",
    )} END`;
    await tx.$executeRaw`UPDATE "Wallet" SET "balance" = "balance" + ${delta} WHERE "id" IN (${Prisma.join(ids)})`;
  }
  const [{ id }] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Transfer" (${INSERTED}) VALUES (${Prisma.join(TRANSFER_COLUMNS.map((column) => plan[column]))})
    RETURNING "id"`;
  await tx.$executeRaw`
    INSERT INTO "Posting" ("transferId", "walletId", "currency", "amount")
    VALUES ${Prisma.join(plan.postings.map((p) => Prisma.sql`(${id}, ${p.walletId}, ${p.currency}, ${p.amount})`))}`;
  for (const effect of plan.effects) await recordEffect(tx, effect, Number(id), plan);
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
