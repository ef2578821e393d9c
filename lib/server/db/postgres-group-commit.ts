import "server-only";
import pg from "pg";
import { Prisma } from "@/lib/generated/prisma/client";
import { isRetryableConflict } from "@/lib/server/db/errors";
import type { SqlRunner } from "@/lib/server/db/sql";
import { processState } from "@/lib/server/platform/process-state";

/** Plans applied in one transaction at most (bounds how long one group holds its wallets' locks). */
export const MAX_PLANS_PER_GROUP = 32;
/**
 * Groups of one process under way at once. Each group locks every wallet it touches when it
 * starts, so two groups of the same customers wait for each other anyway, and every group is a
 * commit of its own: one at a time, the plans that arrive meanwhile make the next group bigger.
 * Measured on a million transfers, 100 customers, 64 connections (bench/results/history.md): one gave
 * 670–680 transfers a second where half the default pool (five) gave 420–550.
 */
const GROUPS_IN_FLIGHT = 1;
/** Times a plan that PostgreSQL chose as a deadlock or serialization victim is put in a later group. */
const MAX_ATTEMPTS = 5;

/** One plan's ending, as `minibank_apply_plan` answers it. */
export type PlanOutcome = { refusal: string | null; id: number | null };

type Pending = { document: string; attempts: number; resolve(outcome: PlanOutcome): void; reject(error: unknown): void };
type Row = { n: number; refusal: string | null; id: number | null; errorCode: string | null; errorMessage: string | null };

/** What the groups of one store have been: how many, of how many plans (for tests and the bench). */
export type GroupStats = { groups: number; plans: number; largest: number };

type Groups = { apply(document: string): Promise<PlanOutcome>; stats: GroupStats };

/** The error that undid one plan of a group, as the driver would have thrown it for that plan alone. */
function planError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, 0, "error");
  error.code = code;
  return error;
}

/**
 * Group commit on PostgreSQL, the counterpart of the SQLite runner's (sqlite-group-commit.ts):
 * plans that arrive while earlier groups are being committed are applied together by one call of
 * `minibank_apply_plans` (prisma/postgres/functions/minibank_apply_plans.sql) — one transaction,
 * one WAL flush — each plan in its own subtransaction, so a refusal or an error is that plan's
 * alone. Nobody is answered before the group has committed; a group that fails as a whole (the
 * connection lost, a timeout) fails every plan of it, and none of them was written unless the
 * commit itself was, which a resent Idempotency-Key then finds.
 *
 * A group leaves as soon as the one before it has ended (GROUPS_IN_FLIGHT; the rest of the pool
 * serves reads): an idle server adds no wait, and under load a group is whatever arrived during
 * the previous one's round trip, at most MAX_PLANS_PER_GROUP.
 */
function createGroups(runner: SqlRunner): Groups {
  const queue: Pending[] = [];
  const stats: GroupStats = { groups: 0, plans: 0, largest: 0 };
  let inFlight = 0;
  let scheduled = false;

  const settle = (group: Pending[], rows: Row[]) => {
    const byPlace = new Map(rows.map((row) => [Number(row.n), row]));
    group.forEach((pending, i) => {
      const row = byPlace.get(i + 1);
      if (!row) return pending.reject(new Error("minibank_apply_plans answered no row for a plan"));
      if (row.errorCode === null) return pending.resolve({ refusal: row.refusal, id: row.id === null ? null : Number(row.id) });
      const error = planError(row.errorCode, row.errorMessage ?? "");
      // A deadlock victim wrote nothing: it goes again, in a later group.
      if (isRetryableConflict(error) && pending.attempts < MAX_ATTEMPTS) {
        pending.attempts += 1;
        queue.push(pending);
        return;
      }
      pending.reject(error);
    });
  };

  const run = async (group: Pending[]) => {
    stats.groups += 1;
    stats.plans += group.length;
    stats.largest = Math.max(stats.largest, group.length);
    try {
      const plans = `[${group.map((p) => p.document).join(",")}]`;
      const rows = await runner.$queryRaw<Row[]>(
        Prisma.sql`SELECT "n", "refusal", "id", "errorCode", "errorMessage" FROM "minibank_apply_plans"(${plans}::jsonb)`,
      );
      settle(group, rows);
    } catch (error) {
      for (const pending of group) pending.reject(error);
    }
  };

  const dispatch = () => {
    scheduled = false;
    while (inFlight < GROUPS_IN_FLIGHT && queue.length > 0) {
      inFlight += 1;
      void run(queue.splice(0, MAX_PLANS_PER_GROUP)).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  };

  // After this turn of the event loop, so that the plans of requests handled in it leave together.
  function schedule() {
    if (scheduled || inFlight >= GROUPS_IN_FLIGHT || queue.length === 0) return;
    scheduled = true;
    setImmediate(dispatch);
  }

  return {
    stats,
    apply(document: string) {
      return new Promise<PlanOutcome>((resolve, reject) => {
        queue.push({ document, attempts: 1, resolve, reject });
        schedule();
      });
    },
  };
}

/** Per process and store, shared by every bundle (each loads its own copy of this module). */
const state = processState("pg-group-commit", () => ({ groups: new WeakMap<SqlRunner, Groups>() }));

function groups(runner: SqlRunner): Groups {
  let found = state.groups.get(runner);
  if (!found) state.groups.set(runner, (found = createGroups(runner)));
  return found;
}

/** Applies one plan (its JSON document) as a member of the store's next group. */
export function applyInGroup(runner: SqlRunner, document: string): Promise<PlanOutcome> {
  return groups(runner).apply(document);
}

/** The store's groups so far. */
export function groupStats(runner: SqlRunner): GroupStats {
  return { ...groups(runner).stats };
}
