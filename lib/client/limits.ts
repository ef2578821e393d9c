import useSWR from "swr";
import { call, fetcherOf, keyOf } from "@/lib/client/api";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import type { SpendingLimitsDto } from "@/lib/shared/api/feature-dtos";

/** The customer's own limits on transfers to others and the freeze, on the client: the API calls and their SWR hook. */

export const MY_LIMITS = keyOf(featureOperations.spendingLimits);

export function useSpendingLimits() {
  return useSWR(MY_LIMITS, fetcherOf(featureOperations.spendingLimits));
}

export function saveSpendingLimit(currency: string, daily: number | null, monthly: number | null): Promise<SpendingLimitsDto> {
  return call(featureOperations.setSpendingLimit, { params: { currency }, body: { daily, monthly } });
}

export function saveTransferFreeze(frozen: boolean): Promise<SpendingLimitsDto> {
  return call(featureOperations.setTransferFreeze, { body: { frozen } });
}

/** Unfreezing asks for the app lock inside Telegram when it is on (lib/client/telegram/app-lock.ts); freezing never asks. */
export async function mayUnfreeze(env: TelegramEnv | null, reason: string): Promise<boolean> {
  if (!env?.native) return true;
  const { guardLifted } = await import("@/lib/client/telegram/app-lock");
  return guardLifted(env, reason);
}

