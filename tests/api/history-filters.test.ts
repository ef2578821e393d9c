// A wallet's history searched and filtered: each filter, filters together, paging through a
// filtered history, and a bad filter refused (400, nothing changed).
import { POST as exchangeRoute } from "@/app/api/v1/exchanges/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { GET as historyRoute } from "@/app/api/v1/transfers/wallet/[walletId]/route";
import { getDb } from "@/lib/server/db";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

afterEach(() => checkInvariants());

type Row = { id: number; kind: string; amount: number; message: string | null };

const history = (token: string, walletId: number, query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return call(historyRoute, {
    token,
    path: `/api/v1/transfers/wallet/${walletId}${search ? `?${search}` : ""}`,
    params: { walletId: String(walletId) },
  });
};

type Person = Awaited<ReturnType<typeof createFundedUser>>;
let alice: Person;
let bob: Person;
let carol: Person;
const ids: Record<string, number> = {};

async function send(from: Person, to: Person, amount: number, message?: string): Promise<number> {
  const res = await call(transferRoute, {
    token: from.token,
    body: { senderWalletId: from.wallets.RUB, receiverWalletId: to.wallets.RUB, amount, ...(message ? { message } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  await setRate("USD", 90);
  alice = await createFundedUser({ RUB: 1_000_000 });
  bob = await createFundedUser({ RUB: 100_000 });
  carol = await createFundedUser({ RUB: 100_000 });
  await getDb().user.update({ where: { id: bob.user.id }, data: { username: "bobby_search", telegramFirstName: "Борис" } });
  await getDb().user.update({ where: { id: carol.user.id }, data: { username: "carol_search", telegramFirstName: "Carol" } });
  ids.topup = (await history(alice.token, alice.wallets.RUB)).body[0].id;
  ids.lunch = await send(alice, bob, 50_000, "За обед");
  ids.coffee = await send(bob, alice, 1_250, "Кофе");
  ids.taxi = await send(alice, carol, 700, "Такси, скидка 100%");
  const exchanged = await call(exchangeRoute, { token: alice.token, body: { fromWalletId: alice.wallets.RUB, toWalletId: alice.wallets.USD, amount: 9_000 } });
  expect(exchanged.status).toBe(201);
  ids.exchange = exchanged.body.id;
  // Two of them on other Moscow days: 23:59 on 10 March and 00:30 on 11 March (UTC+3).
  await getDb().transfer.update({ where: { id: ids.lunch }, data: { createdAt: new Date("2025-03-10T20:59:00Z") } });
  await getDb().transfer.update({ where: { id: ids.taxi }, data: { createdAt: new Date("2025-03-10T21:30:00Z") } });
});

async function found(query: Record<string, string>): Promise<number[]> {
  const res = await history(alice.token, alice.wallets.RUB, query);
  expect(res.status).toBe(200);
  return (res.body as Row[]).map((row) => row.id);
}

describe("GET /api/v1/transfers/wallet/{walletId} with search and filters", () => {
  it("finds the counterparty's name in any case, their @handle, the message, and an amount in either notation", async () => {
    expect(await found({ q: "борис" })).toEqual([ids.coffee, ids.lunch]);
    expect(await found({ q: "БОРИС" })).toEqual([ids.coffee, ids.lunch]);
    expect(await found({ q: "@BOBBY_s" })).toEqual([ids.coffee, ids.lunch]);
    expect(await found({ q: "carol" })).toEqual([ids.taxi]);
    expect(await found({ q: "обед" })).toEqual([ids.lunch]);
    expect(await found({ q: "  ТАКСИ " })).toEqual([ids.taxi]);
    expect(await found({ q: "500" })).toEqual([ids.lunch]);
    expect(await found({ q: "500,00" })).toEqual([ids.lunch]);
    expect(await found({ q: "12,50" })).toEqual([ids.coffee]);
    expect(await found({ q: "12.5" })).toEqual([ids.coffee]);
    // The other side's amount (90 RUB bought 1 USD, 100 minor units), and a "1" in a message.
    expect(await found({ q: "1" })).toEqual([ids.exchange, ids.taxi]);
    // LIKE's wildcards are plain characters.
    expect(await found({ q: "100%" })).toEqual([ids.taxi]);
    expect(await found({ q: "%" })).toEqual([ids.taxi]);
    expect(await found({ q: "b_bby" })).toEqual([]);
    expect(await found({ q: "нет такого" })).toEqual([]);
  });

  it("filters by kind, direction, the other side's currency and a period of Moscow days", async () => {
    expect(await found({ kind: "exchange" })).toEqual([ids.exchange]);
    expect(await found({ kind: "topup" })).toEqual([ids.topup]);
    expect(await found({ kind: "transfer" })).toEqual([ids.taxi, ids.coffee, ids.lunch]);
    expect(await found({ kind: "request" })).toEqual([]);
    expect(await found({ direction: "in" })).toEqual([ids.coffee, ids.topup]);
    expect(await found({ direction: "out" })).toEqual([ids.exchange, ids.taxi, ids.lunch]);
    expect(await found({ currency: "USD" })).toEqual([ids.exchange]);
    expect(await found({ currency: "RUB" })).toEqual([ids.taxi, ids.coffee, ids.lunch, ids.topup]);
    expect(await found({ from: "2025-03-10", to: "2025-03-10" })).toEqual([ids.lunch]);
    expect(await found({ from: "2025-03-11", to: "2025-03-11" })).toEqual([ids.taxi]);
    expect(await found({ to: "2025-03-11" })).toEqual([ids.taxi, ids.lunch]);
    expect(await found({ from: "2025-03-12" })).toEqual([ids.exchange, ids.coffee, ids.topup]);
    // The USD wallet: the exchange came in, from a RUB wallet.
    const usd = await history(alice.token, alice.wallets.USD, { currency: "RUB", direction: "in" });
    expect((usd.body as Row[]).map((row) => row.id)).toEqual([ids.exchange]);
  });

  it("applies every filter given, together", async () => {
    expect(await found({ q: "борис", direction: "out" })).toEqual([ids.lunch]);
    expect(await found({ q: "борис", direction: "in", kind: "transfer" })).toEqual([ids.coffee]);
    expect(await found({ kind: "transfer", to: "2025-03-10" })).toEqual([ids.lunch]);
    expect(await found({ q: "500", direction: "in" })).toEqual([]);
    expect(await found({ currency: "USD", kind: "transfer" })).toEqual([]);
  });

  it("pages through a filtered history with limit and cursor, neither skipping nor repeating", async () => {
    const dan = await createFundedUser({ RUB: 100_000 });
    const erin = await createFundedUser({ RUB: 100_000 });
    const expected: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      expected.push(await send(dan, erin, 100 + i, `страница ${i}`));
      await send(erin, dan, 100 + i, "мимо");
      if (i % 3 === 0) expected.push(await send(erin, dan, 200 + i, `Страница ${i} обратно`));
    }
    expected.reverse();
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await history(dan.token, dan.wallets.RUB, { q: "страница", limit: "5", ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...(res.body as Row[]).map((row) => row.id));
      cursor = res.headers.get("x-next-cursor");
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 5));
  });

  it("answers 400 with its words for a bad filter, and changes nothing", async () => {
    const before = await found({});
    const bad: [Record<string, string>, string][] = [
      [{ kind: "gift" }, "Неизвестный фильтр истории"],
      [{ direction: "sideways" }, "Неизвестный фильтр истории"],
      [{ currency: "XYZ" }, "Неизвестная валюта"],
      [{ from: "2025-02-30" }, "Некорректный период дат"],
      [{ to: "11.03.2025" }, "Некорректный период дат"],
      [{ from: "2025-03-12", to: "2025-03-11" }, "Некорректный период дат"],
      [{ q: "я".repeat(101) }, "Строка поиска должна быть не длиннее 100 символов"],
    ];
    for (const [query, message] of bad) {
      const res = await history(alice.token, alice.wallets.RUB, query);
      expect([query, res.status, res.body]).toEqual([query, 400, { code: "VALIDATION_ERROR", message }]);
    }
    expect(await found({})).toEqual(before);
    expect(await found({ q: "я".repeat(100) })).toEqual([]);
  });

  it("keeps another user's wallet closed whatever the filters", async () => {
    const res = await history(bob.token, alice.wallets.RUB, { q: "борис" });
    expect(res.status).toBe(403);
  });
});
