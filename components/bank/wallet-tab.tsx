"use client";

import type { ReactNode } from "react";
import { AccountsList } from "@/components/bank/accounts-list";
import { rateTable, totalRubles } from "@/components/bank/bank-math";
import { displayName } from "@/components/bank/user-name";
import { TonConnectButtonLazy } from "@/components/ton/ton-connect-button-lazy";
import { Avatar } from "@/components/ui/avatar";
import { IntentLink } from "@/components/ui/intent-link";
import { IconChevron, IconExchange, IconPlus, IconQr, IconRequest, IconSend } from "@/components/ui/icons";
import { ListItem } from "@/components/ui/list-item";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useMe, useRate, useWallets } from "@/lib/client/hooks";
import { formatMoney } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";
import { useLanguage, useStrings } from "@/lib/client/language";
import { HomeScreenOffer } from "@/components/bank/home-screen";
import "./tabs.css";
import "./wallet-tab.css";

function Action({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  return (
    <IntentLink href={href} className="wallet-action">
      <span className="wallet-action-icon">{icon}</span>
      <span>{label}</span>
    </IntentLink>
  );
}

/** Who is signed in, and the TON button's slot. */
function WalletHeader({ avatar, name }: { avatar: ReactNode; name: string }) {
  return (
    <header className="wallet-header">
      {avatar}
      <span className="wallet-user" title={name}>
        {name}
      </span>
      <div className="wallet-ton">
        <TonConnectButtonLazy />
      </div>
    </header>
  );
}

/** The total (or what stands in for it) and the main actions. */
function BalanceCard({ children }: { children: ReactNode }) {
  const t = useStrings();
  return (
    <section className="balance-card" aria-labelledby="total-label">
      <h1 id="total-label" className="balance-label">
        {t.bank.totalBalance}
      </h1>
      {children}
      <nav className="wallet-actions" aria-label={t.bank.totalBalance}>
        <Action href="/transfer-money" icon={<IconSend />} label={t.bank.send} />
        <Action href="/requests" icon={<IconRequest />} label={t.bank.requestMoney} />
        <Action href="/add-money" icon={<IconPlus />} label={t.bank.topUp} />
        <Action href="/exchange" icon={<IconExchange />} label={t.bank.exchange} />
        <Action href="/qr" icon={<IconQr />} label={t.bank.qr} />
      </nav>
    </section>
  );
}

/** The ruble total of every account, or why there is none yet. */
function TotalBalance({ total, failed }: { total: ReturnType<typeof totalRubles> | null; failed: boolean }) {
  const t = useStrings();
  const language = useLanguage();
  if (total !== null)
    return (
      <>
        <p className="balance-total" data-testid="total-balance">
          {formatMoney(total.total, "RUB", language)}
        </p>
        {total.missing.length > 0 && (
          <p className="hint balance-partial" data-testid="total-partial">
            {fill(t.bank.totalWithout, { currencies: total.missing.join(", ") })}
          </p>
        )}
      </>
    );
  return failed ? <p className="balance-total">{t.bank.noRate}</p> : <Skeleton width={180} height={36} />;
}

/**
 * Wallet tab: who is signed in, the total in rubles, the main actions and the accounts. The
 * balances render as soon as wallets and rates arrive; the TON widget fills its slot on its own.
 */
export function WalletTab() {
  const t = useStrings();
  const me = useMe();
  const wallets = useWallets();
  const usd = useRate("USD");
  const eur = useRate("EUR");
  const cny = useRate("CNY");

  const failed = Boolean(wallets.error || usd.error || eur.error || cny.error);
  const rates = rateTable({ USD: usd.data?.value, EUR: eur.data?.value, CNY: cny.data?.value });
  const ratesLoading = usd.isLoading || eur.isLoading || cny.isLoading;
  // Rates that failed are missing, not pending: the total is then over the other wallets.
  const total = wallets.data && !ratesLoading ? totalRubles(wallets.data, rates) : null;
  const name = displayName(me.data);

  return (
    <>
      <WalletHeader
        name={name}
        avatar={
          me.data ? (
            <Avatar src={me.data.avatarUrl} name={name} size={40} />
          ) : (
            <Skeleton width={40} height={40} radius="50%" />
          )
        }
      />

      <BalanceCard>
        <TotalBalance total={total} failed={failed} />
      </BalanceCard>

      <HomeScreenOffer />

      <nav className="section" aria-label={t.bank.schedules}>
        <ListItem href="/schedules" title={t.bank.schedules} after={<IconChevron />} />
        <ListItem href="/pockets" title={t.bank.pockets} after={<IconChevron />} />
      </nav>

      {failed && (
        <div className="stack">
          <p className="inline-error" role="alert">
            {t.bank.loadFailed}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              for (const resource of [wallets, usd, eur, cny]) if (resource.error) void resource.mutate();
            }}
          >
            {t.history.retry}
          </Button>
        </div>
      )}

      <div className="tab-title-row">
        <h2 className="section-title">{t.bank.accounts}</h2>
        <IntentLink href="/insights" className="wallet-insights-link">
          {t.bank.insights}
        </IntentLink>
      </div>
      {wallets.data ? (
        <AccountsList wallets={wallets.data} rates={rates} ratesLoading={ratesLoading} />
      ) : wallets.error ? null : (
        <AccountsSkeleton />
      )}
    </>
  );
}

function AccountsSkeleton() {
  return (
    <div className="section" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <div className="list-item" key={i}>
          <Skeleton width={40} height={40} radius="50%" />
          <span className="list-item-text">
            <Skeleton width="60%" height={16} />
            <Skeleton width="40%" height={12} />
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * The wallet tab before anything is known (server render, and until the session is read): the
 * same layout with skeletons, so the screen is never blank and nothing moves when data arrives.
 * It makes no requests.
 */
export function WalletTabSkeleton() {
  const t = useStrings();
  return (
    <>
      <WalletHeader name="" avatar={<Skeleton width={40} height={40} radius="50%" />} />
      <BalanceCard>
        <Skeleton width={180} height={36} />
      </BalanceCard>
      <h2 className="section-title">{t.bank.accounts}</h2>
      <AccountsSkeleton />
    </>
  );
}
