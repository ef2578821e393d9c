"use client";

import Link from "next/link";
import { useEffect, useMemo, useRef } from "react";
import { formatHistoryDate, mergeHistory, type HistoryEntry } from "@/components/bank/bank-math";
import { HistoryFilterBar, useHistoryFilters } from "@/components/bank/history-filter-bar";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { dayKey, dayLabel, monthKey, monthLabel } from "@/lib/client/date";
import { useHistoryFeed } from "@/lib/client/history-feed";
import { useCounterparties, useMe, useWallets } from "@/lib/client/hooks";
import { hasFilters } from "@/lib/shared/history-filters";
import { formatMoneyChange } from "@/lib/shared/money";
import type { CounterpartyDto, TransferDto } from "@/lib/shared/schemas/transfers";
import { useLanguage, useStrings } from "@/lib/client/language";
import type { Language } from "@/lib/shared/languages";
import "./tabs.css";
import "./history-tab.css";
import "@/components/schedules/schedules.css";

export function HistorySkeleton() {
  return (
    <div className="section" aria-busy="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <div className="list-item" key={i}>
          <Skeleton width={40} height={40} radius="50%" />
          <span className="list-item-text">
            <Skeleton width="50%" height={16} />
            <Skeleton width="35%" height={12} />
          </span>
          <Skeleton width={72} height={16} />
        </div>
      ))}
    </div>
  );
}

export function Message({ text, alert = false, onRetry }: { text: string; alert?: boolean; onRetry?: () => void }) {
  const t = useStrings();
  return (
    <div className="stack">
      <p className={alert ? "inline-error" : "hint centered empty-state"} role={alert ? "alert" : undefined}>
        {text}
      </p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t.history.retry}
        </Button>
      )}
    </div>
  );
}

function HistoryRow({
  entry,
  counterparty,
  loading,
}: {
  entry: HistoryEntry;
  counterparty: CounterpartyDto | null | undefined;
  loading: boolean;
}) {
  const t = useStrings();
  const language = useLanguage();
  const name = counterparty?.username ?? t.common.unknown;
  // An exchange, a top-up or a request paid is named by what happened; a transfer by who.
  const title = entry.kind === "transfer" ? name : t.history.kinds[entry.kind];
  return (
    <li className="history-item" data-testid="history-row">
      <Link className="list-item list-item-action history-row" href={`/receipt/${entry.id}`} prefetch={false}>
        {loading ? (
          <Skeleton width={40} height={40} radius="50%" />
        ) : (
          <Avatar src={counterparty?.avatarUrl} name={name} size={40} />
        )}
        <span className="list-item-text">
          <span className="list-item-title">{loading && entry.kind === "transfer" ? <Skeleton width="50%" height={16} /> : title}</span>
          {entry.kind === "request" && !loading && <span className="list-item-subtitle">{name}</span>}
          <span className="list-item-subtitle">
            {formatHistoryDate(entry.createdAt, language)}
            {entry.scheduleId !== undefined && (
              <span className="schedule-mark" data-testid="scheduled-mark">
                {t.history.scheduledMark}
              </span>
            )}
            {entry.byOrder && (
              <span className="schedule-mark" data-testid="order-mark">
                {t.history.orderMark}
              </span>
            )}
          </span>
          {entry.message && <span className="list-item-subtitle history-message" data-user-text title={entry.message}>{entry.message}</span>}
        </span>
        <span className={`history-amount history-${entry.direction}`}>
          {formatMoneyChange(entry.direction === "in" ? entry.amount : -entry.amount, entry.currency, language)}
        </span>
      </Link>
    </li>
  );
}

type DayGroup = { key: string; label: string; entries: HistoryEntry[] };
type MonthGroup = { key: string; label: string; days: DayGroup[] };

/**
 * Newest first, by month, and by day within a month. A month is one card with its days as
 * headings inside it: a card per day made a busy month a wall of one-row cards.
 */
export function groupByMonth(entries: readonly HistoryEntry[], now: Date = new Date(), language: Language = "ru"): MonthGroup[] {
  const months: MonthGroup[] = [];
  for (const entry of entries) {
    const month = monthKey(entry.createdAt);
    let group = months[months.length - 1];
    if (group?.key !== month) {
      group = { key: month, label: monthLabel(entry.createdAt, now, language), days: [] };
      months.push(group);
    }
    const day = dayKey(entry.createdAt);
    const last = group.days[group.days.length - 1];
    if (last?.key === day) last.entries.push(entry);
    else group.days.push({ key: day, label: dayLabel(entry.createdAt, now, language), entries: [entry] });
  }
  return months;
}

/** Calls `onVisible` whenever the returned element scrolls into view (infinite scroll). */
function useWhenVisible(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) callback.current();
    }, { rootMargin: "400px 0px" });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

type Feed = ReturnType<typeof useHistoryFeed>;

/**
 * A loaded history feed, newest first, grouped by day; each row named by its counterparty (looked
 * up once per wallet id) and opening its receipt. Older transfers load as the end scrolls into
 * view (or with "Показать ещё").
 */
export function HistoryDays({
  feed,
  ownWalletIds,
  emptyText,
}: {
  feed: Feed & { transfers: TransferDto[] };
  ownWalletIds: readonly number[];
  /** What an empty history says (by default, that there are no transfers yet). */
  emptyText?: string;
}) {
  const t = useStrings();
  const language = useLanguage();
  const entries = useMemo(() => mergeHistory([feed.transfers], ownWalletIds), [feed.transfers, ownWalletIds]);
  const counterparties = useCounterparties(entries.map((e) => e.counterpartyWalletId));
  const sentinel = useWhenVisible(() => void feed.loadMore(), feed.hasMore && !feed.moreError);
  if (entries.length === 0) return <Message text={emptyText ?? t.history.empty} />;
  return (
    <>
      {groupByMonth(entries, undefined, language).map((month) => (
        <section className="history-month" key={month.key} aria-label={month.label}>
          <h2 className="section-title">{month.label}</h2>
          <div className="section">
            {month.days.map((day) => (
              <section className="history-day" key={day.key} aria-label={day.label}>
                <h3 className="history-day-title">{day.label}</h3>
                <ul className="history">
                  {day.entries.map((entry) => (
                    <HistoryRow
                      key={entry.id}
                      entry={entry}
                      counterparty={counterparties.data?.get(entry.counterpartyWalletId)}
                      loading={!counterparties.data && !counterparties.error}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </section>
      ))}
      {feed.hasMore && (
        <div ref={sentinel} className="stack">
          {feed.moreError ? (
            <p className="inline-error" role="alert">
              {t.history.loadMoreFailed}
            </p>
          ) : null}
          <Button variant="secondary" onClick={() => void feed.loadMore()} loading={feed.loadingMore}>
            {feed.moreError ? t.history.retry : t.history.loadMore}
          </Button>
        </div>
      )}
    </>
  );
}

/** "Обновить": reads the newest transfers again. */
export function RefreshButton({ feed }: { feed: Feed }) {
  const t = useStrings();
  return (
    <Button variant="secondary" fullWidth={false} onClick={() => void feed.refresh()} loading={feed.refreshing}>
      {t.history.refresh}
    </Button>
  );
}

/**
 * History tab: transfers of all own wallets merged (see HistoryDays), searched and filtered as the
 * address says (history-filter-bar.tsx); "Обновить" reads the newest again; every error offers a
 * retry.
 */
export function HistoryTab() {
  const t = useStrings();
  const me = useMe();
  const wallets = useWallets();
  const ids = useMemo(() => wallets.data?.map((w) => w.id) ?? null, [wallets.data]);
  const [filters, setFilters] = useHistoryFilters();
  const feed = useHistoryFeed(ids && ids.length > 0 ? ids : null, filters);
  const filtered = hasFilters(filters);

  const retry = () => {
    void me.mutate();
    void wallets.mutate();
    void feed.refresh();
  };

  let body;
  if (me.error) body = <Message text={t.history.userNotFound} alert onRetry={retry} />;
  else if (wallets.error || feed.error) body = <Message text={t.history.loadFailed} alert onRetry={retry} />;
  else if (wallets.data && wallets.data.length === 0) body = <Message text={t.history.walletsNotFound} alert />;
  else if (!feed.transfers || !ids) body = <HistorySkeleton />;
  else {
    body = (
      <HistoryDays
        feed={{ ...feed, transfers: feed.transfers }}
        ownWalletIds={ids}
        emptyText={filtered ? t.history.filters.nothingFound : undefined}
      />
    );
  }

  return (
    <>
      <div className="tab-title-row">
        <h1 className="tab-title">{t.history.title}</h1>
        {feed.transfers && <RefreshButton feed={feed} />}
      </div>
      {wallets.data && wallets.data.length > 0 && <HistoryFilterBar filters={filters} onChange={setFilters} />}
      {body}
    </>
  );
}
