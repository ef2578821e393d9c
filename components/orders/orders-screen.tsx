"use client";

import { useState } from "react";
import { useSWRConfig } from "swr";
import { formatScheduleDate } from "@/components/schedules/schedule-date";
import { OrdersForm } from "@/components/orders/orders-form";
import { Screen } from "@/components/screen";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import { cancelAlert, cancelOrder, MY_ALERTS, MY_ORDERS, useMyAlerts, useMyOrders } from "@/lib/client/orders";
import type { AlertDto, OrderDto } from "@/lib/shared/api/feature-dtos";
import type { Language, ScreenStrings } from "@/lib/shared/languages";
import { formatMoney, formatOneUnit, formatRubleRate, rateToUnits } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";
import "@/components/bank/history-tab.css";
import "@/components/schedules/schedules.css";
import "./orders.css";

type Watch = ({ kind: "order" } & OrderDto) | ({ kind: "alert" } & AlertDto);

const rub = (value: number, language: Language) => formatRubleRate(rateToUnits(value), language);

/** "Продать 1 000,00 $, когда 1 $ ≥ 100,00 ₽" / "Когда 1 $ ≤ 90,00 ₽". */
function lineOf(o: ScreenStrings["orders"], watch: Watch, language: Language): string {
  const values = { one: formatOneUnit(watch.currency, language), target: rub(watch.target, language) };
  if (watch.kind === "alert") return fill(o.alertLine[watch.direction], values);
  return fill(o.orderLine[watch.direction], { ...values, amount: formatMoney(watch.amount, watch.currency, language) });
}

/** One order or alert: what it waits for, until when, its state (with a failure's reason, the rate that met it), and cancelling. */
function WatchRow({ watch, busy, onCancel }: { watch: Watch; busy: boolean; onCancel: () => void }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const o = t.orders;
  const [asking, setAsking] = useState(false);
  const status = watch.kind === "order" ? o.status[watch.status] : o.alertStatus[watch.status];
  const reasons: Record<string, string> = o.reasons;
  const reason = watch.kind === "order" && watch.status === "failed" ? (reasons[watch.reason ?? ""] ?? o.reasons.other) : null;
  return (
    <li className="list-item schedule-row order-row" data-testid={`${watch.kind}-row`}>
      <span className="list-item-text">
        <span className="schedule-head">
          <span className="list-item-title">{lineOf(o, watch, language)}</span>
          <span className={`schedule-status order-${watch.status}`}>{status}</span>
        </span>
        <span className="list-item-subtitle">
          {fill(o.until, { date: formatScheduleDate(watch.expiresOn, language) })}
          {watch.metRate !== null ? ` · ${fill(o.metAt, { rate: rub(watch.metRate, language) })}` : ""}
        </span>
        {reason && <span className="list-item-subtitle order-reason">{reason}</span>}
      </span>
      {watch.status === "waiting" && (
        <span className="schedule-actions">
          {asking ? (
            <>
              <Button variant="danger" disabled={busy} onClick={onCancel}>
                {o.cancelYes}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
                {o.cancelKeep}
              </Button>
            </>
          ) : (
            <Button variant="secondary" disabled={busy} onClick={() => setAsking(true)}>
              {o.cancel}
            </Button>
          )}
        </span>
      )}
    </li>
  );
}

function WatchList({ title, empty, items, busy, onCancel }: { title: string; empty: string; items: Watch[] | undefined; busy: string | null; onCancel: (watch: Watch) => void }) {
  return (
    <section className="stack" aria-label={title}>
      <h2 className="orders-title">{title}</h2>
      {!items ? (
        <Skeleton height={72} radius={14} />
      ) : items.length === 0 ? (
        <p className="hint centered empty-state">{empty}</p>
      ) : (
        <ul className="section history">
          {items.map((watch) => (
            <WatchRow key={`${watch.kind}-${watch.id}`} watch={watch} busy={busy === `${watch.kind}-${watch.id}`} onCancel={() => onCancel(watch)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Заявки и уведомления о курсе": the form, then the orders and the alerts with their state; cancels a waiting one. */
export function OrdersScreen() {
  const t = useAllStrings();
  const o = t.orders;
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const orders = useMyOrders();
  const alerts = useMyAlerts();
  const [busy, setBusy] = useState<string | null>(null);

  async function cancel(watch: Watch) {
    setBusy(`${watch.kind}-${watch.id}`);
    try {
      if (watch.kind === "order") await cancelOrder(watch.id);
      else await cancelAlert(watch.id);
      await mutate(watch.kind === "order" ? MY_ORDERS : MY_ALERTS);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const failed = orders.error || alerts.error;
  return (
    <Screen title={o.title} back="/exchange">
      <div className="stack">
        <OrdersForm toast={toast} />
        {failed ? (
          <div className="stack">
            <p className="inline-error" role="alert">
              {o.loadError}
            </p>
            <Button variant="secondary" onClick={() => void Promise.all([orders.mutate(), alerts.mutate()])}>
              {t.common.retry}
            </Button>
          </div>
        ) : (
          <>
            <WatchList title={o.ordersTitle} empty={o.emptyOrders} items={orders.data?.map((w) => ({ ...w, kind: "order" as const }))} busy={busy} onCancel={(w) => void cancel(w)} />
            <WatchList title={o.alertsTitle} empty={o.emptyAlerts} items={alerts.data?.map((w) => ({ ...w, kind: "alert" as const }))} busy={busy} onCancel={(w) => void cancel(w)} />
          </>
        )}
      </div>
      <Toast toast={toast} />
    </Screen>
  );
}
