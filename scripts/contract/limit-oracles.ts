import { balancesOf, walletOf, type Caller } from "./oracle-kit";
import type { Person } from "./session";

/**
 * The customer's own limits and the freeze of transfers (GET/PUT /api/v1/limits,
 * PUT /api/v1/limits/{currency}): parallel sends against a daily limit are accepted exactly as far
 * as it reaches (the rest 422 SPENDING_LIMIT, nothing moved for them); frozen, every way money
 * leaves to someone else — a transfer, paying a request, paying a split's share — is 423
 * TRANSFERS_FROZEN and moves nothing, while an exchange between one's own accounts still works;
 * unfrozen, what is left of the limit can be sent again.
 */

const LIMITS = "GET /api/v1/limits";
const SET_LIMIT = "PUT /api/v1/limits/{currency}";
const FREEZE = "PUT /api/v1/limits";
const PARALLEL = 10;

type Limits = { frozen: boolean; limits: { currency: string; daily: number | null }[] };

export async function limitsHoldAndFreezeRefuses(call: Caller, sender: Person, receiver: Person): Promise<string[]> {
  const problems: string[] = [];
  const token = sender.tokens.access_token;
  const to = walletOf(receiver, "RUB").id;
  const from = walletOf(sender, "RUB").id;
  await call("POST /api/v1/wallet/topup", token, { body: { currency: "RUB", amount: 100_000 } }, 201);
  const set = (await call(SET_LIMIT, token, { params: { currency: "RUB" }, body: { daily: 5_500, monthly: null } })).body as Limits;
  const rub = set.limits.find((l) => l.currency === "RUB");
  if (rub?.daily !== 5_500) problems.push(`a daily limit of 5500 set from none reads ${String(rub?.daily)}: lowering (from no limit) applies at once`);
  const before = await balancesOf(call, receiver);
  const transfer = (amount: number, expect: number | number[]) =>
    call("POST /api/v1/transfers", token, { body: { senderWalletId: from, receiverWalletId: to, amount } }, expect);
  const answers = await Promise.all(Array.from({ length: PARALLEL }, () => transfer(1_000, [201, 422])));
  const made = answers.filter((a) => a.status === 201).length;
  if (made !== 5) problems.push(`${PARALLEL} parallel sends of 1000 against a daily limit of 5500: ${made} accepted, not 5`);
  const wrong = answers.filter((a) => a.status === 422 && (a.body as { code?: string }).code !== "SPENDING_LIMIT");
  if (wrong.length) problems.push(`a send past the limit answered ${(wrong[0].body as { code?: string }).code}, not SPENDING_LIMIT`);
  const arrived = (await balancesOf(call, receiver)).RUB - before.RUB;
  if (arrived !== made * 1_000) problems.push(`${made} sends accepted, but ${arrived} arrived`);

  await call(FREEZE, token, { body: { frozen: true } });
  const request = (await call("POST /api/v1/requests", receiver.tokens.access_token, { body: { currency: "RUB", amount: 100 } }, 201)).body as { token: string };
  const split = (await call("POST /api/v1/splits", receiver.tokens.access_token, {
    body: { title: "Ужин", currency: "RUB", total: 200, mode: "equal", shares: [{ userId: sender.me.id }, { userId: receiver.me.id }] },
  }, 201)).body as { shares: { requestToken: string | null; participant: unknown }[] };
  const share = split.shares[0]?.requestToken;
  const frozenBefore = await balancesOf(call, receiver);
  // One after another: each answer is read before the next is asked (a rejection never waits unheard).
  const refusals: [string, () => Promise<{ status: number; body: unknown }>][] = [
    ["a transfer", () => transfer(100, [201, 423])],
    ["paying a request", () => call("POST /api/v1/requests/{token}/pay", token, { params: { token: request.token }, body: { walletId: from } }, [201, 423])],
  ];
  if (share) refusals.push(["paying a split's share", () => call("POST /api/v1/requests/{token}/pay", token, { params: { token: share }, body: { walletId: from } }, [201, 423])]);
  for (const [what, ask] of refusals) {
    const { status, body } = await ask();
    const code = (body as { code?: string }).code;
    if (status !== 423 || code !== "TRANSFERS_FROZEN") problems.push(`frozen, ${what} answered ${status} ${String(code)}, not 423 TRANSFERS_FROZEN`);
  }
  if (!share) problems.push("the split named the sender's share without a payment request");
  const frozenAfter = await balancesOf(call, receiver);
  if (frozenAfter.RUB !== frozenBefore.RUB) problems.push(`frozen, ${frozenAfter.RUB - frozenBefore.RUB} arrived all the same`);
  const exchange = await call("POST /api/v1/exchanges", token, { body: { fromWalletId: from, toWalletId: walletOf(sender, "USD").id, amount: 1_000 } }, [201, 423]);
  if (exchange.status !== 201) problems.push(`frozen, an exchange between one's own accounts answered ${exchange.status}, not 201`);
  const read = (await call(LIMITS, token, {})).body as Limits;
  if (!read.frozen) problems.push("frozen, GET /api/v1/limits reads frozen: false");

  await call(FREEZE, token, { body: { frozen: false } });
  const again = await transfer(500, [201, 422, 423]);
  if (again.status !== 201) problems.push(`unfrozen, a send of what is left of the limit answered ${again.status}, not 201`);
  return problems;
}
