import { TabBar, type BankTab } from "@/components/bank/tab-bar";
import { Skeleton } from "@/components/ui/skeleton";
import { ru } from "@/lib/shared/strings";
import "./tabs.css";

/**
 * What /bank shows until its client code has loaded: skeletons and the tab bar. A server
 * component (no client code of its own), so it is in the page's first answer and shows at once,
 * including after a client-side navigation, while the screen's code is still downloading.
 * The bar is inert until the real one replaces it.
 */
export function BankShell({ tab }: { tab: BankTab }) {
  return (
    <main className="screen screen-with-tabs" data-testid="bank-shell">
      <div className="stack" aria-busy="true">
        <Skeleton height={40} width={180} radius={20} />
        <Skeleton height={tab === "wallet" ? 188 : 36} radius={20} />
        <Skeleton height={224} radius={14} />
      </div>
      <div inert>
        <TabBar current={tab} strings={ru} />
      </div>
    </main>
  );
}
