/**
 * Split links, kept apart from the split screens' code: the sign-in pages read a launch's
 * `startapp` payload with these and must stay light.
 */
/** Telegram's `startapp` payload for a split: "split-" and its token. */
const PREFIX = "split-";
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The in-app path of a split's screen. */
export function splitScreenPath(token: string): string {
  return `/split?s=${token}`;
}

/** The split a `startapp` payload names, or null. */
export function splitTokenFromPayload(payload: string | null | undefined): string | null {
  if (!payload?.startsWith(PREFIX)) return null;
  const token = payload.slice(PREFIX.length);
  return TOKEN.test(token) ? token : null;
}

/** A split's link: the bot's Mini App link with `startapp=split-…` when known, else this site's page. */
export function splitLinkFor(token: string, botLink: string | undefined, origin: string): string {
  if (botLink) {
    const url = new URL(botLink);
    url.searchParams.set("startapp", `${PREFIX}${token}`);
    return url.toString();
  }
  return `${origin}${splitScreenPath(token)}`;
}
