import fc from "fast-check";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import { getDb } from "@/lib/server/db";
import { CURRENCIES } from "@/lib/shared/money";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

type Actor = Awaited<ReturnType<typeof createFundedUser>>;

const currency = fc.constantFrom(...CURRENCIES);
const op = fc.oneof(
  fc.record({ type: fc.constant("topup" as const), who: fc.nat(2), currency, amount: fc.integer({ min: 1, max: 5_000_000 }) }),
  fc.record({
    type: fc.constant("transfer" as const),
    who: fc.nat(2),
    to: fc.nat(2),
    from: currency,
    into: currency,
    amount: fc.integer({ min: 1, max: 3_000_000 }),
  }),
);
// Each op may carry an Idempotency-Key; a replay re-sends an earlier op with the same key.
const step = fc.record({ op, keyed: fc.boolean(), replay: fc.boolean() });

afterEach(() => checkInvariants());

describe("ledger property", () => {
  let actors: Actor[];

  beforeAll(async () => {
    await setRate("USD", 923_456);
    await setRate("EUR", 1_001_234);
    await setRate("CNY", 127_891);
    actors = [await createFundedUser(), await createFundedUser(), await createFundedUser()];
  });

  it("keeps the double-entry invariants, and idempotent replays never charge twice", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        run += 1;
        const sent: { path: "topup" | "transfer"; token: string; body: unknown; key: string; status: number; resBody: unknown }[] = [];
        for (const [i, { op: o, keyed, replay }] of steps.entries()) {
          if (replay && sent.length) {
            const earlier = sent[i % sent.length];
            const before = await totalsOf();
            const route = earlier.path === "topup" ? topUpRoute : transferRoute;
            const again = await call(route, { token: earlier.token, body: earlier.body, headers: { "idempotency-key": earlier.key } });
            expect(again.status).toBe(earlier.status);
            expect(again.body).toEqual(earlier.resBody);
            expect(await totalsOf()).toEqual(before);
            continue;
          }
          const key = `run${run}-step${i}`;
          const headers: Record<string, string> = keyed ? { "idempotency-key": key } : {};
          const actor = actors[o.who];
          if (o.type === "topup") {
            const body = { currency: o.currency, amount: o.amount };
            const res = await call(topUpRoute, { token: actor.token, body, headers });
            expect(res.status).toBe(201);
            if (keyed) sent.push({ path: "topup", token: actor.token, body, key, status: res.status, resBody: res.body });
          } else {
            const body = { senderWalletId: actor.wallets[o.from], receiverWalletId: actors[o.to].wallets[o.into], amount: o.amount };
            const before = await totalsOf();
            const res = await call(transferRoute, { token: actor.token, body, headers });
            expect([201, 400, 422]).toContain(res.status);
            if (res.status !== 201) expect(await totalsOf()).toEqual(before);
            if (res.status === 201) expect(res.body.receivedAmount).toBeGreaterThan(0);
            if (keyed) sent.push({ path: "transfer", token: actor.token, body, key, status: res.status, resBody: res.body });
          }
        }
        await checkInvariants();
      }),
      { numRuns: 50, seed: 20261121 },
    );
  }, 240_000);
});

/** Every user wallet's balance and the transfer count: nothing may change on a replay or refusal. */
/** What customers hold, and how many transfers exist (the bank's wallets are opened on first need). */
async function totalsOf() {
  const wallets = await getDb().wallet.findMany({
    where: { user: { isSystem: false } },
    select: { id: true, balance: true },
    orderBy: { id: "asc" },
  });
  return { wallets: wallets.map((w) => `${w.id}:${w.balance}`), transfers: await getDb().transfer.count() };
}
