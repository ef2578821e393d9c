import { call } from "@/lib/client/api";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import type { BodyOf } from "@/lib/shared/api/operations";

/** POST /api/v1/exchanges with the form's idempotency key (the created transfer opens the receipt). */
export function createExchange(body: BodyOf<typeof featureOperations.createExchange>, idempotencyKey: string) {
  return call(featureOperations.createExchange, { body, idempotencyKey });
}
