import crypto from "node:crypto";
import { sign } from "@telegram-apps/init-data-node";
import { tapeInitData } from "./tape";
import { body, expectEqual, need, type Me, type Person, type Scenario, type Tokens, type Wallet } from "./scenario-kit";

/** Signs a person in by an e-mailed code and opens their wallets, checking each answer on the way. */
export async function signIn({ api, options }: Scenario, email: string): Promise<Person> {
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
}

/** Two people sign in by e-mail; bad addresses and a wrong code are refused. */
export async function emailSignIn(s: Scenario): Promise<void> {
  const { api, run } = s;
  await api.call({ name: "an invalid address is refused", method: "POST", path: "/api/v1/auth/email/request-code", body: { email: "not-an-address" }, expect: 400 });
  await api.call({ name: "a body that is not JSON is refused", method: "POST", path: "/api/v1/auth/email/request-code", body: "{", expect: 400 });
  const email = `contract.a.${run}@example.com`;
  s.alice = await signIn(s, email);
  await api.call({ name: "a wrong code is refused", method: "POST", path: "/api/v1/auth/email/verify-code", body: { email, code: "000000" }, expect: 401 });
  s.bob = await signIn(s, `contract.b.${run}@example.com`);
}

/** Forged init data is refused; with the bot's token, a third person signs in through Telegram. */
export async function telegramSignIn(s: Scenario): Promise<void> {
  const { api, options, run } = s;
  await api.call({ name: "forged init data is refused", method: "POST", path: "/api/v1/auth/telegram/login", body: { init_data: "user=%7B%22id%22%3A1%7D&hash=00" }, expect: 401 });
  if (!options.botToken) return;
  const telegramId = 700_000_000 + crypto.randomInt(1_000_000);
  s.telegramId = telegramId;
  const initData = sign({ user: { id: telegramId, first_name: "Contract", username: `contract_${run}` }, query_id: run }, options.botToken, new Date());
  tapeInitData(initData);
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
}

/** Missing and malformed tokens are refused; a refresh token rotates once and is then spent. */
export async function tokens(s: Scenario): Promise<void> {
  const { api } = s;
  const a = need<Person>(s.alice, "no signed-in user");
  await api.call({ name: "no token", method: "GET", path: "/api/v1/users/me", expect: 401 });
  await api.call({ name: "a malformed token", method: "GET", path: "/api/v1/users/me", token: "not.a.token", expect: 401 });
  const rotated = need(
    body<Tokens>(await api.call({ name: "the refresh token is rotated", method: "POST", path: "/api/v1/auth/refresh", body: { refresh_token: a.tokens.refresh_token }, expect: 200 })),
    "refresh failed",
  );
  await api.call({ name: "the rotated access token works", method: "GET", path: "/api/v1/users/me", token: rotated.access_token, expect: 200 });
  await api.call({ name: "a spent refresh token is refused", method: "POST", path: "/api/v1/auth/refresh", body: { refresh_token: a.tokens.refresh_token }, expect: 401 });
  // Reusing a spent token revokes its whole family: sign in again for the rest of the run.
  s.alice = await signIn(s, a.email);
}
