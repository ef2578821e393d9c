// Group commit on PostgreSQL (lib/server/db/postgres-group-commit.ts, minibank_apply_plans): plans
// applied together keep their own endings, transfers that arrive together share commits, and a
// group lost with its connection leaves every keyed transfer to complete exactly once on resend.
import pg from "pg";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { getDb, sqlOf } from "@/lib/server/db";
import { planDocument } from "@/lib/server/ledger/store-engine";
import { applyInGroup, groupStats } from "@/lib/server/db/postgres-group-commit";
import { planTransfer, withEffects } from "@/lib/server/ledger/postings";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser } from "@/tests/support/ledger";

// A small pool: reads and the group under way share four connections; arrivals queue behind the
// group under way and leave together.
process.env.DATABASE_POOL_SIZE = "4";

afterEach(() => checkInvariants());

type Person = Awaited<ReturnType<typeof createFundedUser>>;

async function plan(from: Person, to: Person, amount: number, key?: string) {
  const wallet = (p: Person) => ({ id: p.wallets.RUB, userId: p.user.id, currency: "RUB" });
  const planned = await planTransfer(await sqlOf(), { kind: "transfer", sender: wallet(from), receiver: wallet(to), amount: BigInt(amount) });
  return planDocument(withEffects(planned, key ? { type: "recordKey", userId: from.user.id, key, requestHash: "h" } : undefined));
}

const send = (from: Person, to: Person, amount: number, key: string) =>
  call(transferRoute, {
    token: from.token,
    headers: { "idempotency-key": key },
    body: { senderWalletId: from.wallets.RUB, receiverWalletId: to.wallets.RUB, amount },
  });

describe("group commit on PostgreSQL", () => {
  it("applies a group's plans each on its own: a refusal and a duplicate key in the middle leave their neighbours applied", async () => {
    const people: Person[] = [];
    for (let i = 0; i < 6; i += 1) people.push(await createFundedUser({ RUB: 1_000 }));
    const [a, b, c, d, e, f] = people;
    const documents = [
      await plan(a, b, 100, "group-1"),
      await plan(c, d, 5_000),
      await plan(a, b, 1, "group-1"),
      await plan(e, f, 300),
    ];
    const runner = await sqlOf();
    const before = groupStats(runner);
    // Asked for in one turn of the event loop: one group.
    const outcomes = await Promise.allSettled(documents.map((document) => applyInGroup(runner, document)));
    expect(groupStats(runner).groups - before.groups).toBe(1);
    expect(outcomes[0]).toMatchObject({ status: "fulfilled", value: { refusal: null, id: expect.any(Number) } });
    expect(outcomes[1]).toEqual({ status: "fulfilled", value: { refusal: "INSUFFICIENT_FUNDS", id: null } });
    expect(outcomes[2]).toMatchObject({ status: "rejected", reason: { code: "23505" } });
    expect(outcomes[3]).toMatchObject({ status: "fulfilled", value: { refusal: null, id: expect.any(Number) } });
    expect([await balanceOf(a.wallets.RUB), await balanceOf(b.wallets.RUB)]).toEqual([900, 1_100]);
    expect([await balanceOf(c.wallets.RUB), await balanceOf(d.wallets.RUB)]).toEqual([1_000, 1_000]);
    expect([await balanceOf(e.wallets.RUB), await balanceOf(f.wallets.RUB)]).toEqual([700, 1_300]);
    expect(await getDb().idempotencyKey.count({ where: { userId: a.user.id, key: "group-1" } })).toBe(1);
  }, 60_000);

  it("commits transfers that arrive together in fewer groups than transfers, each applied once", async () => {
    const n = 24;
    const senders: Person[] = [];
    for (let i = 0; i < n; i += 1) senders.push(await createFundedUser({ RUB: 1_000 }));
    const receiver = await createFundedUser();
    const runner = await sqlOf();
    const before = groupStats(runner);
    const answers = await Promise.all(senders.map((s, i) => send(s, receiver, 10 + i, `together-${i}`)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
    const after = groupStats(runner);
    expect(after.plans - before.plans).toBe(n);
    expect(after.groups - before.groups).toBeLessThan(n);
    expect(await balanceOf(receiver.wallets.RUB)).toBe(senders.reduce((sum, _s, i) => sum + 10 + i, 0));
  }, 120_000);

  it("a connection the server ended is never handed to the next statement, even before its socket has closed", async () => {
    const runner = await sqlOf();
    for (let round = 0; round < 5; round += 1) {
      // The server ends this session (FATAL 57P01) and closes the socket a moment later.
      await expect(runner.$queryRaw`SELECT pg_terminate_backend(pg_backend_pid())`).rejects.toMatchObject({ code: "57P01" });
      // Asked for at once, before the pool could hear the socket close: a live connection answers.
      await expect(runner.$queryRaw<{ one: number }[]>`SELECT 1 AS "one"`).resolves.toEqual([{ one: 1 }]);
    }
  }, 60_000);

  it("a group whose connection is killed mid-way fails as a whole, and each keyed transfer, resent, completes exactly once", async () => {
    const n = 8;
    const senders: Person[] = [];
    for (let i = 0; i < n; i += 1) senders.push(await createFundedUser({ RUB: 1_000 }));
    const receiver = await createFundedUser();
    // Another session holds the fifth transfer's key, uncommitted: the group that carries it waits
    // on the unique index after applying whatever came before it in the group.
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query("BEGIN");
      await admin.query(`INSERT INTO "IdempotencyKey" ("userId", "key", "requestHash", "createdAt") VALUES ($1, 'killed-4', 'x', now())`, [
        senders[4].user.id,
      ]);
      const first = Promise.all(senders.map((s, i) => send(s, receiver, 100 + i, `killed-${i}`)));
      let pid: number | null = null;
      for (let tries = 0; pid === null && tries < 200; tries += 1) {
        // A transaction sees one snapshot of pg_stat_activity: a fresh one each time.
        await admin.query("SELECT pg_stat_clear_snapshot()");
        const { rows } = await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE query LIKE '%minibank_apply_plans%' AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
        );
        pid = rows[0]?.pid ?? null;
        if (pid === null) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(pid).not.toBeNull();
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      const answers = await first;
      await admin.query("ROLLBACK");
      // The killed group's transfers failed as unavailable (never a 500); the others went through.
      expect(answers.every((r) => r.status === 201 || r.status === 503)).toBe(true);
      expect(answers[4].status).toBe(503);
    } finally {
      await admin.end();
    }
    // Everyone resends with the same key: each transfer exists exactly once.
    const resent = await Promise.all(senders.map((s, i) => send(s, receiver, 100 + i, `killed-${i}`)));
    expect(resent.map((r) => r.status)).toEqual(resent.map(() => 201));
    for (let i = 0; i < n; i += 1) {
      expect(await getDb().transfer.count({ where: { senderWalletId: senders[i].wallets.RUB, receiverWalletId: receiver.wallets.RUB } })).toBe(1);
      expect(await balanceOf(senders[i].wallets.RUB)).toBe(1_000 - 100 - i);
    }
    expect(await balanceOf(receiver.wallets.RUB)).toBe(senders.reduce((sum, _s, i) => sum + 100 + i, 0));
  }, 120_000);
});
