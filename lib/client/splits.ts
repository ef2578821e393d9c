import useSWR from "swr";
import { api, ApiError } from "@/lib/client/api";
import { array, boolean, int, nullable, object, oneOf, string, type Infer } from "@/lib/client/check";
import { CURRENCIES } from "@/lib/shared/money";
import type { CreateSplitBody, SplitDto } from "@/lib/shared/schemas/splits";
import { SHARE_STATUSES, SPLIT_MODES } from "@/lib/shared/split-shares";

export { splitLinkFor, splitScreenPath } from "@/lib/client/split-link";

/** Splitting a bill on the client: the answers' checks, the API calls, their SWR hooks and the link. */

const person = object({ name: string, avatarUrl: string });

export const splitDto = object({
  token: string,
  title: string,
  total: int,
  currency: oneOf(CURRENCIES),
  mode: oneOf(SPLIT_MODES),
  status: oneOf(["open", "cancelled"] as const),
  organiser: person,
  own: boolean,
  createdAt: string,
  lastRemindedAt: nullable(string),
  progress: object({ count: int, paid: int, settled: int, pending: int, declined: int, collected: int }),
  shares: array(
    object({
      position: int,
      participant: nullable(person),
      mine: boolean,
      amount: int,
      status: oneOf(SHARE_STATUSES),
      requestToken: nullable(string),
      remindedAt: nullable(string),
    }),
  ),
  joinable: boolean,
});
export const splitListDto = array(splitDto);

/** Compile-time proof that the check above matches the shared DTO. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export type SplitDtoMatchesShared = [Same<Infer<typeof splitDto>, SplitDto>] extends [true] ? true : never;
const matches: SplitDtoMatchesShared = true;
void matches;

export const MY_SPLITS = "/api/v1/splits";

export function splitPath(token: string): string {
  return `/api/v1/splits/${token}`;
}

export function useMySplits() {
  return useSWR(MY_SPLITS, (path: string) => api(path, splitListDto));
}

/** One split; a 404 is not retried (the split is not there for this person). */
export function useSplit(token: string | null) {
  return useSWR(token ? splitPath(token) : null, (path: string) => api(path, splitDto), {
    shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status === 404),
  });
}

export function createSplit(body: CreateSplitBody, idempotencyKey: string) {
  return api(MY_SPLITS, splitDto, { method: "POST", body, headers: { "idempotency-key": idempotencyKey } });
}

export function splitAction(token: string, action: "join" | "remind" | "cancel") {
  return api(`${splitPath(token)}/${action}`, splitDto, { method: "POST" });
}

export function settleShare(token: string, position: number) {
  return api(`${splitPath(token)}/shares/${position}/settle`, splitDto, { method: "POST" });
}
