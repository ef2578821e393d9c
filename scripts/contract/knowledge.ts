/**
 * What the suite knows about the bank's operations beyond what the document says. Everything
 * operation-specific outside the hand-written scenario lives here; the generated runs need none of
 * it, and a new operation is covered by them without an entry.
 */

/** Ids of one's own and of another user's resources, as the isolation matrix hands them to a cell. */
export type Resources = {
  user: number;
  wallets: Record<string, number>;
  /** A transfer of theirs (a top-up) that the caller had no part in. */
  transfer: number;
  /** A pending payment request of theirs. */
  request: string;
  /**
   * Only the other user's, in the authorization matrix: a split of theirs with a third user's
   * pending share (nobody else may see it), one with a share open to whoever holds its link (a
   * link holder may see and join it, never act as its organiser), a schedule of theirs.
   */
  split?: string;
  openSplit?: string;
  schedule?: number;
  /** An open pocket of theirs, holding some money (without round-ups). */
  pocket?: number;
  /** A waiting order at a target rate of theirs, and a waiting rate alert. */
  order?: number;
  alert?: number;
};

type Parts = { params?: Record<string, string | number>; query?: Record<string, string | number>; body?: unknown };
/** One way to name another user's resource in an operation's input, and the refusals that may answer it. */
export type ForeignCell = { what: string; build: (mine: Resources, theirs: Resources) => Parts; refused: number[] };

const today = () => new Date().toISOString().slice(0, 10);
/** The Moscow calendar day two days on, whatever the clocks (a schedule's first occurrence). */
export const scheduleStart = () => new Date(Date.now() + 180 * 60_000 + 2 * 86_400_000).toISOString().slice(0, 10);
const period = () => ({ from: `${today().slice(0, 8)}01`, to: today() });

/** What only a split's organiser may do: neither someone with no part in it nor a holder of its link. */
const organiserOnly = (): ForeignCell[] => [
  { what: "another user's split", build: (_m, t) => ({ params: { token: t.split! } }), refused: [403, 404] },
  { what: "another user's split open to its link", build: (_m, t) => ({ params: { token: t.openSplit! } }), refused: [403, 404] },
];
/** The last day an order or an alert waits: a week on, whatever the clocks. */
export const watchUntil = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
/** A selling order of 1,00 at a target no official rate reaches (so it keeps waiting), and an alert the same. */
export const waitingOrder = (wallets: Record<string, number>, amount = 100) => ({ fromWalletId: wallets.USD, toWalletId: wallets.RUB, amount, target: 999_999, expiresOn: watchUntil() });
export const waitingAlert = (target = 999_999) => ({ currency: "USD", direction: "above", target, expiresOn: watchUntil() });
const theirSchedule = (): ForeignCell[] => [{ what: "another user's schedule", build: (_m, t) => ({ params: { id: t.schedule! } }), refused: [403, 404] }];
const theirPocket = (body?: unknown): ForeignCell[] => [{ what: "another user's pocket", build: (_m, t) => ({ params: { id: t.pocket! }, body }), refused: [403, 404] }];

/**
 * Every place an operation's input names a resource of the caller's (a path parameter or a body
 * field): with another user's in its place the answer must be a refusal (a documented 403 or 404;
 * 422 TELEGRAM_ONLY where sharing refuses e-mail users first), never the resource. Where a child is
 * reached through a parent (an exchange from one's own wallet into another's), the wrong parent is
 * refused too.
 */
export const FOREIGN: Record<string, ForeignCell[]> = {
  "PUT /api/v1/users/{id}/notifications": [{ what: "another user's id", build: (_m, t) => ({ params: { id: t.user }, body: { enable: true } }), refused: [403, 404] }],
  "GET /api/v1/transfers/wallet/{walletId}": [{ what: "another user's wallet", build: (_m, t) => ({ params: { walletId: t.wallets.RUB } }), refused: [403, 404] }],
  "GET /api/v1/transfers/{id}": [{ what: "another user's transfer", build: (_m, t) => ({ params: { id: t.transfer } }), refused: [403, 404] }],
  "GET /api/v1/transfers/username/{walletId}": [{ what: "a wallet never dealt with", build: (_m, t) => ({ params: { walletId: t.wallets.EUR } }), refused: [403, 404] }],
  "POST /api/v1/transfers": [
    { what: "from another user's wallet", build: (m, t) => ({ body: { senderWalletId: t.wallets.RUB, receiverWalletId: m.wallets.USD, amount: 100 } }), refused: [403, 404] },
  ],
  "POST /api/v1/exchanges": [
    { what: "from another user's wallet", build: (m, t) => ({ body: { fromWalletId: t.wallets.RUB, toWalletId: m.wallets.USD, amount: 100 } }), refused: [403, 404] },
    { what: "from one's own into another user's wallet", build: (m, t) => ({ body: { fromWalletId: m.wallets.RUB, toWalletId: t.wallets.USD, amount: 100 } }), refused: [403, 404] },
  ],
  "GET /api/v1/statements/wallet/{walletId}": [{ what: "another user's wallet", build: (_m, t) => ({ params: { walletId: t.wallets.RUB }, query: period() }), refused: [403, 404] }],
  "POST /api/v1/statements/link": [{ what: "another user's wallet", build: (_m, t) => ({ body: { walletId: t.wallets.RUB, ...period(), format: "csv" } }), refused: [403, 404] }],
  "POST /api/v1/requests/{token}/cancel": [{ what: "another user's request", build: (_m, t) => ({ params: { token: t.request } }), refused: [403, 404] }],
  "POST /api/v1/requests/{token}/pay": [
    { what: "another user's request from a third user's wallet", build: (_m, t) => ({ params: { token: t.request }, body: { walletId: t.wallets.USD } }), refused: [403, 404] },
  ],
  "GET /api/v1/insights": [{ what: "another user's account", build: (_m, t) => ({ query: { wallet: String(t.wallets.RUB) } }), refused: [403, 404] }],
  "GET /api/v1/splits/{token}": [{ what: "another user's split", build: (_m, t) => ({ params: { token: t.split! } }), refused: [403, 404] }],
  "POST /api/v1/splits/{token}/join": [{ what: "another user's split with no share open to its link", build: (_m, t) => ({ params: { token: t.split! } }), refused: [403, 404] }],
  "POST /api/v1/splits/{token}/remind": organiserOnly(),
  "POST /api/v1/splits/{token}/cancel": organiserOnly(),
  "POST /api/v1/splits/{token}/decline": [{ what: "another user's split the caller has no share of", build: (_m, t) => ({ params: { token: t.split! } }), refused: [403, 404] }],
  "POST /api/v1/splits/{token}/shares/{position}/settle": [
    { what: "a share of another user's split", build: (_m, t) => ({ params: { token: t.split!, position: 1 } }), refused: [403, 404] },
    { what: "a share of another user's split open to its link", build: (_m, t) => ({ params: { token: t.openSplit!, position: 1 } }), refused: [403, 404] },
  ],
  "POST /api/v1/schedules": [
    {
      what: "from another user's wallet",
      build: (m, t) => ({ body: { senderWalletId: t.wallets.RUB, receiverWalletId: m.wallets.USD, amount: 100, kind: "once", startDate: scheduleStart() } }),
      refused: [403, 404],
    },
  ],
  "POST /api/v1/schedules/{id}/pause": theirSchedule(),
  "POST /api/v1/schedules/{id}/resume": theirSchedule(),
  "POST /api/v1/schedules/{id}/cancel": theirSchedule(),
  "PUT /api/v1/pockets/{id}": theirPocket({ name: "contract" }),
  "POST /api/v1/pockets/{id}/deposit": theirPocket({ amount: 100 }),
  "POST /api/v1/pockets/{id}/withdraw": theirPocket({ amount: 100 }),
  "POST /api/v1/pockets/{id}/close": theirPocket(),
  "POST /api/v1/orders": [
    { what: "from another user's wallet", build: (m, t) => ({ body: { ...waitingOrder(m.wallets), fromWalletId: t.wallets.USD } }), refused: [403, 404] },
    { what: "from one's own into another user's wallet", build: (m, t) => ({ body: { ...waitingOrder(m.wallets), toWalletId: t.wallets.RUB } }), refused: [403, 404] },
  ],
  "POST /api/v1/orders/{id}/cancel": [{ what: "another user's order", build: (_m, t) => ({ params: { id: t.order! } }), refused: [403, 404] }],
  "POST /api/v1/rate-alerts/{id}/cancel": [{ what: "another user's alert", build: (_m, t) => ({ params: { id: t.alert! } }), refused: [403, 404] }],
  "POST /api/v1/share/prepared": [
    { what: "another user's receipt", build: (_m, t) => ({ body: { kind: "receipt", transferId: t.transfer } }), refused: [403, 404, 422] },
    { what: "another user's request", build: (_m, t) => ({ body: { kind: "request", token: t.request } }), refused: [403, 404, 422] },
  ],
};

/**
 * Operations that honour Idempotency-Key: a valid request of the caller's, and the same request with
 * another body. `theirs` is the other party (whose request the caller pays).
 */
export const IDEMPOTENT: Record<string, (mine: Resources, theirs: Resources) => Parts & { changed: unknown }> = {
  "POST /api/v1/wallet/topup": () => ({ body: { currency: "RUB", amount: 1_000 }, changed: { currency: "RUB", amount: 1_001 } }),
  "POST /api/v1/transfers": (m, t) => ({
    body: { senderWalletId: m.wallets.RUB, receiverWalletId: t.wallets.RUB, amount: 100 },
    changed: { senderWalletId: m.wallets.RUB, receiverWalletId: t.wallets.RUB, amount: 101 },
  }),
  "POST /api/v1/exchanges": (m) => ({
    body: { fromWalletId: m.wallets.RUB, toWalletId: m.wallets.USD, amount: 10_000 },
    changed: { fromWalletId: m.wallets.RUB, toWalletId: m.wallets.USD, amount: 10_001 },
  }),
  "POST /api/v1/requests/{token}/pay": (m, t) => ({ params: { token: t.request }, body: { walletId: m.wallets.RUB }, changed: { walletId: m.wallets.EUR } }),
  "POST /api/v1/splits": (m, t) => {
    const body = { title: "idempotency", currency: "RUB", mode: "equal", shares: [{ userId: m.user }, { userId: t.user }] };
    return { body: { ...body, total: 1_000 }, changed: { ...body, total: 1_001 } };
  },
  "POST /api/v1/schedules": (m, t) => {
    // The first occurrence must be today or later in Moscow time.
    const body = { senderWalletId: m.wallets.RUB, receiverWalletId: t.wallets.RUB, kind: "once", startDate: scheduleStart() };
    return { body: { ...body, amount: 100 }, changed: { ...body, amount: 101 } };
  },
  "POST /api/v1/pockets/{id}/deposit": (m) => ({ params: { id: m.pocket! }, body: { amount: 100 }, changed: { amount: 101 } }),
  "POST /api/v1/pockets/{id}/withdraw": (m) => ({ params: { id: m.pocket! }, body: { amount: 100 }, changed: { amount: 101 } }),
  "POST /api/v1/orders": (m) => ({ body: waitingOrder(m.wallets), changed: waitingOrder(m.wallets, 101) }),
  "POST /api/v1/rate-alerts": () => ({ body: waitingAlert(), changed: waitingAlert(999_998) }),
};

/** The kind of movement each operation that moves money makes (a history row's and a receipt's `kind`). */
export const MOVEMENT_KINDS: Record<string, string> = {
  "POST /api/v1/wallet/topup": "topup",
  "POST /api/v1/transfers": "transfer",
  "POST /api/v1/exchanges": "exchange",
  "POST /api/v1/requests/{token}/pay": "request",
  "POST /api/v1/pockets/{id}/deposit": "pocket",
  "POST /api/v1/pockets/{id}/withdraw": "pocket",
};

/**
 * What the isolation cells made as one user: the items that user's lists must show, and nobody
 * else's may. Made just before the lists are read, so they are the newest of each list.
 */
export type Holdings = {
  user: number;
  wallets: Record<string, number>;
  /** Movements into or out of their ruble wallet. */
  movements: number[];
  /** Payment requests they asked for: their own, and those of the shares of the splits they organised. */
  requests: string[];
  /** Splits they organised or hold a share of. */
  splits: string[];
  schedules: number[];
  /** Pockets they opened. */
  pockets: number[];
  /** Orders at a target rate and rate alerts they made. */
  orders: number[];
  alerts: number[];
  /** Users they sent a transfer to. */
  paid: number[];
};

type Item = Record<string, unknown>;
/**
 * Whose items a list holds — the caller's, or those of the user its input names — how to read
 * it for a subject, how the tester names an item, the items it made as each subject, and what in
 * an item's fields ties it to its subject (so that an item the tester did not make is judged too).
 */
export type ListCell = {
  whose: "caller" | "named";
  read: (subject: Holdings) => Parts;
  name: (item: Item) => string | number;
  made: (subject: Holdings) => (string | number)[];
  belongs: (item: Item, subject: Holdings) => boolean;
};

const walletsOf = (h: Holdings) => Object.values(h.wallets);
const wallets = (whose: ListCell["whose"], read: ListCell["read"]): ListCell => ({ whose, read, name: (w) => w.id as number, made: walletsOf, belongs: (w, h) => walletsOf(h).includes(w.id as number) });

/**
 * Every operation whose answer is a list (an array), and whose items it may hold. A list the
 * document adds is reported as not checked until it has an entry here or in PUBLIC_LISTS.
 */
export const LISTS: Record<string, ListCell> = {
  "GET /api/v1/wallet": wallets("caller", () => ({})),
  "POST /api/v1/wallet/init": wallets("caller", () => ({})),
  "GET /api/v1/wallets/user/{userId}": wallets("named", (h) => ({ params: { userId: h.user } })),
  "GET /api/v1/transfers/wallet/{walletId}": {
    whose: "caller",
    read: (h) => ({ params: { walletId: h.wallets.RUB }, query: { limit: 200 } }),
    name: (t) => t.id as number,
    made: (h) => h.movements,
    belongs: (t, h) => t.senderWalletId === h.wallets.RUB || t.receiverWalletId === h.wallets.RUB,
  },
  "GET /api/v1/transfers/recipients": { whose: "caller", read: () => ({}), name: (r) => r.userId as number, made: (h) => h.paid, belongs: (r, h) => r.userId !== h.user },
  "GET /api/v1/requests": { whose: "caller", read: () => ({}), name: (r) => r.token as string, made: (h) => h.requests, belongs: (r) => r.own === true },
  "GET /api/v1/splits": {
    whose: "caller",
    read: () => ({}),
    name: (s) => s.token as string,
    made: (h) => h.splits,
    belongs: (s) => s.own === true || (s.shares as { mine?: boolean }[] | undefined)?.some((share) => share.mine === true) === true,
  },
  "GET /api/v1/schedules": { whose: "caller", read: () => ({}), name: (s) => s.id as number, made: (h) => h.schedules, belongs: (s, h) => walletsOf(h).includes(s.senderWalletId as number) },
  "GET /api/v1/pockets": { whose: "caller", read: () => ({}), name: (p) => p.id as number, made: (h) => h.pockets, belongs: (p, h) => walletsOf(h).includes(p.walletId as number) },
  "GET /api/v1/orders": { whose: "caller", read: () => ({}), name: (o) => o.id as number, made: (h) => h.orders, belongs: (o, h) => walletsOf(h).includes(o.fromWalletId as number) },
  // An alert names nothing of its owner's: only the ones the tester made tell whose it is.
  "GET /api/v1/rate-alerts": { whose: "caller", read: () => ({}), name: (a) => a.id as number, made: (h) => h.alerts, belongs: () => true },
};

/** Lists that are nobody's: every caller must get the same one. */
export const PUBLIC_LISTS: Record<string, () => Parts> = {
  "GET /api/v1/rates/{currency}/history": () => ({ params: { currency: "USD" }, query: period() }),
};

/**
 * Why a documented answer cannot be provoked from outside on purpose, or null: the coverage matrix
 * marks these `~` instead of `-`, so that what is missing is what a run could still reach.
 */
export function unprovokable(operation: string, status: string, code: string | null): string | null {
  if (status === "500") return "a server error: no correct server answers it on purpose";
  if (status === "502") return "the mail relay or Telegram failing";
  if (status === "503") return "the server, its database, its rates or its bot link unavailable";
  if (status === "429") return "a limit used up: the opt-in limits phase provokes them (--phases limits)";
  if (code === "REQUEST_ABORTED") return "a client that stops sending never reads the answer";
  if (code === "BALANCE_LIMIT") return "a balance of 2^53 − 1 minor units, past every top-up cap";
  if (code === "REQUEST_EXPIRED") return "a payment request older than its time to live (days)";
  if (operation === "POST /api/v1/splits/{token}/join" && code === "SPLIT_CLOSED") {
    return "the last open share taken by someone else while joining (two at once): a full or cancelled split is a 404 to whoever has no share in it";
  }
  if (code === "STATEMENT_TOO_LARGE") return "more movements than STATEMENT_MAX_ROWS: the limits phase, given a small statement-rows";
  if (/^GET \/api\/v1\/demo\//.test(operation) && status.startsWith("2")) return "demo mode only";
  if (/^(GET|POST) \/api\/dev\/clock$/.test(operation)) return "the demo's clock control: called by the clock phase alone, where the server offers it (it moves the server's time)";
  if (operation === "GET /api/metrics" && status === "200") return "needs the server's METRICS_TOKEN";
  if (operation === "POST /api/telegram/webhook" && status === "200") return "needs the webhook's secret token (Telegram's)";
  return null;
}

/** The operations the oracles and the stateful runs drive, by what they do. */
export const BANK = {
  /** Where a server serves its own document (the suite reads it there; the mock serves it there). */
  document: "/api/v1/openapi.json",
  rate: "GET /api/v1/rates/{currency}",
  wallets: "GET /api/v1/wallet",
  topUp: "POST /api/v1/wallet/topup",
  transfer: "POST /api/v1/transfers",
  history: "GET /api/v1/transfers/wallet/{walletId}",
  receipt: "GET /api/v1/transfers/{id}",
  byEmail: "GET /api/v1/users/email/{email}",
  me: "GET /api/v1/users/me",
  refresh: "POST /api/v1/auth/refresh",
  logout: "POST /api/v1/auth/logout",
  /** The header that carries a page's successor in the history. */
  nextCursorHeader: "x-next-cursor",
  /** Decimal places of a rate (rates are ruble prices of one unit). */
  currencies: ["RUB", "USD", "EUR", "CNY"],
} as const;
