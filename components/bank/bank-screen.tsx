"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { lazy, Suspense } from "react";
import { Screen } from "@/components/screen";
import { parseTab, TabBar, type BankTab } from "@/components/bank/tab-bar";
import { WalletTab, WalletTabSkeleton } from "@/components/bank/wallet-tab";
import { Skeleton } from "@/components/ui/skeleton";
import { useRequiredSession } from "@/lib/client/use-require-session";
import { useStrings } from "@/lib/client/language";
import "./tabs.css";

// The wallet tab is what /bank opens on; the other tabs' code loads when they are opened, or
// earlier, when the user reaches for them in the tab bar.
const loadHistory = () => import("@/components/bank/history-tab");
const loadSettings = () => import("@/components/bank/settings-tab");
const HistoryTab = lazy(() => loadHistory().then((m) => ({ default: m.HistoryTab })));
const SettingsTab = lazy(() => loadSettings().then((m) => ({ default: m.SettingsTab })));

function warm(tab: BankTab): void {
  const load = tab === "history" ? loadHistory : tab === "settings" ? loadSettings : null;
  void load?.().catch(() => undefined); // a failed warm-up is retried when the tab opens
}

/**
 * The main screen. The tab lives in `?tab=` so a reload keeps it; the wallet tab is the default.
 * Its shell (tab bar, skeletons) is server-rendered, so the screen is not blank before scripts run.
 */
export function BankScreen() {
  const t = useStrings();
  const session = useRequiredSession();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const tab = parseTab(params.get("tab"));

  function select(next: BankTab) {
    router.replace(next === "wallet" ? pathname : `${pathname}?tab=${next}`, { scroll: false });
  }

  // Before the session is read (and on the server) the shell shows: the tab bar and skeletons.
  if (session === false) return null;
  if (session === null) {
    return (
      <Screen className="screen-with-tabs">
        {tab === "wallet" ? (
          <WalletTabSkeleton />
        ) : (
          <div className="stack" aria-busy="true">
            <Skeleton height={36} width={180} />
            <Skeleton height={224} radius={14} />
          </div>
        )}
        <TabBar current={tab} onSelect={select} onIntent={warm} strings={t} />
      </Screen>
    );
  }
  return (
    <Screen className="screen-with-tabs">
      {tab === "wallet" && <WalletTab />}
      <Suspense>
        {tab === "history" && <HistoryTab />}
        {tab === "settings" && <SettingsTab />}
      </Suspense>
      {tab === "payments" && (
        <section className="section empty-state">
          <h1 className="tab-title">{t.bank.tabPayments}</h1>
          <p className="hint">{t.common.inDevelopment}</p>
        </section>
      )}
      <TabBar current={tab} onSelect={select} onIntent={warm} strings={t} />
    </Screen>
  );
}
