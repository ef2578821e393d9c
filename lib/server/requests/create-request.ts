import "server-only";
import crypto from "node:crypto";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { hitRateLimit, takeBackHit } from "@/lib/server/limits/rate-limit";
import { toRequestDto } from "@/lib/server/requests/dto";
import { findRequestWallet, insertRequest } from "@/lib/server/requests/store";
import type { CreateRequestBody, PaymentRequestDto } from "@/lib/shared/schemas/requests";
import { clockNow } from "@/lib/server/platform/clock";

/** The window PAYMENT_REQUEST_LIMIT_PER_USER counts requests in. */
export const REQUEST_LIMIT_WINDOW_MS = 10 * 60 * 1000;

/**
 * Counts one request made by `userId`: PAYMENT_REQUEST_LIMIT_PER_USER per 10 minutes, then 429.
 * Each is a row kept for its lifetime and a link anyone holding it may open, so one account
 * cannot mint them by the thousand. Counted in the database (every instance shares it). Answers
 * the hit, given back when the request is not made after all.
 */
function countRequest(userId: number): Promise<number> {
  const limit = getEnv().paymentRequestLimitPerUser;
  return hitRateLimit({ key: `request:user:${userId}`, limit, windowMs: REQUEST_LIMIT_WINDOW_MS, message: "requests.errors.tooMany" });
}

/**
 * Asks for money into the caller's wallet of `currency`: a request whose link carries a random
 * token (128 bits), payable once until it expires (PAYMENT_REQUEST_TTL_DAYS, default 7); at most
 * PAYMENT_REQUEST_LIMIT_PER_USER per 10 minutes, however they are made (the app, the bot's inline
 * card), counting only requests made. `token`: one the server drew earlier the same way (the bot's
 * inline card shows its link before the request exists); a token already taken fails as a unique
 * violation, and its slot is given back.
 */
export async function createRequest(options: CreateRequestBody & { userId: number; token?: string }): Promise<PaymentRequestDto> {
  const hit = await countRequest(options.userId);
  try {
    return await makeRequest(options);
  } catch (error) {
    // Only a request actually made counts: a card's token made already (a replayed update), a
    // missing wallet, a failed write give their slot back.
    await takeBackHit(hit);
    throw error;
  }
}

async function makeRequest(options: CreateRequestBody & { userId: number; token?: string }): Promise<PaymentRequestDto> {
  const wallet = await findRequestWallet(options.userId, options.currency);
  if (!wallet) throw new AppError("WALLET_NOT_FOUND");
  const now = clockNow();
  const row = await insertRequest({
    token: options.token ?? newRequestToken(),
    requesterId: options.userId,
    walletId: wallet.id,
    amount: BigInt(options.amount),
    currency: options.currency,
    message: options.message ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + getEnv().paymentRequestTtlMs),
  });
  return toRequestDto({ ...row, ...wallet.user }, options.userId);
}

/** A request link's secret: 128 random bits, base64url (22 characters). */
export function newRequestToken(): string {
  return crypto.randomBytes(16).toString("base64url");
}
