import type { Answer, ContractClient } from "./client";

type Wallet = { id: number; currency: string };
/** A signed-in user of the scenario (scripts/contract/scenario.ts). */
export type MoneyPerson = { token: string; wallets: Wallet[] };

export type MoneyContext = {
  api: ContractClient;
  alice: MoneyPerson;
  bob: MoneyPerson;
  /** Unique per run, for idempotency keys. */
  run: string;
  ratesKnown: boolean;
  documents: (method: string, path: string) => boolean;
  section: (name: string, work: () => Promise<void>) => Promise<void>;
};

const field = (answer: Answer, name: string) => (answer.body as Record<string, unknown>)[name];
const expectField = (answer: Answer, name: string, expected: unknown) =>
  JSON.stringify(field(answer, name)) === JSON.stringify(expected)
    ? []
    : [`${name} is ${JSON.stringify(field(answer, name))}, expected ${JSON.stringify(expected)}`];

function walletOf(person: MoneyPerson, currency: string): number {
  const wallet = person.wallets.find((w) => w.currency === currency);
  if (!wallet) throw new Error(`cannot go on: no ${currency} wallet`);
  return wallet.id;
}

/** A transfer's message: kept, trimmed, shown on the receipt; too long or with control characters refused. */
async function messages({ api, alice, bob, documents }: MoneyContext): Promise<void> {
  const move = { senderWalletId: walletOf(alice, "RUB"), receiverWalletId: walletOf(bob, "RUB"), amount: 100 };
  const sent = await api.call({
    name: "a transfer with a message keeps it, trimmed",
    method: "POST",
    path: "/api/v1/transfers",
    token: alice.token,
    body: { ...move, message: "  За обед <b>🍕</b> " },
    expect: 201,
    verify: (answer) => expectField(answer, "message", "За обед <b>🍕</b>"),
  });
  await api.call({
    name: "a transfer without a message has null",
    method: "POST",
    path: "/api/v1/transfers",
    token: alice.token,
    body: move,
    expect: 201,
    verify: (answer) => expectField(answer, "message", null),
  });
  await api.call({ name: "a message of 141 characters", method: "POST", path: "/api/v1/transfers", token: alice.token, body: { ...move, message: "я".repeat(141) }, expect: 400 });
  await api.call({ name: "a message with a line break", method: "POST", path: "/api/v1/transfers", token: alice.token, body: { ...move, message: "a\nb" }, expect: 400 });
  await api.call({ name: "a message that is not text", method: "POST", path: "/api/v1/transfers", token: alice.token, body: { ...move, message: 5 }, expect: 400 });
  const id = sent ? (field(sent, "id") as number) : null;
  if (id !== null && documents("GET", "/api/v1/transfers/{id}")) {
    await api.call({
      name: "the receiver's receipt shows the message",
      method: "GET",
      path: "/api/v1/transfers/{id}",
      params: { id },
      token: bob.token,
      expect: 200,
      verify: (answer) => expectField(answer, "message", "За обед <b>🍕</b>"),
    });
  }
}

/** Exchange between one's own wallets, amount on either side; others' wallets and bad bodies refused. */
async function exchanges({ api, alice, bob, run, ratesKnown }: MoneyContext): Promise<void> {
  const fromWalletId = walletOf(alice, "RUB");
  const toWalletId = walletOf(alice, "USD");
  if (ratesKnown) {
    const key = `contract-exchange-${run}`;
    const first = await api.call({
      name: "10,00 ₽ given for dollars",
      method: "POST",
      path: "/api/v1/exchanges",
      token: alice.token,
      headers: { "idempotency-key": key },
      body: { fromWalletId, toWalletId, amount: 1_000 },
      expect: 201,
      verify: (answer) => expectField(answer, "amount", 1_000),
    });
    await api.call({
      name: "a resent exchange moves no money again",
      method: "POST",
      path: "/api/v1/exchanges",
      token: alice.token,
      headers: { "idempotency-key": key },
      body: { fromWalletId, toWalletId, amount: 1_000 },
      expect: 201,
      verify: (answer) => expectField(answer, "id", first ? field(first, "id") : undefined),
    });
    await api.call({
      name: "0,01 $ got, exactly",
      method: "POST",
      path: "/api/v1/exchanges",
      token: alice.token,
      body: { fromWalletId, toWalletId, receivedAmount: 1 },
      expect: 201,
      verify: (answer) => expectField(answer, "receivedAmount", 1),
    });
  }
  await api.call({ name: "an exchange from another user's wallet", method: "POST", path: "/api/v1/exchanges", token: alice.token, body: { fromWalletId: walletOf(bob, "RUB"), toWalletId, amount: 100 }, expect: 403 });
  await api.call({ name: "an exchange into another user's wallet", method: "POST", path: "/api/v1/exchanges", token: alice.token, body: { fromWalletId, toWalletId: walletOf(bob, "USD"), amount: 100 }, expect: 404 });
  await api.call({ name: "an exchange into the same wallet", method: "POST", path: "/api/v1/exchanges", token: alice.token, body: { fromWalletId, toWalletId: fromWalletId, amount: 100 }, expect: 400 });
  await api.call({ name: "an exchange with both sides' amounts", method: "POST", path: "/api/v1/exchanges", token: alice.token, body: { fromWalletId, toWalletId, amount: 100, receivedAmount: 1 }, expect: 400 });
  await api.call({ name: "an exchange with no amount", method: "POST", path: "/api/v1/exchanges", token: alice.token, body: { fromWalletId, toWalletId }, expect: 400 });
  await api.call({ name: "an exchange of more than the balance", method: "POST", path: "/api/v1/exchanges", token: alice.token, body: { fromWalletId, toWalletId, amount: 9_000_000_000_000 }, expect: ratesKnown ? 422 : 503 });
  await api.call({ name: "an exchange without a token", method: "POST", path: "/api/v1/exchanges", body: { fromWalletId, toWalletId, amount: 100 }, expect: 401 });
}

/** Payment requests: made, read by the link's holder, paid once, cancelled by their requester only. */
async function requests({ api, alice, bob, run }: MoneyContext): Promise<void> {
  const made = await api.call({
    name: "a request for 5,00 ₽ with a message",
    method: "POST",
    path: "/api/v1/requests",
    token: alice.token,
    body: { currency: "RUB", amount: 500, message: "Контракт" },
    expect: 201,
    verify: (answer) => [...expectField(answer, "status", "pending"), ...expectField(answer, "own", true)],
  });
  await api.call({ name: "a request for nothing", method: "POST", path: "/api/v1/requests", token: alice.token, body: { currency: "RUB", amount: 0 }, expect: 400 });
  await api.call({ name: "a request in an unknown currency", method: "POST", path: "/api/v1/requests", token: alice.token, body: { currency: "XXX", amount: 100 }, expect: 400 });
  await api.call({ name: "a request without a token", method: "POST", path: "/api/v1/requests", body: { currency: "RUB", amount: 100 }, expect: 401 });
  await api.call({ name: "one's own requests", method: "GET", path: "/api/v1/requests", token: alice.token, expect: 200 });
  const token = made ? String(field(made, "token")) : null;
  if (!token) throw new Error("cannot go on: no request was made");
  const path = "/api/v1/requests/{token}";
  await api.call({ name: "the link's holder reads the request", method: "GET", path, params: { token }, token: bob.token, expect: 200, verify: (a) => expectField(a, "own", false) });
  await api.call({ name: "an unknown request", method: "GET", path, params: { token: "A".repeat(22) }, token: bob.token, expect: 404 });
  await api.call({ name: "a malformed request token", method: "GET", path, params: { token: "no!" }, token: bob.token, expect: 400 });
  await api.call({ name: "someone else cannot cancel it", method: "POST", path: `${path}/cancel`, params: { token }, token: bob.token, expect: 404 });
  await api.call({ name: "its requester cannot pay it", method: "POST", path: `${path}/pay`, params: { token }, token: alice.token, body: { walletId: walletOf(alice, "RUB") }, expect: 400 });
  await api.call({ name: "paying from someone else's wallet", method: "POST", path: `${path}/pay`, params: { token }, token: bob.token, body: { walletId: walletOf(alice, "RUB") }, expect: 403 });
  await api.call({ name: "paying with a body that is not a wallet", method: "POST", path: `${path}/pay`, params: { token }, token: bob.token, body: { walletId: "x" }, expect: 400 });
  const key = `contract-request-${run}`;
  const paid = await api.call({
    name: "the link's holder pays it",
    method: "POST",
    path: `${path}/pay`,
    params: { token },
    token: bob.token,
    headers: { "idempotency-key": key },
    body: { walletId: walletOf(bob, "RUB") },
    expect: 201,
    verify: (answer) => expectField(answer, "receivedAmount", 500),
  });
  await api.call({
    name: "a resent payment pays nothing again",
    method: "POST",
    path: `${path}/pay`,
    params: { token },
    token: bob.token,
    headers: { "idempotency-key": key },
    body: { walletId: walletOf(bob, "RUB") },
    expect: 201,
    verify: (answer) => expectField(answer, "id", paid ? field(paid, "id") : undefined),
  });
  await api.call({ name: "a paid request is not paid twice", method: "POST", path: `${path}/pay`, params: { token }, token: bob.token, body: { walletId: walletOf(bob, "RUB") }, expect: 409 });
  await api.call({ name: "a paid request cannot be cancelled", method: "POST", path: `${path}/cancel`, params: { token }, token: alice.token, expect: 409 });
  await api.call({ name: "the requester sees it paid", method: "GET", path, params: { token }, token: alice.token, expect: 200, verify: (a) => expectField(a, "status", "paid") });
  const other = await api.call({ name: "a second request", method: "POST", path: "/api/v1/requests", token: alice.token, body: { currency: "RUB", amount: 100 }, expect: 201 });
  const second = other ? String(field(other, "token")) : null;
  if (!second) return;
  await api.call({ name: "its requester cancels it", method: "POST", path: `${path}/cancel`, params: { token: second }, token: alice.token, expect: 200, verify: (a) => expectField(a, "status", "cancelled") });
  await api.call({ name: "a cancelled request cannot be paid", method: "POST", path: `${path}/pay`, params: { token: second }, token: bob.token, body: { walletId: walletOf(bob, "RUB") }, expect: 409 });
}

/**
 * Sharing as a prepared Telegram message: for Telegram users only (the scenario's people signed
 * in by e-mail, so their own request is refused with TELEGRAM_ONLY), and nothing that is not a
 * receipt or a request.
 */
async function preparedShares({ api, alice }: MoneyContext): Promise<void> {
  const path = "/api/v1/share/prepared";
  const made = await api.call({ name: "a request to share", method: "POST", path: "/api/v1/requests", token: alice.token, body: { currency: "RUB", amount: 100 }, expect: 201 });
  const token = made ? String(field(made, "token")) : "A".repeat(22);
  await api.call({ name: "an e-mail user's own request is not sent as a Telegram message", method: "POST", path, token: alice.token, body: { kind: "request", token }, expect: 422, verify: (a) => expectField(a, "code", "TELEGRAM_ONLY") });
  await api.call({ name: "sharing something that is neither a receipt nor a request", method: "POST", path, token: alice.token, body: { kind: "photo" }, expect: 400 });
  await api.call({ name: "sharing without a token", method: "POST", path, body: { kind: "request", token }, expect: 401 });
}

/** The sections about what moves with the money: messages, exchange, payment requests. */
export async function runMoneySections(context: MoneyContext): Promise<void> {
  await context.section("a message with the money", () => messages(context));
  if (context.documents("POST", "/api/v1/exchanges")) await context.section("exchange between own wallets", () => exchanges(context));
  if (context.documents("POST", "/api/v1/requests")) await context.section("payment requests", () => requests(context));
  if (context.documents("POST", "/api/v1/share/prepared")) await context.section("sharing as a Telegram message", () => preparedShares(context));
}
