import type { ContractClient } from "./client";
import { send } from "./http";
import { authorizationMatrix, idempotencyMatrix } from "./isolation";
import { BANK } from "./knowledge";
import { insightsAgreeWithStatements, schedulesKeepTheirRules } from "./feature-oracles";
import { limitsHoldAndFreezeRefuses } from "./limit-oracles";
import { pocketsSumAndRoundUp } from "./pocket-oracles";
import { runMoneyOracles } from "./money-oracles";
import { caller, sectionOf, split, walletOf, type OracleOptions } from "./oracle-kit";
import { signIn, type Person } from "./session";
import { shareDeclined, shareSettledOutsideTheApp, splitCancelledRest, splitRemindedOncePerDay } from "./split-action-oracles";
import { splitJoinedByLink, splitsAddUp, type SplitParty } from "./split-oracles";

/**
 * The bank's promises that a generic tool cannot know, each checked as one line of the report, in a
 * fixed order before any random phase: e-mail identity, the history's order and paging, the money
 * operations against each other (scripts/contract/money-oracles.ts), insights and scheduled
 * transfers (scripts/contract/feature-oracles.ts), splits and what is done with them
 * (scripts/contract/split-oracles.ts, split-action-oracles.ts), and the authorization matrix
 * (every secured operation × no token, malformed, expired, revoked, another user's resource) with
 * the isolation of every list (only the caller's items).
 */

export type { OracleOptions } from "./oracle-kit";

type Transfer = { id: number; amount: number; receivedAmount: number; createdAt: string };

export async function runOracles(api: ContractClient, options: OracleOptions): Promise<void> {
  const { baseUrl, codes, run } = options;
  const person = (tag: string, email?: string) => signIn(baseUrl, codes, email ?? `contract.${tag}.${run}@example.com`);
  const section = sectionOf(api);
  const call = caller(options);
  const wallet = walletOf;

  const alice = await person("oa");
  const bob = await person("ob");

  await section("e-mail identity is case-insensitive (lookup and sign-in)", async () => {
    const problems: string[] = [];
    const shouted = alice.email.toUpperCase();
    const found = await send(baseUrl, { ...split(BANK.byEmail), params: { email: shouted }, query: {}, headers: {}, token: bob.tokens.access_token });
    if (found.status !== 200 || (found.body as { id?: number }).id !== alice.me.id) problems.push(`looking up ${shouted} answered ${found.status}, not ${alice.me.id}'s profile`);
    const again = await person("oa", shouted);
    if (again.me.id !== alice.me.id) problems.push(`signing in as ${shouted} gave user ${again.me.id}, not ${alice.me.id}`);
    return problems;
  });

  const created: number[] = [];
  let pages: Transfer[][] = [];
  await section("history is newest first", async () => {
    const token = bob.tokens.access_token;
    for (const amount of [101, 202, 303, 404, 505]) created.push(((await call(BANK.topUp, token, { body: { currency: "EUR", amount } }, 201)).body as Transfer).id);
    let cursor: string | null = null;
    for (let page = 0; page < 20; page += 1) {
      const answer = await call(BANK.history, token, { params: { walletId: wallet(bob, "EUR").id }, query: { limit: 2, ...(cursor ? { cursor } : {}) } });
      pages.push(answer.body as Transfer[]);
      cursor = answer.headers.get(BANK.nextCursorHeader);
      if (!cursor) break;
    }
    // Each transfer once, where it first appears: repeats are the paging oracle's to report.
    const ids = [...new Set(pages.flat().map((t) => t.id))];
    const ours = ids.filter((id) => created.includes(id));
    const problems: string[] = [];
    if (JSON.stringify(ours) !== JSON.stringify([...created].reverse().filter((id) => ours.includes(id)))) problems.push(`transfers made in the order ${created.join(", ")} are listed as ${ours.join(", ")}`);
    const times = pages.flat().map((t) => Date.parse(t.createdAt));
    if (times.some((t, i) => i > 0 && t > times[i - 1])) problems.push(`createdAt goes up along the history: ${pages.flat().map((t) => t.createdAt).join(", ")}`);
    return problems;
  });

  await section("history paging neither skips nor repeats", async () => {
    if (!pages.length) return ["no pages were read"];
    const ids = pages.flat().map((t) => t.id);
    const problems: string[] = [];
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (repeated.length) problems.push(`repeated across pages: ${repeated.join(", ")}`);
    const missing = created.filter((id) => !ids.includes(id));
    if (missing.length) problems.push(`skipped by the pages: ${missing.join(", ")} (pages: ${pages.map((p) => p.map((t) => t.id).join(",")).join(" | ")})`);
    pages = [];
    return problems;
  });

  await runMoneyOracles(api, options, alice, bob);
  await section("insights agree with the statements: each month's in, out and closing are that month's statement's; its counterparties those of the transfers and paid requests made", () =>
    insightsAgreeWithStatements(call, [
      [bob, "RUB", 180],
      [alice, "USD", -300],
    ]),
  );
  await section("a split's shares sum to its total, each request asks its share, paying one moves exactly that to the organiser", () => splitsAddUp(call, alice, bob));
  await splitActions(api, options, alice, bob);
  await section("scheduled transfers: create is idempotent and listed, refusals make none, pause, resume and cancel as documented", () =>
    schedulesKeepTheirRules(call, alice, bob),
  );
  await section("limits hold under parallel sends, a freeze refuses every outgoing kind (a transfer, paying a request or a split's share) and moves nothing; exchanges still work", async () =>
    limitsHoldAndFreezeRefuses(call, await person("ol"), bob),
  );
  if (options.document.operation("POST", "/api/v1/pockets")) {
    await section("pockets sum into the wallet's total, round-ups move exactly the difference, once, and closing brings all back", async () =>
      pocketsSumAndRoundUp(call, await person("op"), bob),
    );
  }
  await idempotencyMatrix(api, options, alice, bob);
  await authorizationMatrix(api, options, alice);
}

/**
 * Joining a split from its link, and what only its organiser may do: remind, settle a share
 * outside the app, cancel the rest. A fresh organiser (whose payment requests no other oracle
 * spends) and someone with no part in the splits.
 */
async function splitActions(api: ContractClient, options: OracleOptions, alice: Person, bob: Person): Promise<void> {
  const section = sectionOf(api);
  const call = caller(options);
  let party: SplitParty;
  try {
    const organiser = await signIn(options.baseUrl, options.codes, `contract.os.${options.run}@example.com`);
    const outsider = await signIn(options.baseUrl, options.codes, `contract.ot.${options.run}@example.com`);
    party = { organiser, payer: bob, other: alice, outsider };
  } catch (error) {
    api.stopped("oracle: split actions: signing in the organiser and an outsider", error);
    return;
  }
  await section("a split joined from its link: the first open share becomes the joiner's to pay, once; the organiser and, when full, others cannot join", () => splitJoinedByLink(call, party));
  await section("a split's reminder: pending shares record it, a second the same day is 429 RATE_LIMITED and changes nothing", () =>
    splitRemindedOncePerDay(call, party, options.clockSkewMs),
  );
  await section("a share settled outside the app: settled, its request cancelled, no money moved; a paid share is 409 REQUEST_PAID", () => shareSettledOutsideTheApp(call, party));
  await section("a split's rest cancelled: pending shares declined and unpayable, paid ones stay paid, no money moved; then 409 SPLIT_CLOSED to a reminder", () =>
    splitCancelledRest(call, party),
  );
  await section("a share declined by its participant: declined, its request cancelled, no money moved, not reminded; a paid share is 409 REQUEST_PAID", () => shareDeclined(call, party));
}
