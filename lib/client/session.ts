import type { TokenPairDto } from "@/lib/shared/schemas/auth";

/** Tokens and the current user live in session storage (spec §3). */
export const ACCESS_TOKEN_KEY = "access_token";
const ACCESS = ACCESS_TOKEN_KEY;
const REFRESH = "refresh_token";
/** Where earlier versions kept the user; cleared on logout so nothing of it stays behind. */
const USER = "user";

function storage(): Storage | null {
  return typeof window === "undefined" ? null : window.sessionStorage;
}

export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS) ?? null;
}

export function getRefreshToken(): string | null {
  return storage()?.getItem(REFRESH) ?? null;
}

/** Told every new refresh token, and `null` when the session ends. */
type TokenKeeper = (refreshToken: string | null) => void;
let keeper: TokenKeeper | null = null;

/**
 * Inside Telegram, the refresh token is also kept where it outlives the webview
 * (lib/client/telegram/keep-session.ts registers that place once the SDK is up): from now on
 * every new refresh token goes there too, starting with the current one, and the end of the
 * session removes it (`null`: nowhere). The access token stays in this tab only.
 */
export function keepRefreshTokens(next: TokenKeeper | null): void {
  keeper = next;
  const current = getRefreshToken();
  if (current) next?.(current);
}

export function saveTokens(tokens: TokenPairDto): void {
  storage()?.setItem(ACCESS, tokens.access_token);
  storage()?.setItem(REFRESH, tokens.refresh_token);
  keeper?.(tokens.refresh_token);
}

export function hasSession(): boolean {
  return Boolean(getAccessToken() || getRefreshToken());
}

/** Logout (spec §4): both tokens and the cached user are removed, the kept refresh token too. */
export function clearSession(): void {
  storage()?.removeItem(ACCESS);
  storage()?.removeItem(REFRESH);
  storage()?.removeItem(USER);
  keeper?.(null);
}
