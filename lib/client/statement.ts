import useSWR from "swr";
import { call, fetcherOf, keyOf } from "@/lib/client/api";
import { apiUrl } from "@/lib/client/api-base";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import type { StatementFormat } from "@/lib/shared/schemas/statements";

export type PeriodChoice = "thisMonth" | "lastMonth" | "custom";
export type Period = { from: string; to: string };

const iso = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** This month so far, or the whole of last month, in local calendar days. */
export function presetPeriod(choice: Exclude<PeriodChoice, "custom">, now: Date = new Date()): Period {
  if (choice === "thisMonth") return { from: iso(new Date(now.getFullYear(), now.getMonth(), 1)), to: iso(now) };
  return { from: iso(new Date(now.getFullYear(), now.getMonth() - 1, 1)), to: iso(new Date(now.getFullYear(), now.getMonth(), 0)) };
}

/** The device's time zone as the API takes it: minutes east of UTC. */
export function timeZoneOffset(now: Date = new Date()): number {
  return -now.getTimezoneOffset();
}

/** The summary's address for a period (the SWR key). */
export function statementPath(walletId: number, period: Period): string | null {
  return keyOf(featureOperations.statement, { walletId }, { from: period.from, to: period.to, tz: timeZoneOffset() });
}

/** A period's summary of one account. */
export function useStatement(walletId: number, period: Period) {
  return useSWR(statementPath(walletId, period), fetcherOf(featureOperations.statement));
}

/**
 * Downloads a statement file. Inside Telegram (Bot API 8.0+) through `downloadFile`, which shows
 * the client's own download prompt and fetches the link itself; elsewhere as a browser download.
 * The link carries its own short-lived authority, so neither needs the bearer token.
 */
export async function downloadStatement(
  options: { walletId: number; period: Period; format: StatementFormat },
  env: TelegramEnv | null,
): Promise<void> {
  const link = await call(featureOperations.statementLink, {
    body: { walletId: options.walletId, ...options.period, tz: timeZoneOffset(), format: options.format },
  });
  const url = new URL(apiUrl(link.url), window.location.href).href;
  if (env?.native && env.sdk.downloadFile.isAvailable()) {
    await env.sdk.downloadFile(url, link.fileName);
    return;
  }
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = link.fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
