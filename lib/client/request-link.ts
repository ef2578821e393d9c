/**
 * Payment request links, kept apart from the request screens' code: the sign-in pages read a
 * launch's `startapp` payload with these and must stay light.
 */
/** Telegram's `startapp` payload for a request: "req-" and the token (A–Z, a–z, 0–9, _ and -). */
const PREFIX = "req-";
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The in-app path that pays a request. */
export function payPathFor(token: string): string {
  return `/pay?r=${token}`;
}

/** The request a `startapp` payload names, or null. */
export function requestTokenFromPayload(payload: string | null | undefined): string | null {
  if (!payload?.startsWith(PREFIX)) return null;
  const token = payload.slice(PREFIX.length);
  return TOKEN.test(token) ? token : null;
}

/**
 * The link that opens a request: the bot's Mini App link with `startapp=req-…` when it is known
 * (a phone camera opens it in Telegram), else this site's own pay page.
 */
export function requestLinkFor(token: string, botLink: string | undefined, origin: string): string {
  if (botLink) {
    const url = new URL(botLink);
    url.searchParams.set("startapp", `${PREFIX}${token}`);
    return url.toString();
  }
  return `${origin}${payPathFor(token)}`;
}
