import { useCallback, useState } from "react";
import { call } from "@/lib/client/api";
import { useTransfersOf } from "@/lib/client/hooks";
import type { HistoryFilters } from "@/lib/shared/history-filters";
import { operations } from "@/lib/shared/api/operations";
import type { TransferDto } from "@/lib/shared/schemas/transfers";

/** Transfers asked for per wallet and page (the server's default page). */
export const HISTORY_PAGE = 50;

/** What is loaded of one wallet's history, newest first; `more` while older pages remain. */
export type WalletPages = { walletId: number; items: TransferDto[]; more: boolean };

const oldestId = (pages: WalletPages) => (pages.items.length ? pages.items[pages.items.length - 1].id : Infinity);

/**
 * The part of several wallets' histories that can be shown in order. Each wallet is paged by id
 * on its own; an older transfer of one wallet may still be unloaded while another wallet's
 * page already reaches further back. Only transfers at or above the frontier — the highest
 * "oldest loaded id" among wallets with more pages — are complete, so only they are shown, and
 * the wallets at the frontier are the ones to load next.
 */
export function historyWindow(pages: readonly WalletPages[]): {
  transfers: TransferDto[];
  hasMore: boolean;
  toLoad: WalletPages[];
} {
  const open = pages.filter((p) => p.more);
  const frontier = open.length ? Math.max(...open.map(oldestId)) : -Infinity;
  return {
    transfers: pages.flatMap((p) => p.items.filter((t) => t.id >= frontier)),
    hasMore: open.length > 0,
    toLoad: open.filter((p) => oldestId(p) === frontier),
  };
}

type Extra = { of: unknown; pages: WalletPages[] };

/**
 * The merged history of own wallets with "load more" through the server's keyset cursor. The
 * first pages come from SWR (shared with the rest of the app and refreshed after money moves);
 * older pages are kept beside them and dropped whenever the first pages are fetched again.
 */
export function useHistoryFeed(walletIds: readonly number[] | null, filters: HistoryFilters = {}) {
  const first = useTransfersOf(walletIds, filters);
  const [extra, setExtra] = useState<Extra | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);

  const firstPages: WalletPages[] | null =
    first.data && walletIds
      ? walletIds.map((walletId, i) => ({ walletId, items: first.data![i], more: first.data![i].length >= HISTORY_PAGE }))
      : null;
  const pages = extra && extra.of === first.data ? extra.pages : firstPages;
  const window = pages ? historyWindow(pages) : null;

  const loadMore = useCallback(async () => {
    if (!pages || !window?.hasMore || loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const loaded = await Promise.all(
        window.toLoad.map(async (p) => {
          const cursor = p.items[p.items.length - 1]?.id;
          const query = { ...filters, limit: HISTORY_PAGE, cursor: cursor || undefined };
          const items = await call(operations.history, { params: { walletId: p.walletId }, query });
          return { walletId: p.walletId, items, more: items.length >= HISTORY_PAGE };
        }),
      );
      const next = pages.map((p) => {
        const page = loaded.find((l) => l.walletId === p.walletId);
        return page ? { walletId: p.walletId, items: [...p.items, ...page.items], more: page.more } : p;
      });
      setExtra({ of: first.data, pages: next });
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  }, [pages, window, loadingMore, first.data, filters]);

  return {
    transfers: window?.transfers ?? null,
    hasMore: window?.hasMore ?? false,
    error: first.error as unknown,
    loadingMore,
    moreError,
    loadMore,
    /** Fetches the newest pages again (older pages are dropped and re-read on demand). */
    refresh: () => first.mutate(),
    refreshing: first.isValidating && Boolean(first.data),
  };
}
