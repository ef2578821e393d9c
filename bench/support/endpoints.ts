/**
 * The requests `npm run bench` sends: the bare route (the reference) and five app endpoints, each
 * request as a random seeded user with that user's own token.
 */
import crypto from "node:crypto";
import type autocannon from "autocannon";
import { SignJWT } from "jose";
import { CURRENCIES } from "@/lib/shared/money";
import type { Endpoint } from "./load";
import { userId, walletId } from "./seed";

export const BARE = "GET /api/bare";
export const HEALTH = "GET /api/health";
export const WALLET = "GET /api/v1/wallet";
export const HISTORY = "GET /api/v1/transfers/wallet/{id}";
export const TRANSFERS = "POST /api/v1/transfers";
export const CROSS = "POST /api/v1/transfers (cross-currency)";
/**
 * The replica set-up's subjects (bench/support/replica.ts): same-currency transfers on its
 * primary, alone, then with readers (insights and statements) on an instance that reads on the
 * primary, then on one that reads on the standby.
 */
export const NO_READERS = "POST /api/v1/transfers, no readers";
export const READERS_ON_PRIMARY = "POST /api/v1/transfers, readers on the primary";
export const READERS_ON_REPLICA = "POST /api/v1/transfers, readers on the replica";

/** The order of the printed table. */
export const ORDER = [HEALTH, WALLET, HISTORY, TRANSFERS, CROSS, NO_READERS, READERS_ON_PRIMARY, READERS_ON_REPLICA];

export const bareEndpoint: Endpoint = { name: BARE, request: () => ({ method: "GET", path: "/api/bare" }) };

const randomIndex = (n: number) => crypto.randomInt(n);

/** Access tokens for users 0…n−1 (the customers), each with a session id of its own (a session nobody revoked). */
export async function mintTokens(users: number, jwtSecret: string): Promise<string[]> {
  const secret = new TextEncoder().encode(jwtSecret);
  const tokens: string[] = [];
  for (let i = 0; i < users; i += 1) {
    tokens.push(
      await new SignJWT({ sid: `bench-${i}` })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(userId(i)))
        .setIssuedAt()
        .setExpirationTime("2h")
        .sign(secret),
    );
  }
  return tokens;
}

/**
 * The app endpoints, in the order a round measures them: history is read after the transfers,
 * so that from the first round on histories are not one row long.
 */
export function appEndpoints(tokens: string[]): Endpoint[] {
  const users = tokens.length;
  const auth = (i: number) => ({ authorization: `Bearer ${tokens[i]}` });
  /** A transfer between two random users; `convert` picks a receiving currency other than the sender's. */
  const transfer = (convert: boolean): autocannon.Request => {
    const sender = randomIndex(users);
    let receiver = randomIndex(users - 1);
    if (receiver >= sender) receiver += 1;
    const from = randomIndex(CURRENCIES.length);
    const to = convert ? (from + 1 + randomIndex(CURRENCIES.length - 1)) % CURRENCIES.length : from;
    return {
      method: "POST",
      path: "/api/v1/transfers",
      headers: { ...auth(sender), "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify({
        senderWalletId: walletId(sender, from),
        receiverWalletId: walletId(receiver, to),
        // At least 1.00: a few kopecks converted to dollars round down to nothing, which the API
        // refuses (400) by design — not what this load is meant to measure.
        amount: 100 + randomIndex(10_000),
      }),
    };
  };
  return [
    { name: HEALTH, request: () => ({ method: "GET", path: "/api/health" }) },
    { name: WALLET, request: () => ({ method: "GET", path: "/api/v1/wallet", headers: auth(randomIndex(users)) }) },
    // A sender can run dry only if the random walk drains it; such refusals are by design.
    { name: TRANSFERS, allowed: [422], request: () => transfer(false) },
    { name: CROSS, allowed: [422], request: () => transfer(true) },
    {
      name: HISTORY,
      request: () => {
        const i = randomIndex(users);
        const wallet = walletId(i, randomIndex(CURRENCIES.length));
        return { method: "GET", path: `/api/v1/transfers/wallet/${wallet}`, headers: auth(i) };
      },
    },
  ];
}

/**
 * The endpoints whose names contain a word of BENCH_ENDPOINTS (`health,post`: `post` is both
 * transfers, same- and cross-currency); all without it.
 */
export function pickEndpoints(endpoints: Endpoint[], only: string | undefined): Endpoint[] {
  const words = only?.trim() ? only.toLowerCase().split(",").map((word) => word.trim()) : undefined;
  if (!words) return endpoints;
  const picked = endpoints.filter((endpoint) => words.some((word) => endpoint.name.toLowerCase().includes(word)));
  if (picked.length === 0) throw new Error(`BENCH_ENDPOINTS: none of ${endpoints.map((endpoint) => endpoint.name).join(", ")} matches ${only}`);
  return picked;
}
