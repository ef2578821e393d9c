import "server-only";
import DataLoader from "dataloader";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@/lib/shared/i18n";
import { isDatabaseUnavailable } from "@/lib/server/db/errors";
import { logger } from "@/lib/server/platform/log";
import { metrics } from "@/lib/server/platform/metrics";
import {
  CHANNELS,
  LEASE_MS,
  TELEGRAM_PER_SECOND,
  type Channel,
  type Claim,
  type Claimed,
  type ClaimedRow,
} from "@/lib/server/notifications/claim";
import { cutTo, fitFold, foldedText, MAX_MESSAGE_LENGTH } from "@/lib/server/notifications/fold";
import { claimDue } from "@/lib/server/notifications/store-claim";
import {
  creditsOf,
  notifiedUsers,
  settleDeferred,
  settleFailed,
  settleReleased,
  settleSent,
  settleSlowDown,
  settleSwitchedOff,
} from "@/lib/server/notifications/store";
import { send, type Outcome } from "@/lib/server/notifications/send";
import { processState } from "@/lib/server/platform/process-state";
import { clockNow, clockNowMs } from "@/lib/server/platform/clock";

export { LEASE_MS };
/** Tries before a message is given up (`failed`); a "slow down" answer is not a try. */
export const MAX_ATTEMPTS = 8;
/** Backoff after the n-th failed try: 2, 4, 8 … s, at most 10 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** attempts * 1000, 10 * 60 * 1000);
}

/**
 * How each channel's worker paces itself. `inFlight`: messages one process has under way at
 * most; `minRoom`: the room it waits for before it claims more; `wakeOnRoom`: whether a finished
 * message wakes it. Telegram: the bot's budget per second (the claim enforces it over all
 * instances, and it frees a second after a try, so finishing one frees nothing yet), claimed as
 * soon as any is free. E-mail: enough to keep the SMTP pool's connections busy, claimed in
 * batches as soon as half the room is free.
 */
const PACE: Record<Channel, { inFlight: number; minRoom: number; wakeOnRoom: boolean }> = {
  telegram: { inFlight: TELEGRAM_PER_SECOND, minRoom: 1, wakeOnRoom: false },
  email: { inFlight: 50, minRoom: 25, wakeOnRoom: true },
};
/** Nothing due: look again after this long. */
const IDLE_MS = 250;
/** Something due but held back (rate limits, no room): look again soon. */
const HELD_MS = 100;

/** How long the rows of messages sent are gathered before they are marked sent together. */
export const SENT_BATCH_MS = 50;

/** Of a message's lease, the part left unused by marking it sent: another worker may claim it after. */
const LEASE_MARGIN_MS = 5_000;

/**
 * Marks sent rows `sent`, trying again while the database is away (a restart, a failover to the
 * standby) for as long as this worker's lease on them lasts: the message went out, and the rows,
 * still leased to this worker on the new primary, must not be claimed and sent again.
 */
async function markSent(rows: ClaimedRow[], at: Date): Promise<void> {
  const until = performance.now() + LEASE_MS - LEASE_MARGIN_MS;
  for (let pause = 100; ; pause = Math.min(2 * pause, 2_000)) {
    try {
      return await settleSent(rows, at);
    } catch (error) {
      if (!isDatabaseUnavailable(error) || performance.now() + pause > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * The rows of the messages this process sent within SENT_BATCH_MS become `sent` in one statement
 * (one commit for all of them, not one per message), at the latest instant among them. Each
 * message's delivery resolves once its rows are written. A process that dies in between sends
 * those messages again: the outbox delivers at least once; a database that is away for less than
 * the lease does not (`markSent`).
 */
const sentMarks = processState(
  "notification-sent-marks",
  () =>
    new DataLoader<{ rows: ClaimedRow[]; at: Date }, void>(
      async (marks) => {
        await markSent(marks.flatMap((mark) => mark.rows), new Date(Math.max(...marks.map((mark) => mark.at.getTime()))));
        return marks.map(() => undefined);
      },
      { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setTimeout(run, SENT_BATCH_MS) },
    ),
);

/** Records the outcome of a try that ended `at` on every row the message told. */
function settle(rows: ClaimedRow[], outcome: Outcome, at: Date): Promise<void> {
  const later = (ms: number) => new Date(at.getTime() + ms);
  switch (outcome.kind) {
    case "sent":
      return sentMarks.load({ rows, at });
    case "slowDown":
      return settleSlowDown(rows, at, later(outcome.waitMs), outcome.error);
    case "failed":
      return settleFailed(rows, at, outcome.error, (attempts) =>
        !outcome.retry || attempts >= MAX_ATTEMPTS ? null : later(retryDelayMs(attempts)),
      );
  }
}

/**
 * Claims for `channel` and gives up, unsent, the rows of users who switched notifications off
 * since the money arrived (one query per claim); returns the messages left to send.
 */
async function take(channel: Channel, now: Date, limit: number): Promise<Claim & { languages: Map<number, Language> }> {
  const claim = await claimDue(channel, now, limit);
  const userIds = [...new Set(claim.messages.flatMap((m) => m.rows.map((r) => r.userId)))];
  if (userIds.length === 0) return { ...claim, languages: new Map() };
  const on = await notifiedUsers(userIds);
  // A folded message is written when it is sent, in the recipient's language of that moment.
  const languages = new Map(on.map((u) => [u.id, isLanguage(u.language) ? u.language : DEFAULT_LANGUAGE]));
  const off = claim.messages.flatMap((m) => m.rows.filter((r) => !languages.has(r.userId)));
  if (off.length === 0) return { ...claim, languages };
  await settleSwitchedOff(off);
  const messages = claim.messages.map((m) => ({ ...m, rows: m.rows.filter((r) => languages.has(r.userId)) }));
  return { ...claim, messages: messages.filter((m) => m.rows.length > 0), languages };
}

/** The shortest a message is made when Telegram still finds it too long (see `deliver`). */
const MIN_MESSAGE_LENGTH = 256;

/**
 * One message of `rows`, within `max` characters: one row's text, or their credits folded into one
 * line, then the other notices; `later`: the notices that did not fit, for the next message.
 */
async function compose(rows: ClaimedRow[], language: Language, max: number): Promise<{ text: string; told: ClaimedRow[]; later: ClaimedRow[] }> {
  if (rows.length === 1) return { text: cutTo(rows[0].text, max), told: rows, later: [] };
  const credits = rows.filter((r) => r.transferId !== null);
  const notices = rows.filter((r) => r.transferId === null);
  const head = credits.length > 0 ? foldedText(await creditsOf(credits.map((r) => r.transferId!)), language) : null;
  const { text, told } = fitFold(head, notices.map((r) => r.text), max);
  return { text, told: [...credits, ...notices.slice(0, told)], later: notices.slice(told) };
}

/**
 * Sends one claimed message and records the outcome on every row it tells; `clock` gives the
 * time a try ended (the rates are counted from it). A fold never exceeds Telegram's 4,096
 * characters: notices that do not fit are given back, not as a try, and go in the next message a
 * second later. Should Telegram still answer "message is too long", the message is made half as
 * long and sent again at once (nothing reached the chat), down to 256 characters; past that it is
 * a failure tried again later, logged as an error — never a silent loss.
 */
async function deliver(message: Claimed, clock: () => Date, languages: Map<number, Language>): Promise<Outcome> {
  const language = languages.get(message.rows[0].userId) ?? DEFAULT_LANGUAGE;
  let max = MAX_MESSAGE_LENGTH;
  let composed = await compose(message.rows, language, max);
  let outcome = await send(message.channel, message.address, composed.text, language);
  while (outcome.kind === "failed" && outcome.tooLong && max > MIN_MESSAGE_LENGTH) {
    max = Math.max(MIN_MESSAGE_LENGTH, Math.floor(max / 2));
    composed = await compose(message.rows, language, max);
    outcome = await send(message.channel, message.address, composed.text, language);
  }
  const { told, later } = composed;
  if (later.length > 0) await settleDeferred(later, clock());
  if (outcome.kind !== "sent") {
    const log = { notifications: told.map((r) => r.id), channel: message.channel, error: outcome.error };
    if (outcome.kind === "slowDown") logger.info({ ...log, waitMs: outcome.waitMs }, "notification channel asked to slow down");
    else if (outcome.tooLong) logger.error({ ...log, length: composed.text.length }, "notification refused as too long");
    else logger.warn(log, "notification not delivered");
  }
  await settle(told, outcome, clock());
  const given = outcome.kind === "failed" && (!outcome.retry || told.some((row) => row.attempts >= MAX_ATTEMPTS));
  const label = outcome.kind === "slowDown" ? "slow_down" : outcome.kind === "sent" ? "sent" : given ? "failed" : "retry";
  metrics.outboxSettled.inc({ channel: message.channel, outcome: label });
  return outcome;
}

/**
 * One pass, as if the time were `now`: claims what is due on each channel (within its limits)
 * and delivers it, all at once, returning how many messages it handled. The worker runs its
 * own loop; this is for tests and one-off runs.
 */
export async function deliverDue(now: Date = clockNow(), channels: readonly Channel[] = CHANNELS): Promise<number> {
  const started = clockNowMs();
  const clock = () => new Date(now.getTime() + clockNowMs() - started);
  const handled = await Promise.all(
    channels.map(async (channel) => {
      const claim = await take(channel, now, PACE[channel].inFlight);
      await Promise.all(claim.messages.map((message) => deliver(message, clock, claim.languages)));
      return claim.messages.length;
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
/** The rows of every message this process's workers have claimed and not yet settled. */
const leased = processState("notification-leases", () => new Set<ClaimedRow[]>());

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
 * up to PACE[channel].inFlight messages under way. Channels never wait for each other.
 */
async function work(channel: Channel, worker: Worker): Promise<void> {
  const pace = PACE[channel];
  while (worker.running) {
    let wait = IDLE_MS;
    try {
      const now = clockNowMs();
      const room = pace.inFlight - worker.inFlight.size;
      if (now < worker.pausedUntil) wait = worker.pausedUntil - now;
      else if (room < pace.minRoom) wait = HELD_MS;
      else {
        const claim = await take(channel, new Date(now), room);
        for (const message of claim.messages) {
          leased.add(message.rows);
          const delivery = deliver(message, () => clockNow(), claim.languages)
            .then((outcome) => {
              if (outcome.kind === "slowDown") worker.pausedUntil = Math.max(worker.pausedUntil, clockNowMs() + outcome.waitMs);
            })
            .catch((error: unknown) => logger.warn({ err: error, channel }, "notification delivery failed"))
            .finally(() => {
              leased.delete(message.rows);
              worker.inFlight.delete(delivery);
              if (pace.wakeOnRoom && pace.inFlight - worker.inFlight.size >= pace.minRoom) worker.sleeping?.wake();
            });
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

/**
 * Gives back, at once, the messages this process claimed and has not settled — a send still under
 * way when a stopping server's time is up — so another instance sends them without waiting for
 * their leases to run out. Not counted as a try. A message whose send had in fact reached the
 * recipient may then go out twice: the outbox delivers at least once.
 */
export async function releaseNotificationLeases(now: Date = clockNow()): Promise<number> {
  const rows = [...leased].flat();
  leased.clear();
  if (rows.length === 0) return 0;
  await settleReleased(rows, now);
  logger.warn({ notifications: rows.map((row) => row.id) }, "notification leases released at shutdown");
  return rows.length;
}
