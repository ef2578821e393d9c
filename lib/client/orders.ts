import useSWR from "swr";
import { call, fetcherOf, keyOf } from "@/lib/client/api";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import type { CreateAlertBody, CreateOrderBody } from "@/lib/shared/schemas/orders";

/** Orders at a target rate and rate alerts on the client: the API calls and their SWR hooks. */

export const MY_ORDERS = keyOf(featureOperations.myOrders);
export const MY_ALERTS = keyOf(featureOperations.myAlerts);

export function useMyOrders() {
  return useSWR(MY_ORDERS, fetcherOf(featureOperations.myOrders));
}

export function useMyAlerts() {
  return useSWR(MY_ALERTS, fetcherOf(featureOperations.myAlerts));
}

/** Creating moves no money, but a retry of one form must not make a second: one key per form. */
export function createOrder(body: CreateOrderBody, idempotencyKey: string) {
  return call(featureOperations.createOrder, { body, idempotencyKey });
}

export function createAlert(body: CreateAlertBody, idempotencyKey: string) {
  return call(featureOperations.createAlert, { body, idempotencyKey });
}

export function cancelOrder(id: number) {
  return call(featureOperations.cancelOrder, { params: { id } });
}

export function cancelAlert(id: number) {
  return call(featureOperations.cancelAlert, { params: { id } });
}
