import type { Answer, ContractClient } from "./client";
import type { CodeSource } from "./codes";

export type Tokens = { access_token: string; refresh_token: string };
export type Wallet = { id: number; currency: string; balance: number; number: string };
export type Me = { id: number; username: string | null; email: string | null };
export type Person = { email: string; tokens: Tokens; me: Me; wallets: Wallet[] };

export type ScenarioOptions = {
  codes: CodeSource;
  botToken?: string;
  /** Whether the document describes an operation beyond spec §7 (checked only then). */
  documents: (method: string, path: string) => boolean;
};

/** What one run has learnt so far: the people signed in, and what later sections may rely on. */
export type Scenario = {
  api: ContractClient;
  options: ScenarioOptions;
  /** A tag unique to this run, so its addresses and keys never meet another run's. */
  run: string;
  alice: Person | null;
  bob: Person | null;
  telegramId: number | null;
  ratesKnown: boolean;
};

/** A stop inside a section: what it needed from an earlier answer is missing. */
class Missing extends Error {}

export const need = <T>(value: T | null | undefined, what: string): T => {
  if (value === null || value === undefined) throw new Missing(`cannot go on: ${what}`);
  return value;
};
export const body = <T>(answer: Answer | null): T | null => (answer ? (answer.body as T) : null);
export const expectEqual = (what: string, actual: unknown, expected: unknown) =>
  JSON.stringify(actual) === JSON.stringify(expected) ? [] : [`${what} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`];

export const wallet = (person: Person, currency: string) => need(person.wallets.find((w) => w.currency === currency), `${currency} wallet`);

/** Both signed-in people of a run, or a stop naming the one missing. */
export const pair = (s: Scenario) => ({ a: need<Person>(s.alice, "no signed-in user"), b: need<Person>(s.bob, "no second user") });
