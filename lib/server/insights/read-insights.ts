import "server-only";
import { readFlows, type MonthRow, type PartyRow } from "@/lib/server/insights/store";
import { currentMonth, monthBounds } from "@/lib/server/insights/months";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { hitRateLimit } from "@/lib/server/limits/rate-limit";
import { MAX_ROW_ID } from "@/lib/shared/schemas/ids";
import { rateDay } from "@/lib/server/rates/latest";
import { rateUnitsOn } from "@/lib/server/rates/store";
import { personName } from "@/lib/server/users/dto";
import { isCurrency, RATE_SCALE, toRubles, toSafeNumber, type Currency } from "@/lib/shared/money";
import { INSIGHT_MONTHS, TOP_COUNTERPARTIES, type InsightsDto, type InsightsQuery } from "@/lib/shared/schemas/insights";
import { clockNowMs } from "@/lib/server/platform/clock";

/** The window INSIGHTS_LIMIT_PER_USER counts views in. */
const INSIGHTS_WINDOW_MS = 10 * 60 * 1000;

export type InsightsOptions = { userId: number; query: InsightsQuery; now?: number };

type Rates = Map<Currency, bigint>;

/** The ruble price of each currency the rows hold, today (as GET /api/v1/rates shows it); the currencies without one. */
async function ratesFor(currencies: Set<Currency>, now: number): Promise<{ rates: Rates; missing: Currency[] }> {
  const rates: Rates = new Map();
  const missing: Currency[] = [];
  for (const currency of currencies) {
    const units = currency === "RUB" ? RATE_SCALE : await rateUnitsOn(currency, rateDay(now));
    if (units === null) missing.push(currency);
    else rates.set(currency, units);
  }
  return { rates, missing };
}

function monthsOf(rows: MonthRow[], convert: (amount: bigint, currency: Currency) => bigint | null) {
  const months = Array.from({ length: INSIGHT_MONTHS }, () => ({ in: 0n, out: 0n }));
  // Balances per currency at each month's end, converted at the end: a sum of rounded sums would drift.
  const balances = new Map<Currency, bigint[]>();
  for (const row of rows) {
    const currency = row.currency as Currency;
    if (!balances.has(currency)) balances.set(currency, Array.from({ length: INSIGHT_MONTHS + 1 }, () => 0n));
    const net = balances.get(currency)!;
    net[row.month + 1] += row.net;
    if (row.month < 0) continue;
    months[row.month].in += convert(row.amountIn, currency) ?? 0n;
    months[row.month].out += convert(row.amountOut, currency) ?? 0n;
  }
  const closing = Array.from({ length: INSIGHT_MONTHS + 1 }, () => 0n);
  for (const [currency, net] of balances) {
    let running = 0n;
    net.forEach((change, i) => {
      running += change;
      closing[i] += convert(running, currency) ?? 0n;
    });
  }
  return { months, opening: closing[0], closing: closing.slice(1) };
}

function partiesOf(rows: PartyRow[], convert: (amount: bigint, currency: Currency) => bigint | null) {
  const people = new Map<number, { userId: number; name: string; in: bigint; out: bigint }>();
  for (const row of rows) {
    const person = people.get(row.userId) ?? {
      userId: row.userId,
      name: personName(row),
      in: 0n,
      out: 0n,
    };
    person.in += convert(row.amountIn, row.currency as Currency) ?? 0n;
    person.out += convert(row.amountOut, row.currency as Currency) ?? 0n;
    people.set(row.userId, person);
  }
  return [...people.values()]
    .sort((a, b) => (b.out + b.in > a.out + a.in ? 1 : b.out + b.in < a.out + a.in ? -1 : a.userId - b.userId))
    .slice(0, TOP_COUNTERPARTIES);
}

/**
 * The analytics view of one of the caller's accounts, or of all of them in rubles at the day's
 * rate (as the wallet list's total): money in and out per calendar month of the customer's time
 * zone, the balance at each month's end, the last month's top counterparties (never the bank,
 * never oneself) and, for the total, the share spent from non-ruble accounts. One query reads it
 * all (insights/store.ts). Another user's account is 404 like a missing one. One user may ask for
 * INSIGHTS_LIMIT_PER_USER views per 10 minutes (429), counted in the database: each view reads a
 * year of movements, so one customer cannot keep the server busy with them.
 */
export async function readInsights(options: InsightsOptions): Promise<InsightsDto> {
  const { query } = options;
  await hitRateLimit({
    key: `insights:${options.userId}`,
    limit: getEnv().insightsLimitPerUser,
    windowMs: INSIGHTS_WINDOW_MS,
    message: "errors.insightsRateLimited",
  });
  const now = options.now ?? clockNowMs();
  const walletId = query.wallet === "total" ? null : Number(query.wallet);
  // An id past the id columns' range names no account (PostgreSQL could not even compare it).
  if (walletId !== null && walletId > MAX_ROW_ID) throw new AppError("WALLET_NOT_FOUND");
  const bounds = monthBounds(query.month ?? currentMonth(query.tz, now), query.tz);
  const rows = await readFlows({ userId: options.userId, walletId }, { edges: bounds.edges });
  const wallet = rows.find((row) => row.section === "wallet");
  if (walletId !== null && !wallet) throw new AppError("WALLET_NOT_FOUND");
  const monthRows = rows.filter((row): row is MonthRow => row.section === "month");
  const partyRows = rows.filter((row): row is PartyRow => row.section === "party");

  const currencies = new Set([...monthRows, ...partyRows].map((row) => row.currency).filter(isCurrency));
  const { rates, missing } = walletId === null ? await ratesFor(currencies, now) : { rates: null, missing: [] };
  const convert = (amount: bigint, currency: Currency): bigint | null => {
    if (!rates) return amount;
    const rate = rates.get(currency);
    return rate === undefined ? null : toRubles(amount, rate);
  };

  const flows = monthsOf(monthRows, convert);
  let spentAbroad = 0n;
  for (const row of monthRows) {
    if (row.month >= 0 && row.currency !== "RUB") spentAbroad += convert(row.amountOut, row.currency as Currency) ?? 0n;
  }
  const spent = flows.months.reduce((sum, month) => sum + month.out, 0n);
  return {
    walletId,
    currency: wallet && isCurrency(wallet.currency) ? wallet.currency : "RUB",
    tz: query.tz,
    opening: toSafeNumber(flows.opening),
    months: flows.months.map((month, i) => ({
      month: bounds.names[i],
      in: toSafeNumber(month.in),
      out: toSafeNumber(month.out),
      closing: toSafeNumber(flows.closing[i]),
    })),
    counterparties: partiesOf(partyRows, convert).map((p) => ({ ...p, in: toSafeNumber(p.in), out: toSafeNumber(p.out) })),
    abroad: walletId === null ? { spent: toSafeNumber(spentAbroad), total: toSafeNumber(spent) } : null,
    missingRates: missing,
  };
}
