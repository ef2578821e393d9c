// The lookup limit as a counter (lib/server/users/lookup-limit.ts): the user's row of
// "LookupCounter" holds this fixed 10-minute window's lookups and the previous window's. A lookup
// endpoint writes its lookup first and checks the total; a transfer to a wallet its sender never
// dealt with is checked against its first read and counted with the money, or by itself when it is
// refused. The clock is the test's (only Date is faked), so where in a window each step happens is exact.
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { GET as byId } from "@/app/api/v1/users/id/[id]/route";
import { getDb } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser } from "@/tests/support/ledger";

type Person = Awaited<ReturnType<typeof createFundedUser>>;

const WINDOW_MS = 10 * 60 * 1000;
/** Every timer stays real: only `Date` answers the test's instant. */
const REAL = ["hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] as const;
let firstWindow = 0;
/** The instant `fraction` of the way into the `n`-th window after the one the test started in. */
const at = (n: number, fraction: number) => jest.setSystemTime(firstWindow + n * WINDOW_MS + fraction * WINDOW_MS);

beforeEach(() => {
  process.env.LOOKUP_LIMIT_PER_USER = "3";
  resetEnvForTests();
  firstWindow = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
  jest.useFakeTimers({ doNotFake: [...REAL], now: Date.now() });
});

afterEach(async () => {
  jest.useRealTimers();
  delete process.env.LOOKUP_LIMIT_PER_USER;
  resetEnvForTests();
  await checkInvariants();
});

const send = (who: Person, receiverWalletId: number, amount: number) =>
  call(transferRoute, { token: who.token, body: { senderWalletId: who.wallets.RUB, receiverWalletId, amount } });
const lookUp = (who: Person, target: Person) => call(byId, { token: who.token, params: { id: String(target.user.id) } });
const counted = async (who: Person) => {
  const row = await getDb().lookupCounter.findUnique({ where: { userId: who.user.id } });
  return row ? row.current + row.previous : 0;
};

describe("the lookup limit is a counter", () => {
  it("counts a transfer to a wallet never dealt with once, whether it moves money or is refused; past the limit nothing is counted or moved", async () => {
    at(0, 0.1);
    const prober = await createFundedUser({ RUB: 100 });
    const [a, b, c] = [await createFundedUser(), await createFundedUser(), await createFundedUser()];
    expect((await send(prober, a.wallets.RUB, 50)).status).toBe(201);
    expect(await counted(prober)).toBe(1);
    // Refused by the plan (the balance is checked under the wallet's lock): it told the sender the wallet exists.
    expect((await send(prober, b.wallets.RUB, 10_000)).body.code).toBe("INSUFFICIENT_FUNDS");
    expect(await counted(prober)).toBe(2);
    // Refused before any plan.
    expect((await send(prober, 987_654_321, 1)).body.code).toBe("WALLET_NOT_FOUND");
    expect(await counted(prober)).toBe(3);
    // Used up: the transfer, and a lookup endpoint, are refused and leave the count as it was.
    expect((await send(prober, c.wallets.RUB, 1)).body.code).toBe("RATE_LIMITED");
    expect((await lookUp(prober, c)).status).toBe(429);
    expect(await counted(prober)).toBe(3);
    expect(await balanceOf(c.wallets.RUB)).toBe(0);
    // A wallet already dealt with is no lookup.
    expect((await send(prober, a.wallets.RUB, 1)).status).toBe(201);
    expect(await counted(prober)).toBe(3);
    expect(await balanceOf(prober.wallets.RUB)).toBe(49);
  });

  it("the previous window counts whole; one older counts nothing", async () => {
    at(0, 0.9);
    const user = await createFundedUser();
    const target = await createFundedUser();
    for (let i = 0; i < 3; i += 1) expect((await lookUp(user, target)).status).toBe(200);
    at(1, 0.5);
    expect((await lookUp(user, target)).status).toBe(429);
    at(2, 0.01);
    expect((await lookUp(user, target)).status).toBe(200);
    const row = await getDb().lookupCounter.findUnique({ where: { userId: user.user.id } });
    expect([row?.current, row?.previous]).toEqual([1, 0]);
  });

  it("concurrent lookups cannot pass the limit together: each is written before it is checked", async () => {
    at(0, 0.5);
    const user = await createFundedUser();
    const target = await createFundedUser();
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => lookUp(user, target)))).map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await counted(user)).toBe(3);
  });
});
