import "server-only";
import { createExchange } from "@/lib/server/ledger/create-exchange";
import { AppError } from "@/lib/server/platform/errors";
import { logger } from "@/lib/server/platform/log";
import { clockNow } from "@/lib/server/platform/clock";
import { periodicPasses } from "@/lib/server/platform/passes";
import { watchNotice } from "@/lib/server/orders/notices";
import { claimMetWatches, expireWatches, ratesInForce, recordWatch, type ClaimedWatch } from "@/lib/server/orders/store";
import { RATE_WATCH_CURRENCIES } from "@/lib/shared/api/feature-dtos";
import { RATE_SCALE } from "@/lib/shared/money";

/** A claimed order or alert is this runner's for 60 s; then another may take it over. */
export const WATCH_LEASE_MS = 60_000;
/** Watches one claim takes at most. */
const CLAIM_BATCH = 20;

/**
 * The idempotency identity of an order: its exchange is recorded under this key of its owner, so
 * whoever runs it again — another instance, this one after a restart, a retry after a lease ran
 * out — gets the same exchange (or the same refusal) back instead of moving money twice.
 */
export function orderKey(id: number): string {
  return `order:${id}`;
}

export type WatchPassResult = { expired: number; told: number; done: number; failed: number };

/** Whether a ruble price `rate` meets a watch's target in its direction. */
export function meets(direction: string, target: bigint, rate: bigint): boolean {
  return direction === "above" ? rate >= target : rate <= target;
}

/**
 * Runs one claimed order: the exchange between its wallets (selling: `amount` leaves the foreign
 * wallet; buying: `amount` arrives in it), through the exchange use case under the key
 * order:<id>, accepted only at a rate that still meets the target (the rate the exchange reads is
 * checked again where it is read: a new Moscow day may begin between the claim and the exchange).
 */
async function runOrder(order: ClaimedWatch, rate: bigint, now: Date, result: WatchPassResult): Promise<void> {
  const selling = order.direction === "above";
  const amount = Number(order.amount ?? 0n);
  let ending: { transfer: Awaited<ReturnType<typeof createExchange>> } | { refusal: string };
  let metRate = rate;
  try {
    const transfer = await createExchange({
      userId: order.userId,
      fromWalletId: order.fromWalletId ?? 0,
      toWalletId: order.toWalletId ?? 0,
      ...(selling ? { amount } : { receivedAmount: amount }),
      idempotencyKey: orderKey(order.id),
      channel: "order",
      acceptRates: (fromRate, toRate) => {
        const used = selling ? fromRate : toRate;
        const ruble = selling ? toRate : fromRate;
        metRate = used;
        return ruble === RATE_SCALE && meets(order.direction, order.target, used);
      },
    });
    ending = { transfer };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) {
      // Not a refusal (the rate moved back past the target meanwhile, the database): it keeps its
      // lease, so this pass does not claim it again, and is looked at again once the lease runs out.
      logger.warn({ err: error, order: order.id }, "order could not run");
      return;
    }
    ending = { refusal: error.code };
  }
  const done = "transfer" in ending;
  const recorded = await recordWatch({
    id: order.id,
    status: done ? "done" : "failed",
    reason: "refusal" in ending ? ending.refusal : null,
    metRate,
    transferId: "transfer" in ending ? Number(ending.transfer.id) : null,
    notice: watchNotice(order, metRate, ending),
    now,
  });
  if (recorded) result[done ? "done" : "failed"] += 1;
}

/**
 * One pass as if the time were `now`: expires what waited too long, reads the rate in force of
 * each watched currency (the quote of its own Moscow day, never one dated ahead), then claims the
 * orders and alerts it meets and runs each once — an alert is told, an order exchanges. Every
 * server runs passes (see `startOrderRunner`); any number may run side by side.
 */
export async function runOrdersPass(now: Date = clockNow()): Promise<WatchPassResult> {
  const result: WatchPassResult = { expired: await expireWatches(now), told: 0, done: 0, failed: 0 };
  const rates = await ratesInForce(RATE_WATCH_CURRENCIES, now);
  for (;;) {
    const claimed = await claimMetWatches(rates, now, new Date(now.getTime() + WATCH_LEASE_MS), CLAIM_BATCH);
    if (claimed.length === 0) break;
    for (const watch of claimed) {
      const rate = rates.get(watch.currency as (typeof RATE_WATCH_CURRENCIES)[number])!;
      if (watch.kind === "order") {
        await runOrder(watch, rate, now, result);
        continue;
      }
      const notice = watchNotice(watch, rate, null);
      if (await recordWatch({ id: watch.id, status: "done", reason: null, metRate: rate, transferId: null, notice, now })) result.told += 1;
    }
  }
  return result;
}

const passes = periodicPasses("order-runner", (now) =>
  runOrdersPass(now).then(
    (result) => {
      if (result.expired + result.told + result.done + result.failed > 0) logger.info({ orders: result }, "orders pass");
    },
    (error: unknown) => logger.warn({ err: error }, "orders pass failed"),
  ),
);

/** Runs a pass now, then every `intervalMs` (the scheduler's interval) and whenever the clock is moved. */
export const startOrderRunner = passes.start;
/** Stops the passes; resolves when a pass under way has ended. */
export const stopOrderRunner = passes.stop;
