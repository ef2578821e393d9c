import { GET as pocketsRoute, POST as openRoute } from "@/app/api/v1/pockets/route";
import { PUT as setRoute } from "@/app/api/v1/pockets/[id]/route";
import { POST as depositRoute } from "@/app/api/v1/pockets/[id]/deposit/route";
import { POST as withdrawRoute } from "@/app/api/v1/pockets/[id]/withdraw/route";
import { POST as closeRoute } from "@/app/api/v1/pockets/[id]/close/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { POST as exchangeRoute } from "@/app/api/v1/exchanges/route";
import { GET as walletsRoute } from "@/app/api/v1/wallet/route";
import { GET as csvRoute } from "@/app/api/v1/statements/csv/route";
import { POST as linkRoute } from "@/app/api/v1/statements/link/route";
import { GET as historyRoute } from "@/app/api/v1/transfers/wallet/[walletId]/route";
import { getDb } from "@/lib/server/db";
import { moscowDate } from "@/lib/shared/schedule-dates";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

afterEach(() => checkInvariants());

type Me = Awaited<ReturnType<typeof createFundedUser>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offsetDays: number) => moscowDate(new Date(Date.now() + offsetDays * DAY_MS));

async function open(me: Me, body: Record<string, unknown>) {
  const res = await call(openRoute, { token: me.token, body: { currency: "RUB", name: "Отпуск", ...body } });
  expect(res.status).toBe(201);
  return res.body as { id: number; walletId: number; balance: number };
}
const idOf = (id: number) => ({ id: String(id) });
const deposit = (me: Me, id: number, amount: number, key?: string) =>
  call(depositRoute, { token: me.token, params: idOf(id), body: { amount }, headers: key ? { "idempotency-key": key } : undefined });
const withdraw = (me: Me, id: number, amount: number, key?: string) =>
  call(withdrawRoute, { token: me.token, params: idOf(id), body: { amount }, headers: key ? { "idempotency-key": key } : undefined });
const close = (me: Me, id: number) => call(closeRoute, { token: me.token, params: idOf(id) });
const send = (me: Me, to: number, amount: number, key: string) =>
  call(transferRoute, { token: me.token, body: { senderWalletId: me.wallets.RUB, receiverWalletId: to, amount }, headers: { "idempotency-key": key } });
const rubWallet = async (me: Me) => {
  const res = await call(walletsRoute, { token: me.token });
  return (res.body as { currency: string; balance: number; pocketed: number }[]).find((w) => w.currency === "RUB")!;
};
const rows = async () => ({ transfers: await getDb().transfer.count(), postings: await getDb().posting.count() });

describe("pockets", () => {
  it("moves money in and out at once, as movements of kind pocket; the wallet shows available and pocketed apart", async () => {
    const me = await createFundedUser({ RUB: 100_000 });
    const pocket = await open(me, { target: 50_000, targetDate: day(30) });
    expect(pocket).toMatchObject({ balance: 0, walletId: me.wallets.RUB, target: 50_000, status: "open", locked: false, roundUp: 0 });
    const moved = await deposit(me, pocket.id, 30_000, "in-1");
    expect(moved.status).toBe(201);
    expect(moved.body).toMatchObject({ kind: "pocket", senderWalletId: me.wallets.RUB, receiverWalletId: pocket.id, amount: 30_000 });
    expect(await rubWallet(me)).toMatchObject({ balance: 70_000, pocketed: 30_000 });
    const out = await withdraw(me, pocket.id, 10_000, "out-1");
    expect(out.status).toBe(201);
    expect(out.body).toMatchObject({ kind: "pocket", senderWalletId: pocket.id, receiverWalletId: me.wallets.RUB, amount: 10_000 });
    expect(await rubWallet(me)).toMatchObject({ balance: 80_000, pocketed: 20_000 });
    const list = await call(pocketsRoute, { token: me.token });
    expect(list.body).toEqual([expect.objectContaining({ id: pocket.id, balance: 20_000, name: "Отпуск" })]);
    // The pocket's own account in the books: its postings sum to its balance (checkInvariants).
    expect(await balanceOf(pocket.id)).toBe(20_000);
    // A replayed key moves nothing again.
    expect((await deposit(me, pocket.id, 30_000, "in-1")).body.id).toBe(moved.body.id);
    expect(await balanceOf(pocket.id)).toBe(20_000);
  });

  it("lets transfers and exchanges spend only the available balance", async () => {
    await setRate("USD", 900_000);
    const me = await createFundedUser({ RUB: 10_000 });
    const other = await createFundedUser();
    const pocket = await open(me, {});
    expect((await deposit(me, pocket.id, 8_000)).status).toBe(201);
    const tooMuch = await send(me, other.wallets.RUB, 5_000, "t-1");
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe("INSUFFICIENT_FUNDS");
    const exchange = await call(exchangeRoute, { token: me.token, body: { fromWalletId: me.wallets.RUB, toWalletId: me.wallets.USD, amount: 5_000 } });
    expect(exchange.body.code).toBe("INSUFFICIENT_FUNDS");
    expect((await more(me, other, 2_000)).status).toBe(201);
    expect(await balanceOf(pocket.id)).toBe(8_000);
  });

  it("keeps a pocket's account from anyone but its owner's moves: no transfer to or from it", async () => {
    const me = await createFundedUser({ RUB: 10_000 });
    const other = await createFundedUser({ RUB: 10_000 });
    const pocket = await open(me, {});
    await deposit(me, pocket.id, 1_000);
    const toPocket = await call(transferRoute, { token: other.token, body: { senderWalletId: other.wallets.RUB, receiverWalletId: pocket.id, amount: 100 } });
    expect(toPocket.status).toBe(404);
    const ownToPocket = await call(transferRoute, { token: me.token, body: { senderWalletId: me.wallets.RUB, receiverWalletId: pocket.id, amount: 100 } });
    expect(ownToPocket.status).toBe(404);
    const fromPocket = await call(transferRoute, { token: me.token, body: { senderWalletId: pocket.id, receiverWalletId: other.wallets.RUB, amount: 100 } });
    expect(fromPocket.status).toBe(403);
    expect(await balanceOf(pocket.id)).toBe(1_000);
    // The wallet list holds the accounts only.
    expect((await call(walletsRoute, { token: me.token })).body).toHaveLength(4);
  });

  it("rounds an outgoing transfer up into the pocket exactly once, and a replayed key makes none again", async () => {
    const me = await createFundedUser({ RUB: 100_000 });
    const other = await createFundedUser();
    const pocket = await open(me, { roundUp: 10 });
    const before = await rows();
    const first = await send(me, other.wallets.RUB, 12_340, "r-1");
    expect(first.status).toBe(201);
    // 123.40 → 130.00: 6.60 into the pocket, as its own movement.
    expect(await balanceOf(pocket.id)).toBe(660);
    expect(await balanceOf(me.wallets.RUB)).toBe(100_000 - 12_340 - 660);
    const roundUps = await getDb().transfer.findMany({ where: { receiverWalletId: pocket.id } });
    expect(roundUps).toEqual([expect.objectContaining({ kind: "pocket", channel: "roundup", amount: 660n, senderWalletId: me.wallets.RUB })]);
    expect(await rows()).toEqual({ transfers: before.transfers + 2, postings: before.postings + 4 });
    const again = await send(me, other.wallets.RUB, 12_340, "r-1");
    expect(again.body.id).toBe(first.body.id);
    expect(await balanceOf(pocket.id)).toBe(660);
    expect(await rows()).toEqual({ transfers: before.transfers + 2, postings: before.postings + 4 });
    // An amount that is round already has no round-up; 100 rounds further.
    await send(me, other.wallets.RUB, 5_000, "r-2");
    expect(await balanceOf(pocket.id)).toBe(660);
  });

  it("skips the round-up, and makes the transfer, when the available balance cannot cover it", async () => {
    const me = await createFundedUser({ RUB: 10_030 });
    const other = await createFundedUser();
    const pocket = await open(me, { roundUp: 100 });
    // 100.01 rounds up by 99.99 to 200.00; 0.29 is left.
    const res = await send(me, other.wallets.RUB, 10_001, "s-1");
    expect(res.status).toBe(201);
    expect(await balanceOf(me.wallets.RUB)).toBe(29);
    expect(await balanceOf(pocket.id)).toBe(0);
    expect(await getDb().transfer.count({ where: { receiverWalletId: pocket.id } })).toBe(0);
  });

  it("refuses taking money out of a locked pocket before its date, and moving the date earlier", async () => {
    const me = await createFundedUser({ RUB: 10_000 });
    const pocket = await open(me, { locked: true, targetDate: day(10) });
    await deposit(me, pocket.id, 5_000);
    const before = await rows();
    const early = await withdraw(me, pocket.id, 1_000);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: "POCKET_LOCKED", message: expect.stringMatching(/заблокирована/) });
    expect((await close(me, pocket.id)).body.code).toBe("POCKET_LOCKED");
    const earlier = await call(setRoute, { token: me.token, params: idOf(pocket.id), body: { name: "Отпуск", locked: true, targetDate: day(5) } });
    expect(earlier.status).toBe(409);
    expect(earlier.body.message).toMatch(/только отодвинуть/);
    const unlocked = await call(setRoute, { token: me.token, params: idOf(pocket.id), body: { name: "Отпуск", locked: false, targetDate: day(10) } });
    expect(unlocked.status).toBe(409);
    const later = await call(setRoute, { token: me.token, params: idOf(pocket.id), body: { name: "Море", locked: true, targetDate: day(20) } });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ name: "Море", targetDate: day(20), locked: true });
    expect(await rows()).toEqual(before);
    expect(await balanceOf(pocket.id)).toBe(5_000);
    // On its date the money comes out.
    await getDb().pocket.update({ where: { walletId: pocket.id }, data: { targetDate: day(0) } });
    expect((await withdraw(me, pocket.id, 1_000)).status).toBe(201);
  });

  it("closes a pocket: all its money returns to the account in one movement, once", async () => {
    const me = await createFundedUser({ RUB: 10_000 });
    const pocket = await open(me, { roundUp: 10 });
    await deposit(me, pocket.id, 3_000);
    await deposit(me, pocket.id, 1_500);
    const before = await rows();
    const closed = await close(me, pocket.id);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: "closed", balance: 0 });
    expect(await rows()).toEqual({ transfers: before.transfers + 1, postings: before.postings + 2 });
    const back = await getDb().transfer.findFirstOrThrow({ where: { senderWalletId: pocket.id }, orderBy: { id: "desc" } });
    expect(back).toMatchObject({ kind: "pocket", amount: 4_500n, receiverWalletId: me.wallets.RUB });
    expect(await balanceOf(me.wallets.RUB)).toBe(10_000);
    expect((await close(me, pocket.id)).body).toMatchObject({ status: "closed" });
    expect(await rows()).toEqual({ transfers: before.transfers + 1, postings: before.postings + 2 });
    expect((await deposit(me, pocket.id, 100)).body.code).toBe("POCKET_CLOSED");
    expect((await call(pocketsRoute, { token: me.token })).body).toEqual([]);
    expect(await rubWallet(me)).toMatchObject({ balance: 10_000, pocketed: 0 });
    // The account's history and statement name the movements as the pocket's.
    const history = await call(historyRoute, { token: me.token, params: { walletId: String(me.wallets.RUB) } });
    expect((history.body as { kind: string }[]).slice(0, 3).map((t) => t.kind)).toEqual(["pocket", "pocket", "pocket"]);
    const today = new Date().toISOString().slice(0, 10);
    const made = await call(linkRoute, { token: me.token, body: { walletId: me.wallets.RUB, from: today, to: today, tz: 0, format: "csv" } });
    const csv = await (await csvRoute(new Request(`http://localhost${made.body.url}`), { params: Promise.resolve({}) })).text();
    expect(csv.split("\r\n").filter((line) => line.includes(";Копилка;"))).toHaveLength(3);
  });

  it("answers another customer's pocket as not found, and changes nothing", async () => {
    const me = await createFundedUser({ RUB: 10_000 });
    const other = await createFundedUser({ RUB: 10_000 });
    const pocket = await open(me, {});
    await deposit(me, pocket.id, 2_000);
    const before = await rows();
    expect((await deposit(other, pocket.id, 100)).status).toBe(404);
    expect((await withdraw(other, pocket.id, 100)).status).toBe(404);
    expect((await close(other, pocket.id)).status).toBe(404);
    expect((await call(setRoute, { token: other.token, params: idOf(pocket.id), body: { name: "x" } })).status).toBe(404);
    expect((await call(pocketsRoute, { token: other.token })).body).toEqual([]);
    expect(await rows()).toEqual(before);
    expect(await balanceOf(pocket.id)).toBe(2_000);
  });

  it("refuses bad input with 400 and Russian words, and changes nothing", async () => {
    const me = await createFundedUser({ RUB: 10_000 });
    const pocket = await open(me, {});
    const pockets = await getDb().pocket.count();
    const before = await rows();
    const bad: [unknown, RegExp][] = [
      [{ currency: "RUB", name: "" }, /Название копилки/],
      [{ currency: "RUB", name: "x".repeat(41) }, /Название копилки/],
      [{ currency: "XXX", name: "a" }, /.+/],
      [{ currency: "RUB", name: "a", target: -5 }, /.+/],
      [{ currency: "RUB", name: "a", targetDate: "2026-13-01" }, /Дата цели/],
      [{ currency: "RUB", name: "a", targetDate: day(-3) }, /Дата цели/],
      [{ currency: "RUB", name: "a", locked: true }, /укажите дату цели/],
      [{ currency: "RUB", name: "a", roundUp: 50 }, /Округление/],
    ];
    for (const [body, words] of bad) {
      const res = await call(openRoute, { token: me.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(words);
    }
    for (const amount of [0, -1, 1.5, "10"]) {
      const res = await call(depositRoute, { token: me.token, params: idOf(pocket.id), body: { amount } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[а-я]/);
    }
    expect((await call(depositRoute, { token: me.token, params: { id: "abc" }, body: { amount: 1 } })).status).toBe(400);
    expect(await getDb().pocket.count()).toBe(pockets);
    expect(await rows()).toEqual(before);
  });

  it("lets one pocket per currency take round-ups", async () => {
    const me = await createFundedUser();
    await open(me, { roundUp: 10 });
    const second = await call(openRoute, { token: me.token, body: { currency: "RUB", name: "Ещё", roundUp: 100 } });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("POCKET_ROUND_UP_TAKEN");
    expect((await call(openRoute, { token: me.token, body: { currency: "USD", name: "Ещё", roundUp: 100 } })).status).toBe(201);
  });
});

/** A transfer to `other` that the available balance covers. */
function more(me: Me, other: Me, amount: number) {
  return send(me, other.wallets.RUB, amount, `more-${amount}-${Date.now()}`);
}
