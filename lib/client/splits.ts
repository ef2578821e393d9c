import useSWR from "swr";
import { ApiError, call, fetcherOf, keyOf } from "@/lib/client/api";
import { operations } from "@/lib/shared/api/operations";
import type { CreateSplitBody } from "@/lib/shared/schemas/splits";

export { splitLinkFor, splitScreenPath } from "@/lib/client/split-link";

/** Splitting a bill on the client: the API calls and their SWR hooks. */

/** The SWR key of the caller's splits (refreshed after one is made or changed). */
export const MY_SPLITS = keyOf(operations.mySplits);

export function useMySplits() {
  return useSWR(MY_SPLITS, fetcherOf(operations.mySplits));
}

/** The SWR key of one split. */
export function splitKey(token: string): string | null {
  return keyOf(operations.split, { token });
}

/** One split; a 404 is not retried (the split is not there for this person). */
export function useSplit(token: string | null) {
  return useSWR(token ? splitKey(token) : null, fetcherOf(operations.split), {
    shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status === 404),
  });
}

export function createSplit(body: CreateSplitBody, idempotencyKey: string) {
  return call(operations.createSplit, { body, idempotencyKey });
}

const ACTIONS = { join: operations.joinSplit, remind: operations.remindSplit, cancel: operations.cancelSplit } as const;

export function splitAction(token: string, action: keyof typeof ACTIONS) {
  return call(ACTIONS[action], { params: { token } });
}

export function settleShare(token: string, position: number) {
  return call(operations.settleShare, { params: { token, position: String(position) } });
}
