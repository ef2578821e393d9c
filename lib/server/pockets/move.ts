import "server-only";
import type { Sql } from "@/lib/server/db";
import { AppError } from "@/lib/server/platform/errors";
import { clockNow } from "@/lib/server/platform/clock";
import { keyEffect, made, runIdempotent, storedEnding, type Ending } from "@/lib/server/ledger/idempotency";
import { applyPlan, planTransfer, withEffects, type TransferRow } from "@/lib/server/ledger/postings";
import type { KeyToRecord } from "@/lib/server/ledger/store";
import { toPocketDto } from "@/lib/server/pockets/dto";
import { isLockedNow } from "@/lib/server/pockets/manage";
import { inPocketTransaction, lockPocket, markClosed, readPocket, type PocketRow } from "@/lib/server/pockets/store";
import type { PocketDto } from "@/lib/shared/schemas/pockets";

/**
 * Money between an account and its pockets: a movement of kind "pocket", in one transaction that
 * locks both wallets before it reads the pocket, so a close, a lock's date and a round-up are seen
 * as they are. Into a pocket from its account (the only way in but round-ups), out of it back to
 * the account (refused while the pocket is locked), and everything back on closing.
 */

type Direction = "in" | "out";

/** The movement between the pocket and its account, applied inside `tx`. */
async function moveBetween(tx: Sql, row: PocketRow, direction: Direction, amount: bigint, key: KeyToRecord | undefined): Promise<TransferRow> {
  const pocket = { id: Number(row.id), userId: Number(row.userId), currency: row.currency };
  const account = { id: Number(row.walletId), userId: Number(row.userId), currency: row.currency };
  const [sender, receiver] = direction === "in" ? [account, pocket] : [pocket, account];
  const plan = await planTransfer(tx, { kind: "pocket", sender, receiver, amount });
  // One's own money: no notice, no sending limit.
  return applyPlan(tx, withEffects(plan, keyEffect(key)));
}

async function move(options: PocketMoveOptions, direction: Direction, key: KeyToRecord | undefined): Promise<Ending> {
  return inPocketTransaction(async (tx) => {
    await lockPocket(tx, options.pocketId);
    const row = await readPocket(tx, options.userId, options.pocketId, key);
    const stored = storedEnding(row);
    if (stored) return stored;
    if (!row) throw new AppError("NOT_FOUND");
    if (row.closedAt) throw new AppError("POCKET_CLOSED");
    if (direction === "out" && isLockedNow(row)) throw new AppError("POCKET_LOCKED");
    return made(await moveBetween(tx, row, direction, BigInt(options.amount), key));
  });
}

export type PocketMoveOptions = { userId: number; pocketId: number; amount: number; idempotencyKey: string | null };

/** Moves money from the account into its pocket (INSUFFICIENT_FUNDS past what is available); idempotent with a key. */
export function moveIntoPocket(options: PocketMoveOptions): Promise<TransferRow> {
  const { pocketId, amount } = options;
  return runIdempotent(
    { userId: options.userId, key: options.idempotencyKey, scope: "pocket-in", request: { pocketId, amount } },
    (key) => move(options, "in", key),
  );
}

/** Takes money out of a pocket back to its account (POCKET_LOCKED before a locked pocket's date); idempotent with a key. */
export function moveOutOfPocket(options: PocketMoveOptions): Promise<TransferRow> {
  const { pocketId, amount } = options;
  return runIdempotent(
    { userId: options.userId, key: options.idempotencyKey, scope: "pocket-out", request: { pocketId, amount } },
    (key) => move(options, "out", key),
  );
}

/**
 * Closes a pocket: everything in it goes back to the account in one movement, and it takes no
 * more round-ups, in one transaction. Closing a closed pocket answers it again (the money moved
 * once), so a retry is safe without an Idempotency-Key. Refused while locked.
 */
export async function closePocket(userId: number, pocketId: number): Promise<PocketDto> {
  return inPocketTransaction(async (tx) => {
    await lockPocket(tx, pocketId);
    const row = await readPocket(tx, userId, pocketId);
    if (!row) throw new AppError("NOT_FOUND");
    if (row.closedAt) return toPocketDto(row);
    if (isLockedNow(row)) throw new AppError("POCKET_LOCKED");
    const balance = BigInt(row.balance);
    if (balance > 0n) await moveBetween(tx, row, "out", balance, undefined);
    await markClosed(tx, pocketId, clockNow());
    return toPocketDto((await readPocket(tx, userId, pocketId))!);
  });
}
