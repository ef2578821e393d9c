import "server-only";
import { noticeRoute } from "@/lib/server/notifications/enqueue";
import type { PlainNotice } from "@/lib/server/notifications/store";
import type { ClaimedWatch } from "@/lib/server/orders/store";
import type { TransferRow } from "@/lib/server/ledger/transfer-row";
import { DICTIONARIES } from "@/lib/shared/i18n";
import { formatMoney, formatOneUnit, formatRubleRate, isCurrency, type Currency } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";

/**
 * What an order or an alert tells its owner through the outbox (the bot, or e-mail when the bot
 * may not write to them), in their language: an alert's rate reached, an order's exchange made or
 * refused with its reason. None when they switched notifications off or cannot be reached.
 */

const currencyOf = (code: string): Currency => (isCurrency(code) ? code : "RUB");

/** The notice of a watch whose target `rate` met; `ending` is an order's exchange or refusal. */
export function watchNotice(watch: ClaimedWatch, rate: bigint, ending: { transfer: TransferRow } | { refusal: string } | null): PlainNotice | null {
  const route = noticeRoute(watch);
  if (!route) return null;
  const { language } = route;
  const t = DICTIONARIES[language].orders;
  const currency = currencyOf(watch.currency);
  const one = formatOneUnit(currency, language);
  const rub = (units: bigint) => formatRubleRate(units, language);
  let text: string;
  if (ending === null) text = fill(t.bot.alert, { one, rate: rub(rate), target: rub(watch.target) });
  else if ("transfer" in ending) {
    const { transfer } = ending;
    text = fill(t.bot.done, {
      one,
      rate: rub(rate),
      given: formatMoney(transfer.amount, currencyOf(transfer.currency), language),
      received: formatMoney(transfer.receivedAmount, currencyOf(transfer.receivedCurrency), language),
    });
  } else {
    const reasons: Record<string, string> = t.reasons;
    text = fill(t.bot.failed, {
      amount: formatMoney(watch.amount ?? 0n, currency, language),
      reason: reasons[ending.refusal] ?? t.reasons.other,
      target: rub(watch.target),
    });
  }
  return { userId: watch.userId, channel: route.channel, address: route.address, text };
}
