import { getDb, sqlOf } from "@/lib/server/db";
import { takeTurns } from "@/lib/server/db/claim";
import { TELEGRAM_CLAIMS, TELEGRAM_PER_SECOND, type Channel } from "@/lib/server/notifications/claim";
import { claimDue } from "@/lib/server/notifications/store-claim";
import { LEASE_MS } from "@/lib/server/notifications/deliver";
import { checkInvariants, createFundedUser } from "@/tests/support/ledger";

// The outbox's claims where several instances share one PostgreSQL database: row locks skipped,
// and Telegram's budget claimed in turns (tests/api/notifications.test.ts has the rest, on both).

let transferIds = 7_000_000;
let chat = 990_000;

beforeEach(() => getDb().notification.deleteMany());
afterEach(() => checkInvariants());

/** Messages as the ledger writes them, to `addresses` (ids of transfers that are not there). */
async function queue(channel: Channel, addresses: string[], userId: number): Promise<void> {
  await getDb().notification.createMany({
    data: addresses.map((address) => ({ transferId: (transferIds += 1), userId, channel, address, text: `Вам перевели ${address}` })),
  });
}

async function telegramUser() {
  const person = await createFundedUser();
  chat += 1;
  await getDb().user.update({ where: { id: person.user.id }, data: { telegramId: String(chat) } });
  return person;
}

describe("Telegram's limits over several instances", () => {
  it("a claim that overlaps another instance's waits its turn, then sees the budget it used", async () => {
    const bob = await telegramUser();
    await queue("telegram", Array.from({ length: 80 }, (_, i) => String(995_000 + i)), bob.user.id);
    const newest = await getDb().notification.findMany({ orderBy: { id: "desc" }, take: TELEGRAM_PER_SECOND, select: { id: true } });
    let taken!: () => void;
    const turnTaken = new Promise<void>((resolve) => (taken = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Another instance's claim, half done: it has its turn and has leased a second's worth.
    const other = (await sqlOf()).transaction(async (tx) => {
      await takeTurns(tx, TELEGRAM_CLAIMS);
      await tx.$executeRaw`
        UPDATE "Notification" SET "status" = 'sending', "attempts" = 1, "leaseUntil" = ${new Date(Date.now() + LEASE_MS)}
        WHERE "id" = ANY(${newest.map((r) => r.id)})`;
      taken();
      await released;
    });
    await turnTaken;
    const overlapping = claimDue("telegram", new Date(), TELEGRAM_PER_SECOND);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await other;
    expect((await overlapping).messages).toEqual([]);
  });
});

describe("several instances on one database", () => {
  it("a claimer skips rows another transaction holds, without waiting for it (SKIP LOCKED)", async () => {
    const bob = await telegramUser();
    await queue("email", Array.from({ length: 30 }, (_, i) => `locked${i}@example.test`), bob.user.id);
    const all = await getDb().notification.findMany({ orderBy: { id: "asc" }, select: { id: true } });
    const held = all.slice(0, 10).map((r) => r.id);
    const claimed = await getDb().$transaction(
      async (tx) => {
        await tx.$queryRawUnsafe(`SELECT "id" FROM "Notification" WHERE "id" = ANY($1::int[]) FOR UPDATE`, held);
        // Another connection claims while this transaction holds its rows.
        return claimDue("email", new Date(), 100);
      },
      { timeout: 5_000 },
    );
    const ids = claimed.messages.flatMap((m) => m.rows.map((r) => r.id)).sort((a, b) => a - b);
    expect(ids).toEqual(all.slice(10).map((r) => r.id));
  });
});
