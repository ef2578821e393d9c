"use client";

import dynamic from "next/dynamic";
import { Message } from "@/components/bank/history-tab";
import { Skeleton } from "@/components/ui/skeleton";
import { useInsights, useRateHistory } from "@/lib/client/insights";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import { formatMoney, formatMoneyChange, formatRateUnits, rateToUnits, type Currency } from "@/lib/shared/money";
import type { InsightsDto } from "@/lib/shared/schemas/insights";
import { fill } from "@/lib/shared/strings";
import type { ScreenStrings } from "@/lib/shared/languages";
import "./insights.css";

const chartSkeleton = () => <Skeleton height={180} radius={10} />;
// The charting library loads only with the charts, after the figures and their text are shown.
const FlowsChart = dynamic(() => import("@/components/insights/charts").then((m) => m.FlowsChart), { ssr: false, loading: chartSkeleton });
const BalanceChart = dynamic(() => import("@/components/insights/charts").then((m) => m.BalanceChart), { ssr: false, loading: chartSkeleton });
const RateChart = dynamic(() => import("@/components/insights/charts").then((m) => m.RateChart), { ssr: false, loading: chartSkeleton });

const RATE_DAYS = 90;

/** "2026-11" → its axis label ("ноя") and its full name ("Ноябрь 2026"). */
function monthNames(t: ScreenStrings, month: string) {
  const [year, number] = month.split("-").map(Number);
  return { short: t.insights.monthsShort[number - 1], long: `${t.history.monthTitles[number - 1]} ${year}` };
}

/** A chart, what it says in one sentence, and its figures as a table for screen readers. */
function Figure(props: { title: string; summary: string; chart: React.ReactNode; table: React.ReactNode; testId: string }) {
  return (
    <section className="section insights-figure" data-testid={props.testId}>
      <h2 className="insights-title">{props.title}</h2>
      {props.chart}
      <p className="hint insights-summary">{props.summary}</p>
      {/* A wrapper, not the table itself: a table grows to its rows whatever its height says. */}
      <div className="visually-hidden">{props.table}</div>
    </section>
  );
}

function Flows({ view }: { view: InsightsDto }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const money = (minor: number) => formatMoney(minor, view.currency, language);
  const total = (key: "in" | "out") => view.months.reduce((sum, m) => sum + m[key], 0);
  return (
    <Figure
      testId="insights-flows"
      title={t.insights.flows}
      summary={fill(t.insights.yearSummary, { in: money(total("in")), out: money(total("out")) })}
      chart={
        <>
          <FlowsChart
            labels={view.months.map((m) => monthNames(t, m.month).short)}
            moneyIn={view.months.map((m) => m.in)}
            moneyOut={view.months.map((m) => m.out)}
            language={language}
          />
          <p className="insights-legend" aria-hidden="true">
            <span className="insights-key insights-key-in">{t.insights.moneyIn}</span>
            <span className="insights-key insights-key-out">{t.insights.moneyOut}</span>
          </p>
        </>
      }
      table={
        <table>
          <caption>{t.insights.flows}</caption>
          <thead>
            <tr>
              <th scope="col">{t.insights.month}</th>
              <th scope="col">{t.insights.moneyIn}</th>
              <th scope="col">{t.insights.moneyOut}</th>
            </tr>
          </thead>
          <tbody>
            {view.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthNames(t, m.month).long}</th>
                <td>{money(m.in)}</td>
                <td>{money(m.out)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function Balance({ view }: { view: InsightsDto }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const money = (minor: number) => formatMoney(minor, view.currency, language);
  return (
    <Figure
      testId="insights-balance"
      title={t.insights.balance}
      summary={fill(t.insights.balanceSummary, { from: money(view.opening), to: money(view.months[view.months.length - 1].closing) })}
      chart={<BalanceChart labels={view.months.map((m) => monthNames(t, m.month).short)} closing={view.months.map((m) => m.closing)} language={language} />}
      table={
        <table>
          <caption>{t.insights.balance}</caption>
          <tbody>
            {view.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthNames(t, m.month).long}</th>
                <td>{money(m.closing)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** The month's people, each with a bar of their share of the largest sum: a list, readable as is. */
function Parties({ view }: { view: InsightsDto }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const money = (minor: number) => formatMoney(minor, view.currency, language);
  const largest = Math.max(1, ...view.counterparties.map((p) => p.in + p.out));
  return (
    <section className="section insights-figure" data-testid="insights-parties">
      <h2 className="insights-title">{t.insights.parties}</h2>
      {view.counterparties.length === 0 ? (
        <p className="hint">{t.insights.partiesEmpty}</p>
      ) : (
        <ol className="insights-parties">
          {view.counterparties.map((p) => (
            <li key={p.userId} className="insights-party">
              <span className="visually-hidden">{fill(t.insights.partyLine, { name: p.name, out: money(p.out), in: money(p.in) })}</span>
              <span className="insights-party-name" aria-hidden="true">
                {p.name}
              </span>
              <span className="insights-party-sums" aria-hidden="true">
                {p.out > 0 && <span className="insights-out">{formatMoneyChange(-p.out, view.currency, language)}</span>}
                {p.in > 0 && <span className="insights-in">{formatMoneyChange(p.in, view.currency, language)}</span>}
              </span>
              <span className="insights-party-bar" aria-hidden="true">
                <span className="insights-bar-out" style={{ width: `${(p.out / largest) * 100}%` }} />
                <span className="insights-bar-in" style={{ width: `${(p.in / largest) * 100}%` }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Abroad({ abroad }: { abroad: NonNullable<InsightsDto["abroad"]> }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const share = abroad.total > 0 ? Math.round((abroad.spent / abroad.total) * 100) : 0;
  return (
    <section className="section insights-figure" data-testid="insights-abroad">
      <h2 className="insights-title">{t.insights.abroad}</h2>
      {abroad.total === 0 ? (
        <p className="hint">{t.insights.abroadNone}</p>
      ) : (
        <>
          <div className="insights-meter" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={share} aria-label={t.insights.abroad}>
            <span style={{ width: `${share}%` }} />
          </div>
          <p className="insights-summary">
            {fill(t.insights.abroadShare, {
              share: `${share}${language === "en" ? "" : "\u00a0"}%`,
              spent: formatMoney(abroad.spent, "RUB", language),
              total: formatMoney(abroad.total, "RUB", language),
            })}
          </p>
        </>
      )}
    </section>
  );
}

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** A currency's ruble price over the last 90 days (the rates the bank has stored). */
function Rates({ currency }: { currency: Currency }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const today = new Date();
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (RATE_DAYS - 1));
  const history = useRateHistory(currency, isoDay(from), isoDay(today));
  const title = fill(t.insights.rates, { currency });
  if (history.error) {
    return (
      <section className="section insights-figure">
        <h2 className="insights-title">{title}</h2>
        <Message text={t.insights.ratesFailed} alert onRetry={() => void history.mutate()} />
      </section>
    );
  }
  if (!history.data) return <Skeleton height={240} radius={14} />;
  const points = history.data;
  const rate = (value: number) => formatRateUnits(rateToUnits(value), language);
  const day = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;
  if (points.length === 0) {
    return (
      <section className="section insights-figure">
        <h2 className="insights-title">{title}</h2>
        <p className="hint">{t.insights.ratesEmpty}</p>
      </section>
    );
  }
  const values = points.map((p) => p.value);
  return (
    <Figure
      testId="insights-rates"
      title={title}
      summary={fill(t.insights.ratesSummary, { min: rate(Math.min(...values)), max: rate(Math.max(...values)), last: rate(values[values.length - 1]) })}
      chart={<RateChart labels={points.map((p) => day(p.date))} values={values} language={language} />}
      table={
        <table>
          <caption>{title}</caption>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <th scope="row">{day(p.date)}</th>
                <td>{rate(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function LoadingView() {
  return (
    <div className="stack" aria-busy="true">
      <Skeleton height={24} width="60%" />
      <Skeleton height={240} radius={14} />
      <Skeleton height={240} radius={14} />
    </div>
  );
}

/**
 * Where money goes: one of the caller's accounts (its id) or all of them in rubles (`total`) —
 * money in and out per month, the balance, the month's people, the share spent from currency
 * accounts (the total) and the currency's rate (a currency account). Each chart has its text.
 */
export function InsightsView({ wallet }: { wallet: number | "total" | null }) {
  const t = useAllStrings();
  const view = useInsights(wallet);
  if (wallet === null) return <Message text={t.bank.account.notFound} alert />;
  if (view.error) return <Message text={t.insights.loadFailed} alert onRetry={() => void view.mutate()} />;
  if (!view.data) return <LoadingView />;
  const data = view.data;
  const empty = data.opening === 0 && data.months.every((m) => m.in === 0 && m.out === 0 && m.closing === 0);
  return (
    <div className="stack insights">
      <p className="insights-scope">
        {data.walletId === null ? t.insights.total : fill(t.insights.account, { currency: t.currencies[data.currency] })}
      </p>
      {data.missingRates.length > 0 && <p className="hint">{fill(t.bank.totalWithout, { currencies: data.missingRates.join(", ") })}</p>}
      {empty ? (
        <Message text={t.insights.empty} />
      ) : (
        <>
          <Flows view={data} />
          <Balance view={data} />
          <Parties view={data} />
          {data.abroad && <Abroad abroad={data.abroad} />}
        </>
      )}
      {data.currency !== "RUB" && <Rates currency={data.currency} />}
    </div>
  );
}
