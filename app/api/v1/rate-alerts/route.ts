import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { createAlert, listAlerts } from "@/lib/server/orders/manage";
import { createAlertBody } from "@/lib/shared/schemas/orders";
import { clockNow } from "@/lib/server/platform/clock";

export const POST = route(
  contractOf(featureOperations.createAlert, {
    summary: "Ask to be told once when the official rate of a currency is at or above / at or below a target",
    description:
      "Creates a waiting alert for USD, EUR or CNY: once the Central Bank rate in force (from its own Moscow date) is at or `above` / at or `below` `target` (₽ per unit, up to 4 decimals), the owner is told once through the bot or e-mail and the alert is done. It waits through `expiresOn` (a Moscow date, today to a year ahead), then expires. At most 20 waiting alerts per user (422 ALERT_LIMIT). Honours Idempotency-Key: a repeat returns the alert it created.",
    tag: "rates",
    body: createAlertBody,
    ok: { status: 201 },
    errors: ["ALERT_LIMIT"],
  }),
  ({ user, body, idempotencyKey }) => createAlert({ ...body, userId: user.id, idempotencyKey, now: clockNow() }),
);

export const GET = route(
  contractOf(featureOperations.myAlerts, {
    summary: "The caller's rate alerts, newest first, with their state",
    description: "Lists the caller's alerts (at most 100, newest first): waiting, done (told, with the rate that met the target), cancelled or expired.",
    tag: "rates",
    ok: { status: 200 },
  }),
  ({ user }) => listAlerts(user.id, clockNow()),
);
