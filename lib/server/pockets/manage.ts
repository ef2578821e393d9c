import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { isSqliteLockConflict, isUniqueViolation } from "@/lib/server/db/errors";
import { clockNow } from "@/lib/server/platform/clock";
import { toPocketDto } from "@/lib/server/pockets/dto";
import {
  inPocketTransaction,
  insertPocket,
  lockPocket,
  otherRoundUpTaker,
  pocketsOf,
  readOpening,
  readPocket,
  updatePocket,
  type PocketRow,
  type PocketSettings,
} from "@/lib/server/pockets/store";
import { uniqueWalletNumber } from "@/lib/server/wallets/numbers";
import { moscowDate } from "@/lib/shared/schedule-dates";
import type { OpenPocketBody, PocketDto, PocketSettingsBody } from "@/lib/shared/schemas/pockets";

/** At most this many open pockets per customer: each is an account in the books. */
export const POCKET_LIMIT_PER_USER = 20;

/** Whether a locked pocket's money must stay in it today (Moscow): before its target date. */
export function isLockedNow(row: Pick<PocketRow, "locked" | "targetDate">, at = clockNow()): boolean {
  return Boolean(Number(row.locked)) && row.targetDate !== null && moscowDate(at) < row.targetDate;
}

/** The settings as stored; a new target date may not be in the past (an unchanged one may). */
function settingsOf(body: PocketSettingsBody, unchangedDate: string | null = null): PocketSettings {
  const targetDate = body.targetDate ?? null;
  if (targetDate !== null && targetDate !== unchangedDate && targetDate < moscowDate(clockNow())) {
    throw new AppError("VALIDATION_ERROR", "pockets.errors.dateInvalid");
  }
  return {
    name: body.name,
    target: body.target == null ? null : BigInt(body.target),
    targetDate,
    locked: body.locked ?? false,
    roundUp: body.roundUp ?? 0,
  };
}

/** The caller's open pockets, oldest first. */
export async function listPockets(userId: number): Promise<PocketDto[]> {
  return (await pocketsOf(userId)).map(toPocketDto);
}

/**
 * Opens a pocket in one of the caller's currencies, on a wallet of its own beside the account.
 * Refused: no account in that currency yet (404), POCKET_LIMIT open pockets already (422), a
 * round-up asked for while another pocket in the currency takes them (409). A concurrent opening
 * (the same pocket number) or a number collision is run again, as wallets are.
 */
export async function openPocket(userId: number, body: OpenPocketBody): Promise<PocketDto> {
  const settings = settingsOf(body);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inPocketTransaction(async (tx) => {
        const opening = await readOpening(tx, userId, body.currency);
        if (opening.accountId === null) throw new AppError("WALLET_NOT_FOUND");
        if (opening.open >= POCKET_LIMIT_PER_USER) throw new AppError("POCKET_LIMIT");
        if (settings.roundUp > 0 && opening.roundUpTaker !== null) throw new AppError("POCKET_ROUND_UP_TAKEN");
        const number = await uniqueWalletNumber(tx);
        const id = await insertPocket(tx, { userId, currency: body.currency, pocketNo: opening.next, number, ...settings });
        return toPocketDto((await readPocket(tx, userId, id))!);
      });
    } catch (error) {
      if (!(isUniqueViolation(error) || isSqliteLockConflict(error)) || attempt >= 3) throw error;
    }
  }
}

/**
 * Sets all of a pocket's settings. A locked pocket stays locked until its date, and that date
 * only moves later (POCKET_LOCKED); a closed one changes no more (POCKET_CLOSED); someone
 * else's is a 404.
 */
export async function setPocket(userId: number, pocketId: number, body: PocketSettingsBody): Promise<PocketDto> {
  return inPocketTransaction(async (tx) => {
    await lockPocket(tx, pocketId);
    const row = await readPocket(tx, userId, pocketId);
    if (!row) throw new AppError("NOT_FOUND");
    if (row.closedAt) throw new AppError("POCKET_CLOSED");
    const settings = settingsOf(body, row.targetDate);
    if (isLockedNow(row)) {
      const later = settings.targetDate !== null && settings.targetDate >= row.targetDate!;
      if (!settings.locked || !later) throw new AppError("POCKET_LOCKED", "pockets.errors.dateEarlier");
    }
    if (settings.roundUp > 0 && (await otherRoundUpTaker(tx, userId, row.currency, pocketId))) {
      throw new AppError("POCKET_ROUND_UP_TAKEN");
    }
    await updatePocket(tx, pocketId, settings);
    return toPocketDto((await readPocket(tx, userId, pocketId))!);
  });
}
