import Link from "next/link";
import { rubleEquivalent, type RateUnits } from "@/components/bank/bank-math";
import { groupAccountNumber } from "@/lib/shared/account-number";
import { Skeleton } from "@/components/ui/skeleton";
import { CURRENCY_INFO, formatMoney, formatPrice } from "@/lib/shared/money";
import type { WalletDto } from "@/lib/shared/schemas/wallets";
import type { Language, Strings } from "@/lib/shared/languages";
import { useLanguage, useStrings } from "@/lib/client/language";
import { fill } from "@/lib/shared/strings";
import "./accounts-list.css";

/** The rate as shown beside an account: "1 $ = 92,51 ₽" ("$1 = ₽92.51" in English). */
function rateText(wallet: WalletDto, rates: RateUnits, t: Strings, language: Language): string {
  const units = rates[wallet.currency];
  if (units === undefined) return t.bank.noRate;
  return formatPrice(wallet.currency, units, "RUB", language);
}

/**
 * One row per account: currency name, rate to the ruble, balance, ruble equivalent ('-' when
 * the rate is missing) and the account number in groups of four; the ruble account shows neither
 * rate nor equivalent (both would say the same). A row opens the account's details.
 */
export function AccountsList({
  wallets,
  rates,
  ratesLoading,
}: {
  wallets: WalletDto[];
  rates: RateUnits;
  ratesLoading: boolean;
}) {
  const t = useStrings();
  const language = useLanguage();
  return (
    <ul className="section accounts" aria-label={t.bank.accounts}>
      {wallets.map((wallet) => {
        const info = CURRENCY_INFO[wallet.currency];
        const rubles = rubleEquivalent(wallet, rates);
        const pending = ratesLoading && rubles === null;
        const ruble = wallet.currency === "RUB";
        return (
          <li key={wallet.id} data-testid={`account-${wallet.currency}`}>
            <Link className="account" href={`/account/${wallet.id}`} prefetch={false}>
              <span className="account-symbol" aria-hidden="true">
                {info.symbol}
              </span>
              <div className="account-main">
                <span className="account-name">{t.currencies[wallet.currency]}</span>
                {!ruble && (
                  <span className="account-meta">
                    {t.bank.rate}: {pending ? "…" : rateText(wallet, rates, t, language)}
                  </span>
                )}
                <span className="account-meta" title={`${t.bank.accountNumber}: ${groupAccountNumber(wallet.number)}`}>
                  {t.bank.accountNumber}: <span className="account-number">{groupAccountNumber(wallet.number)}</span>
                </span>
              </div>
              <div className="account-amounts">
                <span className="account-balance">{formatMoney(wallet.balance, wallet.currency, language)}</span>
                {wallet.pocketed ? (
                  <span className="account-rubles" data-testid="account-pocketed">
                    {fill(t.bank.inPockets, { amount: formatMoney(wallet.pocketed, wallet.currency, language) })}
                  </span>
                ) : null}
                {!ruble && (
                  <span className="account-rubles">
                    {pending ? (
                      <Skeleton width={64} height={12} />
                    ) : rubles === null ? (
                      t.bank.noRate
                    ) : (
                      formatMoney(rubles, "RUB", language)
                    )}
                  </span>
                )}
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
