"use client";

import { useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { Screen } from "@/components/screen";
import { SplitForm } from "@/components/splits/split-form";
import { SplitProgress } from "@/components/splits/split-screen";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { ListItem } from "@/components/ui/list-item";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import { readSplitPrefill, splitFormBack } from "@/lib/client/split-prefill";
import { receiptOf } from "@/lib/client/split-link";
import { splitScreenPath, useMySplits } from "@/lib/client/splits";
import { formatMoney } from "@/lib/shared/money";
import "@/components/bank/history-tab.css";
import "./splits.css";

/** "Разделённые счета": each split the user organised or takes part in, with its progress. */
function MySplits() {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const mine = useMySplits();
  return (
    <section className="stack" aria-labelledby="my-splits">
      <h2 id="my-splits" className="section-title">{t.splits.mine}</h2>
      {mine.error ? (
        <p className="inline-error" role="alert">{t.bank.loadFailed}</p>
      ) : !mine.data ? (
        <Skeleton height={120} radius={14} />
      ) : mine.data.length === 0 ? (
        <p className="hint centered empty-state">{t.splits.none}</p>
      ) : (
        <ul className="section history">
          {mine.data.map((split) => (
            <li key={split.token} data-testid="split-row">
              <ListItem
                href={splitScreenPath(split.token)}
                title={split.title}
                subtitle={<SplitProgress split={split} />}
                after={<span className="list-item-title">{formatMoney(split.total, split.currency, language)}</span>}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * "Разделить счёт": the form of a new split, and below the splits so far. Opened from a receipt
 * (its query), the form starts from the payment and Back returns to the receipt.
 */
function SplitsFromQuery() {
  const t = useAllStrings();
  const toast = useToast();
  const params = useSearchParams();
  return (
    <Screen title={t.splits.title} back={splitFormBack(params)}>
      <SplitForm toast={toast} initial={readSplitPrefill(params)} receipt={receiptOf(params)} />
      <MySplits />
      <Toast toast={toast} />
    </Screen>
  );
}

export function SplitsScreen() {
  // useSearchParams needs a Suspense boundary in the App Router.
  return (
    <Suspense>
      <SplitsFromQuery />
    </Suspense>
  );
}
