import type { CodeSource } from "./codes";
import { send, type Reply } from "./http";
import { EnvironmentError } from "./outcome";

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

const call = (baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<Reply> =>
  send(baseUrl, { method, path, params: {}, query: {}, headers: {}, body, token });

/**
 * Whether a refused code request is the environment's: the server's documented limits on sign-in
 * per address (429, past what the run may wait), its mail relay (502) or itself (503) unavailable.
 */
const refusedByEnvironment = (status: number) => status === 429 || status === 502 || status === 503;

/** A signed-in user with wallets: code by e-mail, tokens, wallets opened, profile read. */
export async function signIn(baseUrl: string, codes: CodeSource, email: string): Promise<Person> {
  const requested = await call(baseUrl, "POST", "/api/v1/auth/email/request-code", { email });
  if (requested.status !== 200) {
    const message = `sign-in of ${email}: request-code answered ${requested.status} ${requested.text.slice(0, 200)}`;
    if (refusedByEnvironment(requested.status)) throw new EnvironmentError(`${message} (the server's sign-in limits or its mail relay; raise the limits on a test server)`);
    throw new Error(message);
  }
  const challengeId = (requested.body as { challengeId?: string } | null)?.challengeId;
  const code = await codes.codeFor(email);
  const verified = await call(baseUrl, "POST", "/api/v1/auth/email/verify-code", { email, code, ...(challengeId ? { challengeId } : {}) });
  if (verified.status === 429) throw new EnvironmentError(`sign-in of ${email}: verify-code answered 429 (the server's sign-in limits)`);
  if (verified.status !== 200) throw new Error(`sign-in of ${email}: verify-code answered ${verified.status} ${verified.text.slice(0, 200)}`);
  const tokens = verified.body as Tokens;
  await call(baseUrl, "POST", "/api/v1/wallet/init", undefined, tokens.access_token);
  const wallets = await call(baseUrl, "GET", "/api/v1/wallet", undefined, tokens.access_token);
  const me = await call(baseUrl, "GET", "/api/v1/users/me", undefined, tokens.access_token);
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
