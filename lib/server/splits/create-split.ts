import "server-only";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { requestHash } from "@/lib/server/ledger/idempotency";
import { AppError } from "@/lib/server/platform/errors";
import { createRequest, newRequestToken } from "@/lib/server/requests/create-request";
import { cancelRequest } from "@/lib/server/requests/read-requests";
import { toSplitDto } from "@/lib/server/splits/dto";
import { insertSplit, splitByKey, splitByToken, type NewSplit } from "@/lib/server/splits/store";
import { dealtWithPeople } from "@/lib/server/splits/store-shares";
import { findUser } from "@/lib/server/users/find-user";
import { quotable } from "@/lib/server/users/quotable";
import type { MessageKey } from "@/lib/shared/i18n";
import { toSafeNumber } from "@/lib/shared/money";
import type { CreateSplitBody, SplitDto } from "@/lib/shared/schemas/splits";
import { equalShares, sumShares } from "@/lib/shared/split-shares";
import { clockNow } from "@/lib/server/platform/clock";

/** `idempotencyKey`: the request's key as the route wrapper checked it (null: none). */
type Options = CreateSplitBody & { organiserId: number; idempotencyKey: string | null };

function invalid(key: MessageKey): AppError {
  return new AppError("VALIDATION_ERROR", key);
}

/** Each share's amount: equal parts of the total, or the amounts given, which must add up to it. */
function amountsOf(body: CreateSplitBody): bigint[] {
  const total = BigInt(body.total);
  if (body.mode === "equal") {
    if (body.shares.some((share) => share.amount !== undefined)) throw invalid("splits.errors.amountsInEqual");
    if (total < BigInt(body.shares.length)) throw invalid("splits.errors.tooSmall");
    return equalShares(total, body.shares.length);
  }
  const amounts = body.shares.map((share) => share.amount);
  if (amounts.some((amount) => amount === undefined)) throw invalid("splits.errors.amountMissing");
  const given = amounts.map((amount) => BigInt(amount ?? 0));
  if (sumShares(given) !== total) throw invalid("splits.errors.sumMismatch");
  return given;
}

/**
 * Who each share is for (null: open to the link), refusing shares that leave nobody to pay, name
 * someone twice, or name a stranger. By user id only someone the organiser has dealt with (money
 * either way between their wallets), so ids cannot be walked to send strangers debt claims — an
 * unknown id is refused alike; anyone else by username, each a lookup counted against the lookup
 * limit before anything about them is told.
 */
async function resolvePeople(body: CreateSplitBody, organiserId: number): Promise<(number | null)[]> {
  const ids = body.shares.flatMap((share) => (typeof share.userId === "number" ? [share.userId] : []));
  const names = body.shares.flatMap((share) => (share.username === undefined ? [] : [share.username.replace(/^@/, "").toLowerCase()]));
  if (new Set(ids).size !== ids.length || new Set(names).size !== names.length) throw invalid("splits.errors.duplicate");
  if (body.shares.every((share) => share.userId === organiserId)) throw invalid("splits.errors.noShares");
  const others = ids.filter((id) => id !== organiserId);
  const known = await dealtWithPeople(organiserId, others);
  if (others.some((id) => !known.has(id))) throw new AppError("USER_NOT_FOUND", "splits.errors.stranger");
  const people: (number | null)[] = [];
  for (const share of body.shares) {
    if (share.username === undefined) people.push(share.userId ?? null);
    else people.push((await findUser({ by: "username", username: share.username }, organiserId)).id);
  }
  const named = people.filter((id) => id !== null);
  if (new Set(named).size !== named.length) throw invalid("splits.errors.duplicate");
  if (people.every((id) => id === organiserId)) throw invalid("splits.errors.noShares");
  return people;
}

/** The split an earlier attempt with the same key made, or null; a different body is a 409. */
async function replay(organiserId: number, key: string | null, hash: string): Promise<SplitDto | null> {
  if (key === null) return null;
  const stored = await splitByKey(organiserId, key);
  if (!stored) return null;
  if (stored.requestHash !== hash) throw new AppError("IDEMPOTENCY_MISMATCH");
  const split = await splitByToken(stored.token);
  if (!split) throw new Error("a split vanished after it was found by its key");
  return toSplitDto(split, organiserId);
}

/** Undoes the requests of a split that was not written: nobody can pay them any more. */
async function cancelAll(tokens: string[], organiserId: number): Promise<void> {
  for (const token of tokens) await cancelRequest({ token, callerId: organiserId });
}

/**
 * Splits a bill: one payment request per share, each made by the requests' own use case (so its
 * limit, expiry and single use hold), asking for the share into the organiser's wallet of the
 * split's currency, with the split's title as its message. The title is shown to every participant
 * as a debt they owe, so it obeys the rule for people's words in the bank's messages (`quotable`).
 * People are named as `resolvePeople` allows. The organiser's own share has no
 * request and counts as settled. Shares sum exactly to the total: equal parts give the remainder's
 * minor units one each to the first shares; amounts that do not add up are refused. Nothing is
 * written before every check passed; a request refused midway (the requests' limit) cancels those
 * already made. Honours Idempotency-Key: the same key and body answer the same split.
 */
export async function createSplit(options: Options): Promise<SplitDto> {
  const { organiserId, idempotencyKey: key, ...body } = options;
  const hash = requestHash("split", body);
  const earlier = await replay(organiserId, key, hash);
  if (earlier) return earlier;

  if (!quotable(body.title)) throw invalid("splits.errors.titleNotAllowed");
  const amounts = amountsOf(body);
  const people = await resolvePeople(body, organiserId);
  const now = clockNow();
  const made: string[] = [];
  const shares: NewSplit["shares"] = [];
  try {
    for (const [position, participantId] of people.entries()) {
      const amount = amounts[position];
      if (participantId === organiserId) {
        shares.push({ position, participantId: organiserId, amount, requestToken: null, settledAt: now });
        continue;
      }
      const request = await createRequest({ userId: organiserId, currency: body.currency, amount: toSafeNumber(amount), message: body.title });
      made.push(request.token);
      shares.push({ position, participantId, amount, requestToken: request.token, settledAt: null });
    }
    const token = newRequestToken();
    await insertSplit({
      token,
      organiserId,
      title: body.title,
      total: BigInt(body.total),
      currency: body.currency,
      mode: body.mode,
      idempotencyKey: key,
      requestHash: key === null ? null : hash,
      createdAt: now,
      shares,
    });
    const split = await splitByToken(token);
    if (!split) throw new Error("a split vanished after it was written");
    return toSplitDto(split, organiserId);
  } catch (error) {
    await cancelAll(made, organiserId);
    // The same key, sent twice at once: the other attempt's split is the answer.
    if (isUniqueViolation(error) && key !== null) {
      const other = await replay(organiserId, key, hash);
      if (other) return other;
    }
    throw error;
  }
}
