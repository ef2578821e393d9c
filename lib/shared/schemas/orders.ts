import { z } from "zod";
import { says } from "@/lib/shared/languages";
import { minorAmount } from "@/lib/shared/schemas/amount";
import { rowId, rowIdParam } from "@/lib/shared/schemas/ids";
import * as featureAnswers from "@/lib/shared/api/feature-dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";
import { isScheduleDate } from "@/lib/shared/schedule-dates";
import { RATE_WATCH_CURRENCIES, RATE_WATCH_DIRECTIONS } from "@/lib/shared/api/feature-dtos";

/** Waiting orders one customer may hold at once; past it, 422 ORDER_LIMIT. */
export const ORDER_LIMIT_PER_USER = 20;
/** Waiting alerts one customer may hold at once; past it, 422 ALERT_LIMIT. */
export const ALERT_LIMIT_PER_USER = 20;
/** The furthest expiry: a year from today. */
export const MAX_WATCH_DAYS = 366;
/** The highest target a customer may name (₽ per unit). */
export const MAX_TARGET_RATE = 1_000_000;

/** A ruble price of one unit with at most 4 decimals (the rates' own precision), above zero. */
const target = z
  .number(says("orders.errors.targetInvalid"))
  .positive(says("orders.errors.targetInvalid"))
  .max(MAX_TARGET_RATE, says("orders.errors.targetInvalid"))
  .refine((value) => Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6, says("orders.errors.targetInvalid"));

/** The last day (YYYY-MM-DD, Moscow) the order or alert waits; checked against today by the server. */
const expiresOn = z.string(says("orders.errors.expiryInvalid")).refine(isScheduleDate, says("orders.errors.expiryInvalid"));

/**
 * An order: exchange between one of the caller's ruble wallets and one of their USD, EUR or CNY
 * wallets when the official rate meets `target`. Selling (from the foreign wallet to rubles) waits
 * for the rate to rise to the target or above; buying (from rubles) for it to fall to it or below.
 * `amount` is in the foreign currency either way: what leaves when selling, what arrives when buying.
 */
export const createOrderBody = z.strictObject({
  fromWalletId: rowId,
  toWalletId: rowId,
  amount: minorAmount,
  target,
  expiresOn,
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

/** An alert: told once when the official rate of `currency` is at or `above` / `below` the target. */
export const createAlertBody = z.strictObject({
  currency: z.enum(RATE_WATCH_CURRENCIES, says("orders.errors.currencyInvalid")),
  direction: z.enum(RATE_WATCH_DIRECTIONS, says("orders.errors.directionInvalid")),
  target,
  expiresOn,
});
export type CreateAlertBody = z.infer<typeof createAlertBody>;

export const orderDto = zodOf(featureAnswers.orderDto);
export const orderListDto = zodOf(featureAnswers.orderListDto);
export const alertDto = zodOf(featureAnswers.alertDto);
export const alertListDto = zodOf(featureAnswers.alertListDto);
export type { AlertDto, OrderDto } from "@/lib/shared/api/feature-dtos";

export const watchIdParams = z.object({ id: rowIdParam });
