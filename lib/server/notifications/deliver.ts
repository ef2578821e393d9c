import "server-only";
import { getDb } from "@/lib/server/db";
import { logger } from "@/lib/server/log";
import {
  CHANNELS,
  claimDue,
  LEASE_MS,
  TELEGRAM_PER_SECOND,
  type Channel,
  type Claimed,
  type ClaimedRow,
} from "@/lib/server/notifications/claim";
import { creditsOf, foldedText } from "@/lib/server/notifications/fold";
import { send, type Outcome } from "@/lib/server/notifications/send";
import { processState } from "@/lib/server/process-state";

export { LEASE_MS };
/** Tries before a message is given up (`failed`); a "slow down" answer is not a try. */
export const MAX_ATTEMPTS = 8;
/** Backoff after the n-th failed try: 2, 4, 8 … s, at most 10 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** attempts * 1000, 10 * 60 * 1000);
}

/**
 * Messages one process has under way per channel at most. Telegram: the bot's budget per second
 * (the claim enforces it over all instances; this only bounds one process). E-mail: enough to
 * keep the SMTP pool's connections busy while the next batch is claimed.
 */
const IN_FLIGHT: Record<Channel, number> = { telegram: TELEGRAM_PER_SECOND, email: 50 };
/** Nothing due: look again after this long. */
const IDLE_MS = 250;
/** Something due but held back (rate limits, no room): look again soon. */
const HELD_MS = 100;

type Data = Parameters<ReturnType<typeof getDb>["notification"]["updateMany"]>[0]["data"];

/**
 * Records an outcome for `rows`, only where this worker still holds the lease: status `sending`
 * and `attempts` as claimed (a worker that lost its lease to another changes nothing).
 */
async function settleRows(rows: ClaimedRow[], data: (attempts: number) => Data): Promise<void> {
  const byAttempts = new Map<number, number[]>();
  for (const row of rows) byAttempts.set(row.attempts, [...(byAttempts.get(row.attempts) ?? []), row.id]);
  for (const [attempts, ids] of byAttempts) {
    await getDb().notification.updateMany({ where: { id: { in: ids }, status: "sending", attempts }, data: data(attempts) });
  }
}

function settle(rows: ClaimedRow[], outcome: Outcome, at: Date): Promise<void> {
  const later = (ms: number) => new Date(at.getTime() + ms);
  const ended = { lastTriedAt: at, leaseUntil: null };
  switch (outcome.kind) {
    case "sent":
      // Every row the message told becomes `sent` at once.
      return settleRows(rows, () => ({ ...ended, status: "sent", sentAt: at, lastError: null }));
    case "slowDown":
      // Not a try: the attempt the claim counted is given back.
      return settleRows(rows, () => ({
        ...ended,
        status: "pending",
        attempts: { decrement: 1 },
        nextAttemptAt: later(outcome.waitMs),
        lastError: outcome.error,
      }));
    case "failed":
      return settleRows(rows, (attempts) =>
        !outcome.retry || attempts >= MAX_ATTEMPTS
          ? { ...ended, status: "failed", lastError: outcome.error }
          : { ...ended, status: "pending", nextAttemptAt: later(retryDelayMs(attempts)), lastError: outcome.error },
      );
  }
}

/**
 * Sends one claimed message and records the outcome on every row it tells; `clock` gives the
 * time a try ended (the rates are counted from it). Null when nothing was sent because the
 * recipient switched notifications off after the money arrived.
 */
async function deliver(message: Claimed, clock: () => Date): Promise<Outcome | null> {
  const userIds = [...new Set(message.rows.map((r) => r.userId))];
  const on = await getDb().user.findMany({ where: { id: { in: userIds }, notification: true }, select: { id: true } });
  const listening = new Set(on.map((u) => u.id));
  const off = message.rows.filter((r) => !listening.has(r.userId));
  if (off.length > 0) await settleRows(off, () => ({ status: "failed", leaseUntil: null, lastError: "notifications switched off" }));
  const rows = message.rows.filter((r) => listening.has(r.userId));
  if (rows.length === 0) return null;
  const text = rows.length === 1 ? rows[0].text : foldedText(await creditsOf(rows.map((r) => r.transferId)));
  const outcome = await send(message.channel, message.address, text);
  if (outcome.kind !== "sent") {
    const log = { notifications: rows.map((r) => r.id), channel: message.channel, error: outcome.error };
    if (outcome.kind === "slowDown") logger.info({ ...log, waitMs: outcome.waitMs }, "notification channel asked to slow down");
    else logger.warn(log, "notification not delivered");
  }
  await settle(rows, outcome, clock());
  return outcome;
}

/**
 * One pass, as if the time were `now`: claims what is due on each channel (within its limits)
 * and delivers it, all at once, returning how many messages it handled. The worker runs its
 * own loop; this is for tests and one-off runs.
 */
export async function deliverDue(now: Date = new Date(), channels: readonly Channel[] = CHANNELS): Promise<number> {
  const started = Date.now();
  const clock = () => new Date(now.getTime() + Date.now() - started);
  const handled = await Promise.all(
    channels.map(async (channel) => {
      const { messages } = await claimDue(channel, now, IN_FLIGHT[channel]);
      await Promise.all(messages.map((message) => deliver(message, clock)));
      return messages.length;
    }),
  );
  return handled.reduce((a, b) => a + b, 0);
}

type Worker = {
  running: boolean;
  inFlight: Set<Promise<void>>;
  /** A "slow down" answer holds the whole channel of this process until then (ms since epoch). */
  pausedUntil: number;
  sleeping: { timer: NodeJS.Timeout; wake: () => void } | null;
  loop: Promise<void> | null;
};

const workers = processState("notification-workers", () => new Map<Channel, Worker>());

function sleep(worker: Worker, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      worker.sleeping = null;
      resolve();
    };
    const timer = setTimeout(wake, ms);
    // A waiting worker never keeps the process alive.
    timer.unref();
    worker.sleeping = { timer, wake };
  });
}

/**
 * One channel's worker: claims whenever it has room and the channel's limits allow, and keeps
 * up to IN_FLIGHT[channel] messages under way. Channels never wait for each other.
 */
async function work(channel: Channel, worker: Worker): Promise<void> {
  while (worker.running) {
    let wait = IDLE_MS;
    try {
      const now = Date.now();
      const room = IN_FLIGHT[channel] - worker.inFlight.size;
      if (now < worker.pausedUntil) wait = worker.pausedUntil - now;
      else if (room <= 0) wait = HELD_MS;
      else {
        const claim = await claimDue(channel, new Date(now), room);
        for (const message of claim.messages) {
          const delivery = deliver(message, () => new Date())
            .then((outcome) => {
              if (outcome?.kind === "slowDown") worker.pausedUntil = Math.max(worker.pausedUntil, Date.now() + outcome.waitMs);
            })
            .catch((error: unknown) => logger.warn({ err: error, channel }, "notification delivery failed"))
            .finally(() => worker.inFlight.delete(delivery));
          worker.inFlight.add(delivery);
        }
        wait = claim.messages.length > 0 ? 0 : claim.due ? HELD_MS : IDLE_MS;
      }
    } catch (error) {
      logger.warn({ err: error, channel }, "notification worker failed");
    }
    if (wait > 0 && worker.running) await sleep(worker, wait);
  }
}

/**
 * Starts one worker per channel in this process (every instance runs them; the claims keep
 * them from sending anything twice).
 */
export function startNotificationWorker(): void {
  for (const channel of CHANNELS) {
    if (workers.has(channel)) continue;
    const worker: Worker = { running: true, inFlight: new Set(), pausedUntil: 0, sleeping: null, loop: null };
    workers.set(channel, worker);
    worker.loop = work(channel, worker);
  }
}

/** Stops the workers; resolves once the messages they had under way are settled. */
export async function stopNotificationWorker(): Promise<void> {
  const stopping = [...workers.values()];
  workers.clear();
  for (const worker of stopping) {
    worker.running = false;
    worker.sleeping?.wake();
  }
  await Promise.all(stopping.flatMap((worker) => [worker.loop, ...worker.inFlight]));
}
