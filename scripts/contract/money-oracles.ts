import { converted, covering } from "./bank-model";
import type { ContractClient } from "./client";
import { BANK } from "./knowledge";
import { balancesOf, caller, historyOf, quotes, sectionOf, walletOf, type Caller, type Movement, type OracleOptions, type Timed } from "./oracle-kit";
import { EnvironmentError } from "./outcome";
import type { Person } from "./session";
import { otherTimes, readBack, statements, type Made } from "./ledger-oracles";
import { refusalsLeaveNoTrace, spentRequests } from "./trace-oracles";

/**
 * The money operations checked against each other in a fixed scenario, before any random phase:
 * quoted rates against what transfers and exchanges apply (every pair, both directions, with the
 * documented rounding), a conversion to less than one minor unit refused without a trace,
 * exchanges and paid requests against balances and histories, refusals that leave no trace and
 * spent requests (scripts/contract/trace-oracles.ts); then every movement made here read back
 * (scripts/contract/ledger-oracles.ts) and statements against the history and the balance.
 */

type Context = { call: Caller; alice: Person; bob: Person; made: Made[]; options: OracleOptions };

const ids = (rows: Movement[]) => rows.map((r) => r.id);
const same = (a: Record<string, bigint>, b: Record<string, bigint>) => BANK.currencies.every((c) => a[c] === b[c]);

/** Every pair of currencies, both ways: a transfer credits the quoted rates rounded down; an exchange gives the least covering amount. */
async function pairs({ call, alice, bob, made }: Context): Promise<string[]> {
  const token = alice.tokens.access_token;
  const problems: string[] = [];
  for (const currency of BANK.currencies) {
    const timed = await call(BANK.topUp, token, { body: { currency, amount: 5_000_000 } }, 201);
    made.push({ timed, kind: "topup", by: alice, direction: "in", wallet: walletOf(alice, currency).id });
  }
  const rates = await quotes(call, token);
  const amount = 100_003;
  for (const from of BANK.currencies) {
    for (const to of BANK.currencies.filter((c) => c !== from)) {
      const before = (await balancesOf(call, bob))[to];
      const timed = await call(BANK.transfer, token, { body: { senderWalletId: walletOf(alice, from).id, receiverWalletId: walletOf(bob, to).id, amount } }, 201);
      made.push({ timed, kind: "transfer", by: alice, direction: "out", wallet: walletOf(alice, from).id });
      const t = timed.body as Movement;
      const expected = converted(amount, from, to, rates);
      const exact = Number(rates[from]) / Number(rates[to]);
      if (t.receivedAmount !== expected) problems.push(`transfer ${from}→${to}: ${amount} at the quoted ${rates[from]}/${rates[to]} (ten-thousandths) credits ${expected} rounded down; the transfer says ${t.receivedAmount}`);
      if (!(Math.abs(Number(t.rate) - exact) <= exact * 1e-6)) problems.push(`transfer ${from}→${to}: its rate is ${t.rate}, the quotes say ${exact}`);
      const grew = (await balancesOf(call, bob))[to] - before;
      if (grew !== t.receivedAmount) problems.push(`transfer ${from}→${to}: the receiver's balance grew by ${grew}, the transfer says ${t.receivedAmount}`);
      const body = { fromWalletId: walletOf(alice, from).id, toWalletId: walletOf(alice, to).id };
      const given = await call("POST /api/v1/exchanges", token, { body: { ...body, amount: 10_007 } }, 201);
      const got = await call("POST /api/v1/exchanges", token, { body: { ...body, receivedAmount: 10_007 } }, 201);
      made.push({ timed: given, kind: "exchange", by: alice, direction: "out", wallet: body.fromWalletId }, { timed: got, kind: "exchange", by: alice, direction: "out", wallet: body.fromWalletId });
      const [g, r] = [given.body as Movement, got.body as Movement];
      if (g.amount !== 10_007 || g.receivedAmount !== converted(10_007, from, to, rates)) problems.push(`exchange ${from}→${to} of 10007 gave ${g.amount} for ${g.receivedAmount}; the quotes say ${converted(10_007, from, to, rates)} rounded down`);
      if (r.receivedAmount !== 10_007 || r.amount !== covering(10_007, from, to, rates)) problems.push(`exchange ${from}→${to} to get 10007 took ${r.amount} for ${r.receivedAmount}; the quotes say ${covering(10_007, from, to, rates)}, the least that covers it`);
    }
  }
  if (!same(rates, await quotes(call, token))) throw new EnvironmentError("the rates changed while the pairs were checked (a rates import?): run again");
  return problems;
}

/** A transfer that converts to less than one minor unit: 400 INVALID_AMOUNT, nothing moved, no row; one unit more arrives as 0,01. */
async function belowOneUnit({ call, alice, bob }: Context): Promise<string[]> {
  const token = alice.tokens.access_token;
  const rates = await quotes(call, token);
  const [cheapest, dearest] = [...BANK.currencies].sort((a, b) => Number(rates[a] - rates[b])).filter((_, i, all) => i === 0 || i === all.length - 1);
  const [source, target] = [walletOf(alice, cheapest).id, walletOf(bob, dearest).id];
  const tiny = covering(1, cheapest, dearest, rates) - 1;
  const problems: string[] = [];
  const [aliceBefore, bobBefore, rowsBefore] = [await balancesOf(call, alice), await balancesOf(call, bob), ids(await historyOf(call, alice, source))];
  const refused = await call(BANK.transfer, token, { body: { senderWalletId: source, receiverWalletId: target, amount: tiny } }, 400);
  const code = (refused.body as { code?: string }).code;
  if (code !== "INVALID_AMOUNT") problems.push(`${tiny} ${cheapest}→${dearest} (nothing after rounding down) was refused with ${code}, not INVALID_AMOUNT`);
  const [aliceAfter, bobAfter, rowsAfter] = [await balancesOf(call, alice), await balancesOf(call, bob), ids(await historyOf(call, alice, source))];
  if (aliceAfter[cheapest] !== aliceBefore[cheapest] || bobAfter[dearest] !== bobBefore[dearest]) problems.push("the refused transfer changed a balance");
  if (rowsAfter.length !== rowsBefore.length) problems.push(`the refused transfer left a row in the history: ${rowsAfter.filter((id) => !rowsBefore.includes(id)).join(", ")}`);
  const least = (await call(BANK.transfer, token, { body: { senderWalletId: source, receiverWalletId: target, amount: tiny + 1 } }, 201)).body as Movement;
  if (least.receivedAmount !== 1) problems.push(`${tiny + 1} ${cheapest}→${dearest} credited ${least.receivedAmount}, not 1`);
  return problems;
}

/** An exchange and a paid request move what their answers say: balances and both sides' histories agree. */
async function exchangeAndPay({ call, alice, bob, made }: Context): Promise<string[]> {
  const problems: string[] = [];
  const [rub, usd] = [walletOf(alice, "RUB").id, walletOf(alice, "USD").id];
  const before = await balancesOf(call, alice);
  const timed = await call("POST /api/v1/exchanges", alice.tokens.access_token, { body: { fromWalletId: rub, toWalletId: usd, amount: 50_000 } }, 201);
  made.push({ timed, kind: "exchange", by: alice, direction: "out", wallet: rub });
  const x = timed.body as Movement;
  const after = await balancesOf(call, alice);
  if (after.RUB !== before.RUB - x.amount || after.USD !== before.USD + x.receivedAmount) problems.push(`an exchange of ${x.amount} RUB for ${x.receivedAmount} USD moved ${after.RUB - before.RUB} RUB and ${after.USD - before.USD} USD`);
  for (const [wallet, currency] of [[rub, "RUB"], [usd, "USD"]] as const) {
    const row = (await historyOf(call, alice, wallet)).find((r) => r.id === x.id);
    if (!row || row.amount !== x.amount || row.receivedAmount !== x.receivedAmount) problems.push(`the ${currency} history shows the exchange as ${JSON.stringify(row ?? null)}`);
  }
  await call(BANK.topUp, bob.tokens.access_token, { body: { currency: "RUB", amount: 1_000_000 } }, 201);
  const request = (await call("POST /api/v1/requests", alice.tokens.access_token, { body: { currency: "USD", amount: 1_234 } }, 201)).body as { token: string };
  const [payer, payee] = [await balancesOf(call, bob), await balancesOf(call, alice)];
  const paid = await call("POST /api/v1/requests/{token}/pay", bob.tokens.access_token, { params: { token: request.token }, body: { walletId: walletOf(bob, "RUB").id } }, 201);
  made.push({ timed: paid, kind: "request", by: bob, direction: "out", wallet: walletOf(bob, "RUB").id });
  const p = paid.body as Movement;
  const rates = await quotes(call, alice.tokens.access_token);
  if (p.receivedAmount !== 1_234 || p.amount !== covering(1_234, "RUB", "USD", rates)) problems.push(`paying 1234 USD from RUB took ${p.amount} for ${p.receivedAmount}; the quotes say ${covering(1_234, "RUB", "USD", rates)} for 1234`);
  const [payerAfter, payeeAfter] = [await balancesOf(call, bob), await balancesOf(call, alice)];
  if (payerAfter.RUB !== payer.RUB - p.amount || payeeAfter.USD !== payee.USD + p.receivedAmount) problems.push(`the payment moved ${payerAfter.RUB - payer.RUB} RUB from the payer and ${payeeAfter.USD - payee.USD} USD to the requester`);
  if (!(await historyOf(call, bob, walletOf(bob, "RUB").id)).some((r) => r.id === p.id)) problems.push("the payment is missing from the payer's history");
  if (!(await historyOf(call, alice, usd)).some((r) => r.id === p.id)) problems.push("the payment is missing from the requester's history");
  const read = (await call("GET /api/v1/requests/{token}", alice.tokens.access_token, { params: { token: request.token } })).body as { status: string; transferId: number | null };
  if (read.status !== "paid" || read.transferId !== p.id) problems.push(`the paid request reads ${read.status} with transfer ${read.transferId}, not paid with ${p.id}`);
  return problems;
}

/** The money oracles, in order; the movements they make are read back at the end. */
export async function runMoneyOracles(api: ContractClient, options: OracleOptions, alice: Person, bob: Person): Promise<void> {
  const section = sectionOf(api);
  const context: Context = { call: caller(options), alice, bob, made: [], options };
  await section("every currency pair, both ways: transfers and exchanges apply the quoted rates, rounded as documented", () => pairs(context));
  await section("a transfer that converts to less than one minor unit is refused (400 INVALID_AMOUNT) and leaves no trace", () => belowOneUnit(context));
  await section("an exchange and a paid request move what their answers say: balances and both histories agree", () => exchangeAndPay(context));
  await section("a refused create leaves no trace: no balance changed, no row in any history, no request listed", () => refusalsLeaveNoTrace(context.call, alice, bob));
  await section("a paid or cancelled request is spent: paying or cancelling it again is refused (409), and nothing moves", () => spentRequests(context.call, alice, bob));
  await section("each movement reads back as made: createdAt within its request, the same in history and receipt, its kind its operation's in every history and on its receipt", () =>
    readBack(context.call, context.made, options.clockSkewMs, [alice, bob]),
  );
  await section("requests and links keep time: createdAt and paidAt within their requests, expiry whole days or ten minutes later", () =>
    otherTimes(context.call, alice, bob, options.clockSkewMs),
  );
  await section("a statement agrees with the history and the balance, in any time zone (JSON and CSV: each of the account's movements once, none of another's, named by its kind)", () =>
    statements(context.call, bob, options.baseUrl),
  );
}

export type { Timed };
