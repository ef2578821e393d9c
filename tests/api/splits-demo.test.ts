import { getDb } from "@/lib/server/db";
import { listSplits } from "@/lib/server/splits/read-splits";
import { seedDemo } from "@/prisma/seed";
import { seedDemoSplits } from "@/prisma/seed-splits";
import { checkInvariants } from "@/tests/support/ledger";

describe("the demo's split bills", () => {
  it("show Alice a dinner she organised (one share paid) and a taxi she owes a share of", async () => {
    await seedDemo(getDb());
    expect(await seedDemoSplits()).toBe(2);
    expect(await seedDemoSplits()).toBe(0);
    const alice = await getDb().user.findUniqueOrThrow({ where: { username: "alice_tg" } });
    const [taxi, dinner] = await listSplits({ userId: alice.id });
    expect(dinner).toMatchObject({ own: true, total: 1_240_000, progress: { count: 4, paid: 1, settled: 1, pending: 2 } });
    expect(dinner.shares.reduce((sum, share) => sum + share.amount, 0)).toBe(dinner.total);
    expect(taxi).toMatchObject({ own: false, shares: [{ status: "settled" }, { mine: true, amount: 200_000, status: "pending" }] });
    await checkInvariants(getDb());
  }, 60_000);
});
