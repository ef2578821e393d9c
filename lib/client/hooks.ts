import { useEffect, useState } from "react";
import useSWR, { useSWRConfig, type SWRConfiguration } from "swr";
import { call, fetcherOf, keyOf } from "@/lib/client/api";
import { takePreloadedData } from "@/lib/client/preload";
import type { TransferMethod } from "@/lib/client/qr";
import { getAccessToken } from "@/lib/client/session";
import { normalizeAccountNumber } from "@/lib/shared/account-number";
import type { Check } from "@/lib/shared/api/check";
import { operations, pathOf } from "@/lib/shared/api/operations";
import { hasFilters, searchWithFilters, type HistoryFilters } from "@/lib/shared/history-filters";
import type { Currency } from "@/lib/shared/money";

/**
 * SWR hooks, one per resource: keys, fetchers and answer checks from the operations table
 * (lib/shared/api/operations.ts).
 */

/**
 * SWR options that start a hook with the early answer of /bank's inline script when it has
 * already arrived (lib/client/preload.ts): the first render shows the data, with no request and
 * no second render. The answer also goes into SWR's cache, as a fetch would have put it.
 */
function useEarlyAnswer<T>(path: string | null, check: Check<T>): SWRConfiguration<T> | undefined {
  const [early] = useState<T | undefined>(() => {
    const token = getAccessToken();
    const raw = path && token ? takePreloadedData(path, token) : undefined;
    try {
      return raw === undefined ? undefined : check.parse(raw);
    } catch {
      return undefined; // a malformed answer: the hook asks again and reports it the usual way
    }
  });
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (path && early !== undefined) void mutate(path, early, { revalidate: false });
  }, [mutate, path, early]);
  return early === undefined ? undefined : { fallbackData: early, revalidateOnMount: false };
}

export function useMe() {
  const key = keyOf(operations.me);
  return useSWR(key, fetcherOf(operations.me), useEarlyAnswer(key, operations.me.response));
}

export function useWallets() {
  const key = keyOf(operations.wallets);
  return useSWR(key, fetcherOf(operations.wallets), useEarlyAnswer(key, operations.wallets.response));
}

export function useRate(currency: Currency) {
  const key = keyOf(operations.rate, currency === "RUB" ? null : { currency });
  return useSWR(key, fetcherOf(operations.rate), useEarlyAnswer(key, operations.rate.response));
}

/** The last people the user sent money to (the transfer screen offers them). */
export function useRecentRecipients() {
  return useSWR(keyOf(operations.recentRecipients), fetcherOf(operations.recentRecipients));
}

/** One transfer's receipt (sender or receiver only). */
export function useReceipt(transferId: number | null) {
  return useSWR(keyOf(operations.receipt, transferId ? { id: transferId } : null), fetcherOf(operations.receipt));
}

export function useUserWallets(userId: number | null) {
  return useSWR(keyOf(operations.userWallets, userId ? { userId } : null), fetcherOf(operations.userWallets));
}

/** How the recipient is given: the transfer form's methods (one search field guesses it: recipientMethodOf). */
export type LookupMethod = TransferMethod;

/** Recipient lookup path (its SWR key) per transfer method (spec §7). */
export function lookupPath(method: LookupMethod, target: string): string {
  if (method === "card") return pathOf(operations.userByWallet, { number: normalizeAccountNumber(target) });
  if (method === "email") return pathOf(operations.userByEmail, { email: target.trim() });
  return pathOf(operations.userByUsername, { username: target.trim() });
}

export function useRecipient(method: LookupMethod, target: string | null) {
  return useSWR(
    target && target.trim().length >= 3 ? lookupPath(method, target) : null,
    // The three lookups answer the same public profile.
    fetcherOf(operations.userByUsername),
    { shouldRetryOnError: false },
  );
}

/** Transfers of several own wallets in one request batch (the history tab merges them). */
export function useTransfersOf(walletIds: readonly number[] | null, filters: HistoryFilters = {}) {
  // The filters are part of the key (as the address's query says them: "" for none).
  const search = searchWithFilters("", filters);
  return useSWR(walletIds ? ["transfers-of", search, ...walletIds] : null, ([, , ...ids]: [string, string, ...number[]]) =>
    Promise.all(ids.map((walletId) => call(operations.history, { params: { walletId }, query: hasFilters(filters) ? filters : undefined }))),
  );
}

/**
 * Counterparties of many history rows: each wallet id is asked once (deduplicated and sorted),
 * and an unknown wallet maps to null instead of failing the whole list.
 */
export function useCounterparties(walletIds: readonly number[]) {
  const unique = [...new Set(walletIds)].sort((a, b) => a - b);
  return useSWR(unique.length ? ["counterparties", ...unique] : null, async ([, ...ids]: [string, ...number[]]) => {
    const entries = await Promise.all(
      ids.map(async (walletId) => {
        try {
          return [walletId, await call(operations.counterparty, { params: { walletId } })] as const;
        } catch {
          return [walletId, null] as const;
        }
      }),
    );
    return new Map(entries);
  });
}
