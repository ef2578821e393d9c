import "server-only";
import { getDb } from "@/lib/server/db";

/** The database reads of the readiness probe and the metrics: one aggregate each. */

/** The newest exchange rate's day (YYYY-MM-DD), or null when there is none. */
export async function newestRateDay(): Promise<string | null> {
  const newest = await getDb().rate.findFirst({ orderBy: { date: "desc" }, select: { date: true } });
  return newest?.date ?? null;
}

/** The outbox's messages not yet delivered nor given up, and the oldest one's creation. */
export async function outboxBacklog(): Promise<{ pending: number; oldest: Date | null }> {
  const backlog = await getDb().notification.aggregate({
    where: { status: { in: ["pending", "sending"] } },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  return { pending: backlog._count._all, oldest: backlog._min.createdAt };
}

/** `outboxBacklog` per channel (channels with none are absent). */
export async function outboxBacklogByChannel(): Promise<{ channel: string; pending: number; oldest: Date | null }[]> {
  const rows = await getDb().notification.groupBy({
    by: ["channel"],
    where: { status: { in: ["pending", "sending"] } },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  return rows.map((row) => ({ channel: row.channel, pending: row._count._all, oldest: row._min.createdAt }));
}

/** The newest rate's day (YYYY-MM-DD) per currency. */
export async function newestRateDayByCurrency(): Promise<{ currency: string; day: string | null }[]> {
  const rows = await getDb().rate.groupBy({ by: ["currency"], _max: { date: true } });
  return rows.map((row) => ({ currency: row.currency, day: row._max.date }));
}
