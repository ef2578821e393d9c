import crypto from "node:crypto";
import { sign } from "@telegram-apps/init-data-node";
import type { Answer, ContractClient } from "./client";
import type { CodeSource } from "./codes";
import { runMoneySections } from "./money";

/** The operations of the bank's /api/v1 contract (spec §7) plus the token endpoints. */
export const OPERATIONS = [
  "POST /api/v1/auth/email/request-code",
  "POST /api/v1/auth/email/verify-code",
  "POST /api/v1/auth/telegram/login",
  "POST /api/v1/auth/refresh",
  "POST /api/v1/auth/logout",
  "GET /api/v1/users/me",
  "GET /api/v1/users/id/{id}",
  "GET /api/v1/users/email/{email}",
  "GET /api/v1/users/telegram/{id}",
  "GET /api/v1/users/username/{username}",
  "GET /api/v1/users/by-wallet/{number}",
  "PUT /api/v1/users/{id}/notifications",
  "GET /api/v1/wallet",
  "POST /api/v1/wallet/init",
  "POST /api/v1/wallet/topup",
  "GET /api/v1/wallets/user/{userId}",
  "GET /api/v1/rates/{currency}",
  "GET /api/v1/rates/{currency}/history",
  "POST /api/v1/transfers",
  "GET /api/v1/transfers/wallet/{walletId}",
  "GET /api/v1/transfers/username/{walletId}",
] as const;

type Tokens = { access_token: string; refresh_token: string };
type Wallet = { id: number; currency: string; balance: number; number: string };
type Me = { id: number; username: string | null; email: string | null };
type Person = { email: string; tokens: Tokens; me: Me; wallets: Wallet[] };

export type ScenarioOptions = {
  codes: CodeSource;
  botToken?: string;
  /** Whether the document describes an operation beyond spec §7 (checked only then). */
  documents: (method: string, path: string) => boolean;
};

/** A stop inside a section: what it needed from an earlier answer is missing. */
class Missing extends Error {}

const need = <T>(value: T | null | undefined, what: string): T => {
  if (value === null || value === undefined) throw new Missing(`cannot go on: ${what}`);
  return value;
};
const body = <T>(answer: Answer | null): T | null => (answer ? (answer.body as T) : null);
const expectEqual = (what: string, actual: unknown, expected: unknown) =>
  JSON.stringify(actual) === JSON.stringify(expected) ? [] : [`${what} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`];

/**
 * Drives every operation over HTTP as the frontend would, good and bad input, two (or, with a bot
 * token, three) users. Each step is a check; a section that loses what it needs stops there.
 */
export async function runScenario(api: ContractClient, options: ScenarioOptions): Promise<void> {
  const run = Date.now().toString(36) + crypto.randomBytes(3).toString("hex");
  const section = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      api.record(`${name}: section stopped`, [(error as Error).message]);
    }
  };

  const signIn = async (email: string): Promise<Person> => {
    need(
      await api.call({ name: "a code is sent to a new address", method: "POST", path: "/api/v1/auth/email/request-code", body: { email }, expect: 200 }),
      "no code was sent",
    );
    const code = await options.codes.codeFor(email);
    const tokens = need(
      body<Tokens>(await api.call({ name: "the e-mailed code signs in", method: "POST", path: "/api/v1/auth/email/verify-code", body: { email, code }, expect: 200 })),
      "sign-in failed",
    );
    const auth = { token: tokens.access_token };
    need(await api.call({ name: "new wallets are created", method: "POST", path: "/api/v1/wallet/init", ...auth, expect: 200 }), "wallet init failed");
    const wallets = need(
      body<Wallet[]>(
        await api.call({
          name: "own wallets: RUB, USD, EUR, CNY",
          method: "GET",
          path: "/api/v1/wallet",
          ...auth,
          expect: 200,
          verify: (a) => expectEqual("currencies", (a.body as Wallet[]).map((w) => w.currency).sort(), ["CNY", "EUR", "RUB", "USD"]),
        }),
      ),
      "no wallets",
    );
    const me = need(body<Me>(await api.call({ name: "the signed-in user", method: "GET", path: "/api/v1/users/me", ...auth, expect: 200 })), "no profile");
    return { email, tokens, me, wallets };
  };

  let alice: Person | null = null;
  let bob: Person | null = null;
  let telegramId: number | null = null;

  await section("e-mail sign-in", async () => {
    await api.call({ name: "an invalid address is refused", method: "POST", path: "/api/v1/auth/email/request-code", body: { email: "not-an-address" }, expect: 400 });
    await api.call({ name: "a body that is not JSON is refused", method: "POST", path: "/api/v1/auth/email/request-code", body: "{", expect: 400 });
    const email = `contract.a.${run}@example.com`;
    alice = await signIn(email);
    await api.call({ name: "a wrong code is refused", method: "POST", path: "/api/v1/auth/email/verify-code", body: { email, code: "000000" }, expect: 401 });
    bob = await signIn(`contract.b.${run}@example.com`);
  });

  await section("telegram sign-in", async () => {
    await api.call({ name: "forged init data is refused", method: "POST", path: "/api/v1/auth/telegram/login", body: { init_data: "user=%7B%22id%22%3A1%7D&hash=00" }, expect: 401 });
    if (!options.botToken) return;
    telegramId = 700_000_000 + crypto.randomInt(1_000_000);
    const initData = sign({ user: { id: telegramId, first_name: "Contract", username: `contract_${run}` }, query_id: run }, options.botToken, new Date());
    const tokens = need(
      body<Tokens>(await api.call({ name: "init data signed with the bot's token signs in", method: "POST", path: "/api/v1/auth/telegram/login", body: { init_data: initData }, expect: 200 })),
      "telegram sign-in failed",
    );
    // Init data without allows_write_to_pm: the bot may not write to this new user until they allow it.
    const token = tokens.access_token;
    const me = need(
      body<Me>(await api.call({ name: "a new Telegram user the bot may not write to", method: "GET", path: "/api/v1/users/me", token, expect: 200,
        verify: (answer) => expectEqual("botMayWrite", (answer.body as { botMayWrite?: unknown }).botMayWrite, false) })),
      "no profile",
    );
    await api.call({
      name: "write access granted in the Mini App",
      method: "PUT",
      path: "/api/v1/users/{id}/notifications",
      params: { id: me.id },
      token,
      body: { enable: true, writeAccessAllowed: true },
      expect: 200,
      verify: (answer) => expectEqual("botMayWrite", (answer.body as { botMayWrite?: unknown }).botMayWrite, true),
    });
    await api.call({ name: "write access is only ever granted", method: "PUT", path: "/api/v1/users/{id}/notifications", params: { id: me.id }, token, body: { enable: true, writeAccessAllowed: false }, expect: 400 });
  });

  await section("tokens", async () => {
    const a = need<Person>(alice, "no signed-in user");
    await api.call({ name: "no token", method: "GET", path: "/api/v1/users/me", expect: 401 });
    await api.call({ name: "a malformed token", method: "GET", path: "/api/v1/users/me", token: "not.a.token", expect: 401 });
    const rotated = need(
      body<Tokens>(await api.call({ name: "the refresh token is rotated", method: "POST", path: "/api/v1/auth/refresh", body: { refresh_token: a.tokens.refresh_token }, expect: 200 })),
      "refresh failed",
    );
    await api.call({ name: "the rotated access token works", method: "GET", path: "/api/v1/users/me", token: rotated.access_token, expect: 200 });
    await api.call({ name: "a spent refresh token is refused", method: "POST", path: "/api/v1/auth/refresh", body: { refresh_token: a.tokens.refresh_token }, expect: 401 });
    // Reusing a spent token revokes its whole family: sign in again for the rest of the run.
    alice = await signIn(a.email);
  });

  const wallet = (person: Person, currency: string) => need(person.wallets.find((w) => w.currency === currency), `${currency} wallet`);

  await section("top-up", async () => {
    const a = need<Person>(alice, "no signed-in user");
    const key = `contract-topup-${run}`;
    const topUp = { currency: "RUB", amount: 500_000 };
    const first = body<{ id: number }>(
      await api.call({ name: "5 000,00 ₽ online", method: "POST", path: "/api/v1/wallet/topup", token: a.tokens.access_token, headers: { "idempotency-key": key }, body: topUp, expect: 201 }),
    );
    await api.call({
      name: "the same Idempotency-Key replays the first answer",
      method: "POST",
      path: "/api/v1/wallet/topup",
      token: a.tokens.access_token,
      headers: { "idempotency-key": key },
      body: topUp,
      expect: 201,
      verify: (answer) => expectEqual("replayed id", (answer.body as { id: number }).id, first?.id),
    });
    await api.call({ name: "the same key with another body", method: "POST", path: "/api/v1/wallet/topup", token: a.tokens.access_token, headers: { "idempotency-key": key }, body: { ...topUp, amount: 1 }, expect: 409 });
    await api.call({ name: "an unknown currency", method: "POST", path: "/api/v1/wallet/topup", token: a.tokens.access_token, body: { currency: "XXX", amount: 100 }, expect: 400 });
    await api.call({ name: "a zero amount", method: "POST", path: "/api/v1/wallet/topup", token: a.tokens.access_token, body: { currency: "RUB", amount: 0 }, expect: 400 });
    await api.call({
      name: "the balance shows the top-up once",
      method: "GET",
      path: "/api/v1/wallet",
      token: a.tokens.access_token,
      expect: 200,
      verify: (answer) => expectEqual("RUB balance", (answer.body as Wallet[]).find((w) => w.currency === "RUB")?.balance, 500_000),
    });
  });

  let ratesKnown = false;
  await section("rates", async () => {
    const token = need<Person>(alice, "no signed-in user").tokens.access_token;
    for (const currency of ["USD", "EUR", "CNY"]) {
      const answer = await api.call({ name: `the ruble price of ${currency}`, method: "GET", path: "/api/v1/rates/{currency}", params: { currency }, token, expect: 200 });
      ratesKnown ||= answer !== null && currency === "USD";
    }
    await api.call({ name: "an unknown currency", method: "GET", path: "/api/v1/rates/{currency}", params: { currency: "XYZ" }, token, expect: 404 });
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    await api.call({ name: "30 days of USD", method: "GET", path: "/api/v1/rates/{currency}/history", params: { currency: "USD" }, query: { from: day(from), to: day(to) }, token, expect: 200 });
    await api.call({ name: "a range that ends before it starts", method: "GET", path: "/api/v1/rates/{currency}/history", params: { currency: "USD" }, query: { from: day(to), to: day(from) }, token, expect: 400 });
  });

  await section("lookups", async () => {
    const a = need<Person>(alice, "no signed-in user");
    const b = need<Person>(bob, "no second user");
    const token = a.tokens.access_token;
    const noEmail = (answer: Answer) => (JSON.stringify(answer.body).includes(b.email) ? ["another user's profile carries their e-mail"] : []);
    await api.call({ name: "another user by id", method: "GET", path: "/api/v1/users/id/{id}", params: { id: b.me.id }, token, expect: 200, verify: noEmail });
    await api.call({ name: "an id nobody has", method: "GET", path: "/api/v1/users/id/{id}", params: { id: 2_000_000_000 }, token, expect: 404 });
    await api.call({ name: "an id that is not a number", method: "GET", path: "/api/v1/users/id/{id}", params: { id: "abc" }, token, expect: 400 });
    await api.call({ name: "another user by e-mail", method: "GET", path: "/api/v1/users/email/{email}", params: { email: b.email }, token, expect: 200, verify: noEmail });
    await api.call({ name: "an e-mail nobody has", method: "GET", path: "/api/v1/users/email/{email}", params: { email: `nobody.${run}@example.com` }, token, expect: 404 });
    if (b.me.username) {
      await api.call({ name: "another user by username", method: "GET", path: "/api/v1/users/username/{username}", params: { username: b.me.username }, token, expect: 200 });
    }
    await api.call({ name: "a username nobody has", method: "GET", path: "/api/v1/users/username/{username}", params: { username: `nobody_${run}` }, token, expect: 404 });
    if (telegramId !== null) {
      await api.call({ name: "a Telegram user by Telegram id", method: "GET", path: "/api/v1/users/telegram/{id}", params: { id: telegramId }, token, expect: 200 });
    }
    await api.call({ name: "a Telegram id nobody has", method: "GET", path: "/api/v1/users/telegram/{id}", params: { id: "1" }, token, expect: 404 });
    await api.call({ name: "another user by account number", method: "GET", path: "/api/v1/users/by-wallet/{number}", params: { number: wallet(b, "RUB").number }, token, expect: 200 });
    await api.call({
      name: "another user's wallets, without balances",
      method: "GET",
      path: "/api/v1/wallets/user/{userId}",
      params: { userId: b.me.id },
      token,
      expect: 200,
      verify: (answer) => ((answer.body as object[]).some((w) => "balance" in w) ? ["balances of another user's wallets are shown"] : []),
    });
  });

  await section("transfers and history", async () => {
    const a = need<Person>(alice, "no signed-in user");
    const b = need<Person>(bob, "no second user");
    const token = a.tokens.access_token;
    const key = `contract-transfer-${run}`;
    const move = { senderWalletId: wallet(a, "RUB").id, receiverWalletId: wallet(b, "RUB").id, amount: 10_000 };
    const sent = body<{ id: number }>(
      await api.call({
        name: "100,00 ₽ to another user",
        method: "POST",
        path: "/api/v1/transfers",
        token,
        headers: { "idempotency-key": key },
        body: move,
        expect: 201,
        verify: (answer) => expectEqual("amounts", [(answer.body as { amount: number }).amount, (answer.body as { receivedAmount: number }).receivedAmount], [10_000, 10_000]),
      }),
    );
    await api.call({
      name: "a resent transfer moves no money again",
      method: "POST",
      path: "/api/v1/transfers",
      token,
      headers: { "idempotency-key": key },
      body: move,
      expect: 201,
      verify: (answer) => expectEqual("replayed id", (answer.body as { id: number }).id, sent?.id),
    });
    if (ratesKnown) {
      await api.call({ name: "rubles to another user's dollars", method: "POST", path: "/api/v1/transfers", token, body: { ...move, receiverWalletId: wallet(b, "USD").id }, expect: 201 });
    }
    await api.call({ name: "more than the balance", method: "POST", path: "/api/v1/transfers", token, body: { ...move, amount: 10_000_000_000 }, expect: 422 });
    await api.call({ name: "to the same wallet", method: "POST", path: "/api/v1/transfers", token, body: { ...move, receiverWalletId: move.senderWalletId }, expect: 400 });
    await api.call({ name: "from another user's wallet", method: "POST", path: "/api/v1/transfers", token, body: { ...move, senderWalletId: wallet(b, "RUB").id, receiverWalletId: wallet(a, "USD").id }, expect: 403 });
    await api.call({ name: "a negative amount", method: "POST", path: "/api/v1/transfers", token, body: { ...move, amount: -5 }, expect: 400 });
    await api.call({
      name: "own history holds the transfer",
      method: "GET",
      path: "/api/v1/transfers/wallet/{walletId}",
      params: { walletId: move.senderWalletId },
      token,
      expect: 200,
      verify: (answer) => ((answer.body as { id: number }[]).some((t) => t.id === sent?.id) ? [] : ["the transfer is not in the history"]),
    });
    await api.call({
      name: "a page of one has a next cursor",
      method: "GET",
      path: "/api/v1/transfers/wallet/{walletId}",
      params: { walletId: move.senderWalletId },
      query: { limit: 1 },
      token,
      expect: 200,
      verify: (answer) => (answer.headers.get("x-next-cursor") ? [] : ["no x-next-cursor header on a page of one"]),
    });
    await api.call({ name: "another user's history", method: "GET", path: "/api/v1/transfers/wallet/{walletId}", params: { walletId: wallet(b, "RUB").id }, token, expect: 403 });
    if (sent && options.documents("GET", "/api/v1/transfers/{id}")) {
      await api.call({
        name: "the sender's receipt",
        method: "GET",
        path: "/api/v1/transfers/{id}",
        params: { id: sent.id },
        token,
        expect: 200,
        verify: (answer) => expectEqual("receipt amount", (answer.body as { amount?: unknown }).amount, move.amount),
      });
      await api.call({ name: "the receiver's receipt", method: "GET", path: "/api/v1/transfers/{id}", params: { id: sent.id }, token: b.tokens.access_token, expect: 200 });
      await api.call({ name: "a receipt nobody has", method: "GET", path: "/api/v1/transfers/{id}", params: { id: 2_000_000_000 }, token, expect: 404 });
    }
    if (options.documents("GET", "/api/v1/transfers/recipients")) {
      await api.call({
        name: "the last person paid leads the recent recipients",
        method: "GET",
        path: "/api/v1/transfers/recipients",
        token,
        expect: 200,
        verify: (answer) => expectEqual("first recipient", (answer.body as { userId?: unknown }[])[0]?.userId, b.me.id),
      });
    }
    await api.call({ name: "the counterparty of a transfer", method: "GET", path: "/api/v1/transfers/username/{walletId}", params: { walletId: move.receiverWalletId }, token, expect: 200 });
  });

  if (alice && bob) {
    const person = (p: Person) => ({ token: p.tokens.access_token, wallets: p.wallets });
    await runMoneySections({ api, alice: person(alice), bob: person(bob), run, ratesKnown, documents: options.documents, section });
  }

  if (options.documents("POST", "/api/v1/statements/link")) {
    await section("statements", async () => {
      const a = need<Person>(alice, "no signed-in user");
      const b = need<Person>(bob, "no second user");
      const token = a.tokens.access_token;
      const today = new Date().toISOString().slice(0, 10);
      const period = { from: `${today.slice(0, 8)}01`, to: today };
      const rub = wallet(a, "RUB").id;
      await api.call({
        name: "this month's totals add up",
        method: "GET",
        path: "/api/v1/statements/wallet/{walletId}",
        params: { walletId: rub },
        query: period,
        token,
        expect: 200,
        verify: (answer) => {
          const s = answer.body as { opening: number; totalIn: number; totalOut: number; closing: number };
          return expectEqual("opening + in − out", s.opening + s.totalIn - s.totalOut, s.closing);
        },
      });
      await api.call({ name: "another user's statement", method: "GET", path: "/api/v1/statements/wallet/{walletId}", params: { walletId: wallet(b, "RUB").id }, query: period, token, expect: 404 });
      await api.call({ name: "a period that ends before it starts", method: "GET", path: "/api/v1/statements/wallet/{walletId}", params: { walletId: rub }, query: { from: today, to: "2020-01-01" }, token, expect: 400 });
      await api.call({ name: "a link to another user's statement", method: "POST", path: "/api/v1/statements/link", body: { walletId: wallet(b, "RUB").id, ...period, format: "csv" }, token, expect: 404 });
      await api.call({ name: "a link in an unknown format", method: "POST", path: "/api/v1/statements/link", body: { walletId: rub, ...period, format: "xlsx" }, token, expect: 400 });
      for (const format of ["csv", "pdf"] as const) {
        const made = await api.call({ name: `a ${format.toUpperCase()} link`, method: "POST", path: "/api/v1/statements/link", body: { walletId: rub, ...period, format }, token, expect: 201 });
        const url = new URL(need(body<{ url: string }>(made), "no link").url, "http://link");
        const query = { token: url.searchParams.get("token") ?? "" };
        await api.call({
          name: `the ${format.toUpperCase()} file, without the bearer token`,
          method: "GET",
          path: url.pathname,
          query,
          expect: 200,
          verify: (answer) => {
            const text = String(answer.body);
            // fetch's text() drops a byte-order mark; the API suite checks it byte by byte.
            return format === "csv" ? (/^[^\n]*;/.test(text) ? [] : ["not `;` separated"]) : text.startsWith("%PDF-") ? [] : ["not a PDF"];
          },
        });
        await api.call({ name: `a forged ${format.toUpperCase()} link`, method: "GET", path: url.pathname, query: { token: `${query.token}x` }, expect: 404 });
      }
    });
  }

  await section("notifications and sign-out", async () => {
    const a = need<Person>(alice, "no signed-in user");
    const b = need<Person>(bob, "no second user");
    const token = a.tokens.access_token;
    await api.call({
      name: "notifications switched off",
      method: "PUT",
      path: "/api/v1/users/{id}/notifications",
      params: { id: a.me.id },
      token,
      body: { enable: false },
      expect: 200,
      verify: (answer) => [
        ...expectEqual("notification", (answer.body as { notification?: unknown }).notification, false),
        // An e-mail user has no Telegram: nothing to say about the bot.
        ...expectEqual("botMayWrite", (answer.body as { botMayWrite?: unknown }).botMayWrite, null),
      ],
    });
    await api.call({ name: "a value that is not a boolean", method: "PUT", path: "/api/v1/users/{id}/notifications", params: { id: a.me.id }, token, body: { enable: "yes" }, expect: 400 });
    await api.call({ name: "another user's setting", method: "PUT", path: "/api/v1/users/{id}/notifications", params: { id: b.me.id }, token, body: { enable: false }, expect: 403 });
    await api.call({ name: "sign-out revokes the refresh token", method: "POST", path: "/api/v1/auth/logout", body: { refresh_token: b.tokens.refresh_token }, expect: 200 });
    await api.call({ name: "a revoked refresh token is refused", method: "POST", path: "/api/v1/auth/refresh", body: { refresh_token: b.tokens.refresh_token }, expect: 401 });
  });
}
