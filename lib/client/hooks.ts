import { useEffect, useState } from "react";
import useSWR, { useSWRConfig, type SWRConfiguration } from "swr";
import { api } from "@/lib/client/api";
import type { Check } from "@/lib/client/check";
import {
  counterpartyDto,
  insightsDto,
  publicUserDto,
  publicWalletListDto,
  rateDto,
  rateHistoryDto,
  receiptDto,
  recentRecipientListDto,
  transferListDto,
  userDto,
  walletListDto,
} from "@/lib/client/dto";
import { takePreloadedData } from "@/lib/client/preload";
import { getAccessToken } from "@/lib/client/session";
import { normalizeAccountNumber } from "@/lib/shared/account-number";
import type { Currency } from "@/lib/shared/money";

/** SWR hooks, one per resource, typed by the response schemas (lib/client/dto.ts). */

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
  const path = "/api/v1/users/me";
  return useSWR(path, (key: string) => api(key, userDto), useEarlyAnswer(path, userDto));
}

export function useWallets() {
  const path = "/api/v1/wallet";
  return useSWR(path, (key: string) => api(key, walletListDto), useEarlyAnswer(path, walletListDto));
}

export function useRate(currency: Currency) {
  const path = currency === "RUB" ? null : `/api/v1/rates/${currency}`;
  return useSWR(path, (key: string) => api(key, rateDto), useEarlyAnswer(path, rateDto));
}

/** The last people the user sent money to (the transfer screen offers them). */
export function useRecentRecipients() {
  return useSWR("/api/v1/transfers/recipients", (path: string) => api(path, recentRecipientListDto));
}

/** One transfer's receipt (sender or receiver only). */
export function useReceipt(transferId: number | null) {
  return useSWR(transferId ? `/api/v1/transfers/${transferId}` : null, (path: string) => api(path, receiptDto));
}

export function useUserWallets(userId: number | null) {
  return useSWR(userId ? `/api/v1/wallets/user/${userId}` : null, (path: string) =>
    api(path, publicWalletListDto),
  );
}

export type LookupMethod = "card" | "username" | "email";

/** Recipient lookup path per transfer method (spec §7). */
export function lookupPath(method: LookupMethod, target: string): string {
  if (method === "card") return `/api/v1/users/by-wallet/${encodeURIComponent(normalizeAccountNumber(target))}`;
  const value = encodeURIComponent(target.trim());
  if (method === "email") return `/api/v1/users/email/${value}`;
  return `/api/v1/users/username/${value}`;
}

export function useRecipient(method: LookupMethod, target: string | null) {
  return useSWR(
    target && target.trim().length >= 3 ? lookupPath(method, target) : null,
    (path: string) => api(path, publicUserDto),
    { shouldRetryOnError: false },
  );
}

/** Transfers of several own wallets in one request batch (the history tab merges them). */
export function useTransfersOf(walletIds: readonly number[] | null) {
  return useSWR(walletIds ? ["transfers-of", ...walletIds] : null, ([, ...ids]: [string, ...number[]]) =>
    Promise.all(ids.map((id) => api(`/api/v1/transfers/wallet/${id}`, transferListDto))),
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
      ids.map(async (id) => {
        try {
          return [id, await api(`/api/v1/transfers/username/${id}`, counterpartyDto)] as const;
        } catch {
          return [id, null] as const;
        }
      }),
    );
    return new Map(entries);
  });
}

/** The device's time zone as the API counts it: minutes east of UTC. */
export function deviceTimeZone(): number {
  return -new Date().getTimezoneOffset();
}

/** The analytics view of one own account, or of all of them in rubles (`total`). */
export function useInsights(wallet: number | "total" | null) {
  const path = wallet === null ? null : `/api/v1/insights?wallet=${wallet}&tz=${deviceTimeZone()}`;
  return useSWR(path, (key: string) => api(key, insightsDto));
}

/** A currency's daily ruble prices from `from` to `to` (YYYY-MM-DD, both included). */
export function useRateHistory(currency: Currency | null, from: string, to: string) {
  const path = currency && currency !== "RUB" ? `/api/v1/rates/${currency}/history?from=${from}&to=${to}` : null;
  return useSWR(path, (key: string) => api(key, rateHistoryDto));
}
