import { historyOf, walletOf, type Caller } from "./oracle-kit";
import type { Person } from "./session";

/**
 * Pockets against the accounts they belong to: what a pocket holds is counted in the account's
 * `pocketed` beside its available `balance`, money moved in or out changes neither's sum, an
 * outgoing transfer's round-up moves exactly the difference to the next 10 units into the pocket
 * (the receiver gets exactly the transfer), once whatever the replays of its Idempotency-Key, and
 * closing brings everything back to the account in one movement.
 */

type Account = { currency: string; balance: number; pocketed?: number };
type Pocket = { id: number; walletId: number; balance: number; status: string };
type Moved = { id: number; kind: string; amount: number; senderWalletId: number; receiverWalletId: number };

const accountOf = async (call: Caller, person: Person, currency: string) =>
  ((await call("GET /api/v1/wallet", person.tokens.access_token, {})).body as Account[]).find((w) => w.currency === currency)!;

/** What rounds `amount` up to the next 10 units (1 000 minor units). */
const roundUpOf = (amount: number) => (amount % 1_000 === 0 ? 0 : 1_000 - (amount % 1_000));

export async function pocketsSumAndRoundUp(call: Caller, owner: Person, other: Person): Promise<string[]> {
  const problems: string[] = [];
  const token = owner.tokens.access_token;
  const rub = walletOf(owner, "RUB").id;
  await call("POST /api/v1/wallet/topup", token, { body: { currency: "RUB", amount: 100_000 } }, 201);
  const start = await accountOf(call, owner, "RUB");
  const total = (a: Account) => a.balance + (a.pocketed ?? 0);
  const pocket = (await call("POST /api/v1/pockets", token, { body: { currency: "RUB", name: "contract round-ups", roundUp: 10 } }, 201)).body as Pocket;
  if (pocket.walletId !== rub || pocket.balance !== 0) problems.push(`a new ruble pocket reads account ${pocket.walletId}, balance ${pocket.balance}; expected ${rub}, 0`);

  const moved = (await call("POST /api/v1/pockets/{id}/deposit", token, { params: { id: pocket.id }, body: { amount: 30_000 } }, 201)).body as Moved;
  const filled = await accountOf(call, owner, "RUB");
  if (filled.balance !== start.balance - 30_000 || filled.pocketed !== (start.pocketed ?? 0) + 30_000) {
    problems.push(`30000 into a pocket: balance ${start.balance} → ${filled.balance}, pocketed ${start.pocketed} → ${filled.pocketed}`);
  }
  if (total(filled) !== total(start)) problems.push(`moving money into a pocket changed the account's total from ${total(start)} to ${total(filled)}`);

  // 123.40 leaves; 6.60 rounds it up to 130.00 into the pocket; a replay of the key moves nothing more.
  const key = `contract-roundup-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const body = { senderWalletId: rub, receiverWalletId: walletOf(other, "RUB").id, amount: 12_340 };
  await call("POST /api/v1/transfers", token, { body, headers: { "Idempotency-Key": key } }, 201);
  await call("POST /api/v1/transfers", token, { body, headers: { "Idempotency-Key": key } }, 201);
  const after = await accountOf(call, owner, "RUB");
  const difference = roundUpOf(12_340);
  if (after.pocketed !== (filled.pocketed ?? 0) + difference) problems.push(`a transfer of 12340 rounded up by ${(after.pocketed ?? 0) - (filled.pocketed ?? 0)} into the pocket, not ${difference}`);
  if (after.balance !== filled.balance - 12_340 - difference) problems.push(`after a transfer of 12340 and its round-up of ${difference} the balance is ${after.balance}, not ${filled.balance - 12_340 - difference}`);
  const roundUps = (await historyOf(call, owner, rub)).filter((m) => m.kind === "pocket" && m.receiverWalletId === pocket.id && m.id > moved.id);
  if (roundUps.length !== 1 || roundUps[0].amount !== difference) problems.push(`the account's history holds ${roundUps.length} round-up movements (${roundUps.map((m) => m.amount).join(", ")}), not one of ${difference}`);

  const closed = (await call("POST /api/v1/pockets/{id}/close", token, { params: { id: pocket.id } }, 200)).body as Pocket;
  const end = await accountOf(call, owner, "RUB");
  if (closed.status !== "closed" || closed.balance !== 0) problems.push(`a closed pocket reads ${closed.status} holding ${closed.balance}`);
  if (end.pocketed !== (start.pocketed ?? 0) || end.balance !== after.balance + 30_000 + difference) {
    problems.push(`closing the pocket: balance ${after.balance} → ${end.balance}, pocketed ${after.pocketed} → ${end.pocketed}; expected all ${30_000 + difference} back`);
  }
  if (total(end) !== total(start) - 12_340) problems.push(`the account's total went from ${total(start)} to ${total(end)} with one transfer of 12340 out`);
  const listed = (await call("GET /api/v1/pockets", token, {})).body as Pocket[];
  if (listed.some((p) => p.id === pocket.id)) problems.push(`the closed pocket ${pocket.id} is still listed`);
  return problems;
}
