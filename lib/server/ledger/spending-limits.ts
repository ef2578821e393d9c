import "server-only";
import type { Sql } from "@/lib/server/db";
import type { SpendLimitEffect, TransferPlan } from "@/lib/server/ledger/plan";
import {
  readContact,
  readSpendingControls,
  readSpendingOverview,
  writeFreeze,
  writeSpendingLimit,
  type SpendingLimitRow,
} from "@/lib/server/ledger/store-spending";
import { noticeRoute } from "@/lib/server/notifications/enqueue";
import type { PlainNotice } from "@/lib/server/notifications/store";
import { AppError } from "@/lib/server/platform/errors";
import type { SpendingLimitsDto } from "@/lib/shared/api/feature-dtos";
import { DICTIONARIES, type Language } from "@/lib/shared/i18n";
import { CURRENCIES, formatMoney, isCurrency, type Currency } from "@/lib/shared/money";
import { moscowDate, moscowTime } from "@/lib/shared/schedule-dates";
import { fill } from "@/lib/shared/strings";

/**
 * The customer's own limits on money leaving to other people — per currency, a daily and a
 * monthly one (days and months in Moscow time) — and the freeze of such transfers. They apply
 * under the bank's own limits (transfer-limits.ts), to every movement that counts on the sending
 * counter (`countSent`: transfers, request and split payments, schedules' runs), never to one
 * between one's own accounts. Lowering a limit applies at once; raising it (or removing it) only
 * after RAISE_DELAY_MS, and the customer is told through the outbox, so a stolen session cannot
 * raise and drain at once.
 */

export const RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

/** The starts of the Moscow day and month `at` falls in. */
export function spendingWindowsAt(at: Date): { dayStart: Date; monthStart: Date } {
  const day = moscowDate(at);
  return { dayStart: moscowTime(day, 0), monthStart: moscowTime(`${day.slice(0, 8)}01`, 0) };
}

type Limits = { daily: bigint | null; monthly: bigint | null };

/** The limits in force at `at`: a waiting raise takes over once its time has come. */
export function limitsAt(row: SpendingLimitRow, at: Date): Limits {
  return {
    daily: row.dailyFrom !== null && row.dailyFrom <= at ? row.dailyPending : row.daily,
    monthly: row.monthlyFrom !== null && row.monthlyFrom <= at ? row.monthlyPending : row.monthly,
  };
}

/**
 * Before a plan that sends money to someone else (it carries `countSent`) is applied: refused at
 * once while the sender's transfers are frozen (TRANSFERS_FROZEN); with limits in force in the
 * plan's currency, the plan gains the `spendLimit` effect, checked where the money moves.
 */
export async function addSpendingLimit(sql: Sql, plan: TransferPlan): Promise<void> {
  const sent = plan.effects.find((effect) => effect.type === "countSent");
  if (!sent) return;
  const { frozen, limit } = await readSpendingControls(sent.userId, plan.currency, sql);
  if (frozen) throw new AppError("TRANSFERS_FROZEN");
  if (!limit) return;
  const { daily, monthly } = limitsAt(limit, plan.createdAt);
  if (daily === null && monthly === null) return;
  const effect: SpendLimitEffect = { type: "spendLimit", userId: sent.userId, currency: plan.currency, ...spendingWindowsAt(plan.createdAt), daily, monthly };
  plan.effects.push(effect);
}

const amountOf = (value: bigint | null) => (value === null ? null : Number(value));

/** The customer's limits in every currency, what they sent to others today and this month, and the freeze. */
export async function getSpendingLimits(userId: number, at: Date): Promise<SpendingLimitsDto> {
  const windows = spendingWindowsAt(at);
  const { frozenAt, limits, spent } = await readSpendingOverview(userId, windows.dayStart, windows.monthStart);
  return {
    frozen: frozenAt !== null,
    frozenAt: frozenAt?.toISOString() ?? null,
    limits: CURRENCIES.map((currency) => {
      const row = limits.find((l) => l.currency === currency);
      const now = row ? limitsAt(row, at) : { daily: null, monthly: null };
      const waits = (from: Date | null, amount: bigint | null) => (from !== null && from > at ? { amount: amountOf(amount), from: from.toISOString() } : null);
      const sent = spent.find((s) => s.currency === currency);
      return {
        currency,
        daily: amountOf(now.daily),
        monthly: amountOf(now.monthly),
        pendingDaily: row ? waits(row.dailyFrom, row.dailyPending) : null,
        pendingMonthly: row ? waits(row.monthlyFrom, row.monthlyPending) : null,
        sentToday: Number(sent?.day ?? 0n),
        sentThisMonth: Number(sent?.month ?? 0n),
      };
    }),
  };
}

/** A raise: to no limit, or above the limit in force (no limit in force: nothing to raise). */
const isRaise = (wanted: bigint | null, now: bigint | null) => now !== null && (wanted === null || wanted > now);

/** One limit's next state: lowered (or kept) at once, a raise waiting until `from`. */
function nextLimit(wanted: bigint | null, now: bigint | null, from: Date): { value: bigint | null; pending: bigint | null; from: Date | null } {
  return isRaise(wanted, now) ? { value: now, pending: wanted, from } : { value: wanted, pending: null, from: null };
}

/** "Daily: 5 000 ₽, monthly: no limit": the raises a notice tells of. */
function raiseNotice(language: Language, currency: Currency, raises: { daily?: bigint | null; monthly?: bigint | null }, from: Date): string {
  const t = DICTIONARIES[language].bot;
  const amount = (value: bigint | null) => (value === null ? t.limitNone : formatMoney(value, currency, language));
  const parts = [
    ...("daily" in raises ? [fill(t.limitDaily, { amount: amount(raises.daily ?? null) })] : []),
    ...("monthly" in raises ? [fill(t.limitMonthly, { amount: amount(raises.monthly ?? null) })] : []),
  ];
  const when = new Intl.DateTimeFormat(language === "en" ? "en-GB" : "ru-RU", {
    timeZone: "Europe/Moscow",
    dateStyle: "short",
    timeStyle: "short",
  }).format(from);
  return fill(t.limitRaised, { currency, limits: parts.join(", "), when });
}

/**
 * Sets the caller's daily and monthly limits in `currency` (minor units; null: no limit). Each
 * one lower than (or equal to) the limit in force applies at once and drops a raise that waited;
 * a higher one (or none) waits RAISE_DELAY_MS, and the customer is told in the same transaction.
 */
export async function setSpendingLimit(userId: number, currency: string, wanted: Limits, at: Date): Promise<SpendingLimitsDto> {
  if (!isCurrency(currency)) throw new AppError("UNKNOWN_CURRENCY");
  const { limit } = await readSpendingControls(userId, currency);
  const now = limit ? limitsAt(limit, at) : { daily: null, monthly: null };
  const from = new Date(at.getTime() + RAISE_DELAY_MS);
  const daily = nextLimit(wanted.daily, now.daily, from);
  const monthly = nextLimit(wanted.monthly, now.monthly, from);
  const row: SpendingLimitRow = {
    currency,
    daily: daily.value,
    monthly: monthly.value,
    dailyPending: daily.pending,
    dailyFrom: daily.from,
    monthlyPending: monthly.pending,
    monthlyFrom: monthly.from,
  };
  const raises = {
    ...(daily.from ? { daily: daily.pending } : {}),
    ...(monthly.from ? { monthly: monthly.pending } : {}),
  };
  const notices: PlainNotice[] = [];
  if (Object.keys(raises).length > 0) {
    const contact = await readContact(userId);
    const route = contact && noticeRoute(contact);
    if (route) notices.push({ userId, channel: route.channel, address: route.address, text: raiseNotice(route.language, currency, raises, from) });
  }
  await writeSpendingLimit(userId, row, at, notices);
  return getSpendingLimits(userId, at);
}

/** Freezes or unfreezes the caller's transfers to other people. */
export async function setTransferFreeze(userId: number, frozen: boolean, at: Date): Promise<SpendingLimitsDto> {
  await writeFreeze(userId, frozen, at);
  return getSpendingLimits(userId, at);
}
