import { within, type Caller } from "./oracle-kit";
import type { Person } from "./session";
import { byName, codeOf, funded, moved, newSplit, payShare, readSplit, requestStatus, shareAt, SPLIT, stateOf, type Split, type SplitParty } from "./split-oracles";

/**
 * What only a split's organiser may do, from outside: remind once per 24 hours, mark a share
 * settled outside the app, cancel the rest; and what only a participant may: decline their share. Each is checked by the shares' statuses and progress,
 * the payment requests behind them, the money that moved (none, but for the payments made), and
 * the refusals the document names; anyone but the organiser gets 404.
 */

const as = (person: Person) => person.tokens.access_token;

/**
 * Reminding: the first reminder records when on every pending share (its participant sees it)
 * and on the split, not on paid or settled shares; a second within 24 hours is 429 RATE_LIMITED
 * and changes nothing; a participant cannot remind (404).
 */
export async function splitRemindedOncePerDay(call: Caller, { organiser, payer, other }: SplitParty, skewMs: number): Promise<string[]> {
  await funded(call, payer);
  const made = await newSplit(call, organiser, 1_000, "equal", [{ userId: organiser.me.id }, byName(payer), byName(other)]);
  const params = { token: made.token };
  const problems: string[] = [];
  const paidToken = shareAt(made, 1)?.requestToken;
  if (!paidToken) return ["the payer's share has no request to pay"];
  await payShare(call, payer, paidToken);
  if (made.lastRemindedAt !== null) problems.push(`a new split was last reminded at ${made.lastRemindedAt}`);
  await call(SPLIT.remind, as(payer), { params }, 404);
  const first = await call(SPLIT.remind, as(organiser), { params });
  const reminded = first.body as Split;
  if (!reminded.lastRemindedAt || !within(reminded.lastRemindedAt, first, skewMs)) problems.push(`a reminder's lastRemindedAt is ${reminded.lastRemindedAt}, not the time of the request`);
  const pending = shareAt(reminded, 2);
  if (!pending?.remindedAt || !within(pending.remindedAt, first, skewMs)) problems.push(`the pending share 2 reads reminded at ${pending?.remindedAt}, not the time of the reminder`);
  for (const position of [0, 1]) {
    const share = shareAt(reminded, position);
    if (share?.remindedAt !== null) problems.push(`the ${share?.status} share ${position} reads reminded at ${share?.remindedAt}: only pending shares are reminded`);
  }
  const seen = shareAt(await readSplit(call, other, made.token), 2);
  if (seen?.remindedAt !== pending?.remindedAt) problems.push(`the reminded participant sees their share reminded at ${seen?.remindedAt}, the organiser ${pending?.remindedAt}`);
  const second = await call(SPLIT.remind, as(organiser), { params }, 429);
  if (codeOf(second.body) !== "RATE_LIMITED") problems.push(`a second reminder the same day answered 429 ${codeOf(second.body)}, not RATE_LIMITED`);
  const after = await readSplit(call, organiser, made.token);
  if (after.lastRemindedAt !== reminded.lastRemindedAt || shareAt(after, 2)?.remindedAt !== pending?.remindedAt) {
    problems.push(`a refused second reminder moved the reminder from ${reminded.lastRemindedAt} to ${after.lastRemindedAt} (share 2: ${shareAt(after, 2)?.remindedAt})`);
  }
  return problems;
}

/**
 * Settling a share outside the app: it reads settled and counts as collected, its request is
 * cancelled (paying it is 409 REQUEST_CANCELLED) and no money moves; settling it again changes
 * nothing; a share paid in the app is 409 REQUEST_PAID and stays paid; an unknown position and
 * anyone but the organiser get 404.
 */
export async function shareSettledOutsideTheApp(call: Caller, { organiser, payer, other }: SplitParty): Promise<string[]> {
  await funded(call, payer, other);
  const made = await newSplit(call, organiser, 1_000, "amounts", [{ userId: organiser.me.id, amount: 100 }, { ...byName(payer), amount: 500 }, { ...byName(other), amount: 400 }]);
  const settle = (person: Person, position: number, expect = 200) => call(SPLIT.settle, as(person), { params: { token: made.token, position } }, expect);
  const [payerToken, otherToken] = [shareAt(made, 1)?.requestToken, shareAt(made, 2)?.requestToken];
  if (!payerToken || !otherToken) return ["a participant's share has no request"];
  const problems: string[] = [];
  await settle(payer, 1, 404);
  let settled = made;
  const still = await moved(call, payer, organiser, async () => {
    settled = (await settle(organiser, 1)).body as Split;
    const refused = await payShare(call, payer, payerToken, 409);
    if (codeOf(refused.body) !== "REQUEST_CANCELLED") problems.push(`paying a settled share's request answered 409 ${codeOf(refused.body)}, not REQUEST_CANCELLED`);
  });
  if (still.paid !== 0 || still.received !== 0) problems.push(`settling a share outside the app moved money: ${still.paid} left the participant, ${still.received} reached the organiser`);
  const expected = "open; 0:settled, 1:settled, 2:pending";
  if (!stateOf(settled).startsWith(expected) || settled.progress.settled !== 2 || settled.progress.collected !== 600) problems.push(`after settling share 1 the split reads ${stateOf(settled)}, not ${expected} with 600 collected`);
  const request = await requestStatus(call, organiser, payerToken);
  if (request !== "cancelled") problems.push(`a settled share's request reads ${request}, not cancelled`);
  const again = (await settle(organiser, 1)).body as Split;
  if (stateOf(again) !== stateOf(settled)) problems.push(`settling share 1 again changed the split: ${stateOf(settled)} became ${stateOf(again)}`);
  await payShare(call, other, otherToken);
  const paid = await settle(organiser, 2, 409);
  if (codeOf(paid.body) !== "REQUEST_PAID") problems.push(`settling a share paid in the app answered 409 ${codeOf(paid.body)}, not REQUEST_PAID`);
  const after = await readSplit(call, organiser, made.token);
  if (shareAt(after, 2)?.status !== "paid" || after.progress.collected !== 1_000) problems.push(`a paid share refused settling reads ${shareAt(after, 2)?.status}, collected ${after.progress.collected} (not paid, 1000)`);
  await settle(organiser, 3, 404);
  return problems;
}

/**
 * Cancelling the rest: the split reads cancelled, paid shares stay paid, pending ones are declined
 * and their requests cancelled (paying one is 409 and moves nothing); nobody can join any more;
 * cancelling again changes nothing; a cancelled split cannot be reminded (409 SPLIT_CLOSED);
 * anyone but the organiser gets 404.
 */
export async function splitCancelledRest(call: Caller, { organiser, payer, other, outsider }: SplitParty): Promise<string[]> {
  await funded(call, payer, other);
  const made = await newSplit(call, organiser, 900, "equal", [byName(payer), byName(other), { userId: null }]);
  const params = { token: made.token };
  const [paidToken, pendingToken, openToken] = [0, 1, 2].map((position) => shareAt(made, position)?.requestToken);
  if (!paidToken || !pendingToken) return ["a participant's share has no request"];
  const problems: string[] = [];
  await payShare(call, payer, paidToken);
  await call(SPLIT.cancel, as(payer), { params }, 404);
  let cancelled = made;
  const still = await moved(call, other, organiser, async () => {
    cancelled = (await call(SPLIT.cancel, as(organiser), { params })).body as Split;
    const refused = await payShare(call, other, pendingToken, 409);
    if (codeOf(refused.body) !== "REQUEST_CANCELLED") problems.push(`paying a cancelled split's share answered 409 ${codeOf(refused.body)}, not REQUEST_CANCELLED`);
  });
  if (still.paid !== 0 || still.received !== 0) problems.push(`cancelling the rest moved money: ${still.paid} left a participant, ${still.received} reached the organiser`);
  const expected = "cancelled; 0:paid, 1:declined, 2:declined";
  const { progress } = cancelled;
  if (!stateOf(cancelled).startsWith(expected) || progress.paid !== 1 || progress.declined !== 2 || progress.pending !== 0 || progress.collected !== 300 || cancelled.joinable) {
    problems.push(`after cancelling the rest the split reads ${stateOf(cancelled)}, joinable ${cancelled.joinable}; not ${expected} with 300 collected`);
  }
  for (const token of [pendingToken, openToken]) {
    const status = await requestStatus(call, organiser, token);
    if (status !== "cancelled") problems.push(`a pending share's request reads ${status} after the split was cancelled`);
  }
  if ((await requestStatus(call, organiser, paidToken)) !== "paid") problems.push("a paid share's request no longer reads paid after the split was cancelled");
  // A cancelled split has no open share: the link shows it to nobody (404), or joining says it is closed (409).
  await call(SPLIT.join, as(outsider), { params }, [404, 409]);
  const again = (await call(SPLIT.cancel, as(organiser), { params })).body as Split;
  if (stateOf(again) !== stateOf(cancelled)) problems.push(`cancelling again changed the split: ${stateOf(cancelled)} became ${stateOf(again)}`);
  const closed = await call(SPLIT.remind, as(organiser), { params }, 409);
  if (codeOf(closed.body) !== "SPLIT_CLOSED") problems.push(`reminding a cancelled split answered 409 ${codeOf(closed.body)}, not SPLIT_CLOSED`);
  return problems;
}

/**
 * Declining one's share: only its participant may (the organiser and an outsider get 404); it
 * reads declined, its request is cancelled (paying it is 409 REQUEST_CANCELLED) and no money moves;
 * declining again changes nothing; the organiser's reminder passes it by; a paid share is 409
 * REQUEST_PAID and stays paid.
 */
export async function shareDeclined(call: Caller, { organiser, payer, other, outsider }: SplitParty): Promise<string[]> {
  await funded(call, payer, other);
  const made = await newSplit(call, organiser, 600, "equal", [byName(payer), byName(other)]);
  const params = { token: made.token };
  const [declinedToken, paidToken] = [0, 1].map((position) => shareAt(made, position)?.requestToken);
  if (!declinedToken || !paidToken) return ["a participant's share has no request"];
  const problems: string[] = [];
  await call(SPLIT.decline, as(organiser), { params }, 404);
  await call(SPLIT.decline, as(outsider), { params }, 404);
  let declined = made;
  const still = await moved(call, payer, organiser, async () => {
    declined = (await call(SPLIT.decline, as(payer), { params })).body as Split;
    const refused = await payShare(call, payer, declinedToken, 409);
    if (codeOf(refused.body) !== "REQUEST_CANCELLED") problems.push(`paying a declined share's request answered 409 ${codeOf(refused.body)}, not REQUEST_CANCELLED`);
  });
  if (still.paid !== 0 || still.received !== 0) problems.push(`declining a share moved money: ${still.paid} left the participant, ${still.received} reached the organiser`);
  const expected = "open; 0:declined, 1:pending";
  if (!stateOf(declined).startsWith(expected) || declined.progress.declined !== 1 || declined.progress.collected !== 0) problems.push(`after a participant declined share 0 the split reads ${stateOf(declined)}, not ${expected} with nothing collected`);
  if ((await requestStatus(call, organiser, declinedToken)) !== "cancelled") problems.push("a declined share's request does not read cancelled");
  const again = (await call(SPLIT.decline, as(payer), { params })).body as Split;
  if (stateOf(again) !== stateOf(declined)) problems.push(`declining again changed the split: ${stateOf(declined)} became ${stateOf(again)}`);
  const reminded = (await call(SPLIT.remind, as(organiser), { params })).body as Split;
  if (shareAt(reminded, 0)?.remindedAt !== null || !shareAt(reminded, 1)?.remindedAt) {
    problems.push(`a reminder marked the declined share at ${shareAt(reminded, 0)?.remindedAt} and the pending one at ${shareAt(reminded, 1)?.remindedAt}: only the pending one is reminded`);
  }
  await payShare(call, other, paidToken);
  const paid = await call(SPLIT.decline, as(other), { params }, 409);
  if (codeOf(paid.body) !== "REQUEST_PAID") problems.push(`declining a paid share answered 409 ${codeOf(paid.body)}, not REQUEST_PAID`);
  return problems;
}
