import type { DocumentedOperation } from "./generated";
import { BANK } from "./knowledge";

/**
 * The bank's core the mock keeps in memory, so that a frontend can be driven through it: e-mail
 * sign-in (any 6-digit code), the caller's profile and wallets, top-ups and transfers that change
 * balances, pockets (money set aside, moved in and out, counted in the wallet's `pocketed`),
 * history, the customer's own limits and freeze of transfers to others (a raise waits 24
 * hours; past a limit 422 SPENDING_LIMIT, frozen 423 TRANSFERS_FROZEN), and orders at a target
 * rate and rate alerts (kept waiting: the mock has no rates that move). Every other operation
 * is left to the generated answer.
 */

export type User = { id: number; email: string };
type Wallet = { id: number; userId: number; currency: string; balance: number; number: string };
type Pocket = { id: number; walletId: number; userId: number; currency: string; name: string; balance: number; closedAt: string | null; createdAt: string };
type Movement = { id: number; kind: "transfer" | "topup" | "pocket"; senderWalletId: number; receiverWalletId: number; amount: number; currency: string; receivedAmount: number; receivedCurrency: string; rate: string; message: string | null; channel: "app"; createdAt: string };

/** An order or an alert as the mock keeps it: its owner, and its answer. */
type Watch = { userId: number; kind: "order" | "alert"; key: string | null; body: Record<string, unknown> & { id: number; status: string } };

export type BankState = {
  users: User[];
  watches: Watch[];
  wallets: Wallet[];
  movements: Movement[];
  pockets: Pocket[];
  /** Access token → user id. */
  tokens: Map<string, number>;
  nextId: number;
  /** The bank's own wallets (nobody signs in to them): the sending side of every top-up. */
  bankWallets: Wallet[];
  /** "userId:currency" → the customer's own limits (minor units; null: none), a raise waiting until `from`. */
  limits: Map<string, Limit>;
  /** Users whose transfers to others are frozen, and since when. */
  frozen: Map<number, string>;
};

type Pending = { amount: number | null; from: string } | null;
type Limit = { daily: number | null; monthly: number | null; pendingDaily: Pending; pendingMonthly: Pending };

/** What the core needs from the mock: a body of the operation's success schema with known fields laid over it. */
export type BankKit = { state: BankState; shaped: (op: DocumentedOperation, known: object) => object; print: (line: string) => void };
type Call = { op: DocumentedOperation; name: string; user: User | null; params: string[]; body: Record<string, unknown>; key?: string | null };
export type BankAnswer = { status: number; body: unknown } | null;

const error = (status: number, code: string, message: string) => ({ status, body: { message, code } });
const walletNumber = (state: BankState) => String(4_000_000_000_000_000 + state.nextId);
const walletsOf = (state: BankState, userId: number) => state.wallets.filter((w) => w.userId === userId);

export function newBankState(): BankState {
  const state: BankState = { users: [], watches: [], wallets: [], movements: [], pockets: [], tokens: new Map(), nextId: 1, bankWallets: [], limits: new Map(), frozen: new Map() };
  state.bankWallets = BANK.currencies.map((currency) => ({ id: state.nextId++, userId: 0, currency, balance: 0, number: walletNumber(state) }));
  return state;
}

function signIn({ state, shaped, print }: BankKit, { op, name, body }: Call): BankAnswer {
  if (name === "POST /api/v1/auth/email/request-code") {
    print(`mock: any six digits sign ${String(body.email)} in`);
    return { status: 200, body: shaped(op, { ok: true, challengeId: `mock-challenge-${state.nextId++}` }) };
  }
  if (!/^\d{6}$/.test(String(body.code))) return error(401, "INVALID_CODE", "Неверный код");
  const email = String(body.email).toLowerCase();
  let signedIn = state.users.find((u) => u.email === email);
  if (!signedIn) state.users.push((signedIn = { id: state.nextId++, email }));
  const token = `mock-${signedIn.id}-${state.nextId++}`;
  state.tokens.set(token, signedIn.id);
  return { status: 200, body: shaped(op, { access_token: token, refresh_token: `${token}-refresh` }) };
}

function ownWallets({ state }: BankKit, { name, user }: Call): BankAnswer {
  if (name !== BANK.wallets && walletsOf(state, user!.id).length === 0) {
    for (const currency of BANK.currencies) state.wallets.push({ id: state.nextId++, userId: user!.id, currency, balance: 0, number: walletNumber(state) });
  }
  const pocketed = (w: Wallet) => state.pockets.filter((p) => p.walletId === w.id).reduce((sum, p) => sum + p.balance, 0);
  return { status: 200, body: walletsOf(state, user!.id).map((w) => ({ id: w.id, currency: w.currency, balance: w.balance, pocketed: pocketed(w), number: w.number })) };
}

const pocketDto = (p: Pocket) => ({
  id: p.id, walletId: p.walletId, currency: p.currency, name: p.name, balance: p.balance, target: null, targetDate: null,
  locked: false, roundUp: 0, status: p.closedAt ? "closed" : "open", createdAt: p.createdAt, closedAt: p.closedAt,
});

/** Pockets: opened beside an account, money moved in and out at once, everything back on closing (no round-ups, no locks). */
function pockets({ state, shaped }: BankKit, { op, name, user, params, body }: Call): BankAnswer {
  if (name === "GET /api/v1/pockets") return { status: 200, body: state.pockets.filter((p) => p.userId === user!.id && !p.closedAt).map(pocketDto) };
  if (name === "POST /api/v1/pockets") {
    const account = walletsOf(state, user!.id).find((w) => w.currency === body.currency);
    if (!account) return error(404, "WALLET_NOT_FOUND", "Кошелек не найден");
    const pocket: Pocket = { id: state.nextId++, walletId: account.id, userId: user!.id, currency: account.currency, name: String(body.name), balance: 0, closedAt: null, createdAt: new Date().toISOString() };
    state.pockets.push(pocket);
    return { status: 201, body: shaped(op, pocketDto(pocket)) };
  }
  const pocket = state.pockets.find((p) => p.id === Number(params[0]) && p.userId === user!.id);
  if (!pocket) return error(404, "NOT_FOUND", "Копилка не найдена");
  if (name.endsWith("/close") && pocket.closedAt) return { status: 200, body: shaped(op, pocketDto(pocket)) };
  if (pocket.closedAt) return error(409, "POCKET_CLOSED", "Копилка закрыта");
  if (name.startsWith("PUT ")) return { status: 200, body: shaped(op, { ...pocketDto(pocket), name: String(body.name) }) };
  const account = state.wallets.find((w) => w.id === pocket.walletId)!;
  const into = name.endsWith("/deposit");
  const amount = name.endsWith("/close") ? pocket.balance : Number(body.amount);
  if ((into ? account.balance : pocket.balance) < amount) return error(422, "INSUFFICIENT_FUNDS", "Недостаточно средств");
  account.balance += into ? -amount : amount;
  pocket.balance += into ? amount : -amount;
  if (amount > 0) {
    const [from, to] = into ? [account.id, pocket.id] : [pocket.id, account.id];
    state.movements.push({
      id: state.nextId++, kind: "pocket", senderWalletId: from, receiverWalletId: to, amount, currency: pocket.currency, receivedAmount: amount,
      receivedCurrency: pocket.currency, rate: "1", message: null, channel: "app", createdAt: new Date().toISOString(),
    });
  }
  if (name.endsWith("/close")) {
    pocket.closedAt = new Date().toISOString();
    return { status: 200, body: shaped(op, pocketDto(pocket)) };
  }
  return { status: 201, body: shaped(op, state.movements.at(-1)!) };
}

function moveMoney({ state, shaped }: BankKit, { op, name, user, body }: Call): BankAnswer {
  const receiver = name === BANK.topUp ? walletsOf(state, user!.id).find((w) => w.currency === body.currency) : state.wallets.find((w) => w.id === body.receiverWalletId);
  const sender = name === BANK.topUp ? null : state.wallets.find((w) => w.id === body.senderWalletId);
  const amount = Number(body.amount);
  if (!receiver || (name === BANK.transfer && !sender)) return error(404, "WALLET_NOT_FOUND", "Кошелек не найден");
  if (sender && sender.userId !== user!.id) return error(403, "FORBIDDEN", "Нет доступа");
  if (sender && sender.id === receiver.id) return error(400, "SAME_WALLET", "Нельзя перевести на тот же кошелек");
  if (sender && sender.balance < amount) return error(422, "INSUFFICIENT_FUNDS", "Недостаточно средств");
  const refused = sender && receiver.userId !== sender.userId ? spendingRefusal(state, sender, amount) : null;
  if (refused) return refused;
  // The mock's rate between any two currencies is 1: it moves money, it does not price it.
  if (sender) sender.balance -= amount;
  receiver.balance += amount;
  const movement: Movement = {
    id: state.nextId++,
    kind: sender ? "transfer" : "topup",
    senderWalletId: sender?.id ?? state.bankWallets.find((w) => w.currency === receiver.currency)!.id,
    receiverWalletId: receiver.id,
    amount,
    currency: sender?.currency ?? receiver.currency,
    receivedAmount: amount,
    receivedCurrency: receiver.currency,
    rate: "1",
    message: typeof body.message === "string" ? body.message : null,
    channel: "app",
    createdAt: new Date().toISOString(),
  };
  state.movements.push(movement);
  return { status: 201, body: shaped(op, movement) };
}

function lookup({ state, shaped }: BankKit, { op, name, params }: Call): BankAnswer {
  if (name === "GET /api/v1/wallets/user/{userId}") {
    return { status: 200, body: walletsOf(state, Number(params[0])).map((w) => ({ id: w.id, currency: w.currency, number: w.number })) };
  }
  if (name === "GET /api/v1/transfers/username/{walletId}") {
    // Who is on the other side of a wallet: its owner's e-mail, or the bank for its own wallets.
    const walletId = Number(params[0]);
    const owner = state.users.find((u) => u.id === state.wallets.find((w) => w.id === walletId)?.userId);
    if (!owner && !state.bankWallets.some((w) => w.id === walletId)) return error(404, "WALLET_NOT_FOUND", "Кошелек не найден");
    return { status: 200, body: shaped(op, { username: owner?.email ?? "Minibank" }) };
  }
  const wanted = params[0].toLowerCase();
  const found = name.endsWith("{email}")
    ? state.users.find((u) => u.email === wanted)
    : state.users.find((u) => u.id === state.wallets.find((w) => w.number === params[0])?.userId);
  if (!found) return error(404, "USER_NOT_FOUND", "Пользователь не найден");
  return { status: 200, body: shaped(op, { id: found.id, username: null, telegramFirstName: null }) };
}

function receipt({ state, shaped }: BankKit, { op, user, params }: Call): BankAnswer {
  const movement = state.movements.find((m) => m.id === Number(params[0]));
  const own = walletsOf(state, user!.id).map((w) => w.id);
  if (!movement || !(own.includes(movement.senderWalletId) || own.includes(movement.receiverWalletId))) return error(404, "NOT_FOUND", "Перевод не найден");
  const direction = own.includes(movement.senderWalletId) ? "out" : "in";
  return { status: 200, body: shaped(op, { ...movement, direction, status: "completed", fee: 0 }) };
}

function history({ state, shaped }: BankKit, { op, user, params }: Call): BankAnswer {
  const walletId = Number(params[0]);
  const wallet = state.wallets.find((w) => w.id === walletId);
  if (!wallet) return error(404, "WALLET_NOT_FOUND", "Кошелек не найден");
  if (wallet.userId !== user!.id) return error(403, "FORBIDDEN", "Нет доступа");
  const list = state.movements.filter((m) => m.senderWalletId === walletId || m.receiverWalletId === walletId).reverse();
  return { status: 200, body: list.map((m) => shaped(op, m)) };
}

/** A limit in force now: a raise whose time has come replaces it. */
function limitNow(state: BankState, userId: number, currency: string): Limit {
  const limit = state.limits.get(`${userId}:${currency}`) ?? { daily: null, monthly: null, pendingDaily: null, pendingMonthly: null };
  const due = (p: Pending) => p !== null && Date.parse(p.from) <= Date.now();
  return {
    daily: due(limit.pendingDaily) ? limit.pendingDaily!.amount : limit.daily,
    monthly: due(limit.pendingMonthly) ? limit.pendingMonthly!.amount : limit.monthly,
    pendingDaily: due(limit.pendingDaily) ? null : limit.pendingDaily,
    pendingMonthly: due(limit.pendingMonthly) ? null : limit.pendingMonthly,
  };
}

/** What `userId` sent to others in `currency` since `since` (the mock's days and months are UTC's). */
function sentSince(state: BankState, userId: number, currency: string, since: number): number {
  const own = new Set(walletsOf(state, userId).map((w) => w.id));
  return state.movements
    .filter((m) => m.kind === "transfer" && own.has(m.senderWalletId) && !own.has(m.receiverWalletId) && m.currency === currency && Date.parse(m.createdAt) >= since)
    .reduce((sum, m) => sum + m.amount, 0);
}

function spendingRefusal(state: BankState, sender: Wallet, amount: number): BankAnswer {
  if (state.frozen.has(sender.userId)) return error(423, "TRANSFERS_FROZEN", "Переводы заморожены");
  const limit = limitNow(state, sender.userId, sender.currency);
  const now = new Date();
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  if (limit.daily !== null && sentSince(state, sender.userId, sender.currency, day) + amount > limit.daily) return error(422, "SPENDING_LIMIT", "Превышен дневной лимит");
  if (limit.monthly !== null && sentSince(state, sender.userId, sender.currency, month) + amount > limit.monthly) return error(422, "SPENDING_LIMIT", "Превышен месячный лимит");
  return null;
}

function limitsOf(state: BankState, userId: number) {
  const now = new Date();
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return {
    frozen: state.frozen.has(userId),
    frozenAt: state.frozen.get(userId) ?? null,
    limits: BANK.currencies.map((currency) => ({
      currency,
      ...limitNow(state, userId, currency),
      sentToday: sentSince(state, userId, currency, day),
      sentThisMonth: sentSince(state, userId, currency, month),
    })),
  };
}

const isLimit = (value: unknown) => value === null || (Number.isSafeInteger(value) && Number(value) > 0);

function limits({ state, shaped }: BankKit, { op, name, user, params, body }: Call): BankAnswer {
  const userId = user!.id;
  if (name === "PUT /api/v1/limits") {
    if (typeof body.frozen !== "boolean") return error(400, "VALIDATION_ERROR", "Некорректные данные запроса");
    if (body.frozen && !state.frozen.has(userId)) state.frozen.set(userId, new Date().toISOString());
    if (!body.frozen) state.frozen.delete(userId);
  } else if (name === "PUT /api/v1/limits/{currency}") {
    if (!isLimit(body.daily) || !isLimit(body.monthly)) return error(400, "VALIDATION_ERROR", "Лимит — это сумма больше нуля или null");
    if (!(BANK.currencies as readonly string[]).includes(params[0])) return error(400, "UNKNOWN_CURRENCY", "Неизвестная валюта");
    const now = limitNow(state, userId, params[0]);
    const from = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const next = (wanted: number | null, current: number | null) =>
      current !== null && (wanted === null || wanted > current) ? { value: current, pending: { amount: wanted, from } } : { value: wanted, pending: null };
    const daily = next(body.daily as number | null, now.daily);
    const monthly = next(body.monthly as number | null, now.monthly);
    state.limits.set(`${userId}:${params[0]}`, { daily: daily.value, monthly: monthly.value, pendingDaily: daily.pending, pendingMonthly: monthly.pending });
  }
  return { status: 200, body: shaped(op, limitsOf(state, userId)) };
}

/**
 * Orders and alerts: created waiting (once per Idempotency-Key), listed as their owner's only,
 * cancelled while waiting; another user's is 404. An order's wallets must be the caller's (403),
 * one in rubles and one not (400).
 */
function watches({ state, shaped }: BankKit, { op, name, user, params, body, key }: Call): BankAnswer {
  const kind = name.includes("/orders") ? "order" : "alert";
  const mine = state.watches.filter((w) => w.userId === user!.id && w.kind === kind);
  if (op.method === "GET") return { status: 200, body: mine.map((w) => w.body).reverse() };
  if (name.endsWith("/cancel")) {
    const found = mine.find((w) => w.body.id === Number(params[0]));
    if (!found) return error(404, "NOT_FOUND", "Не найдено");
    if (found.body.status === "waiting") found.body = { ...found.body, status: "cancelled", doneAt: new Date().toISOString() };
    return { status: 200, body: found.body };
  }
  const again = key ? mine.find((w) => w.key === key) : undefined;
  if (again) return { status: 201, body: again.body };
  let known: Record<string, unknown> = { currency: body.currency, direction: body.direction };
  if (kind === "order") {
    const [from, to] = [body.fromWalletId, body.toWalletId].map((id) => state.wallets.find((w) => w.id === id && w.userId === user!.id));
    if (!from || !to) return error(403, "FORBIDDEN", "Нет доступа");
    if (from.id === to.id) return error(400, "SAME_WALLET", "Нельзя обменять на тот же счёт");
    if ((from.currency === "RUB") === (to.currency === "RUB")) return error(400, "VALIDATION_ERROR", "Заявка — обмен между рублёвым счётом и валютным");
    const selling = from.currency !== "RUB";
    known = { currency: selling ? from.currency : to.currency, direction: selling ? "above" : "below", fromWalletId: from.id, toWalletId: to.id, amount: body.amount, reason: null, transferId: null };
  }
  const made = { ...shaped(op, known), id: state.nextId++, status: "waiting", target: body.target, expiresOn: body.expiresOn, metRate: null, doneAt: null, createdAt: new Date().toISOString() };
  state.watches.push({ userId: user!.id, kind, key: key ?? null, body: made });
  return { status: 201, body: made };
}

const HANDLERS: Record<string, (kit: BankKit, call: Call) => BankAnswer> = {
  "GET /api/v1/limits": limits,
  "PUT /api/v1/limits": limits,
  "PUT /api/v1/limits/{currency}": limits,
  "POST /api/v1/auth/email/request-code": signIn,
  "POST /api/v1/auth/email/verify-code": signIn,
  [BANK.me]: ({ shaped }, { op, user }) => ({ status: 200, body: shaped(op, { id: user!.id, email: user!.email, username: null, notification: true }) }),
  "POST /api/v1/wallet/init": ownWallets,
  [BANK.wallets]: ownWallets,
  [BANK.topUp]: moveMoney,
  [BANK.transfer]: moveMoney,
  "GET /api/v1/users/email/{email}": lookup,
  "GET /api/v1/users/by-wallet/{number}": lookup,
  "GET /api/v1/wallets/user/{userId}": lookup,
  "GET /api/v1/transfers/username/{walletId}": lookup,
  "GET /api/v1/pockets": pockets,
  "POST /api/v1/pockets": pockets,
  "PUT /api/v1/pockets/{id}": pockets,
  "POST /api/v1/pockets/{id}/deposit": pockets,
  "POST /api/v1/pockets/{id}/withdraw": pockets,
  "POST /api/v1/pockets/{id}/close": pockets,
  [BANK.receipt]: receipt,
  [BANK.history]: history,
  "GET /api/v1/orders": watches,
  "POST /api/v1/orders": watches,
  "POST /api/v1/orders/{id}/cancel": watches,
  "GET /api/v1/rate-alerts": watches,
  "POST /api/v1/rate-alerts": watches,
  "POST /api/v1/rate-alerts/{id}/cancel": watches,
};

/** The bank's answer to an operation it keeps; null lets the generated answer stand. */
export function bankAnswer(kit: BankKit, op: DocumentedOperation, user: User | null, params: string[], body: Record<string, unknown>, key: string | null = null): BankAnswer {
  const name = `${op.method} ${op.path}`;
  const handler = Object.hasOwn(HANDLERS, name) ? HANDLERS[name] : undefined;
  return handler ? handler(kit, { op, name, user, params, body, key }) : null;
}
