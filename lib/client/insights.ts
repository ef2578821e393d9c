import useSWR from "swr";
import { fetcherOf, keyOf } from "@/lib/client/api";
import { timeZoneOffset } from "@/lib/client/statement";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import type { Currency } from "@/lib/shared/money";

/** The analytics view of one own account, or of all of them in rubles (`total`), in the device's time zone. */
export function useInsights(wallet: number | "total" | null) {
  const key = wallet === null ? null : keyOf(featureOperations.insights, undefined, { wallet: String(wallet), tz: timeZoneOffset() });
  return useSWR(key, fetcherOf(featureOperations.insights));
}

/** A currency's daily ruble prices from `from` to `to` (YYYY-MM-DD, both included). */
export function useRateHistory(currency: Currency | null, from: string, to: string) {
  const key = currency && currency !== "RUB" ? keyOf(featureOperations.rateHistory, { currency }, { from, to }) : null;
  return useSWR(key, fetcherOf(featureOperations.rateHistory));
}
