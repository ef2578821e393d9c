import crypto from "node:crypto";
import type { ContractClient } from "./client";
import { runMoneySections } from "./money";
import type { Scenario, ScenarioOptions } from "./scenario-kit";
import { emailSignIn, telegramSignIn, tokens } from "./scenario-sign-in";
import { notificationsAndSignOut, statements } from "./scenario-statements";
import { transfers } from "./scenario-transfers";
import { lookups, rates, topUp } from "./scenario-wallets";

export type { ScenarioOptions } from "./scenario-kit";

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

/**
 * Drives every operation over HTTP as the frontend would, good and bad input, two (or, with a bot
 * token, three) users. Each step is a check; a section that loses what it needs stops there.
 */
export async function runScenario(api: ContractClient, options: ScenarioOptions): Promise<void> {
  const run = Date.now().toString(36) + crypto.randomBytes(3).toString("hex");
  const s: Scenario = { api, options, run, alice: null, bob: null, telegramId: null, ratesKnown: false };
  const section = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      api.record(`${name}: section stopped`, [(error as Error).message]);
    }
  };

  await section("e-mail sign-in", () => emailSignIn(s));
  await section("telegram sign-in", () => telegramSignIn(s));
  await section("tokens", () => tokens(s));
  await section("top-up", () => topUp(s));
  await section("rates", () => rates(s));
  await section("lookups", () => lookups(s));
  await section("transfers and history", () => transfers(s));
  if (s.alice && s.bob) {
    const person = (p: NonNullable<Scenario["alice"]>) => ({ token: p.tokens.access_token, wallets: p.wallets });
    await runMoneySections({ api, alice: person(s.alice), bob: person(s.bob), run, ratesKnown: s.ratesKnown, documents: options.documents, section });
  }
  if (options.documents("POST", "/api/v1/statements/link")) await section("statements", () => statements(s));
  await section("notifications and sign-out", () => notificationsAndSignOut(s));
}
