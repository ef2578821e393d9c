"use client";

import Link from "next/link";
import { useMemo } from "react";
import { formatHistoryDate, mergeHistory, type HistoryEntry } from "@/components/bank/bank-math";
import { Avatar } from "@/components/ui/avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { useCounterparties, useMe, useTransfersOf, useWallets } from "@/lib/client/hooks";
import { formatMoney } from "@/lib/shared/money";
import type { CounterpartyDto } from "@/lib/shared/schemas/transfers";
import { ru } from "@/lib/shared/strings";

function HistorySkeleton() {
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

function Message({ text, alert = false }: { text: string; alert?: boolean }) {
  return (
    <p className={alert ? "inline-error" : "hint centered empty-state"} role={alert ? "alert" : undefined}>
      {text}
    </p>
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
  const name = counterparty?.username ?? ru.common.unknown;
  const sign = entry.direction === "in" ? "+" : "-";
  return (
    <li className="history-item" data-testid="history-row">
      <Link className="list-item list-item-action history-row" href={`/receipt/${entry.id}`} prefetch={false}>
        {loading ? (
          <Skeleton width={40} height={40} radius="50%" />
        ) : (
          <Avatar src={counterparty?.avatarUrl} name={name} size={40} />
        )}
        <span className="list-item-text">
          <span className="list-item-title">{loading ? <Skeleton width="50%" height={16} /> : name}</span>
          <span className="list-item-subtitle">{formatHistoryDate(entry.createdAt)}</span>
        </span>
        <span className={`history-amount history-${entry.direction}`}>
          {sign}
          {formatMoney(entry.amount, entry.currency)}
        </span>
      </Link>
    </li>
  );
}

/**
 * History tab: transfers of all own wallets merged, newest first, each named by its
 * counterparty (looked up once per wallet id); a row opens its receipt.
 */
export function HistoryTab() {
  const me = useMe();
  const wallets = useWallets();
  const ids = useMemo(() => wallets.data?.map((w) => w.id) ?? null, [wallets.data]);
  const transfers = useTransfersOf(ids && ids.length > 0 ? ids : null);
  const entries = useMemo(
    () => (transfers.data && ids ? mergeHistory(transfers.data, ids) : []),
    [transfers.data, ids],
  );
  const counterparties = useCounterparties(entries.map((e) => e.counterpartyWalletId));

  let body;
  if (me.error) body = <Message text={ru.history.userNotFound} alert />;
  else if (wallets.error || transfers.error) body = <Message text={ru.history.loadFailed} alert />;
  else if (wallets.data && wallets.data.length === 0) body = <Message text={ru.history.walletsNotFound} alert />;
  else if (!transfers.data) body = <HistorySkeleton />;
  else if (entries.length === 0) body = <Message text={ru.history.empty} />;
  else
    body = (
      <ul className="section history" aria-label={ru.history.title}>
        {entries.map((entry) => (
          <HistoryRow
            key={entry.id}
            entry={entry}
            counterparty={counterparties.data?.get(entry.counterpartyWalletId)}
            loading={!counterparties.data && !counterparties.error}
          />
        ))}
      </ul>
    );

  return (
    <>
      <h1 className="tab-title">{ru.history.title}</h1>
      {body}
    </>
  );
}
