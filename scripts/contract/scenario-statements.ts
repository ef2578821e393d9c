import { body, expectEqual, need, pair, wallet, type Scenario } from "./scenario-kit";

type Period = { from: string; to: string };

/** A CSV and a PDF link: each opens without the bearer token, and a forged one opens nothing. */
async function statementFiles({ api }: Scenario, token: string, walletId: number, period: Period): Promise<void> {
  for (const format of ["csv", "pdf"] as const) {
    const made = await api.call({ name: `a ${format.toUpperCase()} link`, method: "POST", path: "/api/v1/statements/link", body: { walletId, ...period, format }, token, expect: 201 });
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
}

/** This month's statement adds up; another user's is not found; bad periods and formats are refused. */
export async function statements(s: Scenario): Promise<void> {
  const { api } = s;
  const { a, b } = pair(s);
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
      const st = answer.body as { opening: number; totalIn: number; totalOut: number; closing: number };
      return expectEqual("opening + in − out", st.opening + st.totalIn - st.totalOut, st.closing);
    },
  });
  await api.call({ name: "another user's statement", method: "GET", path: "/api/v1/statements/wallet/{walletId}", params: { walletId: wallet(b, "RUB").id }, query: period, token, expect: 404 });
  await api.call({ name: "a period that ends before it starts", method: "GET", path: "/api/v1/statements/wallet/{walletId}", params: { walletId: rub }, query: { from: today, to: "2020-01-01" }, token, expect: 400 });
  await api.call({ name: "a link to another user's statement", method: "POST", path: "/api/v1/statements/link", body: { walletId: wallet(b, "RUB").id, ...period, format: "csv" }, token, expect: 404 });
  await api.call({ name: "a link in an unknown format", method: "POST", path: "/api/v1/statements/link", body: { walletId: rub, ...period, format: "xlsx" }, token, expect: 400 });
  await statementFiles(s, token, rub, period);
}

/** Notifications switch off for oneself only; sign-out revokes the refresh token. */
export async function notificationsAndSignOut(s: Scenario): Promise<void> {
  const { api } = s;
  const { a, b } = pair(s);
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
}
