import { POST as payRoute } from "@/app/api/v1/requests/[token]/pay/route";
import { GET as getRequestRoute } from "@/app/api/v1/requests/[token]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/v1/splits/route";
import { GET as getRoute } from "@/app/api/v1/splits/[token]/route";
import { POST as cancelRoute } from "@/app/api/v1/splits/[token]/cancel/route";
import { POST as declineRoute } from "@/app/api/v1/splits/[token]/decline/route";
import { POST as joinRoute } from "@/app/api/v1/splits/[token]/join/route";
import { POST as remindRoute } from "@/app/api/v1/splits/[token]/remind/route";
import { POST as settleRoute } from "@/app/api/v1/splits/[token]/shares/[position]/settle/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { getDb } from "@/lib/server/db";
import type { Channel } from "@/lib/server/notifications/claim";
import { claimDue } from "@/lib/server/notifications/store-claim";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { convert, formatMoney } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";
import { DICTIONARIES } from "@/lib/shared/i18n";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

const { ru, en } = DICTIONARIES;

afterEach(() => checkInvariants());

type Person = Awaited<ReturnType<typeof createFundedUser>>;
type Share = { position: number; amount: number; status: string; requestToken: string | null; mine: boolean; participant: { name: string } | null };

const create = (who: Person, body: unknown, key?: string) =>
  call(createRoute, { token: who.token, body, headers: key ? { "idempotency-key": key } : undefined });
const read = (who: Person, token: string) => call(getRoute, { token: who.token, params: { token } });
const post = (route: typeof joinRoute, who: Person, params: Record<string, string>) => call(route, { method: "POST", token: who.token, params });
const pay = (who: Person, token: string, walletId: number) => call(payRoute, { token: who.token, params: { token }, body: { walletId } });

/** `from` sends `to` a kopeck: from then on they have dealt with each other, both ways. */
async function acquaint(from: Person, to: Person) {
  const res = await call(transferRoute, { token: from.token, body: { senderWalletId: from.wallets.RUB, receiverWalletId: to.wallets.RUB, amount: 1 } });
  expect(res.status).toBe(201);
}

/** A split of `total` RUB among `people`, named by username (and `open` shares for the link), equally. */
async function splitAmong(organiser: Person, people: Person[], total: number, open = 0, title = "Ужин") {
  const shares = [...people.map((p) => ({ username: p.user.username! })), ...Array.from({ length: open }, () => ({ userId: null }))];
  const res = await create(organiser, { title, currency: "RUB", total, mode: "equal", shares });
  expect(res.status).toBe(201);
  return res.body as { token: string; shares: Share[]; progress: Record<string, number>; status: string };
}

const split0 = (split: { shares: Share[] }) => split.shares[0];

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

describe("splitting a bill", () => {
  let alice: Person;
  let bob: Person;
  let carol: Person;
  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([createFundedUser({ RUB: 1_000_000 }), createFundedUser({ RUB: 1_000_000 }), createFundedUser({ RUB: 1_000_000 })]);
    // Alice names Bob and Carol by user id: she has paid them before.
    await acquaint(alice, bob);
    await acquaint(carol, alice);
  });

  it("shares always sum to the total: equal parts differ by at most a kopeck, the remainder to the first shares", async () => {
    const next = random(20_261_126);
    for (let round = 0; round < 25; round++) {
      const count = 1 + next(20);
      const total = count + next(1_000_000_000);
      const people = [bob, carol].slice(0, Math.min(count, 2));
      const split = await splitAmong(alice, people, total, count - people.length);
      const amounts = split.shares.map((s) => s.amount);
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
      expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
      // Each share is a payment request of exactly its amount, with the title as its message.
      const tokens = split.shares.map((s) => s.requestToken!);
      const requests = await getDb().paymentRequest.findMany({ where: { token: { in: tokens } } });
      const byToken = new Map(requests.map((r) => [r.token, r]));
      for (const share of split.shares) {
        expect(byToken.get(share.requestToken!)).toMatchObject({ amount: BigInt(share.amount), currency: "RUB", message: "Ужин", status: "pending", requesterId: alice.user.id });
      }
    }
    const one = split0(await splitAmong(alice, [bob], 500));
    const request = await call(getRequestRoute, { token: bob.token, params: { token: one.requestToken! } });
    expect(request.body).toMatchObject({ amount: 500, currency: "RUB", message: "Ужин", status: "pending", own: false });
  }, 120_000);

  it("by amounts: accepted when they sum to the total, refused in Russian otherwise with nothing made", async () => {
    const next = random(7);
    for (let round = 0; round < 15; round++) {
      const count = 1 + next(6);
      const amounts = Array.from({ length: count }, () => 1 + next(100_000));
      const total = amounts.reduce((a, b) => a + b, 0);
      const shares = amounts.map((amount, i) => ({ userId: i === 0 ? bob.user.id : null, amount }));
      const ok = await create(alice, { title: "Такси", currency: "RUB", total, mode: "amounts", shares });
      expect(ok.status).toBe(201);
      expect(ok.body.shares.map((s: Share) => s.amount)).toEqual(amounts);
      const before = await getDb().paymentRequest.count();
      const off = await create(alice, { title: "Такси", currency: "RUB", total: total + 1 + next(5), mode: "amounts", shares });
      expect(off.status).toBe(400);
      expect(off.body.message).toBe(ru.splits.errors.sumMismatch);
      expect(await getDb().paymentRequest.count()).toBe(before);
    }
  }, 60_000);

  it("refuses bad input with a clear Russian message and changes nothing", async () => {
    const before = [await getDb().split.count(), await getDb().paymentRequest.count()];
    const cases: [unknown, number, string?][] = [
      [{ title: "", currency: "RUB", total: 100, mode: "equal", shares: [{ userId: bob.user.id }] }, 400, ru.splits.errors.titleRequired],
      [{ title: "x", currency: "RUB", total: 100, mode: "equal", shares: [] }, 400, ru.splits.errors.noShares],
      [{ title: "x", currency: "RUB", total: 100, mode: "equal", shares: Array.from({ length: 21 }, () => ({ userId: null })) }, 400, ru.splits.errors.tooMany],
      [{ title: "x", currency: "RUB", total: 2, mode: "equal", shares: [{ userId: null }, { userId: null }, { userId: null }] }, 400, ru.splits.errors.tooSmall],
      [{ title: "x", currency: "RUB", total: 100, mode: "equal", shares: [{ userId: bob.user.id }, { userId: bob.user.id }] }, 400, ru.splits.errors.duplicate],
      [{ title: "x", currency: "RUB", total: 100, mode: "equal", shares: [{ userId: alice.user.id }] }, 400, ru.splits.errors.noShares],
      [{ title: "x", currency: "RUB", total: 100, mode: "equal", shares: [{ userId: bob.user.id, amount: 100 }] }, 400, ru.splits.errors.amountsInEqual],
      [{ title: "x", currency: "RUB", total: 100, mode: "amounts", shares: [{ userId: bob.user.id }] }, 400, ru.splits.errors.amountMissing],
      [{ title: "x", currency: "XXX", total: 100, mode: "equal", shares: [{ userId: null }] }, 400],
      [{ title: "x", currency: "RUB", total: 1.5, mode: "equal", shares: [{ userId: null }] }, 400],
      [{ title: "x", currency: "RUB", total: 100, mode: "equal", shares: [{ userId: 2_000_000_000 }] }, 404],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(alice, body);
      expect([res.status, res.body.code]).toEqual([status, status === 404 ? "USER_NOT_FOUND" : "VALIDATION_ERROR"]);
      expect(res.body.message).toMatch(/[а-я]/i);
      if (message) expect(res.body.message).toBe(message);
    }
    expect([await getDb().split.count(), await getDb().paymentRequest.count()]).toEqual(before);
  });

  it("each participant's request pays exactly their share; progress follows; the organiser's own part is settled", async () => {
    const dave = await createFundedUser({ RUB: 10_000 });
    await acquaint(dave, bob);
    await acquaint(dave, carol);
    const res = await create(dave, { title: "Пицца", currency: "RUB", total: 1_001, mode: "equal", shares: [{ userId: dave.user.id }, { userId: bob.user.id }, { userId: carol.user.id }] });
    expect(res.status).toBe(201);
    const split = res.body;
    expect(split.shares.map((s: Share) => [s.amount, s.status])).toEqual([[334, "settled"], [334, "pending"], [333, "pending"]]);
    expect(split.progress).toMatchObject({ count: 3, paid: 0, settled: 1, pending: 2, collected: 334 });

    // Bob sees who else owes what, and only his own request's token.
    const seen = (await read(bob, split.token)).body;
    expect(seen.own).toBe(false);
    expect(seen.shares.map((s: Share) => [s.mine, s.amount, s.requestToken !== null])).toEqual([[false, 334, false], [true, 334, true], [false, 333, false]]);

    const before = await balanceOf(dave.wallets.RUB);
    const paid = await pay(bob, seen.shares[1].requestToken, bob.wallets.RUB);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amount: 334, receivedAmount: 334, receivedCurrency: "RUB", channel: "split" });
    expect(await balanceOf(dave.wallets.RUB)).toBe(before + 334);
    const after = (await read(dave, split.token)).body;
    expect(after.shares[1].status).toBe("paid");
    expect(after.progress).toMatchObject({ paid: 1, settled: 1, pending: 1, collected: 668 });
    // Paying it twice is the request's own refusal.
    expect((await pay(bob, seen.shares[1].requestToken, bob.wallets.RUB)).body.code).toBe("REQUEST_PAID");
  });

  it("a participant may pay from another currency: the split's currency arrives exactly", async () => {
    await setRate("USD", 925_123);
    const erin = await createFundedUser({ USD: 100_000 });
    const split = await splitAmong(alice, [erin], 12_345);
    const token = (await read(erin, split.token)).body.shares[0].requestToken;
    const paid = await pay(erin, token, erin.wallets.USD);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ currency: "USD", receivedAmount: 12_345, receivedCurrency: "RUB" });
    expect(convert(BigInt(paid.body.amount), 925_123n, 10_000n)).toBeGreaterThanOrEqual(12_345n);
    expect((await read(alice, split.token)).body.progress.paid).toBe(1);
  });

  it("someone not a participant cannot see it; the organiser's actions are the organiser's alone", async () => {
    const mallory = await createFundedUser();
    const split = await splitAmong(alice, [bob], 1_000);
    expect((await read(mallory, split.token)).status).toBe(404);
    expect((await read(mallory, "A".repeat(22))).status).toBe(404);
    expect((await read(mallory, "bad token!")).status).toBe(400);
    expect((await post(joinRoute, mallory, { token: split.token })).status).toBe(404);
    for (const route of [remindRoute, cancelRoute]) {
      expect((await post(route, bob, { token: split.token })).status).toBe(404);
      expect((await post(route, mallory, { token: split.token })).status).toBe(404);
    }
    expect((await post(settleRoute, bob, { token: split.token, position: "0" })).status).toBe(404);
    expect((await call(listRoute, { token: mallory.token })).body).toEqual([]);
    const listed = (await call(listRoute, { token: bob.token })).body.map((s: { token: string }) => s.token);
    expect(listed).toContain(split.token);
  });

  it("shared as a link: people join one open share each, then it is full", async () => {
    const frank = await createFundedUser({ RUB: 10_000 });
    const split = await splitAmong(alice, [], 900, 2);
    const glimpse = await read(frank, split.token);
    expect(glimpse.status).toBe(200);
    expect(glimpse.body).toMatchObject({ joinable: true, shares: [] });
    const joined = await post(joinRoute, frank, { token: split.token });
    expect(joined.status).toBe(200);
    const mine = joined.body.shares.find((s: Share) => s.mine);
    expect(mine).toMatchObject({ amount: 450, status: "pending" });
    // Joining again keeps the one share.
    const again = await post(joinRoute, frank, { token: split.token });
    expect(again.body.shares.filter((s: Share) => s.mine)).toHaveLength(1);
    expect((await post(joinRoute, bob, { token: split.token })).status).toBe(200);
    expect((await post(joinRoute, carol, { token: split.token })).status).toBe(404);
    expect((await post(joinRoute, alice, { token: split.token })).status).toBe(400);
    expect((await pay(frank, mine.requestToken, frank.wallets.RUB)).status).toBe(201);
  });

  it("one share per person: joins by one user all at once take exactly one share, and the others stay open", async () => {
    const [heidi, ivan] = await Promise.all([createFundedUser(), createFundedUser()]);
    const split = await splitAmong(alice, [], 900, 3);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(joinRoute, heidi, { token: split.token })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    for (const answer of answers) expect(answer.body.shares.filter((s: Share) => s.mine)).toHaveLength(1);
    const shares = await getDb().splitShare.findMany({ where: { splitId: (await getDb().split.findUniqueOrThrow({ where: { token: split.token } })).id } });
    expect(shares.filter((s) => s.participantId === heidi.user.id)).toHaveLength(1);
    expect(shares.filter((s) => s.participantId === null)).toHaveLength(2);
    // Someone else still finds a share; the database itself refuses a second share for one person.
    expect((await post(joinRoute, ivan, { token: split.token })).status).toBe(200);
    const open = shares.findLast((s) => s.participantId === null)!;
    await expect(getDb().splitShare.update({ where: { id: open.id }, data: { participantId: heidi.user.id } })).rejects.toThrow();
  });

  it("names by user id only someone the organiser has dealt with; anyone else by username, a counted lookup", async () => {
    const [oscar, peggy, quentin] = await Promise.all([createFundedUser({ RUB: 10_000 }), createFundedUser({ RUB: 10_000 }), createFundedUser()]);
    const splitsOf = async (who: Person) => (await call(listRoute, { token: who.token })).body as unknown[];
    const before = [await getDb().split.count(), await getDb().paymentRequest.count()];
    // A stranger's id, and an id nobody has: the same refusal, nothing made, nothing told to anyone.
    for (const userId of [peggy.user.id, 2_000_000_000]) {
      const res = await create(oscar, { title: "Ужин", currency: "RUB", total: 1_000, mode: "equal", shares: [{ userId }] });
      expect([res.status, res.body]).toEqual([404, { code: "USER_NOT_FOUND", message: ru.splits.errors.stranger }]);
    }
    expect([await getDb().split.count(), await getDb().paymentRequest.count()]).toEqual(before);
    expect(await splitsOf(peggy)).toEqual([]);
    // Once money moved between them — either way — the id will do.
    await acquaint(peggy, oscar);
    expect((await create(oscar, { title: "Ужин", currency: "RUB", total: 1_000, mode: "equal", shares: [{ userId: peggy.user.id }] })).status).toBe(201);

    // By username: each one is a lookup, counted before anything about them is told.
    const lookups = async () => (await getDb().lookupCounter.findUnique({ where: { userId: oscar.user.id } }))?.current ?? 0;
    const counted = await lookups();
    const named = await create(oscar, { title: "Кино", currency: "RUB", total: 1_000, mode: "equal", shares: [{ username: `@${quentin.user.username}` }, { username: "nobody_by_this_name" }] });
    expect(named.body.code).toBe("USER_NOT_FOUND");
    expect(await lookups()).toBe(counted + 2);
    expect((await create(oscar, { title: "Кино", currency: "RUB", total: 1_000, mode: "equal", shares: [{ username: quentin.user.username! }] })).status).toBe(201);
    expect(await lookups()).toBe(counted + 3);
    // The lookup limit spent: naming by username is refused too, and nothing is made.
    process.env.LOOKUP_LIMIT_PER_USER = String(counted + 3);
    resetEnvForTests();
    try {
      const made = await getDb().paymentRequest.count({ where: { requesterId: oscar.user.id } });
      const spent = await create(oscar, { title: "Кино", currency: "RUB", total: 1_000, mode: "equal", shares: [{ username: quentin.user.username! }] });
      expect([spent.status, spent.body.code]).toEqual([429, "RATE_LIMITED"]);
      expect(await getDb().paymentRequest.count({ where: { requesterId: oscar.user.id } })).toBe(made);
    } finally {
      delete process.env.LOOKUP_LIMIT_PER_USER;
      resetEnvForTests();
    }
    // Neither way, or both: a clear refusal.
    for (const share of [{}, { userId: peggy.user.id, username: quentin.user.username }]) {
      const res = await create(oscar, { title: "Кино", currency: "RUB", total: 1_000, mode: "equal", shares: [share] });
      expect([res.status, res.body.message]).toEqual([400, ru.splits.errors.shareWho]);
    }
  });

  it("a split's title obeys the rule for people's words in the bank's messages", async () => {
    const before = [await getDb().split.count(), await getDb().paymentRequest.count()];
    for (const title of ["Minibank: https://evil.example", "Служба поддержки банка", "Позвоните 8 (999) 123-45-67", "Пришлите код из СМС"]) {
      const res = await create(alice, { title, currency: "RUB", total: 1_000, mode: "equal", shares: [{ userId: bob.user.id }] });
      expect([res.status, res.body]).toEqual([400, { code: "VALIDATION_ERROR", message: ru.splits.errors.titleNotAllowed }]);
    }
    expect([await getDb().split.count(), await getDb().paymentRequest.count()]).toEqual(before);
    expect((await create(alice, { title: "Ужин в пятницу", currency: "RUB", total: 1_000, mode: "equal", shares: [{ userId: bob.user.id }] })).status).toBe(201);
  });

  it("one person is told at most 3 reminders a day, whoever the organisers", async () => {
    const victim = await createFundedUser();
    const organisers = await Promise.all(Array.from({ length: 5 }, () => createFundedUser({ RUB: 10_000 })));
    const splits = [];
    for (const organiser of organisers) {
      await acquaint(organiser, victim);
      splits.push(await splitAmong(organiser, [victim], 1_000));
    }
    const reminders = () => getDb().notification.count({ where: { userId: victim.user.id, transferId: null } });
    for (const [i, organiser] of organisers.entries()) expect((await post(remindRoute, organiser, { token: splits[i].token })).status).toBe(200);
    expect(await reminders()).toBe(3);
    // Each organiser still sees their share marked reminded.
    expect((await read(organisers[4], splits[4].token)).body.shares[0].remindedAt).not.toBeNull();
    // Two days on, a reminder reaches them again.
    await getDb().reminderCounter.update({ where: { userId: victim.user.id }, data: { windowStart: new Date(Date.now() - 3 * 86_400_000) } });
    await getDb().split.update({ where: { token: splits[0].token }, data: { lastRemindedAt: new Date(Date.now() - 86_400_000) } });
    expect((await post(remindRoute, organisers[0], { token: splits[0].token })).status).toBe(200);
    expect(await reminders()).toBe(4);
  });

  it("reminds once a day, enforced by the server", async () => {
    const split = await splitAmong(alice, [bob, carol], 1_000);
    const first = await post(remindRoute, alice, { token: split.token });
    expect(first.status).toBe(200);
    expect(first.body.lastRemindedAt).not.toBeNull();
    expect(first.body.shares.every((s: Share & { remindedAt: string | null }) => s.remindedAt !== null)).toBe(true);
    const second = await post(remindRoute, alice, { token: split.token });
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ code: "RATE_LIMITED", message: ru.splits.errors.remindedToday });
    // 23 hours later still too soon; 24 hours later allowed again.
    const at = (hours: number) => getDb().split.update({ where: { token: split.token }, data: { lastRemindedAt: new Date(Date.now() - hours * 3_600_000) } });
    await at(23);
    expect((await post(remindRoute, alice, { token: split.token })).status).toBe(429);
    await at(24);
    expect((await post(remindRoute, alice, { token: split.token })).status).toBe(200);
  });

  it("a reminder reaches each pending participant through the outbox, in their language, once", async () => {
    const dave = await createFundedUser();
    await getDb().user.update({ where: { id: carol.user.id }, data: { language: "en" } });
    const split = await splitAmong(alice, [bob, carol, dave], 900);
    await getDb().user.update({ where: { id: dave.user.id }, data: { notification: false } });
    const reminders = () =>
      getDb().notification.findMany({ where: { transferId: null, userId: { in: [alice.user.id, bob.user.id, carol.user.id, dave.user.id] } }, orderBy: { userId: "asc" } });
    const before = await reminders();
    await getDb().notification.updateMany({ data: { status: "sent" } }); // what came before is told
    expect((await post(remindRoute, alice, { token: split.token })).status).toBe(200);
    expect((await post(remindRoute, alice, { token: split.token })).status).toBe(429);
    const sent = (await reminders()).filter((n) => !before.some((b) => b.id === n.id));
    // Due at once: the outbox's worker claims them.
    const claimed: number[] = [];
    for (const channel of new Set(sent.map((n) => n.channel as Channel))) {
      for (let claim = await claimDue(channel, new Date(), 100); claim.messages.length > 0; claim = await claimDue(channel, new Date(), 100))
        claimed.push(...claim.messages.flatMap((m) => m.rows.map((r) => r.id)));
    }
    expect(claimed).toEqual(expect.arrayContaining(sent.map((n) => n.id)));
    const share = formatMoney(BigInt(split0(split).amount), "RUB", "ru");
    const byUser = (a: [number, string], b: [number, string]) => a[0] - b[0];
    expect(sent.map((n): [number, string] => [n.userId, n.text]).sort(byUser)).toEqual(
      ([
        [bob.user.id, fill(ru.splits.reminder, { amount: share })],
        [carol.user.id, fill(en.splits.reminder, { amount: formatMoney(BigInt(split0(split).amount), "RUB", "en") })],
      ] as [number, string][]).sort(byUser),
    );
  });

  it("cancel the rest: pending requests are cancelled, paid shares stay paid", async () => {
    const split = await splitAmong(alice, [bob, carol], 1_000);
    const bobsToken = split.shares[0].requestToken!;
    expect((await pay(bob, bobsToken, bob.wallets.RUB)).status).toBe(201);
    const cancelled = await post(cancelRoute, alice, { token: split.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect(cancelled.body.shares.map((s: Share) => s.status)).toEqual(["paid", "declined"]);
    const carols = await call(getRequestRoute, { token: carol.token, params: { token: split.shares[1].requestToken! } });
    expect(carols.body.status).toBe("cancelled");
    expect((await pay(carol, split.shares[1].requestToken!, carol.wallets.RUB)).body.code).toBe("REQUEST_CANCELLED");
    expect((await post(remindRoute, alice, { token: split.token })).status).toBe(409);
    expect((await post(cancelRoute, alice, { token: split.token })).status).toBe(200);
  });

  it("settle outside the app: the share counts, its request can no longer be paid; a paid share cannot be settled", async () => {
    const split = await splitAmong(alice, [bob, carol], 1_000);
    const settled = await post(settleRoute, alice, { token: split.token, position: "1" });
    expect(settled.status).toBe(200);
    expect(settled.body.shares[1].status).toBe("settled");
    expect(settled.body.progress).toMatchObject({ settled: 1, pending: 1, collected: 500 });
    expect((await pay(carol, split.shares[1].requestToken!, carol.wallets.RUB)).body.code).toBe("REQUEST_CANCELLED");
    expect((await pay(bob, split.shares[0].requestToken!, bob.wallets.RUB)).status).toBe(201);
    expect((await post(settleRoute, alice, { token: split.token, position: "0" })).body.code).toBe("REQUEST_PAID");
    expect((await post(settleRoute, alice, { token: split.token, position: "7" })).status).toBe(404);
    expect((await post(settleRoute, alice, { token: split.token, position: "x" })).status).toBe(400);
  });

  it("a stranger named by username declines their share at first sight: its request is cancelled, nobody reminds them, the rest goes on", async () => {
    const stranger = await createFundedUser({ RUB: 100_000 });
    const split = await splitAmong(alice, [stranger, bob], 1_000);
    const bystander = await createFundedUser();
    // Only the share's own participant may decline: the organiser, a stranger to the split, an unknown split are 404.
    expect((await post(declineRoute, alice, { token: split.token })).status).toBe(404);
    expect((await post(declineRoute, bystander, { token: split.token })).status).toBe(404);
    expect((await post(declineRoute, stranger, { token: "x".repeat(8) })).status).toBe(400);
    expect((await read(stranger, split.token)).body.shares[0].status).toBe("pending");
    const declined = await post(declineRoute, stranger, { token: split.token });
    expect(declined.status).toBe(200);
    expect(declined.body.shares.map((s: Share) => s.status)).toEqual(["declined", "pending"]);
    expect(declined.body.progress).toMatchObject({ declined: 1, pending: 1, collected: 0 });
    // Its request can no longer be paid, and no money moved.
    expect((await pay(stranger, split.shares[0].requestToken!, stranger.wallets.RUB)).body.code).toBe("REQUEST_CANCELLED");
    expect(await balanceOf(stranger.wallets.RUB)).toBe(100_000);
    // Declining again changes nothing; the organiser sees it declined.
    expect((await post(declineRoute, stranger, { token: split.token })).body.shares[0].status).toBe("declined");
    expect((await read(alice, split.token)).body.shares[0].status).toBe("declined");
    // A reminder passes the declined share by: only Bob is reminded and told.
    const told = () => getDb().notification.count({ where: { transferId: null, userId: stranger.user.id } });
    const before = await told();
    const reminded = await post(remindRoute, alice, { token: split.token });
    expect(reminded.status).toBe(200);
    expect(reminded.body.shares.map((s: Share & { remindedAt: string | null }) => s.remindedAt !== null)).toEqual([false, true]);
    expect(await told()).toBe(before);
    // A paid share cannot be declined.
    expect((await pay(bob, split.shares[1].requestToken!, bob.wallets.RUB)).status).toBe(201);
    expect((await post(declineRoute, bob, { token: split.token })).body.code).toBe("REQUEST_PAID");
  });

  it("honours Idempotency-Key: the same key answers the same split without new requests", async () => {
    const body = { title: "Кино", currency: "RUB", total: 700, mode: "equal", shares: [{ userId: bob.user.id }] };
    const first = await create(alice, body, "split-key-1");
    const before = await getDb().paymentRequest.count();
    const again = await create(alice, body, "split-key-1");
    expect(again.status).toBe(201);
    expect(again.body.token).toBe(first.body.token);
    expect(await getDb().paymentRequest.count()).toBe(before);
    const other = await create(alice, { ...body, total: 800 }, "split-key-1");
    expect(other.body.code).toBe("IDEMPOTENCY_MISMATCH");
  });

  it("counts each share against the requests' own limit: refused midway, no split and nothing left payable", async () => {
    const grace = await createFundedUser();
    process.env.PAYMENT_REQUEST_LIMIT_PER_USER = "2";
    resetEnvForTests();
    try {
      const res = await create(grace, { title: "Поход", currency: "RUB", total: 900, mode: "equal", shares: [{ userId: null }, { userId: null }, { userId: null }] });
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/[а-я]/i);
      expect(await getDb().split.count({ where: { organiserId: grace.user.id } })).toBe(0);
      const made = await getDb().paymentRequest.findMany({ where: { requesterId: grace.user.id } });
      expect(made.map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    } finally {
      delete process.env.PAYMENT_REQUEST_LIMIT_PER_USER;
      resetEnvForTests();
    }
  });
});
