import { balancesOf, walletOf, type Caller } from "./oracle-kit";
import type { Person } from "./session";

/**
 * Split bills against what they are documented to do: a created split's shares against its total,
 * their payment requests and the money a paid share moves (here); joining one from its link, and
 * the organiser's reminder, settling a share outside the app and cancelling the rest
 * (scripts/contract/split-action-oracles.ts), each with the shares' statuses, the money that moved
 * or did not, and the refusals the document names.
 */

export type Share = { position: number; amount: number; status: string; requestToken: string | null; mine: boolean; participant: { name: string } | null; remindedAt: string | null };
export type Progress = { count: number; paid: number; settled: number; pending: number; declined: number; collected: number };
export type Split = { token: string; total: number; currency: string; mode: string; status: string; own: boolean; joinable: boolean; lastRemindedAt: string | null; shares: Share[]; progress: Progress };
type Asked = { amount: number; currency: string; status: string };

/** The split operations, by what they do. */
export const SPLIT = {
  create: "POST /api/v1/splits",
  list: "GET /api/v1/splits",
  read: "GET /api/v1/splits/{token}",
  join: "POST /api/v1/splits/{token}/join",
  remind: "POST /api/v1/splits/{token}/remind",
  cancel: "POST /api/v1/splits/{token}/cancel",
  decline: "POST /api/v1/splits/{token}/decline",
  settle: "POST /api/v1/splits/{token}/shares/{position}/settle",
  request: "GET /api/v1/requests/{token}",
  pay: "POST /api/v1/requests/{token}/pay",
} as const;

/** Who the split oracles need: an organiser, two who owe, and someone with no part in it. */
export type SplitParty = { organiser: Person; payer: Person; other: Person; outsider: Person };

type ShareAsked = ({ userId: number | null } | { username: string }) & { amount?: number };

/** A person named on a split by username: the organiser need not have dealt with them (a counted lookup). */
export const byName = (person: Person) => ({ username: person.me.username ?? "" });

/** A new split of the organiser's, in rubles. */
export async function newSplit(call: Caller, organiser: Person, total: number, mode: "equal" | "amounts", shares: ShareAsked[]): Promise<Split> {
  return (await call(SPLIT.create, organiser.tokens.access_token, { body: { title: "contract split", currency: "RUB", total, mode, shares } }, 201)).body as Split;
}

/** A split as `person` reads it. */
export async function readSplit(call: Caller, person: Person, token: string): Promise<Split> {
  return (await call(SPLIT.read, person.tokens.access_token, { params: { token } })).body as Split;
}

export const shareAt = (split: Split, position: number) => split.shares.find((s) => s.position === position);
export const codeOf = (body: unknown) => (body as { code?: string } | null)?.code;
/** Shares as `position:status`, and the progress: what a repeated action must leave as it was. */
export const stateOf = (split: Split) => `${split.status}; ${split.shares.map((s) => `${s.position}:${s.status}`).join(", ")}; ${JSON.stringify(split.progress)}`;

/** The status a payment request reads, as anyone holding it reads it. */
export async function requestStatus(call: Caller, person: Person, token: string | null | undefined): Promise<string> {
  if (!token) return "(no request)";
  return ((await call(SPLIT.request, person.tokens.access_token, { params: { token } })).body as Asked).status;
}

/** Rubles that left the payer and reached the organiser while `act` ran. */
export async function moved(call: Caller, payer: Person, organiser: Person, act: () => Promise<unknown>): Promise<{ paid: number; received: number }> {
  const [payerBefore, organiserBefore] = [await balancesOf(call, payer), await balancesOf(call, organiser)];
  await act();
  const [payerAfter, organiserAfter] = [await balancesOf(call, payer), await balancesOf(call, organiser)];
  return { paid: payerBefore.RUB - payerAfter.RUB, received: organiserAfter.RUB - organiserBefore.RUB };
}

/** Pays a share's request from the payer's ruble wallet, answering `expect` (201 when it is payable). */
export function payShare(call: Caller, payer: Person, requestToken: string, expect = 201) {
  return call(SPLIT.pay, payer.tokens.access_token, { params: { token: requestToken }, body: { walletId: walletOf(payer, "RUB").id } }, expect);
}

/** Rubles enough for every share a split oracle pays. */
export async function funded(call: Caller, ...people: Person[]): Promise<void> {
  for (const person of people) await call("POST /api/v1/wallet/topup", person.tokens.access_token, { body: { currency: "RUB", amount: 10_000 } }, 201);
}

/** A created split's shares sum to its total; each share's request asks exactly that share, in the split's currency. */
async function sharesAndRequests(call: Caller, organiser: Person, split: Split, label: string, given?: number[]): Promise<string[]> {
  const problems: string[] = [];
  const sum = split.shares.reduce((n, s) => n + s.amount, 0);
  if (sum !== split.total) problems.push(`${label}: shares ${split.shares.map((s) => s.amount).join(" + ")} = ${sum}, the total is ${split.total}`);
  if (given && split.shares.map((s) => s.amount).join() !== given.join()) problems.push(`${label}: shares ${split.shares.map((s) => s.amount).join(", ")}, asked for ${given.join(", ")}`);
  if (!given && Math.max(...split.shares.map((s) => s.amount)) - Math.min(...split.shares.map((s) => s.amount)) > 1) problems.push(`${label}: equal shares differ by more than one minor unit: ${split.shares.map((s) => s.amount).join(", ")}`);
  for (const share of split.shares.filter((s) => !s.mine)) {
    if (!share.requestToken) {
      problems.push(`${label}: share ${share.position} has no payment request for its organiser`);
      continue;
    }
    const asked = (await call(SPLIT.request, organiser.tokens.access_token, { params: { token: share.requestToken } })).body as Asked;
    if (asked.amount !== share.amount || asked.currency !== split.currency) problems.push(`${label}: share ${share.position} of ${share.amount} ${split.currency} is asked as ${asked.amount} ${asked.currency}`);
  }
  return problems;
}

/**
 * Splits equally and by amounts: shares sum exactly to the total, each participant's payment
 * request asks exactly their share; paying a share moves exactly that amount to the organiser; a
 * split by amounts that do not sum to the total is refused (400) and none is listed.
 */
export async function splitsAddUp(call: Caller, organiser: Person, payer: Person): Promise<string[]> {
  const token = organiser.tokens.access_token;
  const body = (mode: string, total: number, shares: ShareAsked[]) => ({ body: { title: "contract split", currency: "RUB", total, mode, shares } });
  const equal = (await call(SPLIT.create, token, body("equal", 1_001, [byName(payer), { userId: organiser.me.id }, { userId: null }]), 201)).body as Split;
  const problems = await sharesAndRequests(call, organiser, equal, "an equal split of 1001 in 3");
  const amounts = [600, 1, 400];
  const byAmounts = (await call(SPLIT.create, token, body("amounts", 1_001, [{ ...byName(payer), amount: 600 }, { userId: organiser.me.id, amount: 1 }, { userId: null, amount: 400 }]), 201)).body as Split;
  problems.push(...(await sharesAndRequests(call, organiser, byAmounts, "a split of 1001 by amounts 600, 1, 400", amounts)));
  const listed = ((await call(SPLIT.list, token, {})).body as Split[]).length;
  await call(SPLIT.create, token, body("amounts", 1_001, [{ ...byName(payer), amount: 600 }, { userId: null, amount: 400 }]), 400);
  const after = ((await call(SPLIT.list, token, {})).body as Split[]).length;
  if (after !== listed) problems.push(`a split by amounts that do not sum to its total was refused, yet the list went from ${listed} to ${after}`);
  const share = equal.shares.find((s) => s.position === 0);
  if (!share?.requestToken) return [...problems, "the payer's share of the equal split has no request to pay"];
  await call("POST /api/v1/wallet/topup", payer.tokens.access_token, { body: { currency: "RUB", amount: 100_000 } }, 201);
  const [payerBefore, organiserBefore] = [await balancesOf(call, payer), await balancesOf(call, organiser)];
  await call("POST /api/v1/requests/{token}/pay", payer.tokens.access_token, { params: { token: share.requestToken }, body: { walletId: walletOf(payer, "RUB").id } }, 201);
  const [payerAfter, organiserAfter] = [await balancesOf(call, payer), await balancesOf(call, organiser)];
  if (payerBefore.RUB - payerAfter.RUB !== share.amount || organiserAfter.RUB - organiserBefore.RUB !== share.amount) {
    problems.push(`paying a share of ${share.amount} RUB took ${payerBefore.RUB - payerAfter.RUB} from the payer and gave ${organiserAfter.RUB - organiserBefore.RUB} to the organiser`);
  }
  const read = (await call(SPLIT.read, token, { params: { token: equal.token } })).body as Split;
  const paid = read.shares.find((s) => s.position === share.position);
  if (paid?.status !== "paid") problems.push(`the paid share ${share.position} reads as ${paid?.status}`);
  return problems;
}


const shareText = (share: Share | undefined) => (share ? `position ${share.position}, ${share.amount}, ${share.status}, ${share.requestToken ? "with" : "without"} its request` : "no share");

/**
 * Joining from the link: a link holder sees the split without its shares; joining takes the first
 * open share (its request is then the joiner's, asking exactly that share), joining again changes
 * nothing, the organiser cannot join (400); once every share is taken someone else can neither
 * see nor join it (404); paying the joined share moves exactly that share to the organiser.
 */
export async function splitJoinedByLink(call: Caller, { organiser, payer, other, outsider }: SplitParty): Promise<string[]> {
  await funded(call, payer);
  const made = await newSplit(call, organiser, 900, "amounts", [{ userId: organiser.me.id, amount: 300 }, { userId: null, amount: 200 }, { userId: null, amount: 400 }]);
  const params = { token: made.token };
  const join = (person: Person, expect = 200) => call(SPLIT.join, person.tokens.access_token, { params }, expect);
  const problems: string[] = [];
  const seen = await readSplit(call, payer, made.token);
  if (seen.shares.length || !seen.joinable || seen.own) problems.push(`before joining, a link holder sees ${seen.shares.length} shares, joinable ${seen.joinable}, own ${seen.own}`);
  await join(organiser, 400);
  const joined = (await join(payer)).body as Split;
  const taken = joined.shares.filter((s) => s.mine);
  if (taken.length !== 1 || taken[0].position !== 1 || taken[0].amount !== 200 || taken[0].status !== "pending" || !taken[0].requestToken) {
    problems.push(`joining gave the joiner ${taken.map(shareText).join("; ") || "no share"}, not the first open share (position 1, 200, pending, with its request)`);
  }
  const again = (await join(payer)).body as Split;
  if (again.shares.filter((s) => s.mine).map((s) => s.position).join() !== "1" || shareAt(again, 2)?.participant !== null) {
    problems.push(`joining again changed the split: the joiner holds ${again.shares.filter((s) => s.mine).map(shareText).join("; ")}, share 2 is ${shareAt(again, 2)?.participant ? "taken" : "open"}`);
  }
  const second = ((await join(other)).body as Split).shares.filter((s) => s.mine);
  if (second.map((s) => s.position).join() !== "2") problems.push(`a second joiner got ${second.map(shareText).join("; ") || "no share"}, not the last open share (position 2)`);
  await call(SPLIT.read, outsider.tokens.access_token, { params }, 404);
  await join(outsider, 404);
  const token = taken[0]?.requestToken;
  if (!token) return problems;
  const asked = (await call(SPLIT.request, payer.tokens.access_token, { params: { token } })).body as Asked;
  if (asked.amount !== 200 || asked.currency !== "RUB" || asked.status !== "pending") problems.push(`the joined share's request asks ${asked.amount} ${asked.currency} (${asked.status}), not 200 RUB (pending)`);
  const money = await moved(call, payer, organiser, () => payShare(call, payer, token));
  if (money.paid !== 200 || money.received !== 200) problems.push(`paying the joined share of 200 took ${money.paid} from the joiner and gave ${money.received} to the organiser`);
  const after = await readSplit(call, organiser, made.token);
  if (shareAt(after, 1)?.status !== "paid" || after.progress.collected !== 500) problems.push(`the paid joined share reads ${shareAt(after, 1)?.status}, collected ${after.progress.collected} (not paid, 500)`);
  return problems;
}
