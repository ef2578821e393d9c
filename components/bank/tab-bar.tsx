import type { ReactNode } from "react";
import { IconHistory, IconSettings, IconWallet } from "@/components/ui/icons";
import type { Strings } from "@/lib/shared/languages";
import "./tabs.css";

/** Tabs of /bank. "payments" exists but is not in the bar (spec §2). */
export const BANK_TABS = ["wallet", "history", "settings", "payments"] as const;
export type BankTab = (typeof BANK_TABS)[number];

export function parseTab(value: string | null): BankTab {
  return (BANK_TABS as readonly string[]).includes(value ?? "") ? (value as BankTab) : "wallet";
}

const bar = (t: Strings): { tab: BankTab; label: string; icon: ReactNode }[] => [
  { tab: "wallet", label: t.bank.tabWallet, icon: <IconWallet /> },
  { tab: "history", label: t.bank.tabHistory, icon: <IconHistory /> },
  { tab: "settings", label: t.bank.tabSettings, icon: <IconSettings /> },
];

/**
 * The bottom tab bar of /bank: wallet, history, settings. `onIntent` hears of a tab the user is
 * about to press (pointer over, touch, focus), so its code can start loading. Without `onSelect`
 * it is the server-rendered shell's picture of the bar (no client code: see BankShell).
 */
export function TabBar({
  current,
  onSelect,
  onIntent,
  strings: t,
}: {
  /** The dictionary to label the bar with (the server-rendered shell has no client language). */
  strings: Strings;
  current: BankTab;
  onSelect?: (tab: BankTab) => void;
  onIntent?: (tab: BankTab) => void;
}) {
  return (
    <nav className="tab-bar" aria-label={t.appName}>
      <div className="tab-bar-inner" role="tablist">
        {bar(t).map(({ tab, label, icon }) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={current === tab}
            className={["tab", current === tab ? "tab-on" : ""].filter(Boolean).join(" ")}
            // No handlers at all without callbacks: the server-rendered shell may carry none.
            onClick={onSelect && (() => onSelect(tab))}
            onPointerEnter={onIntent && (() => onIntent(tab))}
            onTouchStart={onIntent && (() => onIntent(tab))}
            onFocus={onIntent && (() => onIntent(tab))}
          >
            {icon}
            <span>{label}</span>
          </button>
        ))}
      </div>
    </nav>
  );
}
