import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { createOrder, listOrders } from "@/lib/server/orders/manage";
import { createOrderBody } from "@/lib/shared/schemas/orders";
import { clockNow } from "@/lib/server/platform/clock";

export const POST = route(
  contractOf(featureOperations.createOrder, {
    summary: "Order an exchange at a target rate: between one of the caller's ruble wallets and one of their USD, EUR or CNY wallets, made once when the official rate meets the target",
    description:
      "Creates a waiting order; it moves no money now. From a foreign-currency wallet to a ruble wallet it sells `amount` (minor units of that currency) once the Central Bank rate in force is at or above `target` (₽ per unit, up to 4 decimals); from rubles it buys `amount` of the currency once the rate is at or below `target`. A rate applies from its own Moscow date: one imported for tomorrow does not run an order today. The order runs once across every instance and restart, as an exchange (its history row has channel `order`) under its own idempotency identity; refused (insufficient funds, a limit), it fails with the refusal's code and the owner is told. It waits through `expiresOn` (a Moscow date, today to a year ahead), then expires. At most 20 waiting orders per user (422 ORDER_LIMIT). Honours Idempotency-Key: a repeat returns the order it created, another body with the same key is 409. Both wallets must be the caller's (403 otherwise).",
    tag: "transfers",
    body: createOrderBody,
    ok: { status: 201 },
    errors: ["FORBIDDEN", "SAME_WALLET", "INVALID_AMOUNT", "ORDER_LIMIT"],
  }),
  ({ user, body, idempotencyKey }) => createOrder({ ...body, userId: user.id, idempotencyKey, now: clockNow() }),
);

export const GET = route(
  contractOf(featureOperations.myOrders, {
    summary: "The caller's orders at a target rate, newest first, with their state",
    description:
      "Lists the caller's orders (at most 100, newest first): waiting, done (with the rate that met the target and the exchange made), failed (with the refusal's code), cancelled or expired.",
    tag: "transfers",
    ok: { status: 200 },
  }),
  ({ user }) => listOrders(user.id, clockNow()),
);
