import type { z } from "zod";
import type { Check } from "@/lib/shared/api/check";
import { anyAnswer, codeRequestedDto, counterpartyDto, initDataDto, okDto, publicUserDto, publicWalletListDto, rateDto, receiptDto, recentRecipientListDto, tokenPairDto, transferDto, transferListDto, userDto, walletListDto } from "@/lib/shared/api/dtos";
import type { logoutBody, refreshBody, requestCodeBody, telegramLoginBody, verifyCodeBody } from "@/lib/shared/schemas/auth";
import type { HistoryFilters } from "@/lib/shared/history-filters";
import type { createTransferBody } from "@/lib/shared/schemas/transfers";
import type { notificationsBody } from "@/lib/shared/schemas/users";
import type { topUpBody } from "@/lib/shared/schemas/wallets";

/**
 * The operations the browser calls, one table for both sides: method, path template, answer, and
 * (as types) the body and query. The browser's client (lib/client/api.ts) builds its calls and SWR
 * keys from it; each route declares its contract from its entry (`contractOf` in
 * lib/server/http/contract.ts), so a path, a method or an answer cannot differ between the two,
 * and the OpenAPI document describes the same schemas. Request bodies are zod schemas with
 * transforms the browser does not load; the table names their input types, and `contractOf` fails
 * type checking when the route's body schema does not accept them. This module loads no zod.
 */

export type Method = "GET" | "POST" | "PUT";

/** The names in a path template: "/api/v1/requests/{token}/pay" → "token". */
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

/** Values for a path template's names; never for a path without any. */
export type PathParams<P extends string> = [ParamNames<P>] extends [never] ? never : Record<ParamNames<P>, string | number>;

/** An entry of the table. */
export type Operation = {
  readonly method: Method;
  readonly path: `/api/v1/${string}`;
  /** The success answer: the browser checks it, the route is held to it. */
  readonly response: Check<unknown>;
  /**
   * What the browser reads of the answer, when it reads less than the route promises: the spec
   * leaves these answers open, and the screens keep working with a server that answers less.
   */
  readonly reads?: Check<unknown>;
  /** Called without a bearer token (the route's `auth: false`). */
  readonly anonymous?: boolean;
  /** Honours `Idempotency-Key` (money movements). */
  readonly idempotent?: boolean;
  /** Types only, never set: what the body and the query carry. */
  readonly types?: { body: unknown; query: unknown };
};

export type ResponseOf<O extends Operation> = O["response"] extends Check<infer R> ? R : never;
/** What a call of the operation resolves to in the browser: `reads`, else the whole answer. */
export type AnswerOf<O extends Operation> = O extends { reads: Check<infer R> } ? R : ResponseOf<O>;
export type BodyOf<O extends Operation> = NonNullable<O["types"]>["body"];
export type QueryOf<O extends Operation> = NonNullable<O["types"]>["query"];

/** An entry of the table, its literal types kept; `B` and `Q` are the body and query types. */
export function op<B = undefined, Q = undefined>() {
  return <const E extends Omit<Operation, "types">>(entry: E): E & { readonly types?: { body: B; query: Q } } => entry;
}

export const operations = {
  // Signing in and out
  requestEmailCode: op<z.input<typeof requestCodeBody>>()({
    method: "POST",
    path: "/api/v1/auth/email/request-code",
    response: codeRequestedDto,
    // The challenge id is read when there is one.
    reads: anyAnswer,
    anonymous: true,
  }),
  verifyEmailCode: op<z.input<typeof verifyCodeBody>>()({
    method: "POST",
    path: "/api/v1/auth/email/verify-code",
    response: tokenPairDto,
    anonymous: true,
  }),
  telegramLogin: op<z.input<typeof telegramLoginBody>>()({
    method: "POST",
    path: "/api/v1/auth/telegram/login",
    response: tokenPairDto,
    anonymous: true,
  }),
  refresh: op<z.input<typeof refreshBody>>()({ method: "POST", path: "/api/v1/auth/refresh", response: tokenPairDto, anonymous: true }),
  logout: op<z.input<typeof logoutBody>>()({
    method: "POST",
    path: "/api/v1/auth/logout",
    response: okDto,
    reads: anyAnswer,
    anonymous: true,
  }),
  demoInitData: op()({ method: "GET", path: "/api/v1/demo/telegram-init-data", response: initDataDto, anonymous: true }),

  // Users
  me: op()({ method: "GET", path: "/api/v1/users/me", response: userDto }),
  setNotifications: op<z.input<typeof notificationsBody>>()({
    method: "PUT",
    path: "/api/v1/users/{id}/notifications",
    response: userDto,
  }),
  userByWallet: op()({ method: "GET", path: "/api/v1/users/by-wallet/{number}", response: publicUserDto }),
  userByEmail: op()({ method: "GET", path: "/api/v1/users/email/{email}", response: publicUserDto }),
  userByUsername: op()({ method: "GET", path: "/api/v1/users/username/{username}", response: publicUserDto }),
  userById: op()({ method: "GET", path: "/api/v1/users/id/{id}", response: publicUserDto }),
  userByTelegramId: op()({ method: "GET", path: "/api/v1/users/telegram/{id}", response: publicUserDto }),

  // Wallets and rates
  wallets: op()({ method: "GET", path: "/api/v1/wallet", response: walletListDto }),
  initWallets: op()({ method: "POST", path: "/api/v1/wallet/init", response: walletListDto, reads: anyAnswer }),
  topUp: op<z.input<typeof topUpBody>>()({
    method: "POST",
    path: "/api/v1/wallet/topup",
    response: transferDto,
    // The form only needs to know that it succeeded.
    reads: anyAnswer,
    idempotent: true,
  }),
  userWallets: op()({ method: "GET", path: "/api/v1/wallets/user/{userId}", response: publicWalletListDto }),
  rate: op()({ method: "GET", path: "/api/v1/rates/{currency}", response: rateDto }),

  // Moving money, receipts, history
  createTransfer: op<z.input<typeof createTransferBody>>()({
    method: "POST",
    path: "/api/v1/transfers",
    response: transferDto,
    idempotent: true,
  }),
  receipt: op()({ method: "GET", path: "/api/v1/transfers/{id}", response: receiptDto }),
  history: op<undefined, { limit?: number; cursor?: number } & HistoryFilters>()({
    method: "GET",
    path: "/api/v1/transfers/wallet/{walletId}",
    response: transferListDto,
  }),
  counterparty: op()({ method: "GET", path: "/api/v1/transfers/username/{walletId}", response: counterpartyDto }),
  recentRecipients: op()({ method: "GET", path: "/api/v1/transfers/recipients", response: recentRecipientListDto }),

  // This API's own description (a link in the settings, never fetched by the app)
  openApi: op()({ method: "GET", path: "/api/v1/openapi.json", response: anyAnswer, anonymous: true }),
} as const;

export type Operations = typeof operations;

/**
 * The path of an operation with its names filled in (each value URL-encoded) and its query
 * appended in the order given, leaving out undefined values.
 */
export function pathOf(operation: Operation, params?: Record<string, string | number>, query?: object): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${operation.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined);
  return pairs.length ? `${path}?${new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString()}` : path;
}

/** Whether a path (query ignored) is one of an operation's: "/api/v1/transfers/12" is `receipt`'s. */
export function isPathOf(operation: Operation, path: string): boolean {
  const pattern = new RegExp(`^${operation.path.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/?]+")}(\\?|$)`);
  return pattern.test(path);
}
