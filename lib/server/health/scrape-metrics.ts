import "server-only";
import crypto from "node:crypto";
import { replicaLag } from "@/lib/server/db/replica";
import { newestRateDayByCurrency, outboxBacklogByChannel } from "@/lib/server/health/store";
import { metricsToken } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { metrics, metricsRegistry, recordReplicaLag } from "@/lib/server/platform/metrics";
import { CHANNELS } from "@/lib/server/notifications/claim";
import { clockNow } from "@/lib/server/platform/clock";

/** Whether `header` is `Bearer <METRICS_TOKEN>` (compared in constant time). */
function authorised(header: string | null, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1] ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
}

/**
 * The metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN. Without the
 * token configured, or without the right one, there is nothing here (NOT_FOUND): the endpoint
 * does not advertise itself. The database-backed gauges (the outbox's backlog, the rates' age)
 * are read now, with one aggregate each; the rest is what this process counted.
 */
export async function scrapeMetrics(authorization: string | null, now: Date = clockNow()) {
  const token = metricsToken();
  if (!token || !authorised(authorization, token)) throw new AppError("NOT_FOUND");
  const [backlog, rates, replica] = await Promise.all([outboxBacklogByChannel(), newestRateDayByCurrency(), replicaLag()]);
  if (replica) recordReplicaLag(replica);
  for (const channel of CHANNELS) {
    const row = backlog.find((b) => b.channel === channel);
    const oldest = row?.oldest;
    metrics.outboxPending.set({ channel }, row?.pending ?? 0);
    metrics.outboxOldest.set({ channel }, oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0);
  }
  for (const rate of rates) {
    const { day } = rate;
    if (day) metrics.ratesAge.set({ currency: rate.currency }, Math.max(0, (now.getTime() - Date.parse(`${day}T00:00:00Z`)) / 1000));
  }
  return { body: await metricsRegistry.metrics(), contentType: metricsRegistry.contentType };
}
