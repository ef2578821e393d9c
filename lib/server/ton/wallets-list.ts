import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/server/platform/env";
import { logger } from "@/lib/server/platform/log";
import { processState } from "@/lib/server/platform/process-state";
import bundled from "./fallback-wallets.json";
import { clockNowMs } from "@/lib/server/platform/clock";

/**
 * The TON Connect wallets list the widget reads (served at /ton-connect/wallets-v2.json).
 *
 * The widget would fetch the public list itself and, when that fails (offline, blocked), fall back
 * to the list bundled in @tonconnect/sdk — logging the failure with console.error in the user's
 * browser. Fetching it here instead keeps the list fresh online, and offline answers with that same
 * bundled list (fallback-wallets.json, a copy of the SDK's FALLBACK_WALLETS_LIST from the installed
 * version; refresh it when upgrading the SDK), so the browser never sees a failed fetch.
 */
export const UPSTREAM_WALLETS_URL = "https://config.ton.org/wallets-v2.json";

const FRESH_MS = 60 * 60 * 1000;
const RETRY_AFTER_FAILURE_MS = 5 * 60 * 1000;
const FETCH_TIMEOUT_MS = 3000;

/** The SDK's own acceptance rules for one entry (WalletsListManager.isCorrectWalletConfigDTO). */
const walletEntry = z
  .object({
    name: z.string().min(1),
    app_name: z.string().min(1),
    image: z.string().min(1),
    about_url: z.string(),
    platforms: z.array(z.string()).min(1),
    universal_url: z.string().optional(),
    bridge: z
      .array(z.looseObject({ type: z.string(), url: z.string().optional(), key: z.string().optional() }))
      .min(1),
  })
  .loose()
  .refine((w) => w.bridge.every((b) => b.type !== "sse" || (!!b.url && !!w.universal_url)))
  .refine((w) => w.bridge.every((b) => b.type !== "js" || !!b.key));

export type WalletsList = { wallets: unknown[]; source: "upstream" | "bundled" };

/** One cache per process, whichever bundle asks (see process-state.ts). */
const state = processState("ton-wallets-list", () => ({
  cached: null as { list: WalletsList; until: number } | null,
  inflight: null as Promise<WalletsList> | null,
}));

async function fetchUpstream(url: string): Promise<WalletsList> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), cache: "no-store" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body: unknown = await response.json();
    if (!Array.isArray(body)) throw new Error("not an array");
    // Entries the SDK would reject (and log as errors in the browser) are dropped here.
    const wallets = body.filter((entry) => walletEntry.safeParse(entry).success);
    if (!wallets.length) throw new Error("no valid wallets");
    return { wallets, source: "upstream" };
  } catch (error) {
    logger.warn({ err: String(error), url }, "TON wallets list unavailable; serving the bundled list");
    return { wallets: bundled, source: "bundled" };
  }
}

/** The current list: upstream (cached for an hour) or, when that fails, the bundled one. */
export async function getWalletsList(
  url: string = getEnv().tonWalletsListUrl ?? UPSTREAM_WALLETS_URL,
): Promise<WalletsList> {
  // "bundled": never leave the machine (tests, air-gapped deployments).
  if (url === "bundled") return { wallets: bundled, source: "bundled" };
  if (state.cached && state.cached.until > clockNowMs()) return state.cached.list;
  state.inflight ??= fetchUpstream(url).then((list) => {
    const ttl = list.source === "upstream" ? FRESH_MS : RETRY_AFTER_FAILURE_MS;
    state.cached = { list, until: clockNowMs() + ttl };
    state.inflight = null;
    return list;
  });
  return state.inflight;
}

/** Forgets the cached list (tests). */
export function resetWalletsListForTests(): void {
  state.cached = null;
  state.inflight = null;
}
