// `npm run contract`'s domain oracles and authorization matrix against Minibank's production build,
// and against proxy mutants whose answers keep to the document while one promise of the bank is
// broken: each must be caught by its oracle alone. Reports (--json, --junit) and the coverage
// matrix are checked on the passing run. The mutants' runs go on three at a time against the one
// target (each signs in people of its own; their codes come from one mailbox through --code-from).
// One mutant's run also shows its replay failing against that mutant and passing against the target.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeJwt, SignJWT } from "jose";
import { failures, inPool, outcome, runContract, shell, startCodeDesk, startContractTarget, type CodeDesk, type ContractTarget, type Run } from "@/tests/support/contract-target";
import { errorAnswer, mutantProxy, type Answer, type Exchange, type Mutation } from "@/tests/support/mutant-proxy";

jest.setTimeout(300_000);

const secret = crypto.randomBytes(48).toString("base64url");
let target: ContractTarget;
let desk: CodeDesk;
let work: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-oracles-"));
  desk = await startCodeDesk();
  target = await startContractTarget("oracles", { JWT_SECRET: secret }, desk.smtpPort);
});

afterAll(async () => {
  await target?.stop();
  await desk?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const oracles = (baseUrl: string, ...args: string[]) =>
  runContract(baseUrl, "--code-from", desk.command, "--phases", "oracles", "--jwt-secret", secret, ...args);

/** The last token the mutant saw, for the mutants that hand it to requests that should fail. */
function stealing(rewrite: (authorization: string | null, last: string | null) => string | null): Mutation {
  let last: string | null = null;
  return {
    request: (x) => {
      const authorization = x.headers.get("authorization");
      const replaced = rewrite(authorization, last);
      if (authorization && replaced === authorization) last = authorization;
      if (replaced && replaced !== authorization) x.headers.set("authorization", replaced);
    },
  };
}

type SplitRead = { own: boolean; status: string; shares: { position: number; status: string }[] };

/** A split as the caller reads it from the server itself (a mutant that answers in the server's place). */
async function splitAsRead(token: string, authorization: string | null): Promise<Answer & { body: SplitRead }> {
  const res = await fetch(`${target.server.url}/api/v1/splits/${token}`, { headers: authorization ? { authorization } : {} });
  return { status: res.status, headers: new Headers({ "content-type": "application/json" }), body: (await res.json()) as SplitRead };
}

/** Answers an organiser's `action` on a split with the split as read, changed by `change`, and does nothing. */
function pretending(action: RegExp, change: (split: SplitRead, position: number) => SplitRead): Mutation {
  return {
    request: async (x) => {
      const found = action.exec(x.pathname);
      if (x.method !== "POST" || !found) return;
      const read = await splitAsRead(found[1], x.headers.get("authorization"));
      if (read.status === 200 && read.body.own) return { ...read, body: change(read.body, Number(found[2])) };
    },
  };
}

/** Sends the operations `acting` matches on the resources `made` recorded as their maker would: with the maker's token. */
function actingAsMaker(made: (x: Exchange, a: Answer) => string | number | (string | number)[] | undefined, acting: (x: Exchange) => string | undefined): Mutation {
  const makers = new Map<string, string>();
  return {
    request: (x) => {
      const maker = makers.get(acting(x) ?? "");
      if (maker) x.headers.set("authorization", maker);
    },
    answer: (x, a) => {
      const authorization = x.headers.get("authorization");
      for (const id of [made(x, a) ?? []].flat()) if (authorization) makers.set(String(id), authorization);
    },
  };
}

describe("npm run contract — domain oracles and the authorization matrix", () => {
  it("passes against Minibank, writing JUnit and JSON reports with the coverage matrix", async () => {
    // Into a folder that does not exist yet: the run makes it.
    const junit = path.join(work, "reports", "report.xml");
    const json = path.join(work, "reports", "report.json");
    const run = await oracles(target.server.url, "--junit", junit, "--json", json);
    expect(failures(run.output)).toEqual([]);
    expect(outcome(run)).toEqual({ code: 0, tail: "" });
    expect(run.output).not.toContain("replays of the failing checks");
    for (const line of [
      "ok    oracle: every currency pair, both ways: transfers and exchanges apply the quoted rates, rounded as documented",
      "ok    oracle: a transfer that converts to less than one minor unit is refused (400 INVALID_AMOUNT) and leaves no trace",
      "ok    oracle: an exchange and a paid request move what their answers say: balances and both histories agree",
      "ok    oracle: a refused create leaves no trace: no balance changed, no row in any history, no request listed",
      "ok    oracle: a paid or cancelled request is spent: paying or cancelling it again is refused (409), and nothing moves",
      "ok    oracle: each movement reads back as made: createdAt within its request, the same in history and receipt, its kind its operation's in every history and on its receipt",
      "ok    oracle: requests and links keep time: createdAt and paidAt within their requests, expiry whole days or ten minutes later",
      "ok    oracle: a statement agrees with the history and the balance, in any time zone (JSON and CSV: each of the account's movements once, none of another's, named by its kind)",
      "ok    oracle: e-mail identity is case-insensitive (lookup and sign-in)",
      "ok    oracle: history is newest first",
      "ok    oracle: history paging neither skips nor repeats",
      "ok    oracle: insights agree with the statements: each month's in, out and closing are that month's statement's; its counterparties those of the transfers and paid requests made",
      "ok    oracle: a split's shares sum to its total, each request asks its share, paying one moves exactly that to the organiser",
      "ok    oracle: a split joined from its link: the first open share becomes the joiner's to pay, once; the organiser and, when full, others cannot join",
      "ok    oracle: a split's reminder: pending shares record it, a second the same day is 429 RATE_LIMITED and changes nothing",
      "ok    oracle: a share settled outside the app: settled, its request cancelled, no money moved; a paid share is 409 REQUEST_PAID",
      "ok    oracle: a split's rest cancelled: pending shares declined and unpayable, paid ones stay paid, no money moved; then 409 SPLIT_CLOSED to a reminder",
      "ok    oracle: a share declined by its participant: declined, its request cancelled, no money moved, not reminded; a paid share is 409 REQUEST_PAID",
      "ok    oracle: scheduled transfers: create is idempotent and listed, refusals make none, pause, resume and cancel as documented",
      "ok    oracle: limits hold under parallel sends, a freeze refuses every outgoing kind (a transfer, paying a request or a split's share) and moves nothing; exchanges still work",
      "ok    oracle: pockets sum into the wallet's total, round-ups move exactly the difference, once, and closing brings all back",
      "ok    idempotency POST /api/v1/pockets/{id}/deposit: a replay answers the same, another body 409, the same key from another user a result of their own",
      "ok    idempotency POST /api/v1/pockets/{id}/withdraw: a replay answers the same, another body 409, the same key from another user a result of their own",
      "ok    authorization POST /api/v1/pockets/{id}/close: no token 401, malformed 401, revoked 401, after a spent refresh token's reuse 401, expired 401, another user's pocket 404",
      "ok    idempotency POST /api/v1/splits: a replay answers the same, another body 409, the same key from another user a result of their own",
      "ok    idempotency POST /api/v1/schedules: a replay answers the same, another body 409, the same key from another user a result of their own",
      "ok    authorization GET /api/v1/transfers/wallet/{walletId}: no token 401, malformed 401, revoked 401, after a spent refresh token's reuse 401, expired 401, another user's wallet 403",
      "ok    authorization POST /api/v1/exchanges: no token 401, malformed 401, revoked 401, after a spent refresh token's reuse 401, expired 401, from another user's wallet 403, from one's own into another user's wallet 404",
      "ok    authorization GET /api/v1/insights: no token 401, malformed 401, revoked 401, after a spent refresh token's reuse 401, expired 401, another user's account 404",
      "ok    authorization GET /api/v1/splits/{token}: no token 401, malformed 401, revoked 401, after a spent refresh token's reuse 401, expired 401, another user's split 404",
      "ok    authorization POST /api/v1/splits/{token}/remind: no token 401, malformed 401, revoked 401, after a spent refresh token's reuse 401, expired 401, another user's split 404, another user's split open to its link 404",
      "ok    authorization POST /api/v1/splits/{token}/decline: no token 401, malformed 401, revoked 401, after a spent refresh token's reuse 401, expired 401, another user's split the caller has no share of 404",
      "ok    authorization POST /api/v1/schedules/{id}/pause: no token 401, malformed 401, revoked 401, after a spent refresh token's reuse 401, expired 401, another user's schedule 404",
      "ok    idempotency POST /api/v1/transfers: a replay answers the same, another body 409, the same key from another user a result of their own",
      "ok    idempotency POST /api/v1/requests/{token}/pay: a replay answers the same, another body 409, the same key from another user a result of their own",
      ...["GET /api/v1/wallet", "POST /api/v1/wallet/init", "GET /api/v1/requests", "GET /api/v1/schedules", "GET /api/v1/pockets", "GET /api/v1/splits", "GET /api/v1/transfers/recipients", "GET /api/v1/transfers/wallet/{walletId}"].map(
        (list) => `ok    isolation ${list}: each caller's list holds their own items, none of another user's`,
      ),
      "ok    isolation GET /api/v1/wallets/user/{userId}: the list of a named user holds theirs, none of another user's",
      "ok    isolation GET /api/v1/rates/{currency}/history: the same list for every caller",
    ]) {
      expect(run.output).toContain(line);
    }
    expect(run.output).toMatch(/^coverage: \d+ of \d+ documented answers observed/m);
    expect(run.output).toMatch(/^ {2}POST \/api\/v1\/transfers: \+201, .*\+403 FORBIDDEN/m);
    // Every list the document has is checked: none is left to the environment.
    expect(run.output).not.toMatch(/^ENV {3}isolation /m);
    const summary = /^(\d+) passed, 0 failed; (\d+) of (\d+) documented answers missing from the coverage$/m.exec(run.output);
    const report = JSON.parse(fs.readFileSync(json, "utf8")) as { passed: number; failed: number; coverage: { observed: boolean }[] };
    expect(report.passed).toBe(Number(summary?.[1]));
    expect(report.failed).toBe(0);
    expect(report.coverage.some((row) => row.observed)).toBe(true);
    const xml = fs.readFileSync(junit, "utf8");
    expect(xml).toContain(`<testsuite name="npm run contract" tests="${report.passed}" failures="0" errors="0">`);
    // The coverage beside the JUnit file, as JSON and Markdown, with the summary line's missing count.
    type Coverage = { answers: number; missing: number; operations: { operation: string; answers: { status: string; code: string | null; verdict: string; reason?: string }[] }[] };
    const coverage = JSON.parse(fs.readFileSync(path.join(work, "reports", "report.coverage.json"), "utf8")) as Coverage;
    expect([coverage.missing, coverage.answers]).toEqual([Number(summary?.[2]), Number(summary?.[3])]);
    const answers = coverage.operations.flatMap((o) => o.answers.map((a) => ({ ...a, operation: o.operation })));
    expect(answers).toHaveLength(coverage.answers);
    expect(answers.filter((a) => a.verdict === "missing")).toHaveLength(coverage.missing);
    expect(answers).toContainEqual({ operation: "GET /api/v1/schedules", status: "200", code: null, verdict: "observed" });
    expect(answers).toContainEqual(expect.objectContaining({ operation: "POST /api/v1/transfers", status: "500", verdict: "not provokable", reason: expect.any(String) }));
    expect(answers.every((a) => (a.verdict === "not provokable") === (a.reason !== undefined))).toBe(true);
    const markdown = fs.readFileSync(path.join(work, "reports", "report.coverage.md"), "utf8");
    expect(markdown).toContain(`**${coverage.missing} missing**`);
    expect(markdown).toMatch(/^\| `GET \/api\/v1\/schedules` \| 200, 401 UNAUTHORIZED \| {2}\| 500 INTERNAL_ERROR \(\d+\), 503 UNAVAILABLE \(\d+\) \|$/m);
  });

  const mutants: [string, string, Mutation][] = [
    [
      "an account leaves what its pockets hold out of its total",
      "oracle: pockets sum into the wallet's total",
      {
        answer: (x, a) =>
          x.pathname === "/api/v1/wallet" && x.method === "GET" && a.status === 200
            ? { ...a, body: (a.body as { pocketed?: number }[]).map((w) => ({ ...w, pocketed: 0 })) }
            : undefined,
      },
    ],
    [
      "the yuan is quoted 0,1 % above the rate transfers and exchanges apply",
      "oracle: every currency pair",
      { answer: (x, a) => (x.pathname === "/api/v1/rates/CNY" && a.status === 200 ? { ...a, body: { value: (a.body as { value: number }).value * 1.001 } } : undefined) },
    ],
    [
      "a transfer that converts to nothing is refused as if the balance were short",
      "oracle: a transfer that converts to less than one minor unit",
      { answer: (x, a) => (x.pathname === "/api/v1/transfers" && (a.body as { code?: string }).code === "INVALID_AMOUNT" ? errorAnswer(422, "INSUFFICIENT_FUNDS") : undefined) },
    ],
    [
      "a paid request does not name the transfer that paid it",
      "oracle: an exchange and a paid request",
      { answer: (x, a) => (/^\/api\/v1\/requests\/[^/]+$/.test(x.pathname) && (a.body as { status?: string }).status === "paid" ? { ...a, body: { ...(a.body as object), transferId: null } } : undefined) },
    ],
    [
      "an exchange's time is Moscow time marked as UTC",
      "oracle: each movement reads back as made",
      {
        answer: (x, a) =>
          x.pathname === "/api/v1/exchanges" && a.status === 201
            ? { ...a, body: { ...(a.body as object), createdAt: new Date(Date.parse((a.body as { createdAt: string }).createdAt) + 3 * 3_600_000).toISOString() } }
            : undefined,
      },
    ],
    [
      "a top-up's receipt calls it a transfer",
      "oracle: each movement reads back as made",
      { answer: (x, a) => (/^\/api\/v1\/transfers\/\d+$/.test(x.pathname) && (a.body as { kind?: string }).kind === "topup" ? { ...a, body: { ...(a.body as object), kind: "transfer" } } : undefined) },
    ],
    [
      "a payment request's times are Moscow time marked as UTC",
      "oracle: requests and links keep time",
      {
        answer: (x, a) => {
          if (x.pathname !== "/api/v1/requests" || x.method !== "POST" || a.status !== 201) return;
          const r = a.body as { createdAt: string; expiresAt: string };
          const later = (iso: string) => new Date(Date.parse(iso) + 3 * 3_600_000).toISOString();
          return { ...a, body: { ...r, createdAt: later(r.createdAt), expiresAt: later(r.expiresAt) } };
        },
      },
    ],
    [
      "a statement leaves out 1,00 of money in, its totals still adding up",
      "oracle: a statement agrees with the history and the balance",
      {
        answer: (x, a) => {
          if (!x.pathname.startsWith("/api/v1/statements/wallet/") || a.status !== 200) return;
          // Not in the insights oracle's time zones: there the insights would disagree, not the statement.
          if (["180", "-300"].includes(new URLSearchParams(x.search).get("tz") ?? "")) return;
          const s = a.body as { opening: number; totalIn: number; count: number };
          return s.totalIn >= 100 ? { ...a, body: { ...s, opening: s.opening + 100, totalIn: s.totalIn - 100 } } : undefined;
        },
      },
    ],
    [
      "a transfer refused for want of money still shows in the sender's history",
      "oracle: a refused create leaves no trace",
      (() => {
        const refused = new Map<number, unknown>();
        return {
          answer: (x, a) => {
            const body = x.body as { senderWalletId?: number; receiverWalletId?: number; amount?: number } | undefined;
            if (x.pathname === "/api/v1/transfers" && x.method === "POST" && a.status === 422 && body?.senderWalletId) {
              const row = { id: 2_000_000_000, kind: "transfer", senderWalletId: body.senderWalletId, receiverWalletId: body.receiverWalletId, amount: body.amount, currency: "RUB", receivedAmount: body.amount, receivedCurrency: "RUB", rate: "1", message: null, createdAt: new Date().toISOString() };
              refused.set(body.senderWalletId, row);
            }
            // Shown in the next read of the sender's history only: later oracles (lists, kinds, requests)
            // would see the phantom too, and this mutant is the refusal oracle's to catch.
            const wallet = Number(/^\/api\/v1\/transfers\/wallet\/(\d+)$/.exec(x.pathname)?.[1]);
            if (!refused.has(wallet) || !Array.isArray(a.body)) return;
            const phantom = refused.get(wallet);
            refused.delete(wallet);
            return { ...a, body: [phantom, ...a.body] };
          },
        };
      })(),
    ],
    [
      "a cancelled request can still be paid",
      "oracle: a paid or cancelled request is spent",
      (() => {
        // Not a split's share: the split oracles would catch it too, where a share is settled or cancelled.
        const shares = new Set<string>();
        return {
          answer: (x, a) => {
            if (x.pathname === "/api/v1/splits" && x.method === "POST" && a.status === 201) for (const share of (a.body as { shares: { requestToken: string | null }[] }).shares) shares.add(share.requestToken ?? "");
            const token = /^\/api\/v1\/requests\/([^/]+)\/pay$/.exec(x.pathname)?.[1];
            if (!token || shares.has(token) || (a.body as { code?: string }).code !== "REQUEST_CANCELLED") return;
            const made = { id: 1, kind: "request", senderWalletId: (x.body as { walletId: number }).walletId, receiverWalletId: 1, amount: 400, currency: "RUB", receivedAmount: 400, receivedCurrency: "RUB", rate: "1", message: null, createdAt: new Date().toISOString() };
            return { status: 201, headers: new Headers({ "content-type": "application/json" }), body: made };
          },
        };
      })(),
    ],
    [
      "a frozen customer's payment of a request is answered as made",
      "oracle: limits hold under parallel sends",
      {
        answer: (x, a) => {
          if (!/^\/api\/v1\/requests\/[^/]+\/pay$/.test(x.pathname) || (a.body as { code?: string }).code !== "TRANSFERS_FROZEN") return;
          const made = { id: 1, kind: "request", senderWalletId: (x.body as { walletId: number }).walletId, receiverWalletId: 1, amount: 100, currency: "RUB", receivedAmount: 100, receivedCurrency: "RUB", rate: "1", message: null, channel: "request", createdAt: new Date().toISOString() };
          return { status: 201, headers: new Headers({ "content-type": "application/json" }), body: made };
        },
      },
    ],
    [
      "a month's insights leave out 1,00 of money in",
      "oracle: insights agree with the statements",
      {
        answer: (x, a) => {
          if (x.pathname !== "/api/v1/insights" || a.status !== 200) return;
          const view = a.body as { months: { in: number }[] };
          return { ...a, body: { ...view, months: view.months.map((m) => (m.in >= 100 ? { ...m, in: m.in - 100 } : m)) } };
        },
      },
    ],
    [
      "a split's first share is one minor unit more than its request asks",
      "oracle: a split's shares sum to its total",
      {
        answer: (x, a) => {
          if (x.pathname !== "/api/v1/splits" || x.method !== "POST" || a.status !== 201) return;
          const made = a.body as { shares: { amount: number }[] };
          return { ...a, body: { ...made, shares: made.shares.map((share, i) => (i === 0 ? { ...share, amount: share.amount + 1 } : share)) } };
        },
      },
    ],
    [
      "joining a split answers it but takes no share",
      "oracle: a split joined from its link",
      {
        request: (x) => {
          if (x.method !== "POST" || !/^\/api\/v1\/splits\/[^/]+\/join$/.test(x.pathname)) return;
          x.method = "GET";
          x.pathname = x.pathname.replace(/\/join$/, "");
          x.body = undefined;
        },
      },
    ],
    [
      "a second reminder the same day is answered as if it were sent",
      "oracle: a split's reminder",
      (() => {
        const reminded = new Set<string>();
        const remindOf = (x: Exchange) => (x.method === "POST" ? /^\/api\/v1\/splits\/([^/]+)\/remind$/.exec(x.pathname)?.[1] : undefined);
        return {
          request: async (x) => {
            const token = remindOf(x);
            if (token && reminded.has(token)) return splitAsRead(token, x.headers.get("authorization"));
          },
          answer: (x, a) => {
            const token = remindOf(x);
            if (token && a.status === 200) reminded.add(token);
          },
        };
      })(),
    ],
    [
      "settling a share outside the app answers it settled but records nothing (its request stays payable)",
      "oracle: a share settled outside the app",
      pretending(/^\/api\/v1\/splits\/([^/]+)\/shares\/(\d+)\/settle$/, (split, position) => ({
        ...split,
        shares: split.shares.map((share) => (share.position === position && share.status !== "paid" ? { ...share, status: "settled" } : share)),
      })),
    ],
    [
      "cancelling the rest of a split answers it cancelled but leaves its pending requests payable",
      "oracle: a split's rest cancelled",
      pretending(/^\/api\/v1\/splits\/([^/]+)\/cancel$/, (split) => ({
        ...split,
        status: "cancelled",
        shares: split.shares.map((share) => (share.status === "pending" ? { ...share, status: "declined" } : share)),
      })),
    ],
    [
      "another user's split is shown to whoever names its token, as to its organiser",
      "authorization GET /api/v1/splits/{token}",
      actingAsMaker(
        (x, a) => (x.pathname === "/api/v1/splits" && x.method === "POST" && a.status === 201 && (x.body as { title?: string }).title === "contract isolation" ? (a.body as { token: string }).token : undefined),
        (x) => (x.method === "GET" ? /^\/api\/v1\/splits\/([^/]+)$/.exec(x.pathname)?.[1] : undefined),
      ),
    ],
    [
      "anyone may remind, settle or cancel another user's split as if they organised it",
      "authorization POST /api/v1/splits/{token}/",
      actingAsMaker(
        (x, a) => (x.pathname === "/api/v1/splits" && x.method === "POST" && a.status === 201 && (x.body as { title?: string }).title === "contract isolation" ? (a.body as { token: string }).token : undefined),
        (x) => /^\/api\/v1\/splits\/([^/]+)\/(remind|cancel|shares\/\d+\/settle)$/.exec(x.pathname)?.[1],
      ),
    ],
    [
      "anyone may pause, resume or cancel another user's schedule",
      "authorization POST /api/v1/schedules/{id}/",
      actingAsMaker(
        // The isolation matrix's schedule (the schedules oracle's is weekly, the idempotency matrix's sent with a key).
        (x, a) => (x.pathname === "/api/v1/schedules" && x.method === "POST" && a.status === 201 && !x.headers.get("idempotency-key") && (x.body as { kind?: string }).kind === "once" ? (a.body as { id: number }).id : undefined),
        (x) => /^\/api\/v1\/schedules\/(\d+)\/(pause|resume|cancel)$/.exec(x.pathname)?.[1],
      ),
    ],
    [
      "insights of any account are read as its owner's",
      "authorization GET /api/v1/insights",
      actingAsMaker(
        // Each wallet as the token that listed it: its owner's.
        (x, a) => (x.pathname === "/api/v1/wallet" && x.method === "GET" && Array.isArray(a.body) ? (a.body as { id: number }[]).map((w) => w.id) : undefined),
        (x) => (x.pathname === "/api/v1/insights" ? new URLSearchParams(x.search).get("wallet") ?? undefined : undefined),
      ),
    ],
    [
      "pausing a schedule resumes it instead",
      "oracle: scheduled transfers",
      {
        request: (x) => {
          if (/^\/api\/v1\/schedules\/\d+\/pause$/.test(x.pathname)) x.pathname = x.pathname.replace(/pause$/, "resume");
        },
      },
    ],
    [
      "a lookup by e-mail is case-sensitive",
      "oracle: e-mail identity is case-insensitive",
      { request: (x) => (x.pathname.startsWith("/api/v1/users/email/") && /[A-Z]/.test(decodeURIComponent(x.pathname)) ? errorAnswer(404, "USER_NOT_FOUND") : undefined) },
    ],
    [
      "each history page is oldest first",
      "oracle: history is newest first",
      { answer: (x, a) => (x.pathname.startsWith("/api/v1/transfers/wallet/") && Array.isArray(a.body) ? { ...a, body: [...a.body].reverse() } : undefined) },
    ],
    [
      "the next page starts at the cursor, not after it",
      "oracle: history paging neither skips nor repeats",
      {
        request: (x) => {
          if (!x.pathname.startsWith("/api/v1/transfers/wallet/")) return;
          const query = new URLSearchParams(x.search);
          const cursor = query.get("cursor");
          if (cursor) query.set("cursor", String(Number(cursor) + 1));
          x.search = `?${query}`;
        },
      },
    ],
    [
      "another user's history is served as an empty list",
      "authorization GET /api/v1/transfers/wallet/{walletId}",
      { answer: (x, a) => (x.pathname.startsWith("/api/v1/transfers/wallet/") && a.status === 403 ? { ...a, status: 200, body: [] } : undefined) },
    ],
    [
      "an Idempotency-Key is one for all users: another user's key and body replay the first user's answer",
      "idempotency",
      (() => {
        const answers = new Map<string, Answer>();
        const keyOf = (x: { pathname: string; headers: Headers; body: unknown }) => `${x.pathname} ${x.headers.get("idempotency-key")} ${JSON.stringify(x.body)}`;
        return {
          request: (x) => answers.get(keyOf(x)),
          answer: (x, a) => {
            if (x.headers.get("idempotency-key") && a.status === 201) answers.set(keyOf(x), a);
          },
        };
      })(),
    ],
    [
      "reusing a spent refresh token is refused, but its session lives on",
      "authorization",
      (() => {
        const spent = new Set<string>();
        return {
          request: (x) => {
            if (x.pathname !== "/api/v1/auth/refresh") return;
            const token = (x.body as { refresh_token?: string }).refresh_token ?? "";
            if (spent.has(token)) return errorAnswer(401, "INVALID_REFRESH_TOKEN");
            spent.add(token);
          },
        };
      })(),
    ],
    [
      "a statement link is made for another user's wallet",
      "authorization POST /api/v1/statements/link",
      {
        answer: (x, a) =>
          x.pathname === "/api/v1/statements/link" && a.status === 404
            ? { status: 201, headers: new Headers({ "content-type": "application/json" }), body: { url: "/api/v1/statements/csv?token=t", fileName: "s.csv", expiresAt: new Date().toISOString() } }
            : undefined,
      },
    ],
    [
      "an exchange from one's own wallet into another user's is made",
      "authorization POST /api/v1/exchanges",
      {
        answer: (x, a) => {
          if (x.pathname !== "/api/v1/exchanges" || a.status !== 404) return;
          const { fromWalletId, toWalletId, amount } = x.body as { fromWalletId: number; toWalletId: number; amount: number };
          // The authorization matrix's exchange (the leakage oracle's is of another amount).
          if (amount !== 100) return;
          const made = { id: 1, senderWalletId: fromWalletId, receiverWalletId: toWalletId, amount, currency: "RUB", receivedAmount: 1, receivedCurrency: "USD", rate: "0.0135", message: null, createdAt: new Date().toISOString() };
          return { status: 201, headers: new Headers({ "content-type": "application/json" }), body: made };
        },
      },
    ],
    [
      "an exchange is shown in the history as a transfer",
      "oracle: each movement reads back as made",
      {
        answer: (x, a) =>
          x.pathname.startsWith("/api/v1/transfers/wallet/") && Array.isArray(a.body)
            ? { ...a, body: (a.body as { kind: string }[]).map((row) => (row.kind === "exchange" ? { ...row, kind: "transfer" } : row)) }
            : undefined,
      },
    ],
    [
      "the schedules list holds every customer's schedules, not only the caller's",
      "isolation GET /api/v1/schedules",
      (() => {
        // Each schedule as it was made, by its maker (the token's subject): a list that forgets to ask whose.
        const made = new Map<number, { maker: string; schedule: { id: number } }>();
        const subject = (x: Exchange) => String(decodeJwt(x.headers.get("authorization")?.replace(/^Bearer /, "") ?? "").sub);
        return {
          answer: (x, a) => {
            if (x.pathname !== "/api/v1/schedules" || a.status >= 300) return;
            if (x.method === "POST") made.set((a.body as { id: number }).id, { maker: subject(x), schedule: a.body as { id: number } });
            if (x.method !== "GET") return;
            const own = a.body as { id: number }[];
            const others = [...made.values()].filter((m) => m.maker !== subject(x) && !own.some((s) => s.id === m.schedule.id)).map((m) => m.schedule);
            return { ...a, body: [...own, ...others].sort((p, q) => q.id - p.id) };
          },
        };
      })(),
    ],
    ["signing out revokes nothing", "authorization", { request: (x) => (x.pathname === "/api/v1/auth/logout" ? { status: 200, headers: new Headers({ "content-type": "application/json" }), body: { ok: true } } : undefined) }],
    ["a malformed token is replaced by the last good one", "authorization", stealing((auth, last) => (auth === "Bearer not.a.token" ? last : auth))],
    [
      "an expired token is still honoured",
      "authorization",
      {
        // Re-signs an expired token with a fresh expiry (the mutant knows this server's secret).
        request: async (x) => {
          const token = x.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
          let claims: ReturnType<typeof decodeJwt>;
          try {
            claims = decodeJwt(token);
          } catch {
            return;
          }
          if (!claims.exp || claims.exp * 1000 > Date.now()) return;
          const fresh = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })
            .setProtectedHeader({ alg: "HS256", typ: "JWT" })
            .sign(new TextEncoder().encode(secret));
          x.headers.set("authorization", `Bearer ${fresh}`);
        },
      },
    ],
  ];

  /** Each mutant's run, made before the tests that read them: three at a time, each behind its own proxy. */
  const runs = new Map<Mutation, Run>();
  const replayDir = (mutation: Mutation) => path.join(work, "replays", String(mutants.findIndex(([, , m]) => m === mutation)));
  beforeAll(async () => {
    const made = await inPool(
      3,
      mutants.map(([, , mutation]) => async () => {
        const proxy = await mutantProxy(target.server.url, mutation);
        try {
          return await oracles(proxy.url, "--seed", "7", "--replay-dir", replayDir(mutation));
        } finally {
          await proxy.close();
        }
      }),
    );
    mutants.forEach(([, , mutation], i) => runs.set(mutation, made[i]));
  }, 1_800_000);

  it.each(mutants)("catches a server where %s, by '%s' alone", (_what, check, mutation) => {
    const run = runs.get(mutation)!;
    const failed = failures(run.output);
    // A run that stopped before any check (it could not start, say) shows how it ended.
    expect({ ...outcome(run, 1), caught: failed.length > 0 }).toEqual({ code: 1, tail: "", caught: true });
    expect(failed.filter((line) => !line.startsWith(`FAIL  ${check}`))).toEqual([]);
  });

  it("writes a replay of a failing check, with its sign-ins: it fails against the broken server and passes against the fixed one, run by the suite and as curl", async () => {
    const [, check, mutation] = mutants.find(([what]) => what === "another user's history is served as an empty list")!;
    const run = runs.get(mutation)!;
    const dir = replayDir(mutation);
    // Printed at the end of the failing run: one replay (JSON and sh) for its one failing check.
    const printed = run.output.split("\n").map((line) => line.trim()).filter((line) => line.startsWith(dir));
    expect(printed).toEqual([path.join(dir, "replay-1.json"), path.join(dir, "replay-1.sh")]);
    const [json, script] = printed;
    type Taped = { kind: string; request?: { path: string }; answer?: { body: { refresh_token?: unknown } | null } };
    const file = JSON.parse(fs.readFileSync(json, "utf8")) as { check: string; steps: Taped[] };
    expect(file.check.startsWith(check)).toBe(true);
    // Signing in is recorded as a code to read again, and the replay signs in anew: with the
    // recorded sessions signed out, a replay that sent a recorded token would be refused.
    expect(file.steps.some((step) => step.kind === "code")).toBe(true);
    const sessions = file.steps.flatMap((step) => (typeof step.answer?.body?.refresh_token === "string" ? [step.answer.body.refresh_token] : []));
    expect(sessions.length).toBeGreaterThan(0);
    for (const refresh_token of sessions) {
      await fetch(`${target.server.url}/api/v1/auth/logout`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ refresh_token }) });
    }
    const replay = (baseUrl: string) => runContract(baseUrl, "--replay", json, "--code-from", desk.command);
    const curl = (baseUrl: string) => shell(script, baseUrl, { CODE_FROM: desk.command });
    // The four at once: each signs in people of its own, and waits mostly for their mail.
    const proxy = await mutantProxy(target.server.url, mutation);
    const [broken, fixed] = await Promise.all([
      Promise.all([replay(proxy.url), curl(proxy.url)]).finally(() => proxy.close()),
      Promise.all([replay(target.server.url), curl(target.server.url)]),
    ]);
    expect(broken.map((replayed) => replayed.code)).toEqual([1, 1]);
    for (const replayed of broken) expect(replayed.output).toMatch(/^FAIL {2}step \d+ GET \/api\/v1\/transfers\/wallet\/\{walletId\}.* 200/m);
    expect(fixed.map((replayed) => failures(replayed.output))).toEqual([[], []]);
    expect(fixed.map((replayed) => replayed.code)).toEqual([0, 0]);
    const [node, sh] = fixed;
    expect(node.output).toContain("the check passes");
    expect(sh.output).toContain("the check passes");
  });
});
