import { BANK } from "./knowledge";
import { balancesOf, historyOf, walletOf, type Caller } from "./oracle-kit";
import type { Person } from "./session";

/**
 * What a refusal must not leave behind, and what a spent resource must not allow: a refused create
 * leaves no trace (no row in any history, no request in the list, no balance changed); a paid or
 * cancelled payment request is refused by every operation that would use it again, and nothing
 * moves.
 */

type Snapshot = { balances: string; histories: string; requests: string };

async function snapshot(call: Caller, people: Person[]): Promise<Snapshot> {
  const balances: unknown[] = [];
  const histories: unknown[] = [];
  for (const person of people) {
    balances.push(await balancesOf(call, person));
    for (const wallet of person.wallets) histories.push((await historyOf(call, person, wallet.id)).map((r) => r.id));
  }
  const requests = ((await call("GET /api/v1/requests", people[0].tokens.access_token, {})).body as { token: string; status: string }[]).map((r) => `${r.token} ${r.status}`);
  return { balances: JSON.stringify(balances), histories: JSON.stringify(histories), requests: JSON.stringify(requests) };
}

function compare(before: Snapshot, after: Snapshot, what: string): string[] {
  const problems: string[] = [];
  if (before.balances !== after.balances) problems.push(`${what} changed a balance: ${before.balances} → ${after.balances}`);
  if (before.histories !== after.histories) problems.push(`${what} left a row in a history: ${before.histories} → ${after.histories}`);
  if (before.requests !== after.requests) problems.push(`${what} changed the requester's list: ${before.requests} → ${after.requests}`);
  return problems;
}

/** Refused creates of every kind (each answered its documented refusal), then nothing anywhere has changed. */
export async function refusalsLeaveNoTrace(call: Caller, alice: Person, bob: Person): Promise<string[]> {
  const token = alice.tokens.access_token;
  const own = (await call("POST /api/v1/requests", token, { body: { currency: "RUB", amount: 700 } }, 201)).body as { token: string };
  const dear = (await call("POST /api/v1/requests", bob.tokens.access_token, { body: { currency: "RUB", amount: 9_000_000_000_000 } }, 201)).body as { token: string };
  const [rub, usd] = [walletOf(alice, "RUB").id, walletOf(alice, "USD").id];
  const before = await snapshot(call, [alice, bob]);
  const balance = JSON.parse(before.balances)[0].RUB as number;
  const refused: [string, Parameters<Caller>[2], number][] = [
    [BANK.transfer, { body: { senderWalletId: rub, receiverWalletId: walletOf(bob, "RUB").id, amount: balance + 1 } }, 422],
    [BANK.transfer, { body: { senderWalletId: rub, receiverWalletId: rub, amount: 100 } }, 400],
    [BANK.transfer, { body: { senderWalletId: walletOf(bob, "RUB").id, receiverWalletId: usd, amount: 100 } }, 403],
    ["POST /api/v1/exchanges", { body: { fromWalletId: rub, toWalletId: usd, amount: balance + 1 } }, 422],
    ["POST /api/v1/exchanges", { body: { fromWalletId: rub, toWalletId: walletOf(bob, "USD").id, amount: 150 } }, 404],
    ["POST /api/v1/requests", { body: { currency: "RUB", amount: 0 } }, 400],
    [BANK.topUp, { body: { currency: "RUB", amount: 0 } }, 400],
    ["POST /api/v1/requests/{token}/pay", { params: { token: own.token }, body: { walletId: rub } }, 400],
    ["POST /api/v1/requests/{token}/pay", { params: { token: dear.token }, body: { walletId: rub } }, 422],
  ];
  for (const [operation, rest, status] of refused) await call(operation, token, rest, status);
  return compare(before, await snapshot(call, [alice, bob]), "a refused create");
}

/** A paid request cannot be paid or cancelled again, a cancelled one cannot be paid; each reads as it is; nothing moves. */
export async function spentRequests(call: Caller, alice: Person, bob: Person): Promise<string[]> {
  const [mine, theirs] = [alice.tokens.access_token, bob.tokens.access_token];
  const path = "/api/v1/requests/{token}";
  const paid = (await call("POST /api/v1/requests", mine, { body: { currency: "RUB", amount: 300 } }, 201)).body as { token: string };
  await call(`POST ${path}/pay`, theirs, { params: { token: paid.token }, body: { walletId: walletOf(bob, "RUB").id } }, 201);
  const cancelled = (await call("POST /api/v1/requests", mine, { body: { currency: "RUB", amount: 400 } }, 201)).body as { token: string };
  await call(`POST ${path}/cancel`, mine, { params: { token: cancelled.token } });
  const before = await snapshot(call, [alice, bob]);
  const problems: string[] = [];
  const refusal = async (operation: string, token: string, request: string, body: unknown, code: string) => {
    const answer = await call(operation, token, { params: { token: request }, body }, 409);
    const got = (answer.body as { code?: string }).code;
    if (got !== code) problems.push(`${operation} of a spent request answered 409 ${got}, not ${code}`);
  };
  await refusal(`POST ${path}/pay`, theirs, paid.token, { walletId: walletOf(bob, "RUB").id }, "REQUEST_PAID");
  await refusal(`POST ${path}/pay`, theirs, paid.token, { walletId: walletOf(bob, "USD").id }, "REQUEST_PAID");
  await refusal(`POST ${path}/cancel`, mine, paid.token, undefined, "REQUEST_PAID");
  await refusal(`POST ${path}/pay`, theirs, cancelled.token, { walletId: walletOf(bob, "RUB").id }, "REQUEST_CANCELLED");
  for (const [request, status] of [
    [paid.token, "paid"],
    [cancelled.token, "cancelled"],
  ]) {
    const read = (await call(`GET ${path}`, theirs, { params: { token: request } })).body as { status: string };
    if (read.status !== status) problems.push(`a ${status} request reads as ${read.status}`);
  }
  return [...problems, ...compare(before, await snapshot(call, [alice, bob]), "using a spent request")];
}
