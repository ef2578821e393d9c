import useSWR from "swr";
import { call, fetcherOf, keyOf } from "@/lib/client/api";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import type { OpenPocketBody } from "@/lib/shared/schemas/pockets";

/** Pockets on the client: the API calls and their SWR hook. */

/** The SWR key of the caller's pockets (refreshed after one is opened, moved or closed). */
export const MY_POCKETS = keyOf(featureOperations.myPockets);

export function useMyPockets() {
  return useSWR(MY_POCKETS, fetcherOf(featureOperations.myPockets));
}

export function openPocket(body: OpenPocketBody) {
  return call(featureOperations.openPocket, { body });
}

export type PocketDirection = "in" | "out";

/** Money into the pocket from its account, or out of it back; one Idempotency-Key per attempt the caller keeps for a retry. */
export function movePocket(id: number, direction: PocketDirection, amount: number, idempotencyKey: string) {
  const operation = direction === "in" ? featureOperations.moveIntoPocket : featureOperations.moveOutOfPocket;
  return call(operation, { params: { id }, body: { amount }, idempotencyKey });
}

/** Closing is safe to repeat: a closed pocket answers as closed, its money moved once. */
export function closePocket(id: number) {
  return call(featureOperations.closePocket, { params: { id } });
}
