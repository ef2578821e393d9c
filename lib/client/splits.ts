import useSWR from "swr";
import { ApiError, call, fetcherOf, keyOf } from "@/lib/client/api";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import type { CreateSplitBody } from "@/lib/shared/schemas/splits";

export { splitLinkFor, splitScreenPath } from "@/lib/client/split-link";

/** Splitting a bill on the client: the API calls and their SWR hooks. */

/** The SWR key of the caller's splits (refreshed after one is made or changed). */
export const MY_SPLITS = keyOf(featureOperations.mySplits);

export function useMySplits() {
  return useSWR(MY_SPLITS, fetcherOf(featureOperations.mySplits));
}

/** The SWR key of one split. */
export function splitKey(token: string): string | null {
  return keyOf(featureOperations.split, { token });
}

/** One split; a 404 is not retried (the split is not there for this person). */
export function useSplit(token: string | null) {
  return useSWR(token ? splitKey(token) : null, fetcherOf(featureOperations.split), {
    shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status === 404),
  });
}

export function createSplit(body: CreateSplitBody, idempotencyKey: string) {
  return call(featureOperations.createSplit, { body, idempotencyKey });
}

const ACTIONS = { join: featureOperations.joinSplit, remind: featureOperations.remindSplit, cancel: featureOperations.cancelSplit, decline: featureOperations.declineShare } as const;

export function splitAction(token: string, action: keyof typeof ACTIONS) {
  return call(ACTIONS[action], { params: { token } });
}

export function settleShare(token: string, position: number) {
  return call(featureOperations.settleShare, { params: { token, position: String(position) } });
}
