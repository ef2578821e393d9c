import { body, expectEqual, pair, wallet, type Person, type Scenario } from "./scenario-kit";

type Move = { senderWalletId: number; receiverWalletId: number; amount: number };
/** What the sending checks leave for the history checks: the move and the transfer it made. */
type Sent = { a: Person; b: Person; token: string; move: Move; sent: { id: number } | null };

/** Money moves once under an Idempotency-Key, across currencies when a rate is known; bad moves are refused. */
async function send(s: Scenario): Promise<Sent> {
  const { api, run, ratesKnown } = s;
  const { a, b } = pair(s);
  const token = a.tokens.access_token;
  const key = `contract-transfer-${run}`;
  const move = { senderWalletId: wallet(a, "RUB").id, receiverWalletId: wallet(b, "RUB").id, amount: 10_000 };
  const sent = body<{ id: number }>(
    await api.call({
      name: "100,00 ₽ to another user",
      method: "POST",
      path: "/api/v1/transfers",
      token,
      headers: { "idempotency-key": key },
      body: move,
      expect: 201,
      verify: (answer) => expectEqual("amounts", [(answer.body as { amount: number }).amount, (answer.body as { receivedAmount: number }).receivedAmount], [10_000, 10_000]),
    }),
  );
  await api.call({
    name: "a resent transfer moves no money again",
    method: "POST",
    path: "/api/v1/transfers",
    token,
    headers: { "idempotency-key": key },
    body: move,
    expect: 201,
    verify: (answer) => expectEqual("replayed id", (answer.body as { id: number }).id, sent?.id),
  });
  if (ratesKnown) {
    await api.call({ name: "rubles to another user's dollars", method: "POST", path: "/api/v1/transfers", token, body: { ...move, receiverWalletId: wallet(b, "USD").id }, expect: 201 });
  }
  await api.call({ name: "more than the balance", method: "POST", path: "/api/v1/transfers", token, body: { ...move, amount: 10_000_000_000 }, expect: 422 });
  await api.call({ name: "to the same wallet", method: "POST", path: "/api/v1/transfers", token, body: { ...move, receiverWalletId: move.senderWalletId }, expect: 400 });
  await api.call({ name: "from another user's wallet", method: "POST", path: "/api/v1/transfers", token, body: { ...move, senderWalletId: wallet(b, "RUB").id, receiverWalletId: wallet(a, "USD").id }, expect: 403 });
  await api.call({ name: "a negative amount", method: "POST", path: "/api/v1/transfers", token, body: { ...move, amount: -5 }, expect: 400 });
  return { a, b, token, move, sent };
}

/** The sender's history holds the transfer and pages by cursor; another user's history is refused. */
async function history({ api }: Scenario, { b, token, move, sent }: Sent): Promise<void> {
  await api.call({
    name: "own history holds the transfer",
    method: "GET",
    path: "/api/v1/transfers/wallet/{walletId}",
    params: { walletId: move.senderWalletId },
    token,
    expect: 200,
    verify: (answer) => {
      const row = (answer.body as { id: number; kind?: unknown }[]).find((t) => t.id === sent?.id);
      return row ? expectEqual("kind", row.kind, "transfer") : ["the transfer is not in the history"];
    },
  });
  await api.call({
    name: "a page of one has a next cursor",
    method: "GET",
    path: "/api/v1/transfers/wallet/{walletId}",
    params: { walletId: move.senderWalletId },
    query: { limit: 1 },
    token,
    expect: 200,
    verify: (answer) => (answer.headers.get("x-next-cursor") ? [] : ["no x-next-cursor header on a page of one"]),
  });
  await api.call({ name: "another user's history", method: "GET", path: "/api/v1/transfers/wallet/{walletId}", params: { walletId: wallet(b, "RUB").id }, token, expect: 403 });
}

/** Where the document has them: both sides' receipts, the recent recipients; then the counterparty. */
async function receipts({ api, options }: Scenario, { b, token, move, sent }: Sent): Promise<void> {
  if (sent && options.documents("GET", "/api/v1/transfers/{id}")) {
    await api.call({
      name: "the sender's receipt",
      method: "GET",
      path: "/api/v1/transfers/{id}",
      params: { id: sent.id },
      token,
      expect: 200,
      verify: (answer) => [
        ...expectEqual("receipt amount", (answer.body as { amount?: unknown }).amount, move.amount),
        ...expectEqual("receipt kind", (answer.body as { kind?: unknown }).kind, "transfer"),
      ],
    });
    await api.call({
      name: "the receiver's receipt",
      method: "GET",
      path: "/api/v1/transfers/{id}",
      params: { id: sent.id },
      token: b.tokens.access_token,
      expect: 200,
      verify: (answer) => expectEqual("receipt kind", (answer.body as { kind?: unknown }).kind, "transfer"),
    });
    await api.call({ name: "a receipt nobody has", method: "GET", path: "/api/v1/transfers/{id}", params: { id: 2_000_000_000 }, token, expect: 404 });
  }
  if (options.documents("GET", "/api/v1/transfers/recipients")) {
    await api.call({
      name: "the last person paid leads the recent recipients",
      method: "GET",
      path: "/api/v1/transfers/recipients",
      token,
      expect: 200,
      verify: (answer) => expectEqual("first recipient", (answer.body as { userId?: unknown }[])[0]?.userId, b.me.id),
    });
  }
  await api.call({ name: "the counterparty of a transfer", method: "GET", path: "/api/v1/transfers/username/{walletId}", params: { walletId: move.receiverWalletId }, token, expect: 200 });
}

/** The section "transfers and history": sending, then the history and receipts of what was sent. */
export async function transfers(s: Scenario): Promise<void> {
  const sent = await send(s);
  await history(s, sent);
  await receipts(s, sent);
}
