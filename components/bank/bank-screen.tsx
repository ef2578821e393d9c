"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Screen } from "@/components/screen";
import { HistoryTab } from "@/components/bank/history-tab";
import { SettingsTab } from "@/components/bank/settings-tab";
import { parseTab, TabBar, type BankTab } from "@/components/bank/tab-bar";
import { WalletTab } from "@/components/bank/wallet-tab";
import { useRequireSession } from "@/lib/client/use-require-session";
import { ru } from "@/lib/shared/strings";

/**
 * The main screen. The tab lives in `?tab=` so a reload keeps it; the wallet tab is the default.
 */
export function BankScreen() {
  const ready = useRequireSession();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const tab = parseTab(params.get("tab"));

  function select(next: BankTab) {
    router.replace(next === "wallet" ? pathname : `${pathname}?tab=${next}`, { scroll: false });
  }

  if (!ready) return null;
  return (
    <Screen className="screen-with-tabs">
      {tab === "wallet" && <WalletTab />}
      {tab === "history" && <HistoryTab />}
      {tab === "settings" && <SettingsTab />}
      {tab === "payments" && (
        <section className="section empty-state">
          <h1 className="tab-title">{ru.bank.tabPayments}</h1>
          <p className="hint">{ru.common.inDevelopment}</p>
        </section>
      )}
      <TabBar current={tab} onSelect={select} />
    </Screen>
  );
}
