import "server-only";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { requestHash } from "@/lib/server/ledger/idempotency";
import { AppError } from "@/lib/server/platform/errors";
import { cancelWatch, insertWatch, listWatches, ownWallets, ownWatch, watchByKey, type NewWatch, type WatchKind, type WatchRow } from "@/lib/server/orders/store";
import type { AlertDto, OrderDto } from "@/lib/shared/api/feature-dtos";
import { RATE_WATCH_CURRENCIES } from "@/lib/shared/api/feature-dtos";
import { rateToUnits, unitsToRate } from "@/lib/shared/money";
import { moscowDate, moscowTime } from "@/lib/shared/schedule-dates";
import {
  ALERT_LIMIT_PER_USER,
  MAX_WATCH_DAYS,
  ORDER_LIMIT_PER_USER,
  type CreateAlertBody,
  type CreateOrderBody,
} from "@/lib/shared/schemas/orders";

/** The lists show the latest 100 of each kind. */
const LIST_LIMIT = 100;
const DAY_MS = 86_400_000;

type Watched = (typeof RATE_WATCH_CURRENCIES)[number];
const isWatched = (code: string): code is Watched => (RATE_WATCH_CURRENCIES as readonly string[]).includes(code);

/** The last day a watch waits, from the instant it stops waiting (00:00 Moscow time the day after). */
const lastDay = (expiresAt: Date) => moscowDate(new Date(expiresAt.getTime() - 1));

/** A waiting watch past its expiry that no pass has marked yet is shown as expired. */
function statusOf(row: WatchRow, now: Date): string {
  return row.status === "waiting" && row.expiresAt <= now ? "expired" : row.status;
}

function common(row: WatchRow, now: Date) {
  return {
    id: row.id,
    currency: isWatched(row.currency) ? row.currency : "USD",
    direction: row.direction === "below" ? ("below" as const) : ("above" as const),
    target: unitsToRate(row.target),
    expiresOn: lastDay(row.expiresAt),
    metRate: row.metRate === null ? null : unitsToRate(row.metRate),
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt === null ? (statusOf(row, now) === "expired" ? row.expiresAt.toISOString() : null) : row.doneAt.toISOString(),
  };
}

function toOrderDto(row: WatchRow, now: Date): OrderDto {
  return {
    ...common(row, now),
    fromWalletId: row.fromWalletId ?? 0,
    toWalletId: row.toWalletId ?? 0,
    amount: Number(row.amount ?? 0n),
    status: statusOf(row, now) as OrderDto["status"],
    reason: row.reason,
    transferId: row.transferId,
  };
}

function toAlertDto(row: WatchRow, now: Date): AlertDto {
  return { ...common(row, now), status: statusOf(row, now) as AlertDto["status"] };
}

/** The instant a watch stops waiting: the end of `expiresOn` in Moscow; today at the earliest, a year ahead at most. */
function expiryOf(expiresOn: string, now: Date): Date {
  const today = moscowDate(now);
  if (expiresOn < today) throw new AppError("VALIDATION_ERROR", "orders.errors.expiryPast");
  if (moscowTime(expiresOn, 0).getTime() - moscowTime(today, 0).getTime() > MAX_WATCH_DAYS * DAY_MS) {
    throw new AppError("VALIDATION_ERROR", "orders.errors.expiryFar");
  }
  return moscowTime(expiresOn, 24);
}

type Creation = { userId: number; idempotencyKey: string | null; now: Date };

/**
 * Stores a watch once per Idempotency-Key, as schedules do: a repeated key with the same body
 * returns the one it created, with another body is a 409. Capped per owner and kind.
 */
async function create(kind: WatchKind, body: object, watch: () => Promise<NewWatch>, options: Creation): Promise<WatchRow> {
  const { userId, idempotencyKey: key } = options;
  const hash = requestHash(kind, body);
  if (key !== null) {
    const stored = await watchByKey(userId, key);
    if (stored) {
      if (stored.requestHash !== hash || stored.kind !== kind) throw new AppError("IDEMPOTENCY_MISMATCH");
      return (await ownWatch(userId, kind, stored.id))!;
    }
  }
  const row = { ...(await watch()), idempotencyKey: key, requestHash: key === null ? null : hash };
  try {
    const id = await insertWatch(row, kind === "order" ? ORDER_LIMIT_PER_USER : ALERT_LIMIT_PER_USER);
    if (id === null) throw new AppError(kind === "order" ? "ORDER_LIMIT" : "ALERT_LIMIT");
    return (await ownWatch(userId, kind, id))!;
  } catch (error) {
    // The same key sent twice at once: the other request stored it first.
    if (key !== null && isUniqueViolation(error)) return create(kind, body, watch, options);
    throw error;
  }
}

/**
 * Creates an order: an exchange between one of the caller's ruble wallets and one of their USD,
 * EUR or CNY wallets, made once when the rate in force meets `target` — selling the foreign
 * currency waits for the rate at or above it, buying it for the rate at or below it. Moves no money.
 */
export async function createOrder(options: CreateOrderBody & Creation): Promise<OrderDto> {
  const { userId, now, fromWalletId, toWalletId, amount, target, expiresOn } = options;
  const body = { fromWalletId, toWalletId, amount, target, expiresOn };
  const row = await create(
    "order",
    body,
    async () => {
      const expiresAt = expiryOf(expiresOn, now);
      const wallets = await ownWallets(userId, [fromWalletId, toWalletId]);
      const from = wallets.find((w) => w.id === fromWalletId);
      const to = wallets.find((w) => w.id === toWalletId);
      // Someone else's wallet, or none, on either side: the same answer, so ids cannot be probed.
      if (!from || !to) throw new AppError("FORBIDDEN");
      if (fromWalletId === toWalletId) throw new AppError("SAME_WALLET");
      const selling = from.currency !== "RUB";
      const foreign = selling ? from.currency : to.currency;
      if ((selling ? to.currency : from.currency) !== "RUB" || !isWatched(foreign)) {
        throw new AppError("VALIDATION_ERROR", "orders.errors.pairInvalid");
      }
      return {
        userId,
        kind: "order",
        currency: foreign,
        direction: selling ? "above" : "below",
        target: rateToUnits(target),
        fromWalletId,
        toWalletId,
        amount: BigInt(amount),
        expiresAt,
        idempotencyKey: null,
        requestHash: null,
        now,
      };
    },
    options,
  );
  return toOrderDto(row, now);
}

/** Creates an alert: told once when the rate in force of `currency` is at or past `target` in `direction`. */
export async function createAlert(options: CreateAlertBody & Creation): Promise<AlertDto> {
  const { userId, now, currency, direction, target, expiresOn } = options;
  const row = await create(
    "alert",
    { currency, direction, target, expiresOn },
    async () => ({
      userId,
      kind: "alert",
      currency,
      direction,
      target: rateToUnits(target),
      fromWalletId: null,
      toWalletId: null,
      amount: null,
      expiresAt: expiryOf(expiresOn, now),
      idempotencyKey: null,
      requestHash: null,
      now,
    }),
    options,
  );
  return toAlertDto(row, now);
}

export async function listOrders(userId: number, now: Date): Promise<OrderDto[]> {
  return (await listWatches(userId, "order", LIST_LIMIT)).map((row) => toOrderDto(row, now));
}

export async function listAlerts(userId: number, now: Date): Promise<AlertDto[]> {
  return (await listWatches(userId, "alert", LIST_LIMIT)).map((row) => toAlertDto(row, now));
}

/**
 * Cancels a waiting one (someone else's is a 404). Cancelling one that ended changes nothing; one
 * a runner is making at this moment ends as it runs (the answer shows it still waiting).
 */
async function cancel(kind: WatchKind, userId: number, id: number, now: Date): Promise<WatchRow> {
  const row = await ownWatch(userId, kind, id);
  if (!row) throw new AppError("NOT_FOUND");
  if (row.status === "waiting" && row.expiresAt > now) await cancelWatch(userId, kind, id, now);
  return (await ownWatch(userId, kind, id))!;
}

export async function cancelOrder(userId: number, id: number, now: Date): Promise<OrderDto> {
  return toOrderDto(await cancel("order", userId, id, now), now);
}

export async function cancelAlert(userId: number, id: number, now: Date): Promise<AlertDto> {
  return toAlertDto(await cancel("alert", userId, id, now), now);
}
