import type { Answer } from "./client";
import { body, expectEqual, need, pair, wallet, type Person, type Scenario, type Wallet } from "./scenario-kit";

/** An online top-up lands once, replays under its Idempotency-Key, and refuses bad input. */
export async function topUp({ api, alice, run }: Scenario): Promise<void> {
  const a = need<Person>(alice, "no signed-in user");
  const key = `contract-topup-${run}`;
  const topUp = { currency: "RUB", amount: 500_000 };
  const first = body<{ id: number }>(
    await api.call({ name: "5 000,00 ₽ online", method: "POST", path: "/api/v1/wallet/topup", token: a.tokens.access_token, headers: { "idempotency-key": key }, body: topUp, expect: 201 }),
  );
  await api.call({
    name: "the same Idempotency-Key replays the first answer",
    method: "POST",
    path: "/api/v1/wallet/topup",
    token: a.tokens.access_token,
    headers: { "idempotency-key": key },
    body: topUp,
    expect: 201,
    verify: (answer) => expectEqual("replayed id", (answer.body as { id: number }).id, first?.id),
  });
  await api.call({ name: "the same key with another body", method: "POST", path: "/api/v1/wallet/topup", token: a.tokens.access_token, headers: { "idempotency-key": key }, body: { ...topUp, amount: 1 }, expect: 409 });
  await api.call({ name: "an unknown currency", method: "POST", path: "/api/v1/wallet/topup", token: a.tokens.access_token, body: { currency: "XXX", amount: 100 }, expect: 400 });
  await api.call({ name: "a zero amount", method: "POST", path: "/api/v1/wallet/topup", token: a.tokens.access_token, body: { currency: "RUB", amount: 0 }, expect: 400 });
  await api.call({
    name: "the balance shows the top-up once",
    method: "GET",
    path: "/api/v1/wallet",
    token: a.tokens.access_token,
    expect: 200,
    verify: (answer) => expectEqual("RUB balance", (answer.body as Wallet[]).find((w) => w.currency === "RUB")?.balance, 500_000),
  });
}

/** Today's rates and a month of history; notes whether a dollar rate is known for the transfers. */
export async function rates(s: Scenario): Promise<void> {
  const { api } = s;
  const token = need<Person>(s.alice, "no signed-in user").tokens.access_token;
  for (const currency of ["USD", "EUR", "CNY"]) {
    const answer = await api.call({ name: `the ruble price of ${currency}`, method: "GET", path: "/api/v1/rates/{currency}", params: { currency }, token, expect: 200 });
    s.ratesKnown ||= answer !== null && currency === "USD";
  }
  await api.call({ name: "an unknown currency", method: "GET", path: "/api/v1/rates/{currency}", params: { currency: "XYZ" }, token, expect: 404 });
  const to = new Date();
  const from = new Date(to.getTime() - 30 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  await api.call({ name: "30 days of USD", method: "GET", path: "/api/v1/rates/{currency}/history", params: { currency: "USD" }, query: { from: day(from), to: day(to) }, token, expect: 200 });
  await api.call({ name: "a range that ends before it starts", method: "GET", path: "/api/v1/rates/{currency}/history", params: { currency: "USD" }, query: { from: day(to), to: day(from) }, token, expect: 400 });
}

/** Finding another person by each key: found without their e-mail or balances, or not found. */
export async function lookups(s: Scenario): Promise<void> {
  const { api, run, telegramId } = s;
  const { a, b } = pair(s);
  const token = a.tokens.access_token;
  const noEmail = (answer: Answer) => (JSON.stringify(answer.body).includes(b.email) ? ["another user's profile carries their e-mail"] : []);
  await api.call({ name: "another user by id", method: "GET", path: "/api/v1/users/id/{id}", params: { id: b.me.id }, token, expect: 200, verify: noEmail });
  await api.call({ name: "an id nobody has", method: "GET", path: "/api/v1/users/id/{id}", params: { id: 2_000_000_000 }, token, expect: 404 });
  await api.call({ name: "an id that is not a number", method: "GET", path: "/api/v1/users/id/{id}", params: { id: "abc" }, token, expect: 400 });
  await api.call({ name: "another user by e-mail", method: "GET", path: "/api/v1/users/email/{email}", params: { email: b.email }, token, expect: 200, verify: noEmail });
  await api.call({ name: "an e-mail nobody has", method: "GET", path: "/api/v1/users/email/{email}", params: { email: `nobody.${run}@example.com` }, token, expect: 404 });
  if (b.me.username) {
    await api.call({ name: "another user by username", method: "GET", path: "/api/v1/users/username/{username}", params: { username: b.me.username }, token, expect: 200 });
  }
  await api.call({ name: "a username nobody has", method: "GET", path: "/api/v1/users/username/{username}", params: { username: `nobody_${run}` }, token, expect: 404 });
  if (telegramId !== null) {
    await api.call({ name: "a Telegram user by Telegram id", method: "GET", path: "/api/v1/users/telegram/{id}", params: { id: telegramId }, token, expect: 200 });
  }
  await api.call({ name: "a Telegram id nobody has", method: "GET", path: "/api/v1/users/telegram/{id}", params: { id: "1" }, token, expect: 404 });
  await api.call({ name: "another user by account number", method: "GET", path: "/api/v1/users/by-wallet/{number}", params: { number: wallet(b, "RUB").number }, token, expect: 200 });
  await api.call({
    name: "another user's wallets, without balances",
    method: "GET",
    path: "/api/v1/wallets/user/{userId}",
    params: { userId: b.me.id },
    token,
    expect: 200,
    verify: (answer) => ((answer.body as object[]).some((w) => "balance" in w) ? ["balances of another user's wallets are shown"] : []),
  });
}
