import type { CodeSource } from "./codes";

/**
 * Signing in through the documented e-mail operations, for the phases that need users but do not
 * check sign-in itself (generated, stateful, authorization). The operations and fields named here
 * are the bank's; they live with the other operation-specific knowledge of the suite
 * (scripts/contract/knowledge.ts names the rest).
 */

export type Tokens = { access_token: string; refresh_token: string };
export type Wallet = { id: number; currency: string; balance: number; number: string };
export type Me = { id: number; username: string | null; email: string | null };
export type Person = { email: string; tokens: Tokens; me: Me; wallets: Wallet[] };

async function post(baseUrl: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function get(baseUrl: string, path: string, token: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { accept: "application/json", authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** A signed-in user with wallets: code by e-mail, tokens, wallets opened, profile read. */
export async function signIn(baseUrl: string, codes: CodeSource, email: string): Promise<Person> {
  const requested = await post(baseUrl, "/api/v1/auth/email/request-code", { email });
  if (requested.status !== 200) throw new Error(`sign-in of ${email}: request-code answered ${requested.status} ${JSON.stringify(requested.body)}`);
  const challengeId = (requested.body as { challengeId?: string } | null)?.challengeId;
  const code = await codes.codeFor(email);
  const verified = await post(baseUrl, "/api/v1/auth/email/verify-code", { email, code, ...(challengeId ? { challengeId } : {}) });
  if (verified.status !== 200) throw new Error(`sign-in of ${email}: verify-code answered ${verified.status} ${JSON.stringify(verified.body)}`);
  const tokens = verified.body as Tokens;
  await post(baseUrl, "/api/v1/wallet/init", undefined, tokens.access_token);
  const wallets = await get(baseUrl, "/api/v1/wallet", tokens.access_token);
  const me = await get(baseUrl, "/api/v1/users/me", tokens.access_token);
  if (wallets.status !== 200 || me.status !== 200) throw new Error(`sign-in of ${email}: wallets ${wallets.status}, profile ${me.status}`);
  return { email, tokens, me: me.body as Me, wallets: wallets.body as Wallet[] };
}

/** What a signed-in user offers the generator: ids and account numbers that exist. */
export function poolOf(people: Person[]): { integers: number[]; strings: string[] } {
  return {
    integers: people.flatMap((p) => [p.me.id, ...p.wallets.map((w) => w.id)]),
    strings: people.flatMap((p) => [p.email, ...(p.me.username ? [p.me.username] : []), ...p.wallets.map((w) => w.number)]),
  };
}
